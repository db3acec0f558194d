import { ALL_CATEGORIES, type CategoryFilter } from "./categories";
import { appendFilters, type CatalogFilters } from "./filters";

/** The storefront's sort options, cheapest first by default (docs/product-rules.md, "Catalogue"). */
export const SORT_OPTIONS = [
  { value: "price-asc", label: "Price: Low to High" },
  { value: "price-desc", label: "Price: High to Low" },
  { value: "name-asc", label: "Name: A to Z" },
  { value: "name-desc", label: "Name: Z to A" },
  // Best average first, then the most reviewed (ratings.ts: the score kept on the product row).
  { value: "rating", label: "Customer Rating" },
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number]["value"];
export const DEFAULT_SORT: SortOption = "price-asc";

/** With a search and no sort chosen, results come best match first (docs/decisions/016). */
export const RELEVANCE = { value: "relevance", label: "Relevance" } as const;
export type CatalogSort = SortOption | typeof RELEVANCE.value;

export const PAGE_SIZE = 24;
export const MAX_QUERY_LENGTH = 100;

export function parseSort(value: string | null | undefined): SortOption {
  return SORT_OPTIONS.find((o) => o.value === value)?.value ?? DEFAULT_SORT;
}

/** The sort a catalogue view uses: the one asked for, else relevance when searching, else the default. */
export function parseCatalogSort(value: string | null | undefined, q: string): CatalogSort {
  const chosen = SORT_OPTIONS.find((o) => o.value === value)?.value;
  if (chosen) return chosen;
  return q ? RELEVANCE.value : DEFAULT_SORT;
}

/** The sort used when the URL names none. */
export function defaultSortFor(q: string | undefined): CatalogSort {
  return q ? RELEVANCE.value : DEFAULT_SORT;
}

export interface CatalogQuery {
  category: CategoryFilter;
  q: string;
  sort: CatalogSort;
  page: number;
  /** Brand, price range and the category's attributes (filters.ts). */
  filters: CatalogFilters;
}

/**
 * The canonical query string for a catalogue view; defaults are left out. The default sort is
 * price-asc without a search and relevance with one, so price-asc stays in a search's URL.
 */
export function catalogSearchParams(query: Partial<CatalogQuery>): URLSearchParams {
  const p = new URLSearchParams();
  if (query.category && query.category !== ALL_CATEGORIES) p.set("category", query.category);
  if (query.q) p.set("q", query.q);
  if (query.filters) appendFilters(p, query.filters);
  // Relevance is never written: it is what a search without a sort means (and without a search, nothing).
  if (query.sort && query.sort !== RELEVANCE.value && query.sort !== defaultSortFor(query.q)) p.set("sort", query.sort);
  if (query.page && query.page > 1) p.set("page", String(query.page));
  return p;
}

export function catalogHref(query: Partial<CatalogQuery>): string {
  const qs = catalogSearchParams(query).toString();
  return qs ? `/products?${qs}` : "/products";
}
