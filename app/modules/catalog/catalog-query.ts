import { z } from "zod";
import { parseCategory } from "./categories";
import { MAX_QUERY_LENGTH, parseSort, type CatalogQuery } from "./search";

const MAX_PAGE = 10_000;

// Every field falls back instead of failing: a shop page never answers a bad link with an error.
const catalogQuerySchema = z.object({
  category: z.string().nullish().transform(parseCategory),
  q: z
    .string()
    .nullish()
    .transform((raw) =>
      (raw ?? "")
        // eslint-disable-next-line no-control-regex -- control characters are exactly what is being removed
        .replace(/[\u0000-\u001f\u007f]/g, " ")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, MAX_QUERY_LENGTH),
    ),
  sort: z.string().nullish().transform(parseSort),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1),
});

/**
 * Reads /products' query string. Nothing here ever fails: an unknown category is All,
 * an unknown sort is the default, an over-long search is cut, a bad page is page 1.
 */
export function parseCatalogQuery(params: URLSearchParams): CatalogQuery {
  return catalogQuerySchema.parse({
    category: params.get("category"),
    q: params.get("q"),
    sort: params.get("sort"),
    page: params.get("page") ?? 1,
  });
}
