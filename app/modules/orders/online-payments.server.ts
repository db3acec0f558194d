import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import type { Refusal } from "~/lib/outcome";
import type { Outbox, Store } from "~/modules/jobs/outbox.server";
import type { Payments, RazorpayAccount } from "~/modules/payments/gateway.server";
import { recordEvent, requestRefund } from "~/modules/payments/online.server";
import { UNPAID, isOnlineMethod, isUnpaid } from "~/modules/payments/payment-status";
import type { PayRequest } from "~/modules/payments/razorpay-checkout";
import { RazorpayError, checkoutSignatureValid, type RazorpayPayment } from "~/modules/payments/razorpay.server";
import { announceOrderPlaced } from "./mail.server";

/**
 * An order's online payment (card and UPI through Razorpay), docs/decisions/014. An order is marked
 * paid only from a payment the shop has checked itself: fetched from Razorpay after a signed
 * checkout callback, or received in a signed webhook (payments/online.server.ts hands it here),
 * captured, for the order's own Razorpay order, amount and currency. Every change is a conditional
 * update, so events applied twice, late or in any order, and callbacks racing each other, settle
 * the order once. A captured payment the order does not need (a second one, or one after the order
 * was cancelled) is refunded. An order paid is announced here, as a cash on delivery order is at
 * placing: the order's mail is the orders module's.
 */

type Db = Kysely<Database>;

/** An online order still unsettled this long after it was placed is checked against Razorpay. */
export const RECONCILE_AFTER_SECONDS = 30 * 60;

export const PAYMENT_MESSAGES = {
  gatewayDown: "Card and UPI payments are unavailable right now. Please try again in a few minutes, or choose another payment method.",
  notConfirmed:
    "We couldn't confirm this payment. If money was taken from your account, it will be confirmed or refunded automatically within 30 minutes.",
  confirmLater: "We couldn't confirm your payment just now. Your order is saved: we will confirm it automatically within 30 minutes.",
  notPayable: "This order can no longer be paid. Please place a new order.",
} as const;


async function orderOf(db: Db | Transaction<Database>, where: { id: string } | { number: string; userId: string }) {
  let q = db
    .selectFrom("orders")
    .select([
      "id",
      "number",
      "user_id",
      "status",
      "total_paise",
      "payment_method",
      "payment_status",
      "razorpay_order_id",
      "razorpay_payment_id",
      "ship_full_name",
      "ship_phone",
    ]);
  q = "id" in where ? q.where("id", "=", where.id) : q.where("number", "=", where.number).where("user_id", "=", where.userId);
  return q.executeTakeFirst();
}

export type StartPaymentResult = { ok: true; paid: true } | { ok: true; paid: false; pay: PayRequest } | Refusal<"not_found" | "conflict" | "gateway">;

/**
 * Readies a customer's unpaid card or UPI order for the browser to pay: its one Razorpay order,
 * for exactly the order's total, made on first need and reused for every later attempt.
 */
export async function startOnlinePayment(db: Db, payments: Payments, userId: string, number: string): Promise<StartPaymentResult> {
  const o = await orderOf(db, { number, userId });
  if (!o) return { ok: false, reason: "not_found", message: "Order not found." };
  if (o.payment_status === "paid") return { ok: true, paid: true };
  if (!isUnpaid(o.payment_status) || !isOnlineMethod(o.payment_method) || o.status === "cancelled") {
    return { ok: false, reason: "conflict", message: PAYMENT_MESSAGES.notPayable };
  }
  const account = await payments.razorpay();
  if (!account) return { ok: false, reason: "gateway", message: PAYMENT_MESSAGES.gatewayDown };
  let razorpayOrderId = o.razorpay_order_id;
  try {
    // A Razorpay order the gateway does not know (the demo's sandbox was restarted) is made again.
    if (razorpayOrderId && !(await razorpayOrderExists(account, razorpayOrderId))) {
      await db.updateTable("orders").set({ razorpay_order_id: null }).where("id", "=", o.id).where("razorpay_order_id", "=", razorpayOrderId).execute();
      razorpayOrderId = null;
    }
    if (!razorpayOrderId) {
      const created = await account.api.createOrder({ amount: Number(o.total_paise), currency: "INR", receipt: o.number, notes: { order_id: o.id, order_number: o.number } });
      // Two attempts at once may both create one: the first stored is the order's, the other is never paid.
      await db.updateTable("orders").set({ razorpay_order_id: created.id }).where("id", "=", o.id).where("razorpay_order_id", "is", null).execute();
      razorpayOrderId = (await orderOf(db, { id: o.id }))?.razorpay_order_id ?? created.id;
    }
  } catch (e) {
    logger.error({ err: e, order: o.number }, "razorpay: could not create an order");
    return { ok: false, reason: "gateway", message: PAYMENT_MESSAGES.gatewayDown };
  }
  const customer = await db.selectFrom("user").select("email").where("id", "=", userId).executeTakeFirst();
  return {
    ok: true,
    paid: false,
    pay: {
      number: o.number,
      razorpayOrderId,
      amount: Number(o.total_paise),
      currency: "INR",
      keyId: account.keyId,
      script: account.checkoutScript,
      prefill: { name: o.ship_full_name, email: customer?.email ?? "", contact: o.ship_phone },
    },
  };
}

