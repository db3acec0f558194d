import type { Kysely, Transaction } from "kysely";
import { isUniqueViolation } from "~/db/errors.server";
import type { Database } from "~/db/schema";
import type { Refusal, RefusalKinds } from "~/lib/outcome";
import type { CartLine } from "~/modules/cart/cart";
import { announceOrderCancelled, announceOrderPlaced } from "./mail.server";
import { arrivalLine, type ArrivalLine } from "~/modules/delivery/arrival";
import { verdictForPin } from "~/modules/delivery/pin-rules.server";
import { promisesForSellers } from "~/modules/delivery/promise.server";
import { indiaDay } from "~/lib/india-time";
import type { Outbox, Store } from "~/modules/jobs/outbox.server";
import { putBackInStock } from "~/modules/catalog/products.server";
import { saveBusinessDetails } from "~/modules/identity/accounts.server";
import { methodUnavailableMessage, type PaymentMethod } from "~/modules/payments/methods";
import type { Payments } from "~/modules/payments/gateway.server";
import { RECONCILE_AFTER_SECONDS, collectOrderPayments, settleCancelledPayment } from "./online-payments.server";
import { UNPAID, initialPaymentStatus, isOnlineMethod, isUnpaid } from "~/modules/payments/payment-status";
import { enabledPaymentMethods } from "~/modules/payments/settings.server";
import type { BusinessBuyer } from "~/modules/gst/business-buyer";
import type { ShippingAddress } from "./address";
import { customerMayCancel } from "./status";
import { orderTotals, type OrderTotals } from "./totals";

type Db = Kysely<Database>;

/**
 * Why placing an order may be refused: the cart no longer matches the shop (empty, an item gone,
 * out of stock, repriced), the payment method was turned off, the shop does not deliver to the
 * PIN code, or cash on delivery is not taken there or for this total (the PIN rules on
 * /admin/delivery). Each clashes with the shop as it is now, so each is a conflict (409).
 */
export const PLACE_ORDER_REFUSALS = {
  empty: "conflict",
  unavailable: "conflict",
  out_of_stock: "conflict",
  price_changed: "conflict",
  payment_method: "conflict",
  not_served: "conflict",
  cod_unavailable: "conflict",
} as const satisfies RefusalKinds<string>;
export type PlaceOrderRefusal = keyof typeof PLACE_ORDER_REFUSALS;

export type PlaceOrderResult =
  | { ok: true; number: string; existing: boolean; paymentMethod: PaymentMethod; paymentStatus: string }
  | (Refusal<PlaceOrderRefusal> & { totals?: OrderTotals });

class PlacementRefused extends Error {
  constructor(readonly result: Extract<PlaceOrderResult, { ok: false }>) {
    super(result.message);
  }
}

/** RC- plus six digits, unique, chosen at random so numbers reveal nothing about volume. */
function newOrderNumber(): string {
  const n = crypto.getRandomValues(new Uint32Array(1))[0]! % 900_000;
  return `RC-${100_000 + n}`;
}

export interface PlaceOrderInput {
  userId: string;
  lines: CartLine[];
  address: Omit<ShippingAddress, "state"> & { state: string };
  /** A business buyer's GST invoice details (checked against the delivery state); none for a consumer. */
  business?: BusinessBuyer | null | undefined;
  paymentMethod: PaymentMethod;
  idempotencyKey: string;
  /** The total the customer was shown; if prices moved since, nothing is placed and the new total is returned. */
  expectedTotal?: number | undefined;
}

