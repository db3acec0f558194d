import type { Kysely, Transaction } from "kysely";
import { lockOrder } from "~/db/order-lock.server";
import type { Database } from "~/db/schema";
import type { Refusal } from "~/lib/outcome";
import type { Outbox, Store } from "~/modules/jobs/outbox.server";
import { isOnlineMethod } from "./payment-status";

/**
 * Refunds of returns (issue 22): part of an order's payment, once per return. A card or UPI
 * order's refund is asked of Razorpay by the "payment.refund" job (runRefund, online.server.ts);
 * a cash on delivery or bank transfer order's is paid by an administrator by bank transfer and
 * marked paid here with the bank's reference (UTR). Returns call these; payments know nothing of
 * returns but their ids.
 */

type Db = Kysely<Database>;

export const REFUND_MESSAGES = {
  notFound: "Refund not found.",
  retryOnlyRazorpay: "Only a card or UPI refund of a return can be tried again.",
  retryNotFailed: "This refund has not failed, so there is nothing to try again.",
  retryDone: "This return has been refunded again already.",
  retried: "The refund will be asked of Razorpay again in a moment.",
  utr: "Enter the bank transfer's UTR: 12 to 22 letters and digits, without spaces.",
  alreadyPaid: "This refund is already marked as paid.",
  notByHand: "This refund is being paid through Razorpay: only a manual refund, or one Razorpay failed, can be paid by bank transfer.",
  paidOtherwise: "This return has been refunded again already, so this refund cannot be paid by hand as well.",
  tooMuch: "This refund is more than what is left to refund of the order.",
} as const;

/** Payment statuses of an online order whose payment may be refunded in part. */
const REFUNDABLE_ONLINE = ["paid", "refund_pending", "refunded", "refund_failed"];

/** A bank's transaction reference (NEFT, IMPS, RTGS): 12 to 22 letters and digits. */
export function normaliseUtr(value: string): string | null {
  const utr = value.trim().toUpperCase();
  return /^[A-Z0-9]{12,22}$/.test(utr) ? utr : null;
}

/**
 * What is left to refund of an order's total: refunds that have not failed count, whether asked of
 * Razorpay or paid by hand; surplus refunds give back a payment the total never included.
 */
async function leftToRefund(trx: Transaction<Database>, orderId: string, totalPaise: number): Promise<number> {
  const rows = await trx
    .selectFrom("refunds")
    .select("amount_paise")
    .where("order_id", "=", orderId)
    .where("status", "!=", "failed")
    .where("reason", "!=", "surplus")
    .execute();
  return totalPaise - rows.reduce((sum, r) => sum + Number(r.amount_paise), 0);
}

/** A refund of this return that has not failed (requested, pending or processed), other than `except`. */
async function liveRefundOfReturn(trx: Transaction<Database>, returnId: string, except?: string): Promise<boolean> {
  let q = trx.selectFrom("refunds").select("id").where("return_id", "=", returnId).where("status", "!=", "failed");
  if (except) q = q.where("id", "!=", except);
  return (await q.executeTakeFirst()) !== undefined;
}

/**
 * Refunds `amount` paise of an order for one of its returns, inside the caller's transaction:
 * a card or UPI payment through Razorpay (the row with its job; the row's id is the idempotency
 * key), cash on delivery or a bank transfer by hand (a manual row an administrator pays and marks
 * with payRefundByHand). Throws, so the caller's transaction rolls back, when the amount is more
 * than what is left to refund of the order, or the return has a refund that has not failed.
 * Returns the refund's id.
 */
