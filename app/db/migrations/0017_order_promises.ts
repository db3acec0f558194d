import type { Kysely } from "kysely";

// Frozen. The delivery date promised when an order was placed, kept on each seller's part
// (docs/product-rules.md, "Delivery dates"): the earliest and latest days, YYYY-MM-DD in India
// time. Null for parts placed before this, and for a seller with no dispatch PIN at the time.
// One ALTER per column: SQLite adds one column at a time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("order_parts").addColumn("promised_from", "text").execute();
  await db.schema.alterTable("order_parts").addColumn("promised_to", "text").execute();
}
