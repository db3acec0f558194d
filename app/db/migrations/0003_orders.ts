import type { Kysely } from "kysely";

// Frozen. Orders as checkout places them: amounts in paise computed on the server, the shipping
// address as it was, each item with its price at purchase and its vendor, and every status change.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("orders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id"))
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("sub_total_paise", "bigint", (c) => c.notNull())
    .addColumn("shipping_paise", "bigint", (c) => c.notNull())
    .addColumn("tax_paise", "bigint", (c) => c.notNull())
    .addColumn("total_paise", "bigint", (c) => c.notNull())
    .addColumn("payment_method", "text", (c) => c.notNull())
    .addColumn("ship_full_name", "text", (c) => c.notNull())
    .addColumn("ship_phone", "text", (c) => c.notNull())
    .addColumn("ship_line1", "text", (c) => c.notNull())
    .addColumn("ship_line2", "text")
    .addColumn("ship_city", "text", (c) => c.notNull())
    .addColumn("ship_state", "text", (c) => c.notNull())
    .addColumn("ship_postal_code", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("orders_user_idempotency", ["user_id", "idempotency_key"])
    .execute();
  await db.schema.createIndex("orders_user_created").on("orders").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("orders_created").on("orders").columns(["created_at"]).execute();

  await db.schema
    .createTable("order_items")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id"))
    .addColumn("vendor_id", "text", (c) => c.notNull().references("vendors.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("unit_price_paise", "bigint", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("line_total_paise", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_items_order").on("order_items").columns(["order_id", "position"]).execute();
  await db.schema.createIndex("order_items_vendor").on("order_items").columns(["vendor_id", "order_id"]).execute();
  await db.schema.createIndex("order_items_product").on("order_items").columns(["product_id"]).execute();

  await db.schema
    .createTable("order_status_history")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("actor_user_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_status_history_order").on("order_status_history").columns(["order_id", "created_at"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["order_status_history", "order_items", "orders"]) await db.schema.dropTable(t).execute();
}
