/** The catalogue's categories, in the order the filter list shows them. */
export const PRODUCT_CATEGORIES = [
  "Laptop",
  "Desktop",
  "Monitor",
  "Component",
  "Peripherals",
  "Storage",
  "Audio",
] as const;

export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const ALL_CATEGORIES = "All";
export const FILTER_CATEGORIES = [ALL_CATEGORIES, ...PRODUCT_CATEGORIES] as const;
export type CategoryFilter = (typeof FILTER_CATEGORIES)[number];

/** The home page's Shop by Category grid: five of the seven, in this order. */
export const HOME_CATEGORIES: readonly ProductCategory[] = ["Laptop", "Desktop", "Component", "Monitor", "Audio"];

export function isProductCategory(value: string): value is ProductCategory {
  return (PRODUCT_CATEGORIES as readonly string[]).includes(value);
}

/** Accepts "laptop", "LAPTOP" or "Laptop"; anything unknown is All. */
export function parseCategory(value: string | null | undefined): CategoryFilter {
  if (!value) return ALL_CATEGORIES;
  const match = PRODUCT_CATEGORIES.find((c) => c.toLowerCase() === value.trim().toLowerCase());
  return match ?? ALL_CATEGORIES;
}

export function categoryHref(category: ProductCategory): string {
  return `/products?category=${encodeURIComponent(category)}`;
}
