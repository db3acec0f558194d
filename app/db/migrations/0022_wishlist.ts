import type { Kysely } from "kysely";

// Frozen. The wishlist and its alerts (docs/product-rules.md, "Wishlist and alerts"): a signed-in
// customer keeps products on a wishlist, with the price at the time of saving, and may ask to be
// told by mail when one is back in stock or its price drops below the saved price.
//
// - wishlist_items: one row per customer and product. `on_wishlist` 1 is an item of the wishlist;
//   0 is only a "Notify me" asked on an out-of-stock product's page (not shown on the wishlist).
//   `notify` 1 while the customer wants the alerts. What was last mailed is kept so each alert
//   goes once per change: `stock_notified_at` is the product change the last "back in stock" mail
//   was for; `price_notified_paise` the price the last "price drop" mail announced.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("wishlist_items")
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("on_wishlist", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("saved_price_paise", "integer", (c) => c.notNull())
    .addColumn("notify", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("stock_notified_at", "text")
    .addColumn("price_notified_paise", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("wishlist_items_pk", ["user_id", "product_id"])
    .execute();
  // The alert job walks one product's subscribers in pages of user ids.
  await db.schema.createIndex("wishlist_items_by_product").on("wishlist_items").columns(["product_id", "user_id"]).execute();
  await db.schema.createIndex("wishlist_items_by_user").on("wishlist_items").columns(["user_id", "created_at"]).execute();
}
