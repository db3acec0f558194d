import type { Kysely } from "kysely";

// Frozen. Questions and answers on product pages (docs/product-rules.md, "Questions and answers"):
// a signed-in customer asks about a product; its seller, and customers with a delivered item of
// it, answer; the admin hides or restores a question or an answer with a reason.
//
// - questions: one question, its product and asker, its text (10 to 1,000 characters), its state
//   (published | hidden) with the admin's reason, when it was asked and first answered (null until
//   then: the product page lists answered questions newest answer first, then the unanswered), and
//   how many published answers it has.
// - answers: one answer to a question, its writer, its text (2 to 2,000 characters), whether the
//   product's seller wrote it (by_seller 1: marked "Seller"), and its state with the admin's reason.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("questions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    // published | hidden
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("hidden_reason", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    // The first answer's time; null while unanswered.
    .addColumn("answered_at", "text")
    .addColumn("answer_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // The product page's list: published, newest answered first, then unanswered newest.
  await db.schema.createIndex("questions_by_product").on("questions").columns(["product_id", "status", "answered_at", "created_at"]).execute();
  // The admin's page: newest first.
  await db.schema.createIndex("questions_by_created").on("questions").columns(["created_at"]).execute();

  await db.schema
    .createTable("answers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("question_id", "text", (c) => c.notNull().references("questions.id"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    // 1 when the product's seller wrote it
    .addColumn("by_seller", "integer", (c) => c.notNull().defaultTo(0))
    // published | hidden
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("hidden_reason", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("answers_by_question").on("answers").columns(["question_id", "status", "created_at"]).execute();
}
