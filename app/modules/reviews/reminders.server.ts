import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { Store } from "~/modules/jobs/outbox.server";
import { queueMail } from "~/modules/mail/queue-mail.server";
import { reviewReminder } from "./mail";

/**
 * The "review what you bought" mail, the `review.remind` job's work (added when an order part is
 * delivered: orders/fulfilment.server.ts, a few days later: REVIEW_REMINDER_DAYS). Decided once per
 * order part (order_parts.review_reminded_at, migration 0023): the part must still be delivered,
 * the customer must not have turned reminders off on their profile (read now, not at delivery),
 * and only the part's products they have not reviewed are asked about; with none left, nothing is
 * sent. docs/product-rules.md, "Reviews" → "Moderation, answers and reminders".
 */
export type ReminderResult = "sent" | "already" | "not_delivered" | "opted_out" | "nothing_to_review";

export async function sendReviewReminder({ db, outbox }: Store, input: { orderId: string; vendorId: string }, now = new Date()): Promise<ReminderResult> {
  return db.transaction().execute(async (trx): Promise<ReminderResult> => {
    const stamp = now.toISOString();
    // Claim the part's one reminder: a second run (a retry, a part delivered again) finds it taken.
    const claimed = await trx
      .updateTable("order_parts")
      .set({ review_reminded_at: stamp })
      .where("order_id", "=", input.orderId)
      .where("vendor_id", "=", input.vendorId)
      .where("review_reminded_at", "is", null)
      .where("status", "=", "delivered")
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) {
      const part = await trx.selectFrom("order_parts").select(["status", "review_reminded_at"]).where("order_id", "=", input.orderId).where("vendor_id", "=", input.vendorId).executeTakeFirst();
      // Not delivered now (cancelled, or moved back): a later delivery adds a job of its own.
      return part?.review_reminded_at ? "already" : "not_delivered";
    }
    const order = await trx
      .selectFrom("orders")
      .innerJoin("user", "user.id", "orders.user_id")
      .leftJoin("customer_profiles", "customer_profiles.user_id", "orders.user_id")
      .select(["orders.number", "orders.user_id", "user.name", "user.email", "customer_profiles.review_reminders"])
      .where("orders.id", "=", input.orderId)
      .executeTakeFirst();
    if (!order) return "not_delivered";
    if (order.review_reminders !== null && Number(order.review_reminders) === 0) return "opted_out";
    const items = await trx
      .selectFrom("order_items")
      .select(["product_id", "name"])
      .where("order_id", "=", input.orderId)
      .where("vendor_id", "=", input.vendorId)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("reviews").select("reviews.id").whereRef("reviews.product_id", "=", "order_items.product_id").where("reviews.user_id", "=", order.user_id))),
      )
      .orderBy("position")
      .execute();
    const distinct = [...new Map(items.map((i) => [i.product_id, i])).values()];
    if (distinct.length === 0) return "nothing_to_review";
    await queueMail(
      trx,
      outbox,
      {
        kind: "review-reminder",
        to: order.email,
        reference: order.number,
        content: reviewReminder({
          customerName: order.name,
          orderNumber: order.number,
          items: distinct.map((i) => ({ name: i.name, reviewUrl: outbox.link(`/products/${encodeURIComponent(i.product_id)}/review`) })),
          profileUrl: outbox.link("/profile"),
        }),
      },
      now,
    );
    return "sent";
  });
}

/** Whether the customer still wants the "review what you bought" mails (on until turned off). */
export async function reviewRemindersOn(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom("customer_profiles").select("review_reminders").where("user_id", "=", userId).executeTakeFirst();
  return row ? Number(row.review_reminders) !== 0 : true;
}

/** The profile's choice: kept on the customer's profile row (made if the customer has none yet). */
export async function setReviewReminders(db: Kysely<Database>, userId: string, on: boolean, now = new Date()): Promise<void> {
  const stamp = now.toISOString();
  await db
    .insertInto("customer_profiles")
    .values({ user_id: userId, street_address: null, city: null, state: null, postal_code: null, updated_at: stamp, review_reminders: on ? 1 : 0 })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ review_reminders: on ? 1 : 0, updated_at: stamp }))
    .execute();
}
