import type { Kysely } from "kysely";

// Frozen. What a product must declare before it is bought (docs/product-rules.md, "Product
// declarations"): country of origin (ISO 3166 alpha-2), manufacturer, importer for imported goods,
// net quantity, MRP inclusive of all taxes (paise), consumer care, warranty and HSN code. Every
// column is nullable: products saved before this migration stay on sale and are flagged until
// their seller fills them in. An order line keeps the HSN code it was sold under, for its invoice.
const PRODUCT_TEXT = [
  "country_of_origin",
  "manufacturer_name",
  "manufacturer_address",
  "importer_name",
  "importer_address",
  "net_quantity",
  "consumer_care",
  // manufacturer | seller
  "warranty_by",
  "hsn_code",
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of PRODUCT_TEXT) await db.schema.alterTable("products").addColumn(column, "text").execute();
  await db.schema.alterTable("products").addColumn("mrp_paise", "integer").execute();
  await db.schema.alterTable("products").addColumn("warranty_months", "integer").execute();
  await db.schema.alterTable("order_items").addColumn("hsn_code", "text").execute();
}
