import { sql, type Kysely, type SqlBool } from "kysely";
import type { Database } from "~/db/schema";
import { shows } from "~/lib/shown.server";
import type { Outbox } from "~/modules/jobs/outbox.server";
import { isProductCategory, type ProductCategory } from "./categories";
import { copyListing, pageOfMatches, prepareSearch, searchMatches, writeSearchDocument } from "./search-index.server";
import { parseSpecifications, type Specifications } from "./specifications";
import { indexProductSpecs, refreshSpecsListing } from "./spec-index.server";
import { ratingFromScore } from "./ratings";
import { DECLARATION_COLUMNS, declarationColumns, declarationsFromRow, type ProductDeclarations } from "./declarations";

import type { Product, ProductSummary } from "./product";
export type { Product, ProductSummary };

export const PLACEHOLDER_IMAGE = "/images/products/placeholder.svg";

type Db = Kysely<Database>;

export const summaryColumns = [
  "products.id",
  "products.name",
  "products.price_paise",
  "products.image_url",
  "products.category",
  "products.stock",
  "products.featured",
  "products.mrp_paise",
  "products.rating_count",
  "products.rating_score",
] as const;

interface SummaryRow {
  id: string;
  name: string;
  price_paise: number;
  image_url: string | null;
  category: string;
  stock: number;
  featured: number;
  mrp_paise: number | null;
  rating_count: number;
  rating_score: number;
}

/**
 * What a shared page notes it shows of a product: its stock changes with every order, and only the
 * pages that noted it are refreshed then (server/catalogue-changes.ts). Any other change to a
 * product may move it in or out of lists, and refreshes every page.
 */
export function productKey(id: string): string {
  return `product:${id}`;
}

/** A product as pages show it; every product a page shows passes here, which notes it (`productKey`). */
export function toSummary(row: SummaryRow): ProductSummary {
  shows(productKey(row.id));
  return {
    id: row.id,
    name: row.name,
    pricePaise: Number(row.price_paise),
    image: row.image_url || PLACEHOLDER_IMAGE,
    category: isProductCategory(row.category) ? row.category : "Component",
    stock: Number(row.stock),
    featured: Number(row.featured) === 1,
    mrpPaise: row.mrp_paise === null ? null : Number(row.mrp_paise),
    rating: ratingFromScore(Number(row.rating_count), Number(row.rating_score)),
  };
}

/** Products the shop shows: active, from vendors that are approved (the `listed` flag). */
export function visibleProducts(db: Db) {
  return db.selectFrom("products").where("products.listed", "=", 1);
}

/** The products of `ids`, in that order (any gone meanwhile left out). */
export async function productsInOrder(db: Db, ids: readonly string[]): Promise<SummaryRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("products").select(summaryColumns).where("products.id", "in", [...ids]).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
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
      ...DECLARATION_COLUMNS.map((c) => `products.${c}` as const),
    ])
    .where("products.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    ...toSummary(row),
    declarations: declarationsFromRow(row),
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
  /** Left out, a product keeps the declarations it has (none, for a new one). */
  declarations?: ProductDeclarations;
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
  await copyListing(db, "productId" in where ? { productIds: [where.productId] } : where);
}

/** Archives or re-activates a product (archived products stay for past orders but leave the shop). */
export async function setProductStatus(db: Db, productId: string, status: "active" | "archived", now = new Date()) {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("products").set({ status, updated_at: now.toISOString() }).where("id", "=", productId).execute();
    await refreshListing(trx, { productId });
  });
}

/**
 * Creates or replaces a product and its search document, in one transaction. Given the outbox, a
 * change its wishlists' subscribers may want to hear of (a lower price, back in stock) adds a
 * `product.changed` job in the same transaction (docs/product-rules.md, "Wishlist and alerts").
 */
