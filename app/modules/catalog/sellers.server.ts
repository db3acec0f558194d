import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { summaryColumns, toSummary, visibleProducts, type ProductSummary } from "./products.server";
import { ratingFromScore, ratingScore, type Rating } from "./ratings";
import { SELLER_PAGE_SIZE } from "./sellers";

/**
 * A seller's public page: who sells, where from, how to reach them, and what they sell now, as
 * India's e-commerce rules ask a marketplace to show (docs/product-rules.md, "Legal details and
 * disclosures"). Only approved sellers have one.
 */

type Db = Kysely<Database>;

export { SELLER_PAGE_SIZE };

export interface PublicSeller {
  id: string;
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  /** The seller's customer care number. */
  phone: string | null;
  gstin: string | null;
  /** When the seller joined, an ISO timestamp. */
  since: string;
}

export async function publicSeller(db: Db, id: string): Promise<PublicSeller | null> {
  if (!id || id.length > 200) return null;
  const row = await db
    .selectFrom("vendors")
    .select(["id", "name", "address", "city", "state", "phone", "gstin", "created_at"])
    .where("id", "=", id)
    .where("status", "=", "approved")
    .executeTakeFirst();
  return row ? { id: row.id, name: row.name, address: row.address, city: row.city, state: row.state, phone: row.phone, gstin: row.gstin, since: row.created_at } : null;
}

/** One page of a seller's products on sale, newest first. */
export async function sellerProducts(db: Db, vendorId: string, page: number): Promise<{ products: ProductSummary[]; total: number; page: number; pageCount: number }> {
  const counted = await visibleProducts(db)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("products.vendor_id", "=", vendorId)
    .executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / SELLER_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await visibleProducts(db)
    .select(summaryColumns)
    .where("products.vendor_id", "=", vendorId)
    .orderBy("products.created_at", "desc")
    .orderBy("products.id", "asc")
    .limit(SELLER_PAGE_SIZE)
    .offset((current - 1) * SELLER_PAGE_SIZE)
    .execute();
  return { products: rows.map(toSummary), total, page: current, pageCount };
}

/** For /sitemap.xml: every approved seller's id. */
export async function sitemapSellers(db: Db): Promise<{ id: string }[]> {
  return db.selectFrom("vendors").select("id").where("status", "=", "approved").orderBy("id").execute();
}

/**
 * A seller's rating: the average stars of every published review of their listed products, with
 * the count, from the figures kept on each product row (ratings.ts), so it agrees with the cards.
 */
export async function sellerRating(db: Db, vendorId: string): Promise<Rating> {
  const row = await visibleProducts(db)
    .select((eb) => [eb.fn.sum<number | string | null>("products.rating_count").as("count"), eb.fn.sum<number | string | null>("products.rating_sum").as("sum")])
    .where("products.vendor_id", "=", vendorId)
    .where("products.rating_count", ">", 0)
    .executeTakeFirst();
  const count = Number(row?.count ?? 0);
  return ratingFromScore(count, ratingScore(count, Number(row?.sum ?? 0)));
}