export async function requestReturnRefund(
  trx: Transaction<Database>,
  outbox: Outbox,
  r: { orderId: string; returnId: string; amount: number; actorUserId: string | null },
  now = new Date(),
): Promise<string> {
  if (!Number.isSafeInteger(r.amount) || r.amount <= 0) throw new Error(`A refund is a whole number of paise above 0, not ${r.amount}`);
  if (!(await lockOrder(trx, r.orderId))) throw new Error(`No order ${r.orderId} to refund`);
  const o = await trx
    .selectFrom("orders")
    .select(["number", "total_paise", "payment_method", "payment_status", "razorpay_payment_id"])
    .where("id", "=", r.orderId)
    .executeTakeFirstOrThrow();
  if (await liveRefundOfReturn(trx, r.returnId)) throw new Error(`Return ${r.returnId} already has a refund that has not failed`);
  const left = await leftToRefund(trx, r.orderId, Number(o.total_paise));
  if (r.amount > left) throw new Error(`${REFUND_MESSAGES.tooMuch} (order ${o.number}: ${r.amount} paise asked, ${left} left)`);

  const online = isOnlineMethod(o.payment_method) && o.razorpay_payment_id !== null && REFUNDABLE_ONLINE.includes(o.payment_status);
  const byHand = o.payment_method === "cod" || o.payment_method === "bank_transfer";
  if (!online && !byHand) throw new Error(`Order ${o.number} has no payment to refund (${o.payment_method}, ${o.payment_status})`);

  const id = crypto.randomUUID();
  const stamp = now.toISOString();
  await trx
    .insertInto("refunds")
    .values({
      id,
      order_id: r.orderId,
      payment_id: online ? o.razorpay_payment_id : null,
      amount_paise: r.amount,
      status: "requested",
      razorpay_refund_id: null,
      failure: null,
      reason: "return",
      return_id: r.returnId,
      method: online ? "razorpay" : "manual",
      utr: null,
      actor_user_id: r.actorUserId,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  if (online) await outbox.jobs.add(trx, "payment.refund", { refundId: id });
  return id;
}

export type RefundOutcome<R extends string> = { ok: true; message: string } | Refusal<R>;

/**
 * Tries a return's card or UPI refund again after Razorpay failed it: a new row (its id a new
 * idempotency key) for the same return and amount, with its job. The failed row stays, as history.
 */
export async function retryRefund(store: Store, r: { refundId: string; actorUserId: string | null }, now = new Date()): Promise<RefundOutcome<"not_found" | "conflict">> {
  return store.db.transaction().execute(async (trx): Promise<RefundOutcome<"not_found" | "conflict">> => {
    const before = await trx.selectFrom("refunds").select("order_id").where("id", "=", r.refundId).executeTakeFirst();
    if (!before) return { ok: false, reason: "not_found", message: REFUND_MESSAGES.notFound };
    await lockOrder(trx, before.order_id);
    const f = await trx.selectFrom("refunds").selectAll().where("id", "=", r.refundId).executeTakeFirstOrThrow();
    if (f.method !== "razorpay" || f.return_id === null || f.payment_id === null) return { ok: false, reason: "conflict", message: REFUND_MESSAGES.retryOnlyRazorpay };
    if (f.status !== "failed") return { ok: false, reason: "conflict", message: REFUND_MESSAGES.retryNotFailed };
    if (await liveRefundOfReturn(trx, f.return_id)) return { ok: false, reason: "conflict", message: REFUND_MESSAGES.retryDone };
    const o = await trx.selectFrom("orders").select("total_paise").where("id", "=", f.order_id).executeTakeFirstOrThrow();
    if (Number(f.amount_paise) > (await leftToRefund(trx, f.order_id, Number(o.total_paise)))) {
      return { ok: false, reason: "conflict", message: REFUND_MESSAGES.tooMuch };
    }
    const id = crypto.randomUUID();
    const stamp = now.toISOString();
    await trx
      .insertInto("refunds")
      .values({
        id,
        order_id: f.order_id,
        payment_id: f.payment_id,
        amount_paise: f.amount_paise,
        status: "requested",
        razorpay_refund_id: null,
        failure: null,
        reason: f.reason,
        return_id: f.return_id,
        method: "razorpay",
        utr: null,
        actor_user_id: r.actorUserId,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await store.outbox.jobs.add(trx, "payment.refund", { refundId: id });
    return { ok: true, message: REFUND_MESSAGES.retried };
  });
}

/**
 * An administrator paid a refund by bank transfer: a manual refund, or one Razorpay failed (paid
 * this way instead of trying again). Marked processed with the bank's UTR, once however often it
 * is posted. A cancelled order's refund paid this way leaves the order refunded.
 */
export async function payRefundByHand(
  store: Store,
  r: { refundId: string; utr: string; actorUserId: string | null },
  now = new Date(),
): Promise<RefundOutcome<"not_found" | "invalid" | "conflict">> {
  const utr = normaliseUtr(r.utr);
  if (!utr) return { ok: false, reason: "invalid", message: REFUND_MESSAGES.utr };
  return store.db.transaction().execute(async (trx): Promise<RefundOutcome<"not_found" | "invalid" | "conflict">> => {
    const before = await trx.selectFrom("refunds").select("order_id").where("id", "=", r.refundId).executeTakeFirst();
    if (!before) return { ok: false, reason: "not_found", message: REFUND_MESSAGES.notFound };
    await lockOrder(trx, before.order_id);
    const f = await trx.selectFrom("refunds").selectAll().where("id", "=", r.refundId).executeTakeFirstOrThrow();
    if (f.status === "processed") return { ok: false, reason: "conflict", message: REFUND_MESSAGES.alreadyPaid };
    const payable = (f.method === "manual" && f.status === "requested") || (f.method === "razorpay" && f.status === "failed");
    if (!payable) return { ok: false, reason: "conflict", message: REFUND_MESSAGES.notByHand };
    if (f.method === "razorpay" && f.return_id !== null && (await liveRefundOfReturn(trx, f.return_id, f.id))) {
      return { ok: false, reason: "conflict", message: REFUND_MESSAGES.paidOtherwise };
    }
    const stamp = now.toISOString();
    const u = await trx
      .updateTable("refunds")
      .set({ status: "processed", method: "manual", utr, actor_user_id: r.actorUserId, updated_at: stamp })
      .where("id", "=", f.id)
      .where("status", "=", f.status)
      .where("method", "=", f.method)
      .executeTakeFirst();
    if (Number(u.numUpdatedRows) !== 1) return { ok: false, reason: "conflict", message: REFUND_MESSAGES.alreadyPaid };
    if (f.reason === "cancelled") {
      await trx
        .updateTable("orders")
        .set({ payment_status: "refunded", updated_at: stamp })
        .where("id", "=", f.order_id)
        .where("payment_status", "in", ["refund_pending", "refund_failed"])
        .execute();
    }
    return { ok: true, message: `Refund marked as paid by bank transfer (UTR ${utr}).` };
  });
}

export interface ReturnRefund {
  id: string;
  /** requested | pending | processed | failed */
  status: string;
  amountPaise: number;
  /** razorpay | manual */
  method: string;
  razorpayRefundId: string | null;
  failure: string | null;
  utr: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Each return's refunds, newest first (a failed one and its retry both show); every id asked for has a list. */
export async function refundsOfReturns(db: Db, returnIds: readonly string[]): Promise<Record<string, ReturnRefund[]>> {
  const byReturn: Record<string, ReturnRefund[]> = Object.fromEntries(returnIds.map((id) => [id, []]));
  if (returnIds.length === 0) return byReturn;
  const rows = await db
    .selectFrom("refunds")
    .select(["id", "return_id", "status", "amount_paise", "method", "razorpay_refund_id", "failure", "utr", "created_at", "updated_at"])
    .where("return_id", "in", [...returnIds])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  for (const r of rows) {
    byReturn[r.return_id!]?.push({
      id: r.id,
      status: r.status,
      amountPaise: Number(r.amount_paise),
      method: r.method,
      razorpayRefundId: r.razorpay_refund_id,
      failure: r.failure,
      utr: r.utr,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    });
  }
  return byReturn;
}
