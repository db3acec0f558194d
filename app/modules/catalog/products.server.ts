import { sql, type Kysely, type SqlBool } from "kysely";
import type { Database } from "~/db/schema";
import { isProductCategory, type ProductCategory } from "./categories";
import { PAGE_SIZE, type CatalogQuery } from "./search";
import { closestSearch, idList, matchingProductIds, prepareSearch, searchHits, writeSearchDocument, type PreparedSearch } from "./search-index.server";
import { parseSpecifications, type Specifications } from "./specifications";
import { indexProductSpecs, refreshSpecsListing } from "./spec-index.server";
import { catalogFacets, catalogFilterConditions } from "./facets.server";
import { NO_FILTERS, type Facet } from "./filters";

import type { Product, ProductSummary } from "./product";
export type { Product, ProductSummary };

export const PLACEHOLDER_IMAGE = "/images/products/placeholder.svg";

type Db = Kysely<Database>;

const summaryColumns = [
  "products.id",
  "products.name",
  "products.price_paise",
  "products.image_url",
  "products.category",
  "products.stock",
  "products.featured",
] as const;

interface SummaryRow {
  id: string;
  name: string;
  price_paise: number;
  image_url: string | null;
  category: string;
  stock: number;
  featured: number;
}

function toSummary(row: SummaryRow): ProductSummary {
  return {
    id: row.id,
    name: row.name,
    pricePaise: Number(row.price_paise),
    image: row.image_url || PLACEHOLDER_IMAGE,
    category: isProductCategory(row.category) ? row.category : "Component",
    stock: Number(row.stock),
    featured: Number(row.featured) === 1,
  };
}

/** Products the shop shows: active, from vendors that are approved (the `listed` flag). */
function visibleProducts(db: Db) {
  return db.selectFrom("products").where("products.listed", "=", 1);
}

/**
 * The catalogue filter: category, the filters (facets.server.ts), and the search
 * (search-index.server.ts) when there is one, joined as `hits` with each product's relevance
 * (`hits.score`, 0 when unranked). `found`: the search's matches already read (catalogPage), which
 * a statement that needs no score checks instead of running the search again.
 */
function filteredProducts(
  db: Db,
  query: Pick<CatalogQuery, "category" | "filters">,
  search: PreparedSearch | null,
  { ranked = false, found }: { ranked?: boolean; found?: readonly string[] | null } = {},
) {
  let qb = visibleProducts(db);
  if (query.category !== "All") qb = qb.where("products.category", "=", query.category);
  for (const condition of catalogFilterConditions(db, query, { withSearch: Boolean(search) })) qb = qb.where(condition);
  if (search && found && !ranked) qb = qb.where(sql<SqlBool>`${sql.ref("products.id")} in (${idList(db, found)})`);
  else if (search) qb = qb.innerJoin(searchHits(db, search, { ranked }).as("hits"), "hits.product_id", "products.id");
  return qb;
}

/**
 * What /products shows: the page of products and every filter's counts, from one reading of the
 * search (its typo corrections and synonyms are looked up once).
 */
export async function catalogPage(db: Db, query: CatalogQuery): Promise<ProductPage & { facets: Facet[] }> {
  const search = query.q ? await prepareSearch(db, query.q) : null;
  // The search runs once for the page's counts; only the ranked listing runs it again, for scores.
  const found = search ? (await matchingProductIds(db, search).execute()).map((r) => r.product_id) : null;
  const [page, facets] = await Promise.all([
    listProducts(db, query, search, found),
    catalogFacets(db, query, {
      searchIds: found ? () => idList(db, found) : null,
      shownIds: () => filteredProducts(db, query, search, { found }).select("products.id"),
    }),
  ]);
  return { ...page, facets };
}

export interface ProductPage {
  products: ProductSummary[];
  total: number;
  page: number;
  pageCount: number;
  /** A search that found nothing: the closest search that finds something, if any ("Did you mean …?"). */
  didYouMean: string | null;
}

