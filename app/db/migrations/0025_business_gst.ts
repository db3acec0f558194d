import type { Kysely } from "kysely";

// Frozen. A business buyer's GST invoice (docs/product-rules.md, "Business buyers"): an order
// placed for a business keeps the buyer's GSTIN and legal name, which its sellers' tax invoices
// and credit notes carry; the customer's profile keeps the last ones for the next checkout.
// Nullable: a consumer's order, and every order placed before, has neither.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("buyer_gstin", "text").execute();
  await db.schema.alterTable("orders").addColumn("buyer_legal_name", "text").execute();
  await db.schema.alterTable("customer_profiles").addColumn("gstin", "text").execute();
  await db.schema.alterTable("customer_profiles").addColumn("business_legal_name", "text").execute();
}