async function existingOrder(db: Db | Transaction<Database>, userId: string, key: string) {
  return db
    .selectFrom("orders")
    .select(["id", "number", "status", "payment_method", "payment_status", "ship_postal_code", "total_paise"])
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

function placed(o: { number: string; payment_method: string; payment_status: string }, existing: boolean): PlaceOrderResult {
  return { ok: true, number: o.number, existing, paymentMethod: o.payment_method as PaymentMethod, paymentStatus: o.payment_status };
}

/**
 * The same order asked for again (a retry, or another payment method after a failed payment):
 * while it is unpaid and pending, it takes the newly chosen method.
 */
async function orderAgain(
  { db, outbox }: Store,
  o: NonNullable<Awaited<ReturnType<typeof existingOrder>>>,
  method: PaymentMethod,
  now: Date,
): Promise<PlaceOrderResult> {
  if (o.payment_method === method || !isUnpaid(o.payment_status) || o.status !== "pending") return placed(o, true);
  if (!(await enabledPaymentMethods(db)).includes(method)) return { ok: false, reason: "payment_method", message: methodUnavailableMessage(method) };
  if (method === "cod") {
    const verdict = await verdictForPin(db, o.ship_postal_code, Number(o.total_paise));
    if (verdict.kind === "cod_unavailable") return { ok: false, reason: "cod_unavailable", message: verdict.message };
  }
  const status = initialPaymentStatus(method);
  const switched = await db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable("orders")
      .set({ payment_method: method, payment_status: status, payment_error: null, updated_at: now.toISOString() })
      .where("id", "=", o.id)
      .where("status", "=", "pending")
      .where("payment_status", "in", UNPAID)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    await announceOrAwaitPayment(trx, outbox, o.id, method);
    return true;
  });
  if (switched) return placed({ ...o, payment_method: method, payment_status: status }, true);
  // Paid or cancelled meanwhile: report it as it is now.
  const current = await db.selectFrom("orders").select(["number", "payment_method", "payment_status"]).where("id", "=", o.id).executeTakeFirstOrThrow();
  return placed(current, true);
}

/**
 * Placing an order, its steps in order, in one transaction with the outbox: nothing is written
 * unless every step succeeds, and the same idempotency key from the same customer always yields
 * the one order.
 *   1. the same order asked for again: that order (it may take the newly chosen payment method);
 *   2. check the payment method is one the admin has enabled, and the cart is not empty;
 *   3. price the cart from the catalogue as it is now (an item no longer listed refuses);
 *   4. check the total is the one the customer was shown;
 *   5. check the shop delivers to the PIN code, and takes cash there for cash on delivery;
 *   6. take the stock (too few left refuses);
 *   7. write the order, its items, each seller's part with its delivery promise, its first status;
 *   8. announce it (cash on delivery, bank transfer), or check a card or UPI payment in 30 minutes.
 */
export async function placeOrder(store: Store, input: PlaceOrderInput, now = new Date()): Promise<PlaceOrderResult> {
  const already = await existingOrder(store.db, input.userId, input.idempotencyKey);
  if (already) return orderAgain(store, already, input.paymentMethod, now);
  // Only a method the admin has enabled may pay (docs/decisions/006-checkout-payment-methods.md).
  if (!(await enabledPaymentMethods(store.db)).includes(input.paymentMethod)) {
    return { ok: false, reason: "payment_method", message: methodUnavailableMessage(input.paymentMethod) };
  }
  const lines = cartLines(input.lines);
  if (lines.length === 0) return { ok: false, reason: "empty", message: "Your cart is empty." };
  return inOneTransaction(store, input, async (trx) => {
    const priced = await priceCart(trx, lines);
    const totals = checkTotal(priced, input.expectedTotal);
    await checkDelivery(trx, input, totals.total);
    await takeStock(trx, priced);
    const order = await writeOrder(trx, input, priced, totals, now);
    if (input.business) await saveBusinessDetails(trx, input.userId, input.business, now);
    await announceOrAwaitPayment(trx, store.outbox, order.id, input.paymentMethod);
    return order.number;
  });
}

/** Each product once (its last line), none of zero, in product order: two orders take stock in the same order. */
function cartLines(lines: CartLine[]): CartLine[] {
  return [...new Map(lines.filter((l) => l.quantity > 0).map((l) => [l.productId, l])).values()].sort((a, b) => a.productId.localeCompare(b.productId));
}