export interface CheckoutCallback {
  paymentId: string;
  orderId: string;
  signature: string;
}

export type ConfirmResult = { ok: true } | Refusal<"not_found" | "invalid" | "gateway" | "conflict">;

/**
 * The browser says it paid: believed only when the signature is Razorpay's for this order's own
 * Razorpay order, and the payment, fetched from Razorpay, is captured for the order's amount.
 */
export async function confirmCheckoutPayment(
  store: Store,
  payments: Payments,
  userId: string,
  number: string,
  callback: CheckoutCallback,
  now = new Date(),
): Promise<ConfirmResult> {
  const o = await orderOf(store.db, { number, userId });
  if (!o?.razorpay_order_id) return { ok: false, reason: "not_found", message: "Order not found." };
  const account = await payments.razorpay();
  if (!account) return { ok: false, reason: "gateway", message: PAYMENT_MESSAGES.confirmLater };
  if (callback.orderId !== o.razorpay_order_id || !checkoutSignatureValid(o.razorpay_order_id, callback.paymentId, callback.signature, account.keySecret)) {
    logger.warn({ order: o.number }, "razorpay: checkout callback with a bad signature refused");
    return { ok: false, reason: "invalid", message: PAYMENT_MESSAGES.notConfirmed };
  }
  if (o.razorpay_payment_id === callback.paymentId) return { ok: true };
  let payment: RazorpayPayment;
  try {
    payment = await capturedIfAuthorized(account, await account.api.fetchPayment(callback.paymentId));
  } catch (e) {
    logger.error({ err: e, order: o.number }, "razorpay: could not fetch a payment to confirm it");
    return { ok: false, reason: "gateway", message: PAYMENT_MESSAGES.confirmLater };
  }
  const outcome = await store.db.transaction().execute(async (trx) => {
    await recordEvent(trx, `callback:${payment.id}`, "callback", o.id, payment.id, now);
    return applyPayment(trx, store.outbox, o.id, payment, now);
  });
  if (outcome === "paid" || outcome === "already") return { ok: true };
  if (outcome === "refunded") return { ok: false, reason: "conflict", message: "This order was no longer waiting for payment: your payment will be refunded." };
  return { ok: false, reason: "invalid", message: PAYMENT_MESSAGES.notConfirmed };
}

/** Razorpay answers 400 "The id provided does not exist" for an order it does not know. */
function isUnknownId(e: unknown): boolean {
  return e instanceof RazorpayError && e.status === 400 && /does not exist/i.test(e.description);
}

async function razorpayOrderExists(account: RazorpayAccount, id: string): Promise<boolean> {
  try {
    await account.api.fetchOrder(id);
    return true;
  } catch (e) {
    if (isUnknownId(e)) return false;
    throw e;
  }
}

/** Razorpay captures automatically; one left authorized (the setting was off) is captured here. */
async function capturedIfAuthorized(account: RazorpayAccount, payment: RazorpayPayment): Promise<RazorpayPayment> {
  if (payment.status !== "authorized") return payment;
  try {
    return await account.api.capturePayment(payment.id, payment.amount);
  } catch (e) {
    // Captured meanwhile (by Razorpay, or another of our requests): read it again.
    if (e instanceof RazorpayError && e.status === 400) return account.api.fetchPayment(payment.id);
    throw e;
  }
}


type Applied = "paid" | "already" | "refunded" | "failed" | "ignored";

/** A failed attempt's reason, as Razorpay words it for customers; a plain fallback. */
function failureInWords(p: Pick<RazorpayPayment, "error_description">): string {
  return p.error_description?.trim() || "The payment did not go through.";
}

/**
 * Applies what Razorpay says of one payment to the order it belongs to. Captured, for the right
 * order, amount and currency, and the order still unpaid: paid (and now announced, as a cash on
 * delivery order is at placing). Captured but not needed: refunded. Failed: the attempt's reason
 * is kept while the order is unpaid. Anything else changes nothing.
 */
