import { sql, type Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { fillBuckets, timeBuckets, type SalesPeriod, type TimeBucket } from "~/lib/chart-data";
import { bucketKey } from "~/lib/time-buckets.server";

type Db = Kysely<Database>;

export type SalesBucket = TimeBucket & { sales: number; orders: number };

export interface NamedSales {
  name: string;
  sales: number;
}

/**
 * Sales and orders in each of the last 30 days, 12 weeks or 12 months of India time, in one grouped
 * query. Sales are the Total Sales card's (dashboardStats): orders not cancelled, in the bucket they
 * were placed in, less return refunds asked for or paid (not failed), in the bucket they were made in;
 * so over the whole history the buckets add up to the card.
 */
export async function salesOverTime(db: Db, period: SalesPeriod, now = new Date()): Promise<SalesBucket[]> {
  const buckets = timeBuckets(period, now);
  const from = buckets[0]!.start;
  const to = buckets.at(-1)!.end;
  const entries = db
    .selectFrom("orders")
    .select(["orders.created_at as at", "orders.total_paise as amount", sql<number>`1`.as("placed")])
    .where("orders.status", "!=", "cancelled")
    .where("orders.created_at", ">=", from)
    .where("orders.created_at", "<", to)
    .unionAll(
      db
        .selectFrom("refunds")
        .innerJoin("orders", "orders.id", "refunds.order_id")
        .select(["refunds.created_at as at", sql<number>`0 - refunds.amount_paise`.as("amount"), sql<number>`0`.as("placed")])
        .where("refunds.reason", "=", "return")
        .where("refunds.status", "!=", "failed")
        .where("orders.status", "!=", "cancelled")
        .where("refunds.created_at", ">=", from)
        .where("refunds.created_at", "<", to),
    )
    .as("entries");
  const rows = await db
    .selectFrom(entries)
    .select((eb) => [bucketKey(eb.ref("entries.at"), buckets).as("bucket"), eb.fn.sum<number>("entries.amount").as("sales"), eb.fn.sum<number>("entries.placed").as("orders")])
    .groupBy("bucket")
    .execute();
  return fillBuckets(
    buckets,
    rows.flatMap((r) => (r.bucket === null ? [] : [{ ...r, bucket: r.bucket }])),
    ["sales", "orders"],
  );
}

/**
 * Sales of every category that sold: its items' line totals (before GST and shipping) on orders
 * not cancelled, best first. All time, as the Total Sales card.
 */
export async function salesByCategory(db: Db): Promise<NamedSales[]> {
  const rows = await db
    .selectFrom("order_items")
    .innerJoin("orders", "orders.id", "order_items.order_id")
    .innerJoin("products", "products.id", "order_items.product_id")
    .where("orders.status", "!=", "cancelled")
    .select((eb) => ["products.category as name", eb.fn.sum<number>("order_items.line_total_paise").as("sales")])
    .groupBy("products.category")
    .orderBy("sales", "desc")
    .orderBy("products.category")
    .execute();
  return rows.map((r) => ({ name: r.name, sales: Number(r.sales) }));
}

/** Sales of every seller that sold, as salesByCategory: its items' line totals on orders not cancelled, best first. */
export async function salesBySeller(db: Db): Promise<NamedSales[]> {
  const rows = await db
    .selectFrom("order_items")
    .innerJoin("orders", "orders.id", "order_items.order_id")
    .innerJoin("vendors", "vendors.id", "order_items.vendor_id")
    .where("orders.status", "!=", "cancelled")
    .select((eb) => ["vendors.name as name", eb.fn.sum<number>("order_items.line_total_paise").as("sales")])
    .groupBy(["order_items.vendor_id", "vendors.name"])
    .orderBy("sales", "desc")
    .orderBy("vendors.name")
    .execute();
  return rows.map((r) => ({ name: r.name, sales: Number(r.sales) }));
}
