import { z } from "~/lib/zod";
import { pageNumber, searchText } from "~/lib/list-query";
import { ALL_CATEGORIES, parseCategory, type CategoryFilter } from "./categories";
import { BRAND_PARAM, FOUR_STARS_VALUE, MAX_FILTER_VALUES, MAX_FILTER_VALUE_LENGTH, PRICE_PARAM, RATING_PARAM, isPriceRange, type CatalogFilters } from "./filters";
import { checkSpecValue, filterAttributes } from "./spec-schema";
import { MAX_QUERY_LENGTH, parseCatalogSort, type CatalogQuery } from "./search";

const MAX_PAGE = 10_000;

// Every field falls back instead of failing: a shop page never answers a bad link with an error.
const catalogQuerySchema = z.object({
  category: z.string().nullish().transform(parseCategory),
  q: searchText(MAX_QUERY_LENGTH),
  sort: z.string().nullish(),
  page: pageNumber(MAX_PAGE),
});

/** A filter's values from the URL: trimmed, non-empty, short, distinct, a handful at most. */
const filterValues = z
  .array(z.string())
  .transform((values) => [...new Set(values.map((v) => v.trim().replace(/\s+/g, " ")).filter((v) => v !== "" && v.length <= MAX_FILTER_VALUE_LENGTH))].slice(0, MAX_FILTER_VALUES));

/**
 * Brand and price anywhere; a category's attributes only with that category, and only values the
 * attribute could hold as stored (a number as a plain decimal, a choice from its list). Anything
 * else in the URL is ignored, never an error.
 */
function parseFilters(params: URLSearchParams, category: CategoryFilter): CatalogFilters {
  const attributes: Record<string, string[]> = {};
  if (category !== ALL_CATEGORIES) {
    for (const attribute of filterAttributes(category)) {
      const values = filterValues.parse(params.getAll(attribute.key)).filter((v) => {
        const checked = checkSpecValue(attribute, v);
        return checked.ok && checked.value === v;
      });
      if (values.length > 0) attributes[attribute.key] = values;
    }
  }
  return {
    brands: filterValues.parse(params.getAll(BRAND_PARAM)),
    prices: filterValues.parse(params.getAll(PRICE_PARAM)).filter(isPriceRange),
    attributes,
    ...(params.getAll(RATING_PARAM).includes(FOUR_STARS_VALUE) ? { fourStars: true } : {}),
  };
}

/**
 * Reads /products' query string. Nothing here ever fails: an unknown category is All,
 * an unknown sort is the default (relevance when searching), an over-long search is cut, a bad page is page 1.
 */
export function parseCatalogQuery(params: URLSearchParams): CatalogQuery {
  const { sort, ...rest } = catalogQuerySchema.parse({
    category: params.get("category"),
    q: params.get("q"),
    sort: params.get("sort"),
    page: params.get("page") ?? 1,
  });
  return { ...rest, sort: parseCatalogSort(sort, rest.q), filters: parseFilters(params, rest.category) };
}
