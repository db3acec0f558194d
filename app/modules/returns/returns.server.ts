import type { Kysely, Transaction } from "kysely";
import { lockOrder } from "~/db/order-lock.server";
import type { Database } from "~/db/schema";
import type { Refusal } from "~/lib/outcome";
import type { Store } from "~/modules/jobs/outbox.server";
import { putBackInStock } from "~/modules/catalog/products.server";
import { formatOrderDate } from "~/lib/dates";
import { creditNoteNumber, financialYear, invoiceNumber, splitGst } from "~/modules/gst/gst";
import { sellerInvoices } from "~/modules/orders/invoice";
import type { ShipmentInput } from "~/modules/orders/shipment";
import { nextStep, type FulfilmentStep } from "~/modules/orders/status";
import { refundsOfReturns, requestReturnRefund, type ReturnRefund } from "~/modules/payments/refunds.server";
import { announceReturn } from "./mail.server";
import {
  MAX_RETURN_PHOTOS,
  holdsItems,
  isReturnReason,
  mayMove,
  photosRequired,
  reasonLabel,
  refundFor,
  resolutionsFor,
  returnStatusLabel,
  returnWindowClosesAt,
  windowClosesAt,
  withinWindow,
  type Resolution,
  type ReturnReason,
  type ReturnStatus,
} from "./rules";
import type { SellerAction } from "./seller-actions";

/**
 * Returns and replacements (docs/decisions/022-returns.md): a customer asks, the seller (or an
 * administrator for them) answers, picks up, inspects, and then refunds or ships a replacement.
 * Every change is one transaction: the request's row moves from the state the actor saw (a
 * conditional update, so two clicks change it once), with its history row, its mail and its jobs.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export type ReturnOutcome<T = unknown> = ({ ok: true; message: string } & T) | Refusal<"invalid" | "not_found" | "stale" | "conflict" | "forbidden">;

/** Who acts on a request: its customer, its seller, or an administrator (for any seller). */
export type ReturnActor = { role: "customer"; userId: string } | { role: "vendor"; userId: string; vendorId: string } | { role: "admin"; userId: string };

export const RETURN_MESSAGES = {
  notFound: "Return request not found.",
  orderNotFound: "Order not found.",
  notDelivered: "Only delivered items can be returned.",
  tooMany: "You cannot return more than was delivered and not already returned.",
  notReturnable: "This item cannot be returned.",
  reasonNotAllowed: "This reason is not accepted for this item.",
  resolutionNotAllowed: "Choose one of the offered resolutions.",
  photosNeeded: `Add 1 to ${MAX_RETURN_PHOTOS} photos showing the problem.`,
  detailsNeeded: "Describe the problem in a few words.",
  refundToNeeded: "Tell us where to send your refund.",
} as const;

const nowIso = (now: Date) => now.toISOString();

/** A history row; an administrator's own is marked so, as the customer and the seller read it. */
async function record(trx: Trx, returnId: string, status: string, note: string | null, actor: ReturnActor | null, stamp: string): Promise<void> {
  if (actor?.role === "admin") note = [note, "by an administrator"].filter(Boolean).join(" · ");
  await trx
    .insertInto("return_history")
    .values({ id: crypto.randomUUID(), return_id: returnId, status, note, actor_user_id: actor?.userId ?? null, actor_role: actor?.role ?? "system", created_at: stamp })
    .execute();
}

// ---------------------------------------------------------------------------------------------
// What the order page offers

export interface ReturnableLine {
  orderItemId: string;
  productId: string;
  name: string;
  vendorId: string;
  quantity: number;
  /** What one unit cost on the order, in paise. */
  unitPrice: number;
  /** Units still free to return (delivered, not held by a request). */
  available: number;
  deliveredAt: string | null;
  /** When Return or replace closes (7 days); damage closes sooner (48 hours). */
  closesAt: string | null;
  damageClosesAt: string | null;
  open: boolean;
  /** The reasons this item may come back for, each with its resolutions, still within its window. */
  reasons: { value: ReturnReason; label: string; resolutions: Resolution[]; photos: boolean }[];
  rule: string;
}