/**
 * Runs the placement's steps in one transaction: a refusal thrown inside it (so nothing is
 * written) is returned; the same key placed by a concurrent request is that order; a clash of
 * order numbers tries another.
 */
async function inOneTransaction(store: Store, input: PlaceOrderInput, steps: (trx: Trx) => Promise<string>): Promise<PlaceOrderResult> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const number = await store.db.transaction().execute(steps);
      return { ok: true, number, existing: false, paymentMethod: input.paymentMethod, paymentStatus: initialPaymentStatus(input.paymentMethod) };
    } catch (e) {
      if (e instanceof PlacementRefused) return e.result;
      if (isUniqueViolation(e)) {
        // The same key placed by a concurrent request: that order is this order.
        const same = await existingOrder(store.db, input.userId, input.idempotencyKey);
        if (same) return placed(same, true);
        continue; // an order number collision: try another number
      }
      throw e;
    }
  }
  throw new Error("could not allocate an order number");
}

type Trx = Transaction<Database>;
type PricedLine = Awaited<ReturnType<typeof priceCart>>[number];

/** Each line at the catalogue's price now; an item no longer listed refuses the order. */
async function priceCart(trx: Trx, lines: CartLine[]) {
  const products = await trx
    .selectFrom("products")
    .select(["id", "name", "price_paise", "vendor_id", "stock", "category", "hsn_code"])
    .where("listed", "=", 1)
    .where(
      "id",
      "in",
      lines.map((l) => l.productId),
    )
    .execute();
  const byId = new Map(products.map((p) => [p.id, p]));
  return lines.map((l) => {
    const p = byId.get(l.productId);
    if (!p) {
      throw new PlacementRefused({
        ok: false,
        reason: "unavailable",
        message: "An item in your cart is no longer available. Please review your cart.",
      });
    }
    return { line: l, product: p, unitPrice: Number(p.price_paise), vendorId: p.vendor_id, quantity: l.quantity };
  });
}

/** The order's totals, refused when they are not what the customer was shown (prices moved since). */
function checkTotal(priced: PricedLine[], expectedTotal: number | undefined): OrderTotals {
  const totals = orderTotals(priced);
  if (expectedTotal !== undefined && expectedTotal !== totals.total) {
    throw new PlacementRefused({
      ok: false,
      reason: "price_changed",
      message: "Prices have changed since you added these items to your cart.",
      totals,
    });
  }
  return totals;
}

/** Where the shop delivers and takes cash, whatever the browser posted (docs/product-rules.md, "PIN codes"). */
async function checkDelivery(trx: Trx, input: PlaceOrderInput, total: number): Promise<void> {
  const verdict = await verdictForPin(trx, input.address.postalCode, total);
  if (verdict.kind === "not_served") throw new PlacementRefused({ ok: false, reason: "not_served", message: verdict.message });
  if (verdict.kind === "cod_unavailable" && input.paymentMethod === "cod") throw new PlacementRefused({ ok: false, reason: "cod_unavailable", message: verdict.message });
}

/**
 * Takes the stock; the condition makes two buyers of the last units unable to both succeed. Stock
 * already short when the cart was priced (read in this transaction, without a lock) refuses at once:
 * in a flash sale the buyers who came too late are told so without queueing behind the row lock of
 * those still buying. The conditional update stays the one that decides.
 */
async function takeStock(trx: Trx, priced: PricedLine[]): Promise<void> {
  for (const { product, quantity } of priced) {
    if (Number(product.stock) < quantity) throw outOfStock(product.name, Number(product.stock));
  }
  for (const { product, quantity } of priced) {
    const r = await trx
      .updateTable("products")
      .set((eb) => ({ stock: eb("stock", "-", quantity) }))
      .where("id", "=", product.id)
      .where("stock", ">=", quantity)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) {
      const left = await trx.selectFrom("products").select("stock").where("id", "=", product.id).executeTakeFirst();
      throw outOfStock(product.name, Number(left?.stock ?? 0));
    }
  }
}

