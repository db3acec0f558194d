import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { recountRating } from "~/modules/catalog/ratings.server";

let n = 0;

/**
 * A review written straight into the tables, as a verified purchase of `orderId` (a delivered
 * order of the reviewer's: see delivered-order.ts), with the product's rating recounted in the
 * same transaction as the shop does. For tests of what happens to reviews after they are written
 * (answers, moderation, ratings on cards and in the catalogue, reminders).
 */
export async function insertReview(
  t: { db: Kysely<Database> },
  input: {
    productId: string;
    userId: string;
    orderId: string;
    rating: number;
    title?: string;
    body?: string;
    status?: "published" | "hidden";
    createdAt?: Date;
    reports?: { userId: string; reason: string }[];
  },
): Promise<string> {
  const id = `review-${process.pid}-${++n}`;
  const stamp = (input.createdAt ?? new Date()).toISOString();
  await t.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("reviews")
      .values({
        id,
        product_id: input.productId,
        user_id: input.userId,
        order_id: input.orderId,
        rating: input.rating,
        title: input.title ?? `A ${input.rating}-star review`,
        body: input.body ?? "Works as described, and it arrived well packed.",
        status: input.status ?? "published",
        report_count: input.reports?.length ?? 0,
        hidden_reason: null,
        reply_body: null,
        reply_user_id: null,
        replied_at: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await trx.insertInto("review_history").values({ id: `${id}-h0`, review_id: id, event: "published", actor_user_id: input.userId, actor_role: "customer", note: null, created_at: stamp }).execute();
    for (const r of input.reports ?? []) {
      await trx.insertInto("review_reports").values({ review_id: id, user_id: r.userId, reason: r.reason, created_at: stamp }).execute();
    }
    await recountRating(trx, input.productId);
  });
  return id;
}
