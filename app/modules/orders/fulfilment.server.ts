import type { Transaction } from "kysely";
import { lockOrder } from "~/db/order-lock.server";
import type { Database } from "~/db/schema";
import type { Refusal } from "~/lib/outcome";
import { consignmentValue, ewayBillRequired, parseEwayBillNumber } from "~/modules/gst/eway-bill";
import { settleCancelledPayment } from "./online-payments.server";
import { AWAITING_PAYMENT_MESSAGE, mayShip } from "~/modules/payments/payment-status";
import { announceOrderStatusSet, announcePartAdvanced } from "./mail.server";
import { REVIEW_REMINDER_DAYS } from "~/modules/jobs/jobs";
import type { Outbox, Store } from "~/modules/jobs/outbox.server";
import { releaseStock } from "./orders.server";
import type { ShipmentInput } from "./shipment";
import { adminStatusLabel, isOrderStatus, nextStep, orderStatusOfParts, statusLabel, type OrderStatus } from "./status";

type Trx = Transaction<Database>;

export type Outcome =
  | { ok: true; message: string }
  | (Refusal<"invalid" | "not_found" | "stale" | "conflict"> & {
      /** A refused e-way bill number, the message to show beside its field. */
      fieldErrors?: { ewayBillNumber: string };
    });

/**
 * Keeps the order's own status equal to the least advanced of its parts, recording a change in the
 * order's history (the one the customer reads).
 */
/**
 * A delivered part: its customer is asked to review what they bought a few days later, once
 * (reviews/reminders.server.ts decides, when the job runs, whether to send).
 */
async function askForReviewLater(trx: Trx, outbox: Outbox, orderId: string, vendorId: string): Promise<void> {
  await outbox.jobs.add(trx, "review.remind", { orderId, vendorId }, { afterSeconds: REVIEW_REMINDER_DAYS * 24 * 60 * 60 });
}

async function syncOrderStatus(trx: Trx, orderId: string, actorUserId: string, stamp: string, note: string | null): Promise<void> {
  const [order, parts] = await Promise.all([
    trx.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow(),
    trx.selectFrom("order_parts").select("status").where("order_id", "=", orderId).execute(),
  ]);
  const status = orderStatusOfParts(parts.map((p) => p.status));
  if (status === order.status) return;
  await trx.updateTable("orders").set({ status, updated_at: stamp }).where("id", "=", orderId).execute();
  await trx
    .insertInto("order_status_history")
    .values({ id: crypto.randomUUID(), order_id: orderId, vendor_id: null, status, note, actor_user_id: actorUserId, created_at: stamp })
    .execute();
}

/**
 * A vendor moves its own part of an order one step on: pending → processing → shipped (with carrier
 * and tracking number) → delivered. `from` is the status the vendor saw, so a repeated or stale
 * submission changes nothing. A part worth more than ₹50,000 with tax is shipped only with its
 * e-way bill's 12-digit number (gst/eway-bill.ts), kept with the part; below that none is asked.
 */
export async function advanceVendorPart(
  { db, outbox }: Store,
  input: { vendorId: string; number: string; from: string; actorUserId: string; shipment?: ShipmentInput | undefined; ewayBillNumber?: unknown },
  now = new Date(),
): Promise<Outcome> {
  const to = nextStep(input.from);
  if (!to) return { ok: false, reason: "stale", message: "This order has no next step." };
  if (to === "shipped" && !input.shipment) return { ok: false, reason: "invalid", message: "Enter the carrier and tracking number to mark the order Shipped." };
  return db.transaction().execute(async (trx) => {
    const part = await trx
      .selectFrom("order_parts")
      .select(["order_id", "status", "amount_paise"])
      .where("vendor_id", "=", input.vendorId)
      .where("order_number", "=", input.number)
      .executeTakeFirst();
    if (!part) return { ok: false, reason: "not_found", message: "Order not found." };
    if (part.status !== input.from) {
      return { ok: false, reason: "stale", message: `Order ${input.number} is already ${statusLabel(part.status)}; nothing was changed.` };
    }
    const stamp = now.toISOString();
    // Lock the order row first, as every status change does: changes to one order queue up (no
    // deadlocks on PostgreSQL) and the order's status below is derived from settled parts.
    await lockOrder(trx, part.order_id);
    const paid = await trx.selectFrom("orders").select("payment_status").where("id", "=", part.order_id).executeTakeFirstOrThrow();
    if (!mayShip(paid.payment_status)) return { ok: false, reason: "conflict", message: AWAITING_PAYMENT_MESSAGE };
    let ewayBillNumber: string | null = null;
    if (to === "shipped" && ewayBillRequired(consignmentValue(Number(part.amount_paise)))) {
      const ewayBill = parseEwayBillNumber(input.ewayBillNumber);
      if (!ewayBill.ok) return { ok: false, reason: "invalid", message: ewayBill.message, fieldErrors: { ewayBillNumber: ewayBill.message } };
      ewayBillNumber = ewayBill.value;
    }
    const r = await trx
      .updateTable("order_parts")
      .set({
        status: to,
        updated_at: stamp,
        ...(to === "shipped" && input.shipment ? { carrier: input.shipment.carrier, tracking_number: input.shipment.trackingNumber, eway_bill_number: ewayBillNumber } : {}),
        // Delivered starts the part's return window (returns/rules.ts).
        ...(to === "delivered" ? { delivered_at: stamp } : {}),
      })
      .where("order_id", "=", part.order_id)
      .where("vendor_id", "=", input.vendorId)
      .where("status", "=", input.from)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return { ok: false, reason: "stale", message: `Order ${input.number} was just updated; nothing was changed.` };
    const note = to === "shipped" && input.shipment ? `Shipped via ${input.shipment.carrier}, tracking number ${input.shipment.trackingNumber}` : null;
    await trx
      .insertInto("order_status_history")
      .values({ id: crypto.randomUUID(), order_id: part.order_id, vendor_id: input.vendorId, status: to, note, actor_user_id: input.actorUserId, created_at: stamp })
      .execute();
    await syncOrderStatus(trx, part.order_id, input.actorUserId, stamp, note);
    // A delivered part's sale goes into the seller's ledger.
    if (to === "delivered") await outbox.jobs.add(trx, "ledger.settle", { orderId: part.order_id });
    if (to === "delivered") await askForReviewLater(trx, outbox, part.order_id, input.vendorId);
    await announcePartAdvanced(trx, outbox, part.order_id, input.vendorId, to);
    return { ok: true, message: `Order ${input.number} marked ${statusLabel(to)}.` };
  });
}

