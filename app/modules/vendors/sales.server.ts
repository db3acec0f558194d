import { sql, type Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { timeBuckets } from "~/lib/chart-data";

type Db = Kysely<Database>;

export interface TopProduct {
  productId: string;
  name: string;
  sales: number;
  units: number;
}

/**
 * The vendor's best-selling products of the last 12 months of India time, by sales (items before
 * GST) with units sold: items of orders not cancelled, in the month placed, less refunded returns,
 * in the month refunded. Products that sold nothing net are left out.
 */
export async function vendorTopProducts(db: Db, vendorId: string, now = new Date(), limit = 5): Promise<TopProduct[]> {
  const buckets = timeBuckets("month", now);
  const from = buckets[0]!.start;
  const to = buckets.at(-1)!.end;
  const entries = db
    .selectFrom("order_items")
    .innerJoin("order_parts", (j) => j.onRef("order_parts.order_id", "=", "order_items.order_id").onRef("order_parts.vendor_id", "=", "order_items.vendor_id"))
    .select(["order_items.product_id as product_id", "order_items.line_total_paise as amount", "order_items.quantity as units"])
    .where("order_parts.vendor_id", "=", vendorId)
    .where("order_parts.status", "!=", "cancelled")
    .where("order_parts.order_created_at", ">=", from)
    .where("order_parts.order_created_at", "<", to)
    .unionAll(
      db
        .selectFrom("returns")
        .select(["returns.product_id as product_id", sql<number>`0 - returns.refund_items_paise`.as("amount"), sql<number>`0 - returns.quantity`.as("units")])
        .where("returns.vendor_id", "=", vendorId)
        .where("returns.status", "=", "refunded")
        .where("returns.updated_at", ">=", from)
        .where("returns.updated_at", "<", to),
    )
    .as("entries");
  const rows = await db
    .selectFrom(entries)
    .innerJoin("products", "products.id", "entries.product_id")
    .select((eb) => ["entries.product_id", "products.name", eb.fn.sum<number>("entries.amount").as("sales"), eb.fn.sum<number>("entries.units").as("units")])
    .groupBy(["entries.product_id", "products.name"])
    .having((eb) => eb.fn.sum("entries.amount"), ">", 0)
    .orderBy("sales", "desc")
    .orderBy("products.name")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ productId: r.product_id, name: r.name, sales: Number(r.sales), units: Number(r.units) }));
}
