import { sql, type Kysely } from "kysely";

// Frozen. An order may hold several vendors' products; each vendor fulfils its own part: its
// items, its amount, its status, its carrier and tracking number. The order's own status is
// derived from its parts (the least advanced; cancelled for everyone when cancelled).
// The order number, customer and date are copied onto the part so a vendor's order list is
// searched, filtered, sorted and paged from one indexed table.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("order_parts")
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("vendor_id", "text", (c) => c.notNull().references("vendors.id"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("amount_paise", "bigint", (c) => c.notNull())
    .addColumn("item_count", "integer", (c) => c.notNull())
    .addColumn("carrier", "text")
    .addColumn("tracking_number", "text")
    .addColumn("order_number", "text", (c) => c.notNull())
    .addColumn("customer_user_id", "text", (c) => c.notNull())
    .addColumn("order_created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("order_parts_pk", ["order_id", "vendor_id"])
    .execute();
  // Sorting by date, and (covering) the dashboard's sums over a vendor's parts.
  await db.schema
    .createIndex("order_parts_vendor_created")
    .on("order_parts")
    .columns(["vendor_id", "order_created_at", "order_id", "status", "amount_paise", "customer_user_id"])
    .execute();
  await db.schema
    .createIndex("order_parts_vendor_status_created")
    .on("order_parts")
    .columns(["vendor_id", "status", "order_created_at", "order_id"])
    .execute();
  await db.schema.createIndex("order_parts_vendor_amount").on("order_parts").columns(["vendor_id", "amount_paise", "order_id"]).execute();
  await db.schema
    .createIndex("order_parts_vendor_status_amount")
    .on("order_parts")
    .columns(["vendor_id", "status", "amount_paise", "order_id"])
    .execute();
  await db.schema.createIndex("order_parts_vendor_number").on("order_parts").columns(["vendor_id", "order_number"]).execute();
  await db.schema.createIndex("order_parts_vendor_customer").on("order_parts").columns(["vendor_id", "customer_user_id"]).execute();

  // The admin's list of every order, newest first, with or without a status filter.
  await db.schema.createIndex("orders_created_id").on("orders").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("orders_status_created_id").on("orders").columns(["status", "created_at", "id"]).execute();

  // History rows with a vendor belong to that vendor's part; rows without one are the order's own.
  await db.schema.alterTable("order_status_history").addColumn("vendor_id", "text").execute();
  // 1 once a cancellation has put the order's items back in stock, so it happens once only.
  await db.schema.alterTable("orders").addColumn("stock_released", "integer", (c) => c.notNull().defaultTo(0)).execute();

  // Orders placed before this migration: one part per vendor, at the order's status.
  await sql`
    insert into order_parts (order_id, vendor_id, status, amount_paise, item_count, order_number, customer_user_id, order_created_at, updated_at)
    select o.id, i.vendor_id, o.status, sum(i.line_total_paise), sum(i.quantity), o.number, o.user_id, o.created_at, o.updated_at
    from orders o join order_items i on i.order_id = o.id
    group by o.id, i.vendor_id, o.status, o.number, o.user_id, o.created_at, o.updated_at
  `.execute(db);
  await sql`update orders set stock_released = 1 where status = 'cancelled'`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("stock_released").execute();
  await db.schema.alterTable("order_status_history").dropColumn("vendor_id").execute();
  await db.schema.dropTable("order_parts").execute();
}