/** For each line of a customer's order: whether, how much and for what it may still be returned. */
export async function returnableLines(db: Db | Trx, orderId: string, now = new Date()): Promise<ReturnableLine[]> {
  const [lines, held] = await Promise.all([
    db
      .selectFrom("order_items")
      .innerJoin("order_parts", (j) => j.onRef("order_parts.order_id", "=", "order_items.order_id").onRef("order_parts.vendor_id", "=", "order_items.vendor_id"))
      .innerJoin("products", "products.id", "order_items.product_id")
      .leftJoin("categories", "categories.name", "products.category")
      .select([
        "order_items.id",
        "order_items.product_id",
        "order_items.name",
        "order_items.vendor_id",
        "order_items.quantity",
        "order_items.unit_price_paise",
        "order_parts.status",
        "order_parts.delivered_at",
        "categories.return_rule",
      ])
      .where("order_items.order_id", "=", orderId)
      .orderBy("order_items.position")
      .execute(),
    heldUnits(db, orderId),
  ]);
  return lines.map((l) => {
    const rule = l.return_rule ?? "returnable";
    const deliveredAt = l.status === "delivered" ? l.delivered_at : null;
    const available = deliveredAt ? Math.max(0, Number(l.quantity) - (held.get(l.id) ?? 0)) : 0;
    const reasons = deliveredAt
      ? (["damaged", "defective", "wrong_item", "missing_parts", "not_needed"] as const)
          .filter((reason) => withinWindow(deliveredAt, reason, now))
          .map((reason) => ({ value: reason, label: reasonLabel(reason), resolutions: resolutionsFor(rule, reason), photos: photosRequired(reason) }))
          .filter((r) => r.resolutions.length > 0)
      : [];
    return {
      orderItemId: l.id,
      productId: l.product_id,
      name: l.name,
      vendorId: l.vendor_id,
      quantity: Number(l.quantity),
      unitPrice: Number(l.unit_price_paise),
      available,
      deliveredAt,
      closesAt: deliveredAt ? returnWindowClosesAt(deliveredAt).toISOString() : null,
      damageClosesAt: deliveredAt ? windowClosesAt(deliveredAt, "damaged").toISOString() : null,
      open: available > 0 && reasons.length > 0,
      reasons,
      rule,
    };
  });
}

/** Units of each order line held by requests that still hold them. */
async function heldUnits(db: Db | Trx, orderId: string): Promise<Map<string, number>> {
  const rows = await db.selectFrom("returns").select(["order_item_id", "quantity", "status"]).where("order_id", "=", orderId).execute();
  const held = new Map<string, number>();
  for (const r of rows) if (holdsItems(r.status)) held.set(r.order_item_id, (held.get(r.order_item_id) ?? 0) + Number(r.quantity));
  return held;
}

// ---------------------------------------------------------------------------------------------
// The customer asks

export interface ReturnRequestInput {
  userId: string;
  orderNumber: string;
  orderItemId: string;
  quantity: number;
  reason: string;
  resolution: string;
  details: string;
  serialNumber: string | null;
  photos: string[];
  /** Where a cash-on-delivery or bank-transfer refund goes, already checked: sealed and masked. */
  refundTo: { sealed: string; masked: string } | null;
}

/** Does this order's refund go back through Razorpay (card, UPI), or by hand to details the customer gives? */
export function refundGoesBackOnline(paymentMethod: string): boolean {
  return paymentMethod === "card" || paymentMethod === "upi";
}

