import type { Kysely } from "kysely";

// Frozen. Verified reviews and ratings (docs/product-rules.md, "Reviews"): a customer with a
// delivered item of a product reviews it once, and may edit the review; the seller answers it
// once; any signed-in customer may report it and vote it helpful; the admin hides or restores it
// with a reason kept in its history.
//
// - reviews: one per customer and product; its stars, title, text, state (published | hidden),
//   the order that makes it a verified purchase, its helpful votes and reports, and the seller's
//   one answer.
// - review_photos: up to 4 per review, stored by the image uploads (storage module).
// - review_votes, review_reports: one per review and account.
// - review_history: every step, who took it and why: published | edited | reported | hidden |
//   restored | replied.
// - products.rating_count / rating_sum / rating_score: the published reviews' count, the sum of
//   their stars and their average × 100 (0 with none), kept in the same transaction as every
//   review change, so a card, the product page, the "Customer Rating" sort and the "4★ & above"
//   filter read one figure and a hidden review stops counting at once.
// - customer_profiles.review_reminders: 1 until the customer turns the "review what you bought"
//   mails off on the profile.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("reviews")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id"))
    .addColumn("user_id", "text", (c) => c.notNull())
    // The delivered order that makes it a verified purchase.
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
    .addColumn("rating", "integer", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    // published | hidden
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("helpful_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("report_count", "integer", (c) => c.notNull().defaultTo(0))
    // The reason the admin gave for hiding it, shown to the reviewer; null while published.
    .addColumn("hidden_reason", "text")
    // The seller's one answer (shown as text, never HTML).
    .addColumn("reply_body", "text")
    .addColumn("reply_user_id", "text")
    .addColumn("replied_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("reviews_one_per_customer", ["product_id", "user_id"])
    .execute();
  // The product page's list: newest, most helpful, by stars, and the histogram's counts.
  await db.schema.createIndex("reviews_by_product_newest").on("reviews").columns(["product_id", "status", "created_at"]).execute();
  await db.schema.createIndex("reviews_by_product_helpful").on("reviews").columns(["product_id", "status", "helpful_count", "created_at"]).execute();
  await db.schema.createIndex("reviews_by_product_rating").on("reviews").columns(["product_id", "status", "rating", "created_at"]).execute();
  await db.schema.createIndex("reviews_by_user").on("reviews").columns(["user_id", "created_at"]).execute();
  // The admin's page: reported first.
  await db.schema.createIndex("reviews_by_reports").on("reviews").columns(["report_count", "created_at"]).execute();

  await db.schema
    .createTable("review_photos")
    .addColumn("review_id", "text", (c) => c.notNull().references("reviews.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("review_photos_pk", ["review_id", "position"])
    .execute();

  await db.schema
    .createTable("review_votes")
    .addColumn("review_id", "text", (c) => c.notNull().references("reviews.id"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("review_votes_pk", ["review_id", "user_id"])
    .execute();

  await db.schema
    .createTable("review_reports")
    .addColumn("review_id", "text", (c) => c.notNull().references("reviews.id"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("review_reports_pk", ["review_id", "user_id"])
    .execute();

  await db.schema
    .createTable("review_history")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("review_id", "text", (c) => c.notNull().references("reviews.id"))
    // published | edited | reported | hidden | restored | replied
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("actor_user_id", "text", (c) => c.notNull())
    // customer | vendor | admin
    .addColumn("actor_role", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("review_history_by_review").on("review_history").columns(["review_id", "created_at"]).execute();

  await db.schema.alterTable("products").addColumn("rating_count", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("products").addColumn("rating_sum", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("products").addColumn("rating_score", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex("products_by_rating").on("products").columns(["listed", "rating_score", "rating_count"]).execute();

  await db.schema.alterTable("customer_profiles").addColumn("review_reminders", "integer", (c) => c.notNull().defaultTo(1)).execute();
}