/**
 * An administrator sets an order's status, any status in any order (to put mistakes right): every vendor's part
 * follows, the change is recorded with who made it, and a cancellation before shipping returns the
 * stock. Reinstating a cancelled order takes its stock again, if it is still there.
 */
export async function setOrderStatusByAdmin(store: Store, input: { number: string; status: string; actorUserId: string }, now = new Date()): Promise<Outcome> {
  if (!isOrderStatus(input.status)) return { ok: false, reason: "invalid", message: "Choose one of the listed statuses." };
  const status: OrderStatus = input.status;
  try {
    return await changeOrderStatus(store, { ...input, status }, now);
  } catch (e) {
    if (e instanceof StockShortage) {
      return { ok: false, reason: "conflict", message: `Order ${input.number} cannot be reinstated: only ${e.left} of “${e.productName}” left in stock.` };
    }
    throw e;
  }
}

async function changeOrderStatus({ db, outbox }: Store, input: { number: string; status: OrderStatus; actorUserId: string }, now: Date): Promise<Outcome> {
  const { status } = input;
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom("orders").select("id").where("number", "=", input.number).executeTakeFirst();
    if (!found) return { ok: false, reason: "not_found", message: "Order not found." };
    const stamp = now.toISOString();
    await lockOrder(trx, found.id);
    const order = await trx.selectFrom("orders").select(["id", "status", "stock_released"]).where("id", "=", found.id).executeTakeFirstOrThrow();
    const partsNow = await trx.selectFrom("order_parts").select("status").where("order_id", "=", order.id).execute();
    if (order.status === status && partsNow.every((p) => p.status === status)) {
      return { ok: true, message: `Order ${input.number} status changed to ${adminStatusLabel(status)}` };
    }
    if (status === "cancelled") {
      const goodsLeft = partsNow.some((p) => p.status === "shipped" || p.status === "delivered");
      if (!goodsLeft) await releaseStock(trx, outbox, order.id, now);
      // A paid card or UPI order is refunded, at whatever status it is cancelled.
      await settleCancelledPayment(trx, outbox, order.id, now);
    } else if (Number(order.stock_released) === 1) {
      await retakeStock(trx, order.id);
    }
    const changed = await trx.selectFrom("order_parts").select("vendor_id").where("order_id", "=", order.id).where("status", "!=", status).execute();
    await trx.updateTable("order_parts").set({ status, updated_at: stamp }).where("order_id", "=", order.id).execute();
    if (status === "delivered" && changed.length > 0) {
      await trx
        .updateTable("order_parts")
        .set({ delivered_at: stamp })
        .where("order_id", "=", order.id)
        .where("vendor_id", "in", changed.map((p) => p.vendor_id))
        .execute();
    }
    if (status === "delivered") for (const p of changed) await askForReviewLater(trx, outbox, order.id, p.vendor_id);
    const note = "Status changed by an administrator";
    // Delivered, or moved back from it: the sellers' ledger follows.
    if (changed.length > 0) await outbox.jobs.add(trx, "ledger.settle", { orderId: order.id });
    if (changed.length > 0) {
      await trx
        .insertInto("order_status_history")
        .values(changed.map((p) => ({ id: crypto.randomUUID(), order_id: order.id, vendor_id: p.vendor_id, status, note, actor_user_id: input.actorUserId, created_at: stamp })))
        .execute();
    }
    if (order.status !== status) {
      await trx.updateTable("orders").set({ status, updated_at: stamp }).where("id", "=", order.id).execute();
      await trx
        .insertInto("order_status_history")
        .values({ id: crypto.randomUUID(), order_id: order.id, vendor_id: null, status, note, actor_user_id: input.actorUserId, created_at: stamp })
        .execute();
      await announceOrderStatusSet(trx, outbox, order.id, status);
    }
    return { ok: true, message: `Order ${input.number} status changed to ${adminStatusLabel(status)}` };
  });
}

/** Takes a reinstated order's items out of stock again; a shortage throws, so the transaction changes nothing. */
async function retakeStock(trx: Trx, orderId: string): Promise<void> {
  const items = await trx.selectFrom("order_items").select(["product_id", "name", "quantity"]).where("order_id", "=", orderId).orderBy("product_id").execute();
  for (const i of items) {
    const r = await trx
      .updateTable("products")
      .set((eb) => ({ stock: eb("stock", "-", Number(i.quantity)) }))
      .where("id", "=", i.product_id)
      .where("stock", ">=", Number(i.quantity))
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) {
      const p = await trx.selectFrom("products").select("stock").where("id", "=", i.product_id).executeTakeFirst();
      throw new StockShortage(i.name, Number(p?.stock ?? 0));
    }
  }
  await trx.updateTable("orders").set({ stock_released: 0 }).where("id", "=", orderId).execute();
}

class StockShortage extends Error {
  constructor(
    readonly productName: string,
    readonly left: number,
  ) {
    super("stock shortage");
  }
}
