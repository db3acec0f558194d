import type { Kysely } from "kysely";

// Frozen. The e-way bill (docs/product-rules.md, "E-way bill"): a seller's part of an order worth
// more than ₹50,000 with tax is shipped with one, and its 12-digit number is kept with the part for
// the order and the seller's tax invoice. Nullable: a part below the threshold, and every part
// shipped before, has none.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("order_parts").addColumn("eway_bill_number", "text").execute();
}
