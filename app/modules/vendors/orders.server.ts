import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";

export interface VendorOrderRow {
  number: string;
  customerName: string;
  customerEmail: string;
  createdAt: string;
  /** The vendor's own items of the order, in paise. */
  amount: number;
  status: string;
}

/** Orders that contain this vendor's products, newest first, with only this vendor's amount. */
export async function vendorOrders(db: Kysely<Database>, vendorId: string, limit = 200): Promise<{ rows: VendorOrderRow[]; total: number }> {
  const base = db
    .selectFrom("order_items")
    .innerJoin("orders", "orders.id", "order_items.order_id")
    .innerJoin("user", "user.id", "orders.user_id")
    .where("order_items.vendor_id", "=", vendorId);
  const [rows, count] = await Promise.all([
    base
      .select((eb) => [
        "orders.number",
        "orders.created_at",
        "orders.status",
        "user.name",
        "user.email",
        eb.fn.sum<number>("order_items.line_total_paise").as("amount"),
      ])
      .groupBy(["orders.id", "orders.number", "orders.created_at", "orders.status", "user.name", "user.email"])
      .orderBy("orders.created_at", "desc")
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.count<number>("orders.id").distinct().as("n")).executeTakeFirst(),
  ]);
  return {
    rows: rows.map((r) => ({
      number: r.number,
      customerName: r.name,
      customerEmail: r.email,
      createdAt: r.created_at,
      amount: Number(r.amount),
      status: r.status,
    })),
    total: Number(count?.n ?? 0),
  };
}
