import { createHash } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import type { Outbox, Store } from "~/modules/jobs/outbox.server";
import type { Payments } from "./gateway.server";
import { RazorpayError, webhookSignatureValid, type RazorpayPayment, type RazorpayRefund, type RazorpayTransfer } from "./razorpay.server";

/**
 * Razorpay's side of online payments (docs/decisions/014): its webhooks, checked, recorded once by
 * event id and handed to the domain they are about (an order's payment to the orders module, a
 * Route transfer to the sellers' payouts); and whole-payment refunds, asked of Razorpay by the
 * "payment.refund" job and moved forward by its answers and webhooks.
 */

/** Records an event's id once; false when it was already recorded (a webhook delivered again). */
export async function recordEvent(trx: Transaction<Database>, id: string, event: string, orderId: string | null, paymentId: string | null, now: Date): Promise<boolean> {
  const r = await trx
    .insertInto("payment_events")
    .values({ id, event, order_id: orderId, payment_id: paymentId, received_at: now.toISOString() })
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return r !== undefined;
}

/**
 * Asks for a full refund of one payment, once whatever calls it: the refunds row (unique per
 * payment among whole-order refunds) is written with its job in the caller's transaction, and its id is Razorpay's
 * idempotency key.
 */
export async function requestRefund(
  trx: Transaction<Database>,
  outbox: Outbox,
  r: { orderId: string; paymentId: string; amount: number; reason: "cancelled" | "surplus" },
  now: Date,
): Promise<void> {
  const id = crypto.randomUUID();
  const stamp = now.toISOString();
  const inserted = await trx
    .insertInto("refunds")
    .values({ id, order_id: r.orderId, payment_id: r.paymentId, amount_paise: r.amount, status: "requested", razorpay_refund_id: null, failure: null, reason: r.reason, created_at: stamp, updated_at: stamp })
    // The partial index refunds_once_per_payment (migration 0011): once per payment among whole-order refunds.
    .onConflict((oc) => oc.column("payment_id").where("return_id", "is", null).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) await outbox.jobs.add(trx, "payment.refund", { refundId: id });
}

/**
 * The refund job: asks Razorpay (idempotently, our row's id as the key) and records what it
 * answered. Our id goes with the refund as a note, so its webhooks find this row again.
 */
export async function runRefund(store: Store, payments: Payments, refundId: string, now = new Date()): Promise<void> {
  const r = await store.db.selectFrom("refunds").selectAll().where("id", "=", refundId).executeTakeFirst();
  // A refund paid by hand (payment_id null) is marked paid by an administrator, not asked of Razorpay.
  if (!r || r.status !== "requested" || r.method !== "razorpay" || r.payment_id === null) return;
  const paymentId = r.payment_id;
  const order = await store.db.selectFrom("orders").select("number").where("id", "=", r.order_id).executeTakeFirstOrThrow();
  const account = await payments.razorpay();
  if (!account) throw new Error("Razorpay is not configured: the refund waits until it is");
  let refund: RazorpayRefund;
  try {
    refund = await account.api.refundPayment(paymentId, { amount: Number(r.amount_paise), idempotencyKey: r.id, receipt: order.number, notes: { refund_id: r.id } });
  } catch (e) {
    // Refused for good (not a passing outage or a request still in progress): record it for the admin.
    if (e instanceof RazorpayError && e.status >= 400 && e.status < 500 && e.status !== 409 && e.status !== 429) {
      await store.db.transaction().execute((trx) => applyRefund(trx, r.id, { status: "failed", id: null, failure: e.description }, now));
      return;
    }
    throw e;
  }
  await store.db.transaction().execute((trx) => applyRefund(trx, r.id, { status: refund.status, id: refund.id, failure: null }, now));
}

/**
 * Our refund a webhook's refund is about: by the id we sent as a note, else by Razorpay's refund
 * id (stored once the job had its answer), else, for refunds asked for before notes were sent,
 * the payment's one whole-order refund.
 */
async function refundOfWebhook(trx: Transaction<Database>, refund: RazorpayRefund): Promise<string | undefined> {
  const noted = !Array.isArray(refund.notes) && typeof refund.notes?.refund_id === "string" ? refund.notes.refund_id : undefined;
  if (noted) {
    const r = await trx.selectFrom("refunds").select("id").where("id", "=", noted).where("payment_id", "=", refund.payment_id).executeTakeFirst();
    if (r) return r.id;
  }
  if (refund.id) {
    const r = await trx.selectFrom("refunds").select("id").where("razorpay_refund_id", "=", refund.id).executeTakeFirst();
    if (r) return r.id;
  }
  const r = await trx.selectFrom("refunds").select("id").where("payment_id", "=", refund.payment_id).where("return_id", "is", null).executeTakeFirst();
  return r?.id;
}

/**
 * Moves one refund forward: requested → pending → processed or failed; never back. The order's
 * payment status follows only a cancelled order's refund: a return's refund is of part of it.
 */
async function applyRefund(
  trx: Transaction<Database>,
  refundId: string,
  update: { status: "pending" | "processed" | "failed"; id: string | null; failure: string | null },
  now: Date,
): Promise<void> {
  const stamp = now.toISOString();
  const from = update.status === "pending" ? ["requested"] : ["requested", "pending"];
  const r = await trx
    .updateTable("refunds")
    .set((eb) => ({
      status: update.status,
      razorpay_refund_id: update.id === null ? eb.ref("razorpay_refund_id") : update.id,
      failure: update.failure,
      updated_at: stamp,
    }))
    .where("id", "=", refundId)
    .where("method", "=", "razorpay")
    .where("status", "in", from)
    .returning(["order_id", "reason"])
    .executeTakeFirst();
  if (!r || r.reason !== "cancelled" || update.status === "pending") return;
  await trx
    .updateTable("orders")
    .set({ payment_status: update.status === "processed" ? "refunded" : "refund_failed", updated_at: stamp })
    .where("id", "=", r.order_id)
    .where("payment_status", "in", ["refund_pending", "refund_failed"])
    .execute();
}