/** /products: category, filters, search, ranking or sorting, and paging all happen in the query. */
export async function listProducts(db: Db, query: CatalogQuery, prepared?: PreparedSearch | null, found?: readonly string[] | null): Promise<ProductPage> {
  const search = prepared !== undefined ? prepared : query.q ? await prepareSearch(db, query.q) : null;
  const ranked = Boolean(search) && query.sort === "relevance";
  const filtered = filteredProducts(db, query, search, { ranked, found });

  const countRow = await filteredProducts(db, query, search, { found })
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  const total = Number(countRow?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(query.page, pageCount);

  let listQuery = filtered.select(summaryColumns);
  switch (query.sort) {
    case "price-desc":
      listQuery = listQuery.orderBy("products.price_paise", "desc").orderBy("products.id", "desc");
      break;
    case "name-asc":
      listQuery = listQuery.orderBy("products.name_key", "asc").orderBy("products.id", "asc");
      break;
    case "name-desc":
      listQuery = listQuery.orderBy("products.name_key", "desc").orderBy("products.id", "desc");
      break;
    default:
      // Relevance (ties, and a search with no words, cheapest first), or price-asc.
      if (ranked) listQuery = listQuery.orderBy(sql.ref("hits.score"), "desc");
      listQuery = listQuery.orderBy("products.price_paise", "asc").orderBy("products.id", "asc");
  }
  const rows = total === 0 ? [] : await listQuery.limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE).execute();
  const didYouMean = total === 0 && search ? await suggestionThatFinds(db, query) : null;
  return { products: rows.map(toSummary), total, page, pageCount, didYouMean };
}

async function suggestionThatFinds(db: Db, query: CatalogQuery): Promise<string | null> {
  const closer = await closestSearch(db, query.q);
  if (!closer) return null;
  const search = await prepareSearch(db, closer);
  if (!search) return null;
  const hit = await filteredProducts(db, query, search).select("products.id").limit(1).executeTakeFirst();
  return hit ? closer : null;
}

export async function getProduct(db: Db, id: string): Promise<Product | null> {
  if (!id || id.length > 200) return null;
  const row = await visibleProducts(db)
    .innerJoin("vendors", "vendors.id", "products.vendor_id")
    .select([
      ...summaryColumns,
      "products.description",
      "products.specifications",
      "products.vendor_id",
      "products.updated_at",
      "vendors.name as vendor_name",
    ])
    .where("products.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    ...toSummary(row),
    description: row.description,
    specifications: parseSpecifications(row.specifications),
    vendorId: row.vendor_id,
    vendorName: row.vendor_name,
    updatedAt: row.updated_at,
  };
}

/** Home page: the first `limit` featured products, in catalogue order. */
export async function featuredProducts(db: Db, limit = 4): Promise<ProductSummary[]> {
  const rows = await visibleProducts(db)
    .select(summaryColumns)
    .where("products.featured", "=", 1)
    .orderBy("products.created_at", "asc")
    .orderBy("products.id", "asc")
    .limit(limit)
    .execute();
  return rows.map(toSummary);
}

/** Home page: the first `limit` products of a category, in catalogue order. */
export async function productsInCategory(db: Db, category: ProductCategory, limit = 4): Promise<ProductSummary[]> {
  const rows = await visibleProducts(db)
    .select(summaryColumns)
    .where("products.category", "=", category)
    .orderBy("products.created_at", "asc")
    .orderBy("products.id", "asc")
    .limit(limit)
    .execute();
  return rows.map(toSummary);
}

/** Up to `limit` other products of the same category. */
export async function relatedProducts(db: Db, product: Pick<Product, "id" | "category">, limit = 4) {
  const rows = await visibleProducts(db)
    .select(summaryColumns)
    .where("products.category", "=", product.category)
    .where("products.id", "!=", product.id)
    .orderBy("products.created_at", "asc")
    .orderBy("products.id", "asc")
    .limit(limit)
    .execute();
  return rows.map(toSummary);
}

/** The cart's products by id, as the shop shows them now (missing ids are simply absent). */
export async function productsByIds(db: Db, ids: readonly string[]): Promise<Map<string, ProductSummary>> {
  const unique = [...new Set(ids)].filter((id) => id.length > 0 && id.length <= 200);
  if (unique.length === 0) return new Map();
  const rows = await visibleProducts(db).select(summaryColumns).where("products.id", "in", unique).execute();
  return new Map(rows.map((r) => [r.id, toSummary(r)]));
}