export async function requestReturn({ db, outbox }: Store, input: ReturnRequestInput, now = new Date()): Promise<ReturnOutcome<{ number: string }>> {
  const reason = input.reason;
  if (!isReturnReason(reason)) return { ok: false, reason: "invalid", message: RETURN_MESSAGES.reasonNotAllowed };
  if (!Number.isInteger(input.quantity) || input.quantity < 1) return { ok: false, reason: "invalid", message: RETURN_MESSAGES.tooMany };
  if (input.details.trim().length === 0) return { ok: false, reason: "invalid", message: RETURN_MESSAGES.detailsNeeded };
  if (input.photos.length > MAX_RETURN_PHOTOS || (photosRequired(reason) && input.photos.length === 0)) {
    return { ok: false, reason: "invalid", message: RETURN_MESSAGES.photosNeeded };
  }
  return db.transaction().execute(async (trx): Promise<ReturnOutcome<{ number: string }>> => {
    const order = await trx
      .selectFrom("orders")
      .select(["id", "number", "payment_method", "shipping_paise"])
      .where("number", "=", input.orderNumber)
      .where("user_id", "=", input.userId)
      .executeTakeFirst();
    if (!order) return { ok: false, reason: "not_found", message: RETURN_MESSAGES.orderNotFound };
    const stamp = nowIso(now);
    await lockOrder(trx, order.id);
    const line = (await returnableLines(trx, order.id, now)).find((l) => l.orderItemId === input.orderItemId);
    if (!line) return { ok: false, reason: "not_found", message: RETURN_MESSAGES.orderNotFound };
    if (!line.deliveredAt) return { ok: false, reason: "conflict", message: RETURN_MESSAGES.notDelivered };
    if (line.rule === "not_returnable") return { ok: false, reason: "conflict", message: RETURN_MESSAGES.notReturnable };
    if (!withinWindow(line.deliveredAt, reason, now)) {
      return { ok: false, reason: "conflict", message: `The window to return this item for “${reasonLabel(reason)}” closed on ${formatOrderDate(windowClosesAt(line.deliveredAt, reason).toISOString())}.` };
    }
    const allowed = resolutionsFor(line.rule, reason);
    if (allowed.length === 0) return { ok: false, reason: "invalid", message: RETURN_MESSAGES.reasonNotAllowed };
    if (!allowed.includes(input.resolution as Resolution)) return { ok: false, reason: "invalid", message: RETURN_MESSAGES.resolutionNotAllowed };
    const resolution = input.resolution as Resolution;
    if (input.quantity > line.available) return { ok: false, reason: "conflict", message: RETURN_MESSAGES.tooMany };
    const manualRefund = resolution === "refund" && !refundGoesBackOnline(order.payment_method);
    if (manualRefund && !input.refundTo) return { ok: false, reason: "invalid", message: RETURN_MESSAGES.refundToNeeded };

    const amounts = await amountsFor(trx, { orderId: order.id, vendorId: line.vendorId, orderItemId: line.orderItemId, quantity: input.quantity, reason, shipping: Number(order.shipping_paise) });
    const count = await trx.selectFrom("returns").select((eb) => eb.fn.countAll<number>().as("n")).where("order_id", "=", order.id).executeTakeFirstOrThrow();
    const id = crypto.randomUUID();
    const number = `${order.number}-R${Number(count.n) + 1}`;
    await trx
      .insertInto("returns")
      .values({
        id,
        number,
        order_id: order.id,
        order_number: order.number,
        vendor_id: line.vendorId,
        customer_user_id: input.userId,
        order_item_id: line.orderItemId,
        product_id: line.productId,
        product_name: line.name,
        unit_price_paise: line.unitPrice,
        quantity: input.quantity,
        reason,
        resolution,
        details: input.details.trim(),
        serial_number: input.serialNumber?.trim() || null,
        status: "requested",
        refund_items_paise: resolution === "refund" ? amounts.items : 0,
        refund_tax_paise: resolution === "refund" ? amounts.tax : 0,
        refund_shipping_paise: resolution === "refund" ? amounts.shipping : 0,
        refund_total_paise: resolution === "refund" ? amounts.total : 0,
        refund_to_sealed: manualRefund ? input.refundTo!.sealed : null,
        refund_to_masked: manualRefund ? input.refundTo!.masked : null,
        pickup_carrier: null,
        pickup_reference: null,
        decision_note: null,
        replacement_status: null,
        replacement_carrier: null,
        replacement_tracking: null,
        answered_at: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    if (input.photos.length > 0) {
      await trx
        .insertInto("return_photos")
        .values(input.photos.map((url, position) => ({ return_id: id, position, url })))
        .execute();
    }
    await record(trx, id, "requested", null, { role: "customer", userId: input.userId }, stamp);
    await announceReturn(trx, outbox, id, "requested");
    return { ok: true, number, message: `Return request ${number} sent. The seller will answer within 48 hours.` };
  });
}

/**
 * The refund of `quantity` units of one line: see refundFor. What earlier requests of the order
 * hold (never the rejected, withdrawn or refused) is counted before this one.
 */
async function amountsFor(trx: Trx, r: { orderId: string; vendorId: string; orderItemId: string; quantity: number; reason: ReturnReason; shipping: number; excludeReturnId?: string }) {
  const [items, returns] = await Promise.all([
    trx.selectFrom("order_items").select(["id", "vendor_id", "unit_price_paise", "quantity"]).where("order_id", "=", r.orderId).execute(),
    trx.selectFrom("returns").select(["id", "order_item_id", "vendor_id", "unit_price_paise", "quantity", "status", "resolution"]).where("order_id", "=", r.orderId).execute(),
  ]);
  const earlier = returns.filter((x) => holdsItems(x.status) && x.id !== r.excludeReturnId);
  const refunded = earlier.filter((x) => x.resolution === "refund");
  const item = items.find((i) => i.id === r.orderItemId)!;
  return refundFor({
    unitPrice: Number(item.unit_price_paise),
    quantity: r.quantity,
    reason: r.reason,
    sellerReturnedBefore: refunded.filter((x) => x.vendor_id === r.vendorId).reduce((s, x) => s + Number(x.unit_price_paise) * Number(x.quantity), 0),
    orderUnits: items.reduce((s, i) => s + Number(i.quantity), 0),
    orderUnitsReturned: refunded.reduce((s, x) => s + Number(x.quantity), 0) + r.quantity,
    orderShipping: r.shipping,
  });
}

/** The customer takes a request back, until the pickup. */
export async function withdrawReturn(store: Store, input: { userId: string; number: string }, now = new Date()): Promise<ReturnOutcome> {
  return move(store, { role: "customer", userId: input.userId }, input.number, now, async (trx, r, stamp) => {
    if (!mayMove(r.status, "withdrawn")) return { ok: false, reason: "conflict", message: `Return ${r.number} is ${returnStatusLabel(r.status)} and can no longer be withdrawn.` };
    await trx.updateTable("returns").set({ status: "withdrawn", updated_at: stamp }).where("id", "=", r.id).where("status", "=", r.status).execute();
    return { to: "withdrawn", note: null, message: `Return ${r.number} withdrawn.` };
  });
}

// ---------------------------------------------------------------------------------------------
// The seller (or an administrator) answers

type ReturnRow = Awaited<ReturnType<typeof loadForActor>>;

async function loadForActor(trx: Trx, actor: ReturnActor, number: string) {
  let q = trx.selectFrom("returns").selectAll().where("number", "=", number);
  if (actor.role === "customer") q = q.where("customer_user_id", "=", actor.userId);
  if (actor.role === "vendor") q = q.where("vendor_id", "=", actor.vendorId);
  return q.executeTakeFirst();
}

type Step = { to: ReturnStatus; note: string | null; message: string } | Refusal<"invalid" | "conflict" | "stale">;

/**
 * One change of a request, as `actor`: found within what the actor may see (another seller's or
 * customer's looks like none), the order locked, `step` applied from the state read here, and the
 * history row and mail written with it. `step` refuses, or says the state it moved to.
 */
async function move(
  { db, outbox }: Store,
  actor: ReturnActor,
  number: string,
  now: Date,
  step: (trx: Trx, r: NonNullable<ReturnRow>, stamp: string) => Promise<Step>,
  expected?: string,
): Promise<ReturnOutcome> {
  return db.transaction().execute(async (trx): Promise<ReturnOutcome> => {
    const found = await loadForActor(trx, actor, number);
    if (!found) return { ok: false, reason: "not_found", message: RETURN_MESSAGES.notFound };
    const stamp = nowIso(now);
    await lockOrder(trx, found.order_id);
    const r = (await loadForActor(trx, actor, number))!;
    if (expected !== undefined && r.status !== expected) {
      return { ok: false, reason: "stale", message: `Return ${r.number} is already ${returnStatusLabel(r.status)}; nothing was changed.` };
    }
    const outcome = await step(trx, r, stamp);
    if ("ok" in outcome) return outcome;
    if (actor.role !== "customer" && r.answered_at === null) await trx.updateTable("returns").set({ answered_at: stamp }).where("id", "=", r.id).execute();
    await record(trx, r.id, outcome.to, outcome.note, actor, stamp);
    await announceReturn(trx, outbox, r.id, outcome.to);
    return { ok: true, message: outcome.message };
  });
}

/** A seller acting on its own requests, or an administrator for any seller. */
export type SellerActor = Extract<ReturnActor, { role: "vendor" | "admin" }>;

export async function approveReturn(store: Store, actor: SellerActor, input: { number: string; from: string; pickup: ShipmentInput }, now = new Date()): Promise<ReturnOutcome> {
  return move(
    store,
    actor,
    input.number,
    now,
    async (trx, r, stamp) => {
      if (!mayMove(r.status, "approved")) return { ok: false, reason: "conflict", message: `Return ${r.number} cannot be approved now.` };
      await trx
        .updateTable("returns")
        .set({ status: "approved", pickup_carrier: input.pickup.carrier, pickup_reference: input.pickup.trackingNumber, updated_at: stamp })
        .where("id", "=", r.id)
        .execute();
      return { to: "approved", note: `Pickup by ${input.pickup.carrier}, reference ${input.pickup.trackingNumber}`, message: `Return ${r.number} approved.` };
    },
    input.from,
  );
}

export async function rejectReturn(store: Store, actor: SellerActor, input: { number: string; from: string; reason: string }, now = new Date()): Promise<ReturnOutcome> {
  return turnDown(store, actor, input, "rejected", now);
}

export async function markPickedUp(store: Store, actor: SellerActor, input: { number: string; from: string }, now = new Date()): Promise<ReturnOutcome> {
  return move(
    store,
    actor,
    input.number,
    now,
    async (trx, r, stamp) => {
      if (!mayMove(r.status, "picked_up")) return { ok: false, reason: "conflict", message: `Return ${r.number} cannot be marked picked up now.` };
      await trx.updateTable("returns").set({ status: "picked_up", updated_at: stamp }).where("id", "=", r.id).execute();
      return { to: "picked_up", note: null, message: `Return ${r.number} marked picked up.` };
    },
    input.from,
  );
}

/**
 * The item is back and inspected: accepted (acceptReturn) or refused (refuseReturn), as the
 * inspection form says.
 */
export async function inspectReturn(
  store: Store,
  actor: SellerActor,
  input: { number: string; from: string; accepted: boolean; restock: boolean; note: string },
  now = new Date(),
): Promise<ReturnOutcome> {
  return input.accepted ? acceptReturn(store, actor, input, now) : refuseReturn(store, actor, input, now);
}

/** Refused on inspection: the item goes back to the customer, with the reason. */
export async function refuseReturn(store: Store, actor: SellerActor, input: { number: string; from: string; note: string }, now = new Date()): Promise<ReturnOutcome> {
  return turnDown(store, actor, { number: input.number, from: input.from, reason: input.note }, "refused", now);
}

const TURN_DOWN = {
  rejected: { needed: "Give the customer a reason for the rejection.", cannot: "cannot be rejected now", done: "rejected" },
  refused: { needed: "Give the customer the reason the item was refused.", cannot: "cannot be inspected now", done: "refused on inspection" },
} as const;

/** A request turned down with the reason its customer reads: rejected when asked, or its item refused on inspection. */
async function turnDown(store: Store, actor: SellerActor, input: { number: string; from: string; reason: string }, to: "rejected" | "refused", now: Date): Promise<ReturnOutcome> {
  const why = input.reason.trim();
  if (why.length < 5) return { ok: false, reason: "invalid", message: TURN_DOWN[to].needed };
  return move(
    store,
    actor,
    input.number,
    now,
    async (trx, r, stamp) => {
      if (!mayMove(r.status, to)) return { ok: false, reason: "conflict", message: `Return ${r.number} ${TURN_DOWN[to].cannot}.` };
      await trx.updateTable("returns").set({ status: to, decision_note: why, updated_at: stamp }).where("id", "=", r.id).execute();
      return { to, note: why, message: `Return ${r.number} ${TURN_DOWN[to].done}.` };
    },
    input.from,
  );
}

/**
 * Accepting a returned item, its steps in order, in one transaction with the outbox:
 *   1. find the request as the actor may see it, lock its order, check it is as the actor saw it (move);
 *   2. check it may be received;
 *   3. put the item back into stock, when it can be sold again;
 *   4. record it received, accepted on inspection;
 *   5. a replacement: take its stock (none left refuses the whole) and ready it to ship; or
 *      a refund: mark the request refunded, issue the seller's credit note, post the reversal to
 *      the seller's ledger, and start the refund;
 *   6. record and announce the request's new state to its customer and seller (move).
 */
export async function acceptReturn(
  store: Store,
  actor: SellerActor,
  input: { number: string; from: string; restock: boolean; note: string },
  now = new Date(),
): Promise<ReturnOutcome> {
  const note = input.note.trim();
  return move(
    store,
    actor,
    input.number,
    now,
    async (trx, r, stamp) => {
      if (!mayMove(r.status, "received")) return { ok: false, reason: "conflict", message: `Return ${r.number} cannot be inspected now.` };
      if (input.restock) await putBackInStock(trx, store.outbox, r.product_id, Number(r.quantity), now);
      await record(trx, r.id, "received", ["Accepted on inspection", note || null].filter(Boolean).join(": "), actor, stamp);
      if (r.resolution === "replacement") {
        await takeReplacementStock(trx, r);
        await readyReplacement(trx, r, input.restock, stamp);
        return { to: "received", note: "Replacement to be shipped", message: `Return ${r.number} accepted: ship the replacement from the Returns list.` };
      }
      await markRefunded(trx, r, input.restock, stamp);
      await issueCreditNote(trx, r, now);
      await postToLedger(trx, store.outbox, r);
      await requestReturnRefund(trx, store.outbox, { orderId: r.order_id, returnId: r.id, amount: Number(r.refund_total_paise), actorUserId: actor.userId }, now);
      return { to: "refunded", note: null, message: `Return ${r.number} accepted: the refund has started.` };
    },
    input.from,
  ).catch((e: unknown) => {
    if (e instanceof ReplacementOutOfStock) {
      return { ok: false as const, reason: "conflict" as const, message: "There is not enough stock for the replacement. Add stock, or ask the customer to take a refund." };
    }
    throw e;
  });
}

class ReplacementOutOfStock extends Error {}

/** The replacement's units leave stock; too few left throws, so the acceptance changes nothing. */
async function takeReplacementStock(trx: Trx, r: NonNullable<ReturnRow>): Promise<void> {
  const taken = await trx
    .updateTable("products")
    .set((eb) => ({ stock: eb("stock", "-", Number(r.quantity)) }))
    .where("id", "=", r.product_id)
    .where("stock", ">=", Number(r.quantity))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw new ReplacementOutOfStock();
}

async function readyReplacement(trx: Trx, r: NonNullable<ReturnRow>, restock: boolean, stamp: string): Promise<void> {
  await trx.updateTable("returns").set({ status: "received", restock: restock ? 1 : 0, replacement_status: "pending", updated_at: stamp }).where("id", "=", r.id).execute();
}

async function markRefunded(trx: Trx, r: NonNullable<ReturnRow>, restock: boolean, stamp: string): Promise<void> {
  await trx.updateTable("returns").set({ status: "refunded", restock: restock ? 1 : 0, updated_at: stamp }).where("id", "=", r.id).execute();
}

/** The refund reverses the sale in the seller's ledger: the order's settlement job posts the difference. */
async function postToLedger(trx: Trx, outbox: Store["outbox"], r: NonNullable<ReturnRow>): Promise<void> {
  await outbox.jobs.add(trx, "ledger.settle", { orderId: r.order_id });
}

/**
 * The replacement's shipment goes through an order part's steps (Processing, Shipped with carrier
 * and tracking number, Delivered); shipped moves the request to Replacement shipped, delivered
 * closes it.
 */
export async function advanceReplacement(
  store: Store,
  actor: SellerActor,
  input: { number: string; from: string; shipment?: ShipmentInput | undefined },
  now = new Date(),
): Promise<ReturnOutcome> {
  return move(store, actor, input.number, now, async (trx, r, stamp) => {
    if (r.resolution !== "replacement" || r.replacement_status === null) return { ok: false, reason: "conflict", message: `Return ${r.number} has no replacement to ship.` };
    if (r.replacement_status !== input.from) {
      return { ok: false, reason: "stale", message: `The replacement of ${r.number} is already ${returnStatusLabel(r.replacement_status)}; nothing was changed.` };
    }
    const to: FulfilmentStep | null = nextStep(r.replacement_status);
    if (!to) return { ok: false, reason: "conflict", message: `The replacement of ${r.number} has no next step.` };
    if (to === "shipped" && !input.shipment) return { ok: false, reason: "invalid", message: "Enter the carrier and tracking number to mark the replacement Shipped." };
    const status: ReturnStatus = to === "shipped" ? "replacement_shipped" : to === "delivered" ? "closed" : (r.status as ReturnStatus);
    if (status !== r.status && !mayMove(r.status, status)) return { ok: false, reason: "conflict", message: `Return ${r.number} cannot move on now.` };
    await trx
      .updateTable("returns")
      .set({
        replacement_status: to,
        status,
        updated_at: stamp,
        ...(to === "shipped" && input.shipment ? { replacement_carrier: input.shipment.carrier, replacement_tracking: input.shipment.trackingNumber } : {}),
      })
      .where("id", "=", r.id)
      .execute();
    const note =
      to === "shipped" && input.shipment
        ? `Replacement shipped via ${input.shipment.carrier}, tracking number ${input.shipment.trackingNumber}`
        : to === "delivered"
          ? "Replacement delivered"
          : "Replacement processing";
    return { to: status, note, message: `Replacement for ${r.number} marked ${to === "processing" ? "Processing" : to === "shipped" ? "Shipped" : "Delivered"}.` };
  });
}

/** One action of a seller's (seller-actions.ts), by the seller or an administrator for them. */
export async function actOnReturn(store: Store, actor: SellerActor, action: SellerAction, now = new Date()): Promise<ReturnOutcome> {
  const { number, from } = action;
  switch (action.intent) {
    case "approve":
      return approveReturn(store, actor, { number, from, pickup: action.pickup }, now);
    case "reject":
      return rejectReturn(store, actor, { number, from, reason: action.reason }, now);
    case "picked-up":
      return markPickedUp(store, actor, { number, from }, now);
    case "accept":
      return acceptReturn(store, actor, { number, from, restock: action.restock, note: action.note }, now);
    case "refuse":
      return refuseReturn(store, actor, { number, from, note: action.note }, now);
    case "replacement":
      return advanceReplacement(store, actor, { number, from, shipment: action.shipment }, now);
  }
}

// ---------------------------------------------------------------------------------------------
// Credit notes

/** The seller's GST credit note for an accepted refund: the next number of its series, the invoice it reduces, the tax split as there. */
async function issueCreditNote(trx: Trx, r: NonNullable<ReturnRow>, now: Date): Promise<void> {
  const fy = financialYear(now);
  const [order, items] = await Promise.all([
    trx.selectFrom("orders").select(["number", "ship_state"]).where("id", "=", r.order_id).executeTakeFirstOrThrow(),
    trx
      .selectFrom("order_items")
      .innerJoin("vendors", "vendors.id", "order_items.vendor_id")
      .select(["order_items.vendor_id", "vendors.name", "vendors.gstin", "order_items.name as item", "order_items.unit_price_paise", "order_items.quantity", "order_items.line_total_paise"])
      .where("order_items.order_id", "=", r.order_id)
      .orderBy("order_items.position")
      .execute(),
  ]);
  const invoices = sellerInvoices(
    items.map((i) => ({ vendorId: i.vendor_id, vendorName: i.name, gstin: i.gstin, name: i.item, unitPrice: Number(i.unit_price_paise), quantity: Number(i.quantity), lineTotal: Number(i.line_total_paise) })),
    order.ship_state,
  );
  const index = invoices.findIndex((inv) => inv.vendorId === r.vendor_id);
  const invoice = invoices[index]!;
  const counter = await trx
    .insertInto("credit_note_counters")
    .values({ vendor_id: r.vendor_id, financial_year: fy, last: 1 })
    .onConflict((oc) => oc.columns(["vendor_id", "financial_year"]).doUpdateSet((eb) => ({ last: eb("credit_note_counters.last", "+", 1) })))
    .returning("last")
    .executeTakeFirstOrThrow();
  const sequence = Number(counter.last);
  const tax = Number(r.refund_tax_paise);
  const split = splitGst(invoice.kind, tax);
  await trx
    .insertInto("credit_notes")
    .values({
      id: crypto.randomUUID(),
      number: creditNoteNumber(fy, sequence),
      return_id: r.id,
      vendor_id: r.vendor_id,
      financial_year: fy,
      sequence,
      invoice_number: invoiceNumber(order.number, index),
      kind: invoice.kind,
      taxable_paise: Number(r.refund_items_paise),
      cgst_paise: split.cgst,
      sgst_paise: split.sgst,
      igst_paise: split.igst,
      total_paise: Number(r.refund_items_paise) + tax,
      created_at: now.toISOString(),
    })
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Reading requests

export interface ReturnView {
  id: string;
  number: string;
  orderNumber: string;
  vendorId: string;
  vendorName: string;
  customerName: string;
  productId: string;
  productName: string;
  quantity: number;
  unitPrice: number;
  reason: string;
  resolution: string;
  details: string;
  serialNumber: string | null;
  status: string;
  refund: { items: number; tax: number; shipping: number; total: number; to: string | null };
  pickup: { carrier: string; reference: string } | null;
  decisionNote: string | null;
  replacement: { status: string; carrier: string | null; trackingNumber: string | null } | null;
  photos: string[];
  history: { status: string; note: string | null; actorRole: string; createdAt: string }[];
  /** The seller's credit note once refunded; a business buyer's carries its GSTIN, as the invoice did. */
  creditNote: { number: string; invoiceNumber: string; recipientGstin: string | null; kind: string; taxable: number; cgst: number; sgst: number; igst: number; total: number; createdAt: string } | null;
  answeredAt: string | null;
  createdAt: string;
  updatedAt: string;
}

type ReturnFilter = { orderId: string } | { vendorId: string } | { all: true };

/** Requests with everything a page shows of them, newest first. */
export async function listReturns(
  db: Db,
  filter: ReturnFilter,
  options: { status?: string | undefined; limit?: number; ids?: readonly string[] } = {},
): Promise<ReturnView[]> {
  if (options.ids?.length === 0) return [];
  let q = db
    .selectFrom("returns")
    .innerJoin("vendors", "vendors.id", "returns.vendor_id")
    .innerJoin("orders", "orders.id", "returns.order_id")
    .leftJoin("user", "user.id", "returns.customer_user_id")
    .selectAll("returns")
    .select(["vendors.name as vendor_name", "user.name as customer_name", "orders.buyer_gstin"]);
  if ("orderId" in filter) q = q.where("returns.order_id", "=", filter.orderId);
  if ("vendorId" in filter) q = q.where("returns.vendor_id", "=", filter.vendorId);
  if (options.status) q = q.where("returns.status", "=", options.status);
  if (options.ids) q = q.where("returns.id", "in", [...options.ids]);
  const rows = await q.orderBy("returns.created_at", "desc").orderBy("returns.number", "desc").limit(options.limit ?? 500).execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [photos, history, notes] = await Promise.all([
    db.selectFrom("return_photos").selectAll().where("return_id", "in", ids).orderBy("position").execute(),
    db.selectFrom("return_history").selectAll().where("return_id", "in", ids).orderBy("created_at").execute(),
    db.selectFrom("credit_notes").selectAll().where("return_id", "in", ids).execute(),
  ]);
  return rows.map((r) => {
    const cn = notes.find((n) => n.return_id === r.id);
    return {
      id: r.id,
      number: r.number,
      orderNumber: r.order_number,
      vendorId: r.vendor_id,
      vendorName: r.vendor_name,
      customerName: r.customer_name ?? "",
      productId: r.product_id,
      productName: r.product_name,
      quantity: Number(r.quantity),
      unitPrice: Number(r.unit_price_paise),
      reason: r.reason,
      resolution: r.resolution,
      details: r.details,
      serialNumber: r.serial_number,
      status: r.status,
      refund: {
        items: Number(r.refund_items_paise),
        tax: Number(r.refund_tax_paise),
        shipping: Number(r.refund_shipping_paise),
        total: Number(r.refund_total_paise),
        to: r.refund_to_masked,
      },
      pickup: r.pickup_carrier && r.pickup_reference ? { carrier: r.pickup_carrier, reference: r.pickup_reference } : null,
      decisionNote: r.decision_note,
      replacement: r.replacement_status ? { status: r.replacement_status, carrier: r.replacement_carrier, trackingNumber: r.replacement_tracking } : null,
      photos: photos.filter((p) => p.return_id === r.id).map((p) => p.url),
      history: history.filter((h) => h.return_id === r.id).map((h) => ({ status: h.status, note: h.note, actorRole: h.actor_role, createdAt: h.created_at })),
      creditNote: cn
        ? {
            number: cn.number,
            invoiceNumber: cn.invoice_number,
            recipientGstin: r.buyer_gstin,
            kind: cn.kind,
            taxable: Number(cn.taxable_paise),
            cgst: Number(cn.cgst_paise),
            sgst: Number(cn.sgst_paise),
            igst: Number(cn.igst_paise),
            total: Number(cn.total_paise),
            createdAt: cn.created_at,
          }
        : null,
      answeredAt: r.answered_at,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The customer's side of an order

export interface CustomerReturns {
  orderId: string;
  orderNumber: string;
  paymentMethod: string;
  lines: ReturnableLine[];
  returns: (ReturnView & { refunds: ReturnRefund[] })[];
}

/** One order of this customer with what may be returned of it and its requests, or null (another's looks like none). */
export async function customerReturns(db: Db, userId: string, number: string, now = new Date()): Promise<CustomerReturns | null> {
  const order = await db.selectFrom("orders").select(["id", "number", "payment_method"]).where("number", "=", number).where("user_id", "=", userId).executeTakeFirst();
  if (!order) return null;
  const [lines, returns] = await Promise.all([returnableLines(db, order.id, now), listReturns(db, { orderId: order.id })]);
  const refunds = await refundsOfReturns(db, returns.map((r) => r.id));
  return {
    orderId: order.id,
    orderNumber: order.number,
    paymentMethod: order.payment_method,
    lines,
    returns: returns.map((r) => ({ ...r, refunds: refunds[r.id] ?? [] })),
  };
}