function outOfStock(name: string, left: number): PlacementRefused {
  const n = Math.max(0, left);
  return new PlacementRefused({
    ok: false,
    reason: "out_of_stock",
    message:
      n === 0
        ? `Sorry, “${name}” is now out of stock. Please remove it from your cart.`
        : `Sorry, only ${n} of “${name}” ${n === 1 ? "is" : "are"} left. Please lower the quantity in your cart.`,
  });
}

/** The order row, its items, each seller's part with its delivery promise, and its first status. */
async function writeOrder(trx: Trx, input: PlaceOrderInput, priced: PricedLine[], totals: OrderTotals, now: Date): Promise<{ id: string; number: string }> {
  const id = crypto.randomUUID();
  const number = newOrderNumber();
  const stamp = now.toISOString();
  const a = input.address;
  await trx
    .insertInto("orders")
    .values({
      id,
      number,
      user_id: input.userId,
      idempotency_key: input.idempotencyKey,
      status: "pending",
      sub_total_paise: totals.subTotal,
      shipping_paise: totals.shipping,
      tax_paise: totals.tax,
      total_paise: totals.total,
      payment_method: input.paymentMethod,
      payment_status: initialPaymentStatus(input.paymentMethod),
      ship_full_name: a.fullName,
      ship_phone: a.phone,
      ship_line1: a.addressLine1,
      ship_line2: a.addressLine2,
      ship_city: a.city,
      ship_state: a.state,
      ship_postal_code: a.postalCode,
      buyer_gstin: input.business?.gstin ?? null,
      buyer_legal_name: input.business?.legalName ?? null,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  await trx
    .insertInto("order_items")
    .values(
      priced.map((p, position) => ({
        id: crypto.randomUUID(),
        order_id: id,
        position,
        product_id: p.product.id,
        vendor_id: p.vendorId,
        name: p.product.name,
        unit_price_paise: p.unitPrice,
        quantity: p.quantity,
        line_total_paise: p.unitPrice * p.quantity,
        category: p.product.category,
        // Kept with the line, so its invoice never changes when the product does.
        hsn_code: p.product.hsn_code,
      })),
    )
    .execute();
  // Each seller's delivery promise, fixed now: later settings or holidays do not move it (docs/product-rules.md, "Delivery dates").
  const promises = await promisesForSellers(trx, { vendorIds: priced.map((p) => p.vendorId), destinationPin: a.postalCode, now });
  await trx.insertInto("order_parts").values(partsOf(priced, { id, number, userId: input.userId, stamp }, promises)).execute();
  await trx
    .insertInto("order_status_history")
    .values({ id: crypto.randomUUID(), order_id: id, vendor_id: null, status: "pending", note: "Order placed", actor_user_id: input.userId, created_at: stamp })
    .execute();
  return { id, number };
}

/** Card and UPI orders are announced once paid; unpaid, they are checked after 30 minutes. The others are announced now. */
async function announceOrAwaitPayment(trx: Trx, outbox: Outbox, orderId: string, method: PaymentMethod): Promise<void> {
  if (isOnlineMethod(method)) await outbox.jobs.add(trx, "payment.reconcile", { orderId }, { afterSeconds: RECONCILE_AFTER_SECONDS });
  else await announceOrderPlaced(trx, outbox, orderId);
}

/** One part per vendor of the order: its amount, item count and delivery promise, all starting pending. */
function partsOf(
  priced: { vendorId: string; unitPrice: number; quantity: number }[],
  o: { id: string; number: string; userId: string; stamp: string },
  promises: ReadonlyMap<string, { earliest: string; latest: string } | null>,
) {
  const byVendor = new Map<string, { amount: number; count: number }>();
  for (const p of priced) {
    const v = byVendor.get(p.vendorId) ?? { amount: 0, count: 0 };
    v.amount += p.unitPrice * p.quantity;
    v.count += p.quantity;
    byVendor.set(p.vendorId, v);
  }
  return [...byVendor].map(([vendorId, v]) => ({
    order_id: o.id,
    vendor_id: vendorId,
    status: "pending",
    amount_paise: v.amount,
    item_count: v.count,
    carrier: null,
    tracking_number: null,
    order_number: o.number,
    customer_user_id: o.userId,
    order_created_at: o.stamp,
    updated_at: o.stamp,
    promised_from: promises.get(vendorId)?.earliest ?? null,
    promised_to: promises.get(vendorId)?.latest ?? null,
  }));
}

export interface OrderSummary {
  number: string;
  status: string;
  createdAt: string;
  total: number;
  paymentMethod: string;
  /** payments/payment-status.ts */
  paymentStatus: string;
  shipTo: { fullName: string; addressLine1: string; city: string };
  itemCount: number;
}

/** The customer's orders (/orders), newest first. */
export async function listOrdersForUser(db: Db, userId: string): Promise<OrderSummary[]> {
  const rows = await db
    .selectFrom("orders")
    .select((eb) => [
      "orders.number",
      "orders.status",
      "orders.created_at",
      "orders.total_paise",
      "orders.payment_method",
      "orders.payment_status",
      "orders.ship_full_name",
      "orders.ship_line1",
      "orders.ship_city",
      eb
        .selectFrom("order_items")
        .select((e) => e.fn.sum<number>("order_items.quantity").as("q"))
        .whereRef("order_items.order_id", "=", "orders.id")
        .as("item_count"),
    ])
    .where("orders.user_id", "=", userId)
    .orderBy("orders.created_at", "desc")
    .orderBy("orders.number", "desc")
    .execute();
  return rows.map((r) => ({
    number: r.number,
    status: r.status,
    createdAt: r.created_at,
    total: Number(r.total_paise),
    paymentMethod: r.payment_method,
    paymentStatus: r.payment_status,
    shipTo: { fullName: r.ship_full_name, addressLine1: r.ship_line1, city: r.ship_city },
    itemCount: Number(r.item_count ?? 0),
  }));
}

export interface OrderDetail {
  number: string;
  status: string;
  createdAt: string;
  paymentMethod: string;
  payment: OrderPayment;
  subTotal: number;
  shipping: number;
  tax: number;
  total: number;
  address: Omit<ShippingAddress, "state"> & { state: string };
  /** The business the order was bought for, whose GSTIN its tax invoices carry; null for a consumer. */
  business: BusinessBuyer | null;
  items: {
    productId: string;
    name: string;
    /** The HSN code the line was sold under; null on lines placed before products had one. */
    hsnCode: string | null;
    unitPrice: number;
    quantity: number;
    lineTotal: number;
    vendorId: string;
    vendorName: string;
    gstin: string | null;
  }[];
  history: { status: string; note: string | null; createdAt: string }[];
  /**
   * Each seller's part: its status, once shipped its carrier and tracking number, the delivery
   * promised when the order was placed, and what that says today (delivery/arrival.ts).
   */
  shipments: {
    vendorId: string;
    vendorName: string;
    status: string;
    carrier: string | null;
    trackingNumber: string | null;
    /** The e-way bill it was shipped with, a part worth more than ₹50,000 with tax (gst/eway-bill.ts). */
    ewayBillNumber: string | null;
    promisedFrom: string | null;
    promisedTo: string | null;
    arrival: ArrivalLine | null;
  }[];
}

/** How an order is paid: its state, the last failed attempt's reason, and the refund of a cancelled paid order. */
export interface OrderPayment {
  status: string;
  paidAt: string | null;
  /** The last failed attempt's reason, while the order is unpaid. */
  error: string | null;
  /** Razorpay's payment id (pay_…). */
  paymentId: string | null;
  /** requested | pending | processed | failed */
  refund: { amount: number; status: string; requestedAt: string; updatedAt: string } | null;
}

/** One order of this customer, or null: another customer's number is indistinguishable from none. `now` dates the parts' arrival lines. */
export async function getOrderForUser(db: Db, userId: string, number: string, now = new Date()): Promise<OrderDetail | null> {
  if (!/^RC-\d{6}$/.test(number)) return null;
  const o = await db.selectFrom("orders").selectAll().where("number", "=", number).where("user_id", "=", userId).executeTakeFirst();
  if (!o) return null;
  const [items, history, parts, refunds] = await Promise.all([
    db
      .selectFrom("order_items")
      .innerJoin("vendors", "vendors.id", "order_items.vendor_id")
      .select([
        "order_items.product_id",
        "order_items.name",
        "order_items.hsn_code",
        "order_items.unit_price_paise",
        "order_items.quantity",
        "order_items.line_total_paise",
        "order_items.vendor_id",
        "vendors.name as vendor_name",
        "vendors.gstin",
      ])
      .where("order_items.order_id", "=", o.id)
      .orderBy("order_items.position")
      .execute(),
    db
      .selectFrom("order_status_history")
      .select(["status", "note", "created_at"])
      .where("order_id", "=", o.id)
      .where("vendor_id", "is", null)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("order_parts")
      .innerJoin("vendors", "vendors.id", "order_parts.vendor_id")
      .select([
        "order_parts.vendor_id",
        "vendors.name",
        "order_parts.status",
        "order_parts.carrier",
        "order_parts.tracking_number",
        "order_parts.eway_bill_number",
        "order_parts.promised_from",
        "order_parts.promised_to",
      ])
      .where("order_parts.order_id", "=", o.id)
      .orderBy("vendors.name")
      .execute(),
    db
      .selectFrom("refunds")
      .select(["amount_paise", "status", "created_at", "updated_at", "reason"])
      .where("order_id", "=", o.id)
      .where("reason", "=", "cancelled")
      .execute(),
  ]);
  const refund = refunds[0];
  const today = indiaDay(now);
  return {
    number: o.number,
    status: o.status,
    createdAt: o.created_at,
    paymentMethod: o.payment_method,
    payment: {
      status: o.payment_status,
      paidAt: o.paid_at,
      error: o.payment_error,
      paymentId: o.razorpay_payment_id,
      refund: refund ? { amount: Number(refund.amount_paise), status: refund.status, requestedAt: refund.created_at, updatedAt: refund.updated_at } : null,
    },
    subTotal: Number(o.sub_total_paise),
    shipping: Number(o.shipping_paise),
    tax: Number(o.tax_paise),
    total: Number(o.total_paise),
    address: {
      fullName: o.ship_full_name,
      phone: o.ship_phone,
      addressLine1: o.ship_line1,
      addressLine2: o.ship_line2,
      city: o.ship_city,
      state: o.ship_state,
      postalCode: o.ship_postal_code,
    },
    business: o.buyer_gstin ? { gstin: o.buyer_gstin, legalName: o.buyer_legal_name ?? "" } : null,
    items: items.map((i) => ({
      productId: i.product_id,
      name: i.name,
      hsnCode: i.hsn_code || null,
      unitPrice: Number(i.unit_price_paise),
      quantity: Number(i.quantity),
      lineTotal: Number(i.line_total_paise),
      vendorId: i.vendor_id,
      vendorName: i.vendor_name,
      gstin: i.gstin,
    })),
    history: history.map((h) => ({ status: h.status, note: h.note, createdAt: h.created_at })),
    shipments: parts.map((p) => {
      const promised = { status: p.status, promisedFrom: p.promised_from, promisedTo: p.promised_to };
      return {
        vendorId: p.vendor_id,
        vendorName: p.name,
        carrier: p.carrier,
        trackingNumber: p.tracking_number,
        ewayBillNumber: p.eway_bill_number,
        ...promised,
        arrival: arrivalLine(promised, today),
      };
    }),
  };
}

/**
 * Puts a cancelled order's items back in stock, once (the stock_released flag guards a second
 * time); a product back from out of stock tells its subscribers (putBackInStock).
 */
export async function releaseStock(trx: Transaction<Database>, outbox: Outbox, orderId: string, now: Date): Promise<void> {
  const r = await trx.updateTable("orders").set({ stock_released: 1 }).where("id", "=", orderId).where("stock_released", "=", 0).executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return;
  const items = await trx.selectFrom("order_items").select(["product_id", "quantity"]).where("order_id", "=", orderId).orderBy("product_id").execute();
  for (const i of items) await putBackInStock(trx, outbox, i.product_id, Number(i.quantity), now);
}

const TOO_LATE_TO_CANCEL = "This order can no longer be cancelled.";
class CancelRefused extends Error {}

/**
 * A customer cancels an order while every seller's part is still pending: its stock returns, in
 * the same transaction. The order row is locked first, as every status change does, so a seller
 * moving its part at the same moment waits and then sees the order cancelled.
 */
export type CancelOutcome = { ok: true; message: string } | Refusal<"not_found" | "conflict">;

export async function cancelOrderForUser(store: Store, userId: string, number: string, now = new Date()): Promise<CancelOutcome> {
  try {
    return await cancelPendingOrder(store, userId, number, now);
  } catch (e) {
    if (e instanceof CancelRefused) return { ok: false, reason: "conflict", message: TOO_LATE_TO_CANCEL };
    throw e;
  }
}

async function cancelPendingOrder({ db, outbox }: Store, userId: string, number: string, now: Date): Promise<CancelOutcome> {
  return db.transaction().execute(async (trx) => {
    const o = await trx.selectFrom("orders").select(["id", "status"]).where("number", "=", number).where("user_id", "=", userId).executeTakeFirst();
    if (!o) return { ok: false, reason: "not_found", message: "Order not found." };
    const stamp = now.toISOString();
    const r = await trx
      .updateTable("orders")
      .set({ status: "cancelled", updated_at: stamp })
      .where("id", "=", o.id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return { ok: false, reason: "conflict", message: TOO_LATE_TO_CANCEL };
    const parts = await trx.selectFrom("order_parts").select("status").where("order_id", "=", o.id).execute();
    // A seller may already be packing or have shipped its part: then nothing changes (rolled back).
    if (!customerMayCancel(parts.map((p) => p.status))) throw new CancelRefused();
    await releaseStock(trx, outbox, o.id, now);
    await settleCancelledPayment(trx, outbox, o.id, now);
    await trx.updateTable("order_parts").set({ status: "cancelled", updated_at: stamp }).where("order_id", "=", o.id).execute();
    const vendors = await trx.selectFrom("order_parts").select("vendor_id").where("order_id", "=", o.id).execute();
    await trx
      .insertInto("order_status_history")
      .values([null, ...vendors.map((v) => v.vendor_id)].map((vendorId) => ({
        id: crypto.randomUUID(),
        order_id: o.id,
        vendor_id: vendorId,
        status: "cancelled",
        note: "Cancelled by the customer",
        actor_user_id: userId,
        created_at: stamp,
      })))
      .execute();
    await announceOrderCancelled(trx, outbox, o.id, { why: "customer" });
    return { ok: true, message: "Your order has been cancelled." };
  });
}

/**
 * The 30-minute check of an unpaid card or UPI order (the `payment.reconcile` job): whatever
 * Razorpay holds for it is applied; if none is captured, the order is cancelled and its stock
 * returned. Throws while Razorpay cannot be reached, so the job retries.
 */
export async function reconcileOrder(store: Store, payments: Payments, orderId: string, now = new Date()): Promise<"paid" | "cancelled" | "settled"> {
  const found = await collectOrderPayments(store, payments, orderId, now);
  if (found !== "unpaid") return found;
  return (await cancelUnpaidOrder(store, orderId, now)) ? "cancelled" : "settled";
}

async function cancelUnpaidOrder({ db, outbox }: Store, orderId: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const stamp = now.toISOString();
    const r = await trx
      .updateTable("orders")
      .set({ status: "cancelled", payment_status: "void", updated_at: stamp })
      .where("id", "=", orderId)
      .where("status", "=", "pending")
      .where("payment_status", "in", UNPAID)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    await releaseStock(trx, outbox, orderId, now);
    await trx.updateTable("order_parts").set({ status: "cancelled", updated_at: stamp }).where("order_id", "=", orderId).execute();
    await trx
      .insertInto("order_status_history")
      .values({ id: crypto.randomUUID(), order_id: orderId, vendor_id: null, status: "cancelled", note: "Cancelled: payment not received", actor_user_id: null, created_at: stamp })
      .execute();
    await announceOrderCancelled(trx, outbox, orderId, { why: "unpaid" });
    return true;
  });
}

export interface CartQuote {
  /** `mrpPaise`: the product's declared MRP for one unit, to show the saving against it; null when undeclared or not known (an order already placed). */
  lines: { productId: string; name: string; unitPrice: number; quantity: number; lineTotal: number; vendorId: string; mrpPaise: number | null }[];
  totals: OrderTotals;
}

/** What placing this cart would cost now, computed exactly as placeOrder will. */
export async function quoteCart(db: Db, lines: CartLine[]): Promise<CartQuote> {
  const ids = lines.map((l) => l.productId);
  const products = ids.length
    ? await db.selectFrom("products").select(["id", "name", "price_paise", "vendor_id", "mrp_paise"]).where("listed", "=", 1).where("id", "in", ids).execute()
    : [];
  const byId = new Map(products.map((p) => [p.id, p]));
  const priced = lines.flatMap((l) => {
    const p = byId.get(l.productId);
    return p
      ? [{ productId: p.id, name: p.name, unitPrice: Number(p.price_paise), vendorId: p.vendor_id, quantity: l.quantity, mrpPaise: p.mrp_paise === null ? null : Number(p.mrp_paise) }]
      : [];
  });
  return {
    lines: priced.map((p) => ({ ...p, lineTotal: p.unitPrice * p.quantity })),
    totals: orderTotals(priced),
  };
}

/**
 * A customer's card or UPI order that is placed but not yet paid, to pay again from its page: its
 * summary, its address and its idempotency key (so paying it, or choosing another method, is the
 * same order). Null when it is paid, cancelled, or not this customer's.
 */
export async function unpaidOrderToPay(db: Db, userId: string, number: string) {
  if (!/^RC-\d{6}$/.test(number)) return null;
  const o = await db.selectFrom("orders").selectAll().where("number", "=", number).where("user_id", "=", userId).executeTakeFirst();
  if (!o || o.status !== "pending" || !isUnpaid(o.payment_status) || !isOnlineMethod(o.payment_method)) return null;
  const items = await db.selectFrom("order_items").select(["product_id", "name", "unit_price_paise", "quantity", "line_total_paise", "vendor_id"]).where("order_id", "=", o.id).orderBy("position").execute();
  const quote: CartQuote = {
    lines: items.map((i) => ({ productId: i.product_id, name: i.name, unitPrice: Number(i.unit_price_paise), quantity: Number(i.quantity), lineTotal: Number(i.line_total_paise), vendorId: i.vendor_id, mrpPaise: null })),
    totals: { subTotal: Number(o.sub_total_paise), shipping: Number(o.shipping_paise), tax: Number(o.tax_paise), total: Number(o.total_paise) },
  };
  return {
    number: o.number,
    idempotencyKey: o.idempotency_key,
    paymentMethod: o.payment_method as PaymentMethod,
    paymentError: o.payment_error,
    quote,
    address: {
      fullName: o.ship_full_name,
      phone: o.ship_phone,
      addressLine1: o.ship_line1,
      addressLine2: o.ship_line2 ?? "",
      city: o.ship_city,
      state: o.ship_state,
      postalCode: o.ship_postal_code,
      business: o.buyer_gstin ? "on" : "",
      gstin: o.buyer_gstin ?? "",
      legalName: o.buyer_legal_name ?? "",
    },
  };
}
