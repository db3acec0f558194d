import type { Kysely } from "kysely";

// Frozen. The "review what you bought" mail (docs/product-rules.md, "Reviews" → "Moderation,
// answers and reminders"): a customer is asked once per order part, a few days after it is
// delivered. order_parts.review_reminded_at is when that reminder was decided (sent, or skipped
// because the customer had turned reminders off or had reviewed everything); null until then, so
// a part delivered twice (an administrator's correction) or a job run twice asks once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("order_parts").addColumn("review_reminded_at", "text").execute();
}
