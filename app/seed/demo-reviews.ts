import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { isDone, markDone } from "~/db/meta.server";
import { recountRating } from "~/modules/catalog/ratings.server";

const DAY = 24 * 3_600_000;
const DEMO_REVIEWS_KEY = "demo_reviews_seeded";

/** The minute `ms` before `now`, so every fresh demo reads the same. */
const before = (now: Date, ms: number) => new Date(Math.floor((now.getTime() - ms) / 60_000) * 60_000);

const WORDS = [
  { rating: 5, title: "Exactly as described", body: "Well packed, arrived a day early and works perfectly. Setup took ten minutes." },
  { rating: 4, title: "Good value", body: "Does everything I need. The box was a little dented but the product was fine." },
  { rating: 5, title: "Very happy with it", body: "Quiet, fast and well built. I would buy from this seller again." },
  { rating: 3, title: "Fine, nothing special", body: "It works, but the manual is thin and I had to look up the settings online." },
  { rating: 2, title: "Visit my channel for better deals", body: "Better prices elsewhere, search my name on video sites. Product is ok." },
];

/**
 * A few reviews from demo shoppers of what their delivered orders brought, up to two per seller,
 * so the vendor portal's and the admin's Reviews pages, the stars on cards and the catalogue's
 * Customer Rating have something to show: one carries the seller's answer, one is reported twice.
 * Written straight into the review tables with each product's rating recounted, as the reviews
 * module would; written once.
 */
export async function seedDemoReviews(db: Kysely<Database>, shopperIds: readonly string[], now: Date): Promise<boolean> {
  if (await isDone(db, DEMO_REVIEWS_KEY)) return false;
  if (shopperIds.length === 0) return false;
  const items = await db
    .selectFrom("order_items")
    .innerJoin("orders", "orders.id", "order_items.order_id")
    .innerJoin("order_parts", (j) => j.onRef("order_parts.order_id", "=", "order_items.order_id").onRef("order_parts.vendor_id", "=", "order_items.vendor_id"))
    .select(["order_items.product_id", "order_items.vendor_id", "orders.id as order_id", "orders.user_id", "order_parts.delivered_at"])
    .where("order_parts.status", "=", "delivered")
    .where("orders.user_id", "in", [...shopperIds])
    .orderBy("orders.created_at")
    .orderBy("order_items.position")
    .execute();
  const chosen: typeof items = [];
  const perVendor = new Map<string, number>();
  for (const item of items) {
    if ((perVendor.get(item.vendor_id) ?? 0) >= 2) continue;
    if (chosen.some((c) => c.product_id === item.product_id && c.user_id === item.user_id)) continue;
    // One review per product, so each demo product's stars come from one shopper's words.
    if (chosen.some((c) => c.product_id === item.product_id)) continue;
    chosen.push(item);
    perVendor.set(item.vendor_id, (perVendor.get(item.vendor_id) ?? 0) + 1);
  }
  const sellers = await db.selectFrom("vendors").select(["id", "owner_user_id"]).execute();
  await db.transaction().execute(async (trx) => {
    for (const [i, item] of chosen.entries()) {
      const words = WORDS[i % WORDS.length]!;
      const id = `demo-review-${i + 1}`;
      const at = before(now, (20 - i) * DAY).toISOString();
      const reported = i === 4 % chosen.length && chosen.length > 1;
      const answerBy = i === 0 ? sellers.find((s) => s.id === item.vendor_id)?.owner_user_id : undefined;
      const reporters = reported ? shopperIds.filter((s) => s !== item.user_id).slice(0, 2) : [];
      await trx
        .insertInto("reviews")
        .values({
          id,
          product_id: item.product_id,
          user_id: item.user_id,
          order_id: item.order_id,
          rating: words.rating,
          title: words.title,
          body: words.body,
          status: "published",
          report_count: reporters.length,
          hidden_reason: null,
          reply_body: answerBy ? "Thank you for your kind words. Write to us any time you need help with it." : null,
          reply_user_id: answerBy ?? null,
          replied_at: answerBy ? before(now, (19 - i) * DAY).toISOString() : null,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await trx.insertInto("review_history").values({ id: `${id}-1`, review_id: id, event: "published", actor_user_id: item.user_id, actor_role: "customer", note: null, created_at: at }).execute();
      if (answerBy) {
        await trx.insertInto("review_history").values({ id: `${id}-2`, review_id: id, event: "replied", actor_user_id: answerBy, actor_role: "vendor", note: null, created_at: before(now, (19 - i) * DAY).toISOString() }).execute();
      }
      for (const [k, reporter] of reporters.entries()) {
        const reason = k === 0 ? "Advertises somewhere else to buy" : "Spam, not about the product";
        const when = before(now, (10 - k) * DAY).toISOString();
        await trx.insertInto("review_reports").values({ review_id: id, user_id: reporter, reason, created_at: when }).execute();
        await trx.insertInto("review_history").values({ id: `${id}-r${k}`, review_id: id, event: "reported", actor_user_id: reporter, actor_role: "customer", note: reason, created_at: when }).execute();
      }
      await recountRating(trx, item.product_id);
    }
  });
  await markDone(db, DEMO_REVIEWS_KEY);
  return true;
}