interface WebhookBody {
  event?: string;
  payload?: { payment?: { entity?: RazorpayPayment }; refund?: { entity?: RazorpayRefund }; transfer?: { entity?: RazorpayTransfer } };
}

/**
 * What the shop does with the events of domains above payments: an order's payment belongs to the
 * orders module, a Route transfer's to the sellers' payouts; the composition root hands them in
 * (server/razorpay-webhooks.ts). Each runs in the transaction that recorded the event, once per
 * event id; it must not call out.
 */
export interface WebhookHandlers {
  payment?: (trx: Transaction<Database>, orderId: string, payment: RazorpayPayment, now: Date) => Promise<void>;
  transfer?: (trx: Transaction<Database>, transfer: RazorpayTransfer) => Promise<void>;
}

export interface WebhookAnswer {
  status: 200 | 400 | 503;
  message: string;
}

/**
 * A webhook from Razorpay: signed over its raw body with the webhook secret, applied once (by its
 * event id) in one transaction with that record, and answered at once: nothing here calls out.
 */
export async function receiveWebhook(
  store: Store,
  payments: Payments,
  rawBody: Buffer,
  headers: { signature: string | undefined; eventId: string | undefined },
  now = new Date(),
  handlers: WebhookHandlers = {},
): Promise<WebhookAnswer> {
  const account = await payments.razorpay();
  // Not set up yet: Razorpay keeps retrying for a day, and the 30-minute check settles orders meanwhile.
  if (!account?.webhookSecret) return { status: 503, message: "webhooks are not set up" };
  if (!headers.signature || !webhookSignatureValid(rawBody, headers.signature, account.webhookSecret)) return { status: 400, message: "invalid signature" };
  let body: WebhookBody;
  try {
    body = JSON.parse(rawBody.toString("utf8")) as WebhookBody;
  } catch {
    return { status: 400, message: "not JSON" };
  }
  const event = body.event ?? "";
  const eventId = headers.eventId ?? `sha256:${createHash("sha256").update(rawBody).digest("hex")}`;
  const payment = body.payload?.payment?.entity;
  const refund = body.payload?.refund?.entity;
  const transfer = body.payload?.transfer?.entity;
  await store.db.transaction().execute(async (trx) => {
    const order = payment?.order_id ? await trx.selectFrom("orders").select("id").where("razorpay_order_id", "=", payment.order_id).executeTakeFirst() : undefined;
    if (!(await recordEvent(trx, eventId, event, order?.id ?? null, payment?.id ?? refund?.payment_id ?? null, now))) return;
    switch (event) {
      case "payment.captured":
      case "payment.failed":
      case "order.paid":
        if (payment && order && handlers.payment) await handlers.payment(trx, order.id, payment, now);
        return;
      case "refund.processed":
      case "refund.failed":
        if (refund) {
          const refundId = await refundOfWebhook(trx, refund);
          if (!refundId) {
            logger.warn({ refund: refund.id, payment: refund.payment_id }, "razorpay: a refund webhook about no refund of ours");
            return;
          }
          await applyRefund(trx, refundId, { status: event === "refund.processed" ? "processed" : "failed", id: refund.id, failure: event === "refund.failed" ? "Razorpay could not process the refund." : null }, now);
        }
        return;
      case "transfer.processed":
      case "transfer.failed":
        if (transfer?.id && handlers.transfer) await handlers.transfer(trx, transfer);
        return;
      // payment.authorized: Razorpay captures it next; one left authorized is captured by the 30-minute check.
    }
  });
  return { status: 200, message: "ok" };
}

/** A captured payment of one of the shop's orders, as Razorpay holds it (amounts in paise). */
export interface HeldPayment {
  id: string;
  orderId: string;
  amount: number;
  amountRefunded: number;
  method: "card" | "upi";
  createdAt: string;
}

/**
 * The card and UPI payments the shop holds as paid (some refunded in part), with what refunds that
 * have not failed took back. The Razorpay sandbox forgets everything when it stops, but Razorpay
 * would not: the composition root hands it these at start, so their refunds still work after a
 * restart (and the demo's seeded ones at all).
 */
export async function paymentsHeld(db: Kysely<Database>): Promise<HeldPayment[]> {
  const [orders, refunds] = await Promise.all([
    db
      .selectFrom("orders")
      .select(["razorpay_order_id", "razorpay_payment_id", "total_paise", "payment_method", "paid_at", "created_at"])
      .where("payment_method", "in", ["card", "upi"])
      .where("payment_status", "in", ["paid", "refund_pending", "refunded", "refund_failed"])
      .where("razorpay_order_id", "is not", null)
      .where("razorpay_payment_id", "is not", null)
      .execute(),
    db
      .selectFrom("refunds")
      .select(["payment_id", (eb) => eb.fn.sum<string | number>("amount_paise").as("refunded")])
      .where("payment_id", "is not", null)
      .where("status", "!=", "failed")
      .groupBy("payment_id")
      .execute(),
  ]);
  const refunded = new Map(refunds.map((r) => [r.payment_id!, Number(r.refunded)]));
  return orders.map((o) => ({
    id: o.razorpay_payment_id!,
    orderId: o.razorpay_order_id!,
    amount: Number(o.total_paise),
    amountRefunded: Math.min(Number(o.total_paise), refunded.get(o.razorpay_payment_id!) ?? 0),
    method: o.payment_method === "upi" ? "upi" : "card",
    createdAt: o.paid_at ?? o.created_at,
  }));
}
