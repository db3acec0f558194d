/** The product management lists' choices (sort keys, stock filter), shared by page and server. */
export const MANAGE_SORT_OPTIONS = [
  { value: "name-asc", label: "Name: A to Z" },
  { value: "name-desc", label: "Name: Z to A" },
  { value: "price-asc", label: "Price: Low to High" },
  { value: "price-desc", label: "Price: High to Low" },
  { value: "stock-asc", label: "Stock: Low to High" },
  { value: "stock-desc", label: "Stock: High to Low" },
] as const;
export type ManageSort = (typeof MANAGE_SORT_OPTIONS)[number]["value"];
export const DEFAULT_MANAGE_SORT: ManageSort = "name-asc";

/** In is any stock, Low is 1 to 4 (below LOW_STOCK_BELOW), Out is 0. */
export const STOCK_FILTER_OPTIONS = [
  { value: "all", label: "All Stock" },
  { value: "in", label: "In Stock" },
  { value: "low", label: "Low Stock" },
  { value: "out", label: "Out of Stock" },
] as const;
export type StockFilter = (typeof STOCK_FILTER_OPTIONS)[number]["value"];

export const MANAGE_PAGE_SIZE = 20;

export interface ManageQuery {
  q: string;
  sort: ManageSort;
  stock: StockFilter;
  page: number;
}

export const NO_PRODUCTS_MESSAGE = "No products found matching your criteria.";

/** The product list's badge: Out of stock outranks Featured, which outranks Active. */
export function productBadge(p: { stock: number; featured: boolean }): "Out of stock" | "Featured" | "Active" {
  if (p.stock <= 0) return "Out of stock";
  if (p.featured) return "Featured";
  return "Active";
}

/** A list page's link, defaults left out. */
export function manageHref(base: string, query: Partial<ManageQuery>): string {
  const p = new URLSearchParams();
  if (query.q) p.set("q", query.q);
  if (query.sort && query.sort !== DEFAULT_MANAGE_SORT) p.set("sort", query.sort);
  if (query.stock && query.stock !== "all") p.set("stock", query.stock);
  if (query.page && query.page > 1) p.set("page", String(query.page));
  const qs = p.toString();
  return qs ? `${base}?${qs}` : base;
}

/** The confirmations shown after a post (carried by the flash cookie). */
export const PRODUCT_NOTICES = {
  added: (name: string) => `“${name}” was added.`,
  saved: (name: string) => `Your changes to “${name}” were saved.`,
  deleted: (name: string) => `“${name}” was deleted.`,
  archived: (name: string) =>
    `“${name}” appears in past orders, so it was archived instead of deleted: it has left the list and the shop, and those orders still show it.`,
} as const;