export async function saveProduct(db: Db, input: ProductInput, now = new Date(), outbox?: Outbox): Promise<void> {
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
    ...(input.declarations ? declarationColumns(input.declarations) : {}),
  };
  await db.transaction().execute(async (trx) => {
    const before = outbox ? await trx.selectFrom("products").select(["price_paise", "stock"]).where("id", "=", input.id).executeTakeFirst() : undefined;
    await trx
      .insertInto("products")
      .values({ id: input.id, ...values, status: "active", listed: 0, created_at: stamp })
      .onConflict((oc) => oc.column("id").doUpdateSet(values))
      .execute();
    await refreshListing(trx, { productId: input.id });
    await indexProductSpecs(trx, input.id);
    await writeSearchDocument(trx, input);
    if (outbox && before) {
      const change = { productId: input.id, oldPricePaise: Number(before.price_paise), newPricePaise: input.pricePaise, oldStock: Number(before.stock), newStock: input.stock, changedAt: stamp };
      if (change.newPricePaise < change.oldPricePaise || (change.oldStock <= 0 && change.newStock > 0)) await outbox.jobs.add(trx, "product.changed", change);
    }
  });
}

/**
 * Puts `quantity` of a product back on the shelf (a cancelled order's, a returned item's), in the
 * caller's transaction; when that brings it back from out of stock, adds the `product.changed` job
 * its subscribers' "back in stock" mails come from, as an edit of its stock would
 * (docs/product-rules.md, "Wishlist and alerts").
 */
export async function putBackInStock(trx: Db, outbox: Outbox, productId: string, quantity: number, now: Date): Promise<void> {
  const before = await trx.selectFrom("products").select(["price_paise", "stock"]).where("id", "=", productId).executeTakeFirst();
  if (!before || quantity <= 0) return;
  await trx
    .updateTable("products")
    .set((eb) => ({ stock: eb("stock", "+", quantity) }))
    .where("id", "=", productId)
    .execute();
  const oldStock = Number(before.stock);
  if (oldStock > 0) return;
  const price = Number(before.price_paise);
  await outbox.jobs.add(trx, "product.changed", { productId, oldPricePaise: price, newPricePaise: price, oldStock, newStock: oldStock + quantity, changedAt: now.toISOString() });
}

export interface SearchSuggestions {
  products: { id: string; name: string; category: string }[];
  /** Categories holding matches, most matches first, with how many. */
  categories: { name: ProductCategory; count: number }[];
}

/** As-you-type suggestions for the search box: the best few products and the categories with matches. */
export async function searchSuggestions(db: Db, q: string, limit = 5): Promise<SearchSuggestions> {
  const search = await prepareSearch(db, q);
  if (!search) return { products: [], categories: [] };
  // One statement: the search runs once, ranked; the best products and the categories come from its matches.
  const rows = (
    await sql<{ kind: string; value: string; n: number | string }>`with f as materialized ${searchMatches(db, search, { ranked: true })}
      select ${sql.lit("product")} as kind, p.value, p.n from (${pageOfMatches("f", sql<SqlBool>`1 = 1`, { sort: "relevance", limit, offset: 0 })}) as p
      union all
      select * from (select ${sql.lit("category")} as kind, f.category as value, count(*) as n from f group by f.category order by n desc, f.category asc limit 3) as c`.execute(db)
  ).rows;
  const best = rows.filter((r) => r.kind === "product").sort((a, b) => Number(a.n) - Number(b.n));
  const products = await productsInOrder(db, best.map((b) => b.value));
  return {
    products: products.map((p) => ({ id: p.id, name: p.name, category: p.category })),
    categories: rows.flatMap((c) => (c.kind === "category" && isProductCategory(c.value) ? [{ name: c.value, count: Number(c.n) }] : [])),
  };
}

/** The compare page's products by id, with their specifications (missing or unlisted ids are simply absent). */
export async function productsWithSpecifications(db: Db, ids: readonly string[]): Promise<Map<string, ProductSummary & { specifications: Specifications }>> {
  const unique = [...new Set(ids)].filter((id) => id.length > 0 && id.length <= 200);
  if (unique.length === 0) return new Map();
  const rows = await visibleProducts(db).select([...summaryColumns, "products.specifications"]).where("products.id", "in", unique).execute();
  return new Map(rows.map((r) => [r.id, { ...toSummary(r), specifications: parseSpecifications(r.specifications) }]));
}
