import { sql, type Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { ALL_CATEGORIES } from "./categories";
import { catalogFacets, catalogFilterConditions, matchFilterConditions } from "./facets.server";
import type { Facet } from "./filters";
import { productsInOrder, toSummary, visibleProducts, type ProductSummary } from "./products.server";
import { PAGE_SIZE, type CatalogQuery } from "./search";
import { closestSearch, matchesOrder, matchingProductIds, prepareSearch, searchMatches, type Matches, type MatchesPage, type PreparedSearch } from "./search-index.server";

/**
 * The catalogue listing (/products): the page of products, its total, every filter's counts and,
 * for a search that finds nothing, "Did you mean". Each step below is one function of this file,
 * in the order the page takes them; the search engine (search-index.server.ts) and the filters'
 * counts (facets.server.ts) are the two things it calls out to. Why the steps are cut this way,
 * and what each statement reads, is decision 019.
 */

type Db = Kysely<Database>;

export interface ProductPage {
  products: ProductSummary[];
  total: number;
  page: number;
  pageCount: number;
  /** A search that found nothing: the closest search that finds something, if any ("Did you mean …?"). */
  didYouMean: string | null;
}

export async function catalogPage(db: Db, query: CatalogQuery): Promise<ProductPage & { facets: Facet[] }> {
  // 1. The search box, read once: its words, their typo corrections and synonyms.
  const search = query.q ? await prepareSearch(db, query.q) : null;
  // 2. The search's matches in the category, with what the page needs of each: a subquery the
  //    statements below read, so the search runs inside them.
  const matches = search ? matchesInCategory(db, query, search) : null;
  // 3. Every filter's counts and the total in one statement, which also cuts a search's page
  //    (unless it is sorted by name); 4. otherwise the page is cut on its own, at the same time.
  const withCounts = pageCutWithCounts(query, matches);
  const [counted, listed] = await Promise.all([
    catalogFacets(db, query, { matches, shownIds: () => filteredProducts(db, query, null).select("products.id"), page: withCounts }),
    withCounts ? null : productsOnPage(db, query, matches, query.page),
  ]);
  const { facets, total } = counted;
  const asked = listed ?? (await productsInOrder(db, counted.pageIds ?? [])).map(toSummary);
  // 5. A page past the end shows the last page.
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const products = page === query.page ? asked : await productsOnPage(db, query, matches, page);
  // 6. A search that found nothing: the closest search that finds something.
  const didYouMean = total === 0 && search ? await suggestionThatFinds(db, query) : null;
  return { products, total, page, pageCount, didYouMean, facets };
}

/** /products without its filters' counts: category, filters, search, ranking or sorting, and paging. */
export async function listProducts(db: Db, query: CatalogQuery): Promise<ProductPage> {
  const { facets: _facets, ...page } = await catalogPage(db, query);
  return page;
}

/** Step 2: the search's listed matches in the page's category, ranked when the page sorts by relevance. */
function matchesInCategory(db: Db, query: CatalogQuery, search: PreparedSearch): Matches {
  const category = query.category === ALL_CATEGORIES ? null : query.category;
  return searchMatches(db, search, { ranked: query.sort === "relevance", category });
}

/** Step 3: the page a search's counting statement cuts too (not by name or rating: they are not in the matches). */
function pageCutWithCounts(query: CatalogQuery, matches: Matches | null): MatchesPage | null {
  if (!matches || query.sort === "name-asc" || query.sort === "name-desc" || query.sort === "rating") return null;
  return { sort: query.sort, limit: PAGE_SIZE, offset: (query.page - 1) * PAGE_SIZE };
}

/** Step 4: one page of the listing, its ids in order, then those products. */
async function productsOnPage(db: Db, query: CatalogQuery, matches: Matches | null, page: number): Promise<ProductSummary[]> {
  const ids = (await pageIds(db, query, matches).limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE).execute()).map((r) => r.id);
  return (await productsInOrder(db, ids)).map(toSummary);
}

/**
 * The ids of the listing in its order, chosen and sorted on what indexes hold (the category's
 * price and name indexes, the search's matches with their price), so only the page's own
 * products are then read whole.
 */
function pageIds(db: Db, query: CatalogQuery, matches: Matches | null) {
  const desc = query.sort === "price-desc" || query.sort === "name-desc";
  const direction = desc ? "desc" : "asc";
  if (matches) {
    const found = filteredMatches(db, query, matches);
    if (query.sort === "rating") {
      return found
        .innerJoin("products", "products.id", "f.product_id")
        .select("f.product_id as id")
        .orderBy("products.rating_score", "desc")
        .orderBy("products.rating_count", "desc")
        .orderBy("f.product_id", "asc");
    }
    if (query.sort === "name-asc" || query.sort === "name-desc") {
      return found.innerJoin("products", "products.id", "f.product_id").select("f.product_id as id").orderBy("products.name_key", direction).orderBy("f.product_id", direction);
    }
    return found.select("f.product_id as id").orderBy(matchesOrder(query.sort, { id: sql.ref("f.product_id"), score: sql.ref("f.score"), price: sql.ref("f.price") }));
  }
  const listed = filteredProducts(db, query, null).select("products.id");
  // Customer Rating: best average first, then the most reviewed (ratings.ts).
  if (query.sort === "rating") return listed.orderBy("products.rating_score", "desc").orderBy("products.rating_count", "desc").orderBy("products.id", "asc");
  if (query.sort === "name-asc" || query.sort === "name-desc") return listed.orderBy("products.name_key", direction).orderBy("products.id", direction);
  return listed.orderBy("products.price_paise", direction).orderBy("products.id", direction);
}

/** A search's matches (in the page's category) that pass the filters, as `f`. */
function filteredMatches(db: Db, query: Pick<CatalogQuery, "category" | "filters">, matches: Matches) {
  let qb = db.selectFrom(matches.as("f"));
  for (const condition of matchFilterConditions(db, query, { id: "f.product_id", price: "f.price" })) qb = qb.where(condition);
  return qb;
}

/**
 * The shown products without a search's matches: the category and the filters (facets.server.ts),
 * and, for a search whose matches are not read (Did you mean), the search itself as a subquery.
 */
function filteredProducts(db: Db, query: Pick<CatalogQuery, "category" | "filters">, search: PreparedSearch | null) {
  let qb = visibleProducts(db);
  if (query.category !== "All") qb = qb.where("products.category", "=", query.category);
  for (const condition of catalogFilterConditions(db, query, { withSearch: search !== null })) qb = qb.where(condition);
  return search ? qb.where("products.id", "in", matchingProductIds(db, search)) : qb;
}

/** Step 6: the closest search (search-index.server.ts), offered only if it finds something here. */
async function suggestionThatFinds(db: Db, query: CatalogQuery): Promise<string | null> {
  const closer = await closestSearch(db, query.q);
  if (!closer) return null;
  const search = await prepareSearch(db, closer);
  if (!search) return null;
  const hit = await filteredProducts(db, query, search).select("products.id").limit(1).executeTakeFirst();
  return hit ? closer : null;
}