/** For /sitemap.xml: every visible product's id and last change, in pages. */
export async function sitemapProducts(db: Db, { limit, offset }: { limit: number; offset: number }) {
  return visibleProducts(db)
    .select(["products.id", "products.updated_at"])
    .orderBy("products.id")
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countVisibleProducts(db: Db): Promise<number> {
  const row = await visibleProducts(db)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface ProductInput {
  id: string;
  name: string;
  description: string;
  pricePaise: number;
  image: string | null;
  category: ProductCategory;
  stock: number;
  featured: boolean;
  specifications: Specifications;
  vendorId: string;
}

/**
 * Recomputes whether products are shown in the shop. Call it, in the same transaction, after
 * anything that changes a product's status or its vendor's approval.
 */
export async function refreshListing(db: Db, where: { productId: string } | { vendorId: string }): Promise<void> {
  await db
    .updateTable("products")
    .set((eb) => ({
      listed: eb
        .case()
        .when(
          eb.and([
            eb("products.status", "=", "active"),
            eb(
              "products.vendor_id",
              "in",
              eb.selectFrom("vendors").select("vendors.id").where("vendors.status", "=", "approved"),
            ),
          ]),
        )
        .then(1)
        .else(0)
        .end(),
    }))
    .where("productId" in where ? "products.id" : "products.vendor_id", "=", "productId" in where ? where.productId : where.vendorId)
    .execute();
  await refreshSpecsListing(db, where);
}

/** Archives or re-activates a product (archived products stay for past orders but leave the shop). */
export async function setProductStatus(db: Db, productId: string, status: "active" | "archived", now = new Date()) {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("products").set({ status, updated_at: now.toISOString() }).where("id", "=", productId).execute();
    await refreshListing(trx, { productId });
  });
}

/** Creates or replaces a product and its search document, in one transaction. */
export async function saveProduct(db: Db, input: ProductInput, now = new Date()): Promise<void> {
  const stamp = now.toISOString();
  const values = {
    name: input.name,
    name_key: input.name.toLowerCase(),
    description: input.description,
    price_paise: input.pricePaise,
    image_url: input.image,
    category: input.category,
    stock: input.stock,
    featured: input.featured ? 1 : 0,
    specifications: JSON.stringify(input.specifications),
    vendor_id: input.vendorId,
    updated_at: stamp,
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("products")
      .values({ id: input.id, ...values, status: "active", listed: 0, created_at: stamp })
      .onConflict((oc) => oc.column("id").doUpdateSet(values))
      .execute();
    await refreshListing(trx, { productId: input.id });
    await indexProductSpecs(trx, input.id);
    await writeSearchDocument(trx, input);
  });
}

export interface SearchSuggestions {
  products: { id: string; name: string; category: string }[];
  /** Categories holding matches, most matches first, with how many. */
  categories: { name: ProductCategory; count: number }[];
}

const EVERYTHING = { category: "All", filters: NO_FILTERS } as const;

/** As-you-type suggestions for the search box: the best few products and the categories with matches. */
export async function searchSuggestions(db: Db, q: string, limit = 5): Promise<SearchSuggestions> {
  const search = await prepareSearch(db, q);
  if (!search) return { products: [], categories: [] };
  const [products, categories] = await Promise.all([
    filteredProducts(db, EVERYTHING, search, { ranked: true })
      .select(["products.id", "products.name", "products.category"])
      .orderBy(sql.ref("hits.score"), "desc")
      .orderBy("products.price_paise", "asc")
      .orderBy("products.id", "asc")
      .limit(limit)
      .execute(),
    filteredProducts(db, EVERYTHING, search)
      .select(["products.category", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("products.category")
      .orderBy("n", "desc")
      .orderBy("products.category", "asc")
      .limit(3)
      .execute(),
  ]);
  return {
    products,
    categories: categories.flatMap((c) => (isProductCategory(c.category) ? [{ name: c.category, count: Number(c.n) }] : [])),
  };
}

/** The compare page's products by id, with their specifications (missing or unlisted ids are simply absent). */
export async function productsWithSpecifications(db: Db, ids: readonly string[]): Promise<Map<string, ProductSummary & { specifications: Specifications }>> {
  const unique = [...new Set(ids)].filter((id) => id.length > 0 && id.length <= 200);
  if (unique.length === 0) return new Map();
  const rows = await visibleProducts(db).select([...summaryColumns, "products.specifications"]).where("products.id", "in", unique).execute();
  return new Map(rows.map((r) => [r.id, { ...toSummary(r), specifications: parseSpecifications(r.specifications) }]));
}
