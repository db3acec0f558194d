import { ALL_CATEGORIES, type CategoryFilter } from "./categories";
import { appendFilters, type CatalogFilters } from "./filters";

/** SPEC §9: the storefront's sort options, default price-asc. */
export const SORT_OPTIONS = [
  { value: "price-asc", label: "Price: Low to High" },
  { value: "price-desc", label: "Price: High to Low" },
  { value: "name-asc", label: "Name: A to Z" },
  { value: "name-desc", label: "Name: Z to A" },
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number]["value"];
export const DEFAULT_SORT: SortOption = "price-asc";

export const PAGE_SIZE = 24;
export const MAX_QUERY_LENGTH = 100;
const MAX_TERMS = 6;
const MAX_TERM_LENGTH = 40;

export function parseSort(value: string | null | undefined): SortOption {
  return SORT_OPTIONS.find((o) => o.value === value)?.value ?? DEFAULT_SORT;
}

export interface CatalogQuery {
  category: CategoryFilter;
  q: string;
  sort: SortOption;
  page: number;
  /** Brand, price range and the category's attributes (filters.ts). */
  filters: CatalogFilters;
}

/** The canonical query string for a catalogue view; defaults are left out. */
export function catalogSearchParams(query: Partial<CatalogQuery>): URLSearchParams {
  const p = new URLSearchParams();
  if (query.category && query.category !== ALL_CATEGORIES) p.set("category", query.category);
  if (query.q) p.set("q", query.q);
  if (query.filters) appendFilters(p, query.filters);
  if (query.sort && query.sort !== DEFAULT_SORT) p.set("sort", query.sort);
  if (query.page && query.page > 1) p.set("page", String(query.page));
  return p;
}

export function catalogHref(query: Partial<CatalogQuery>): string {
  const qs = catalogSearchParams(query).toString();
  return qs ? `/products?${qs}` : "/products";
}

/**
 * Splits text into search words: lower-case letters and digits, accents folded.
 * Used both to index a product and to read a search, so they always agree.
 */
export function searchTerms(text: string): string[] {
  const words = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w.slice(0, MAX_TERM_LENGTH));
  return [...new Set(words)];
}

/** The words of a search box entry, at most a handful, longest first so the rarest narrows first. */
export function queryTerms(q: string): string[] {
  return searchTerms(q)
    .sort((a, b) => b.length - a.length)
    .slice(0, MAX_TERMS);
}

/**
 * The exclusive upper bound of a byte-wise prefix range: every string starting with `prefix`
 * sorts at or after `prefix` and before this ("asu" → "asv").
 */
export function prefixUpperBound(prefix: string): string {
  const chars = Array.from(prefix);
  const last = chars.pop()?.codePointAt(0);
  if (last === undefined) return "\u{10ffff}";
  return chars.join("") + String.fromCodePoint(Math.min(last + 1, 0x10ffff));
}