export async function applyPayment(trx: Transaction<Database>, outbox: Outbox, orderId: string, p: RazorpayPayment, now: Date): Promise<Applied> {
  const o = await orderOf(trx, { id: orderId });
  if (!o || !o.razorpay_order_id || p.order_id !== o.razorpay_order_id) return "ignored";
  const stamp = now.toISOString();
  if (p.status === "failed") {
    await trx
      .updateTable("orders")
      .set({ payment_status: "failed", payment_error: failureInWords(p), updated_at: stamp })
      .where("id", "=", o.id)
      .where("payment_status", "in", UNPAID)
      .execute();
    return "failed";
  }
  if (p.status !== "captured") return "ignored";
  const exact = Number(p.amount) === Number(o.total_paise) && p.currency === "INR";
  if (!exact) logger.error({ order: o.number, payment: p.id, amount: p.amount, currency: p.currency }, "razorpay: a payment does not match its order's amount: refunding it");
  if (exact) {
    const r = await trx
      .updateTable("orders")
      .set({ payment_status: "paid", razorpay_payment_id: p.id, paid_at: stamp, payment_error: null, updated_at: stamp })
      .where("id", "=", o.id)
      .where("payment_status", "in", UNPAID)
      .where("status", "!=", "cancelled")
      .where("payment_method", "in", ["card", "upi"])
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) {
      await announceOrderPlaced(trx, outbox, o.id);
      return "paid";
    }
    const now_ = await orderOf(trx, { id: o.id });
    if (now_?.razorpay_payment_id === p.id) return "already";
  }
  await requestRefund(trx, outbox, { orderId: o.id, paymentId: p.id, amount: Number(p.amount), reason: "surplus" }, now);
  return "refunded";
}

/**
 * Settles the money of an order being cancelled, inside the cancelling transaction: a paid online
 * order is refunded; an unpaid one will never be paid. Call before announcing the cancellation.
 */
export async function settleCancelledPayment(trx: Transaction<Database>, outbox: Outbox, orderId: string, now = new Date()): Promise<void> {
  const o = await orderOf(trx, { id: orderId });
  if (!o) return;
  const stamp = now.toISOString();
  if (o.payment_status === "paid" && isOnlineMethod(o.payment_method) && o.razorpay_payment_id) {
    await trx.updateTable("orders").set({ payment_status: "refund_pending", updated_at: stamp }).where("id", "=", o.id).where("payment_status", "=", "paid").execute();
    await requestRefund(trx, outbox, { orderId: o.id, paymentId: o.razorpay_payment_id, amount: Number(o.total_paise), reason: "cancelled" }, now);
  } else if (isUnpaid(o.payment_status)) {
    await trx.updateTable("orders").set({ payment_status: "void", updated_at: stamp }).where("id", "=", o.id).where("payment_status", "in", UNPAID).execute();
  }
}

/**
 * The 30-minute check of an unpaid card or UPI order, the payments' half: whatever Razorpay holds
 * for its order is applied (a payment left authorized is captured first). "unpaid" when none is
 * captured; the order then goes (orders' reconcileOrder). Throws while Razorpay cannot be reached,
 * so the job retries.
 */
export async function collectOrderPayments(store: Store, payments: Payments, orderId: string, now = new Date()): Promise<"paid" | "unpaid" | "settled"> {
  const o = await orderOf(store.db, { id: orderId });
  if (!o || !isUnpaid(o.payment_status) || !isOnlineMethod(o.payment_method) || o.status === "cancelled") return "settled";
  if (o.razorpay_order_id) {
    const account = await payments.razorpay();
    if (!account) throw new Error("Razorpay is not configured: the order is checked again later");
    // An order Razorpay does not know was never paid (the demo's sandbox forgets its orders on restart).
    const attempts = await account.api.fetchOrderPayments(o.razorpay_order_id).catch((e: unknown) => {
      if (isUnknownId(e)) return [];
      throw e;
    });
    const settled: RazorpayPayment[] = [];
    for (const p of attempts) settled.push(await capturedIfAuthorized(account, p));
    let paid = false;
    await store.db.transaction().execute(async (trx) => {
      for (const p of settled) {
        const outcome = await applyPayment(trx, store.outbox, o.id, p, now);
        if (outcome === "paid" || outcome === "already") paid = true;
      }
    });
    if (paid) return "paid";
  }
  return "unpaid";
}

/** An administrator confirms a bank transfer arrived: the order is paid and may ship. */
export async function markTransferReceived({ db }: Store, number: string, now = new Date()): Promise<{ ok: true; message: string } | Refusal<"not_found" | "conflict">> {
  const stamp = now.toISOString();
  const r = await db
    .updateTable("orders")
    .set({ payment_status: "paid", paid_at: stamp, updated_at: stamp })
    .where("number", "=", number)
    .where("payment_method", "=", "bank_transfer")
    .where("payment_status", "=", "awaiting")
    .where("status", "!=", "cancelled")
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 1) return { ok: true, message: `Payment received for order ${number}` };
  const exists = await db.selectFrom("orders").select("id").where("number", "=", number).executeTakeFirst();
  return exists ? { ok: false, reason: "conflict", message: `Order ${number} is not awaiting a bank transfer.` } : { ok: false, reason: "not_found", message: "Order not found." };
}
