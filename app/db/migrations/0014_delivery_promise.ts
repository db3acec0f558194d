import type { Kysely } from "kysely";

// Frozen. Delivery-date promises (docs/product-rules.md, "Delivery dates").
//
// - vendors: where a seller dispatches from (a 6-digit PIN; null until the seller sets it, and then
//   no promise is shown), its handling time in business days and its daily cut-off (HH:MM, India
//   time). One ALTER per column: SQLite adds one column at a time.
// - delivery_metros and their PIN prefixes: a PIN is in a metro when it starts with a prefix. A
//   prefix belongs to one metro.
// - delivery_holidays: days no business day falls on, one row per day.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("vendors").addColumn("dispatch_pin", "text").execute();
  await db.schema.alterTable("vendors").addColumn("handling_days", "integer", (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable("vendors").addColumn("cut_off", "text", (c) => c.notNull().defaultTo("14:00")).execute();

  await db.schema
    .createTable("delivery_metros")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("delivery_metro_prefixes")
    // 1 to 6 digits
    .addColumn("prefix", "text", (c) => c.primaryKey())
    .addColumn("metro_id", "text", (c) => c.notNull().references("delivery_metros.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("delivery_metro_prefixes_by_metro").on("delivery_metro_prefixes").column("metro_id").execute();

  await db.schema
    .createTable("delivery_holidays")
    // YYYY-MM-DD
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}
