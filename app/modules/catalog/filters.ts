/**
 * The catalogue's filters besides category and search: brand, price range and the chosen
 * category's own attributes (spec-schema.ts, those marked `filter`). Values combine with OR
 * inside a filter and AND across filters. Every choice is in the URL, as repeated parameters
 * (`?category=Laptop&ram=16&ram=32&brand=ASUS&price=50000-75000`), so a filtered page can be
 * shared, and a plain GET form of checkboxes makes exactly these URLs without JavaScript.
 */
import { formatMoney } from "~/modules/money/money";
import { FOUR_STARS_AND_ABOVE_SCORE } from "./ratings";

/** Price ranges in rupees, lower bound included, upper bound excluded; the last has none. */
export const PRICE_RANGES = [
  { value: "0-10000", min: 0, max: 10_000 },
  { value: "10000-25000", min: 10_000, max: 25_000 },
  { value: "25000-50000", min: 25_000, max: 50_000 },
  { value: "50000-75000", min: 50_000, max: 75_000 },
  { value: "75000-100000", min: 75_000, max: 100_000 },
  { value: "100000-150000", min: 100_000, max: 150_000 },
  { value: "150000-", min: 150_000, max: null },
] as const;

export type PriceRange = (typeof PRICE_RANGES)[number];
export type PriceRangeValue = PriceRange["value"];

export function isPriceRange(value: string): value is PriceRangeValue {
  return PRICE_RANGES.some((r) => r.value === value);
}

/** "Under ₹10,000", "₹25,000 to ₹50,000", "₹1,50,000 and above". */
export function priceRangeLabel(value: PriceRangeValue): string {
  const r = PRICE_RANGES.find((p) => p.value === value)!;
  if (r.min === 0) return `Under ${formatMoney(r.max * 100)}`;
  if (r.max === null) return `${formatMoney(r.min * 100)} and above`;
  return `${formatMoney(r.min * 100)} to ${formatMoney(r.max * 100)}`;
}

/** What a shopper chose, besides category, search, sort and page. */
export interface CatalogFilters {
  brands: string[];
  prices: PriceRangeValue[];
  /** The chosen category's attributes, by key; empty without a category. */
  attributes: Record<string, string[]>;
  /** "4★ & above": only products whose rating is at least FOUR_STARS_AND_ABOVE_SCORE; left out when not chosen. */
  fourStars?: boolean;
}

export const NO_FILTERS: CatalogFilters = { brands: [], prices: [], attributes: {} };

export const BRAND_PARAM = "brand";
export const PRICE_PARAM = "price";
/** "4★ & above" in the URL: `?rating=4`. */
export const RATING_PARAM = "rating";
export const FOUR_STARS_VALUE = "4";
export const FOUR_STARS_LABEL = "4★ & above";
export { FOUR_STARS_AND_ABOVE_SCORE };
/** Values a filter accepts from one URL: more is not a real choice, and keeps queries small. */
export const MAX_FILTER_VALUES = 20;
export const MAX_FILTER_VALUE_LENGTH = 120;

export function hasFilters(f: CatalogFilters): boolean {
  return f.brands.length > 0 || f.prices.length > 0 || f.fourStars === true || Object.values(f.attributes).some((v) => v.length > 0);
}

/** Appends the filters to a query string, in a stable order (one URL per choice, for caches). */
export function appendFilters(p: URLSearchParams, f: CatalogFilters): void {
  for (const b of [...f.brands].sort()) p.append(BRAND_PARAM, b);
  for (const r of PRICE_RANGES) if (f.prices.includes(r.value)) p.append(PRICE_PARAM, r.value);
  for (const key of Object.keys(f.attributes).sort()) for (const v of [...(f.attributes[key] ?? [])].sort()) p.append(key, v);
  if (f.fourStars) p.append(RATING_PARAM, FOUR_STARS_VALUE);
}

/** The filters with one value of one filter added or taken away. */
export function toggleFilter(f: CatalogFilters, filter: string, value: string): CatalogFilters {
  const flip = (values: readonly string[]) => (values.includes(value) ? values.filter((v) => v !== value) : [...values, value]);
  if (filter === BRAND_PARAM) return { ...f, brands: flip(f.brands) };
  if (filter === PRICE_PARAM) return { ...f, prices: flip(f.prices) as PriceRangeValue[] };
  if (filter === RATING_PARAM) {
    const { fourStars, ...rest } = f;
    return fourStars ? rest : { ...rest, fourStars: true };
  }
  return { ...f, attributes: { ...f.attributes, [filter]: flip(f.attributes[filter] ?? []) } };
}

/** One value of a filter as the page lists it: its label and how many products it would show. */
export interface FacetValue {
  value: string;
  label: string;
  count: number;
  selected: boolean;
}

export interface Facet {
  /** The URL parameter: "brand", "price" or the attribute's key. */
  param: string;
  label: string;
  values: FacetValue[];
}
