import { z } from "~/lib/zod";
import { pageNumber, searchText } from "~/lib/list-query";
import { parseCategory } from "./categories";
import { MAX_QUERY_LENGTH, parseCatalogSort, type CatalogQuery } from "./search";

const MAX_PAGE = 10_000;

// Every field falls back instead of failing: a shop page never answers a bad link with an error.
const catalogQuerySchema = z.object({
  category: z.string().nullish().transform(parseCategory),
  q: searchText(MAX_QUERY_LENGTH),
  sort: z.string().nullish(),
  page: pageNumber(MAX_PAGE),
});

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
  return { ...rest, sort: parseCatalogSort(sort, rest.q) };
}
