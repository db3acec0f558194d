import { createHash } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";
import { promisesForSellers } from "~/modules/delivery/promise.server";
import { CARRIERS } from "~/modules/orders/shipment";
import { FULFILMENT_STEPS, orderStatusOfParts } from "~/modules/orders/status";
import { orderTotals } from "~/modules/orders/totals";
import { demoShoppers } from "./demo-accounts";
import { demoProducts } from "./demo-catalog";
import { demoDeclarations } from "./demo-declarations";

const DAY = 86_400_000;
const ORDER_COUNT = 72;
const SPAN_DAYS = 120;
const RECENT = 18;

/** A small deterministic generator, so every fresh demo shop has the same orders. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface PlannedPart {
  vendorId: string;
  /** The step reached, or cancelled. */
  status: string;
  steps: { status: string; at: Date }[];
  carrier: string | null;
  trackingNumber: string | null;
}

export interface PlannedOrder {
  number: string;
  shopper: number;
  placedAt: Date;
  paymentMethod: "card" | "upi" | "cod";
  lines: { productId: string; name: string; category: string; vendorId: string; unitPrice: number; quantity: number }[];
  parts: PlannedPart[];
}

/**
 * Four months of orders ending at `now`: old ones delivered (a few cancelled), recent ones shipped,
 * processing or pending, some spanning two vendors whose parts move at their own pace.
 */
export function demoOrderPlan(now: Date): PlannedOrder[] {
  const rnd = random(20_151_105);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const orders: PlannedOrder[] = [];
  for (let i = 0; i < ORDER_COUNT; i++) {
    // The older orders spread over the span; the last RECENT take turns between the vendors over
    // the past week, so each vendor has orders at every step.
    const k = i - (ORDER_COUNT - RECENT);
    const ageDays = k < 0 ? 7 + (SPAN_DAYS - 7) * (1 - i / (ORDER_COUNT - RECENT)) ** 1.3 + rnd() * 0.5 : 6.8 - k * 0.38;
    const placedAt = new Date(Math.floor((now.getTime() - ageDays * DAY) / 60_000) * 60_000);
    const lineCount = rnd() < 0.3 ? 2 : 1;
    const chosen = new Map<string, (typeof demoProducts)[number]>();
    const first =
      k < 0 ? demoProducts[i % demoProducts.length]! : demoProducts.filter((p) => p.vendorId === `vendor-${(k % 3) + 1}`)[Math.floor(k / 3) % 3]!;
    chosen.set(first.id, first);
    while (chosen.size < lineCount) {
      const p = pick(demoProducts);
      chosen.set(p.id, p);
    }
    const lines = [...chosen.values()].map((p) => ({
      productId: p.id,
      name: p.name,
      category: p.category,
      vendorId: p.vendorId,
      unitPrice: p.pricePaise,
      quantity: p.pricePaise < 20_000_00 && rnd() < 0.4 ? 2 : 1,
    }));
    const vendors = [...new Set(lines.map((l) => l.vendorId))];
    const cancelled = ageDays > 10 && i % 11 === 3;
    const parts = vendors.map((vendorId, v): PlannedPart => {
      // How far a part has got: about a day per step, delivered within a week; a second vendor lags.
      const lag = v === 0 ? 0 : 1.5;
      const reached = cancelled ? 0 : ageDays - lag >= 6 ? 3 : ageDays - lag >= 3 ? 2 : ageDays - lag >= 1.2 ? 1 : 0;
      const steps: { status: string; at: Date }[] = FULFILMENT_STEPS.slice(1, reached + 1).map((status, k) => ({
        status,
        at: new Date(placedAt.getTime() + (lag + [0.6, 1.8, 5][k]!) * DAY),
      }));
      if (cancelled) steps.push({ status: "cancelled", at: new Date(placedAt.getTime() + 0.3 * DAY) });
      const shipped = reached >= 2;
      return {
        vendorId,
        status: cancelled ? "cancelled" : FULFILMENT_STEPS[reached]!,
        steps,
        carrier: shipped ? CARRIERS[(i + v) % CARRIERS.length]! : null,
        trackingNumber: shipped ? `${String(1_000_000_000 + ((i * 7_919 + v * 104_729) % 8_999_999_999))}` : null,
      };
    });
    orders.push({
      number: `RC-${String(200_000 + ((i * 7_919) % 700_000))}`,
      shopper: i % demoShoppers.length,
      placedAt,
      paymentMethod: pick(["card", "upi", "cod"] as const),
      lines,
      parts,
    });
  }
  return orders;
}

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A Razorpay-shaped id (prefix, then 14 letters and digits) that a fresh demo shop always gives the same thing. */
export function demoRazorpayId(prefix: "order" | "pay" | "rfnd", of: string): string {
  const hash = createHash("sha256").update(`${prefix}:${of}`).digest();
  let id = "";
  for (let i = 0; i < 14; i++) id += ALNUM.charAt(hash[i]! % ALNUM.length);
  return `${prefix}_${id}`;
}

/** Who a demo order is for and where it went. */
export interface DemoBuyer {
  userId: string;
  name: string;
  phone: string;
  address: { streetAddress: string; city: string; state: string; postalCode: string };
  /** A business buyer's GSTIN and legal name, which the order's invoices carry. */
  business?: { gstin: string; legalName: string };
}

/**
 * Writes one planned order as it would stand after its steps: the order, its lines and parts,
 * and its history. A paid card or UPI order has the Razorpay order and payment that paid it
 * (the sandbox is told of them at start, so they can be refunded). Returns the order's id.
 */
export async function writeDemoOrder(trx: Transaction<Database>, o: Omit<PlannedOrder, "shopper">, buyer: DemoBuyer): Promise<string> {
  const id = crypto.randomUUID();
  const totals = orderTotals(o.lines);
  const status = orderStatusOfParts(o.parts.map((p) => p.status));
  const placed = o.placedAt.toISOString();
  const lastStep = o.parts.flatMap((p) => p.steps).reduce((t, s) => (s.at > t ? s.at : t), o.placedAt);
  const paidOnline = o.paymentMethod !== "cod" && status !== "cancelled";
  // The promise each part was given when placed, as placing an order stores it.
  const promises = await promisesForSellers(trx, { vendorIds: o.parts.map((p) => p.vendorId), destinationPin: buyer.address.postalCode, now: o.placedAt });
  await trx
    .insertInto("orders")
    .values({
      id,
      number: o.number,
      user_id: buyer.userId,
      idempotency_key: `demo-${o.number}`,
      status,
      sub_total_paise: totals.subTotal,
      shipping_paise: totals.shipping,
      tax_paise: totals.tax,
      total_paise: totals.total,
      payment_method: o.paymentMethod,
      // The history is of orders that went ahead: paid by card or UPI, or paid on delivery.
      payment_status: o.paymentMethod === "cod" ? "cod" : status === "cancelled" ? "void" : "paid",
      paid_at: paidOnline ? placed : null,
      razorpay_order_id: paidOnline ? demoRazorpayId("order", o.number) : null,
      razorpay_payment_id: paidOnline ? demoRazorpayId("pay", o.number) : null,
      ship_full_name: buyer.name,
      ship_phone: buyer.phone,
      ship_line1: buyer.address.streetAddress,
      ship_line2: null,
      ship_city: buyer.address.city,
      ship_state: buyer.address.state,
      ship_postal_code: buyer.address.postalCode,
      buyer_gstin: buyer.business?.gstin ?? null,
      buyer_legal_name: buyer.business?.legalName ?? null,
      created_at: placed,
      updated_at: lastStep.toISOString(),
      stock_released: status === "cancelled" ? 1 : 0,
    })
    .execute();
  await trx
    .insertInto("order_items")
    .values(
      o.lines.map((l, position) => ({
        id: crypto.randomUUID(),
        order_id: id,
        position,
        product_id: l.productId,
        vendor_id: l.vendorId,
        name: l.name,
        unit_price_paise: l.unitPrice,
        quantity: l.quantity,
        line_total_paise: l.unitPrice * l.quantity,
        category: l.category,
        hsn_code: demoDeclarations[l.productId]?.hsnCode ?? null,
      })),
    )
    .execute();
  await trx
    .insertInto("order_parts")
    .values(
      o.parts.map((p) => {
        const mine = o.lines.filter((l) => l.vendorId === p.vendorId);
        return {
          order_id: id,
          vendor_id: p.vendorId,
          status: p.status,
          amount_paise: mine.reduce((s, l) => s + l.unitPrice * l.quantity, 0),
          item_count: mine.reduce((s, l) => s + l.quantity, 0),
          carrier: p.carrier,
          tracking_number: p.trackingNumber,
          order_number: o.number,
          customer_user_id: buyer.userId,
          order_created_at: placed,
          updated_at: (p.steps.at(-1)?.at ?? o.placedAt).toISOString(),
          delivered_at: p.steps.find((s) => s.status === "delivered")?.at.toISOString() ?? null,
          promised_from: promises.get(p.vendorId)?.earliest ?? null,
          promised_to: promises.get(p.vendorId)?.latest ?? null,
        };
      }),
    )
    .execute();
  // The order's own history: placed, then each time its derived status moved.
  const orderHistory: { status: string; at: Date; note: string | null }[] = [{ status: "pending", at: o.placedAt, note: "Order placed" }];
  const events = o.parts.flatMap((p) => p.steps.map((s) => ({ ...s, vendorId: p.vendorId }))).sort((a, b) => a.at.getTime() - b.at.getTime());
  const current = new Map(o.parts.map((p) => [p.vendorId, "pending"]));
  for (const e of events) {
    current.set(e.vendorId, e.status);
    const derived = orderStatusOfParts([...current.values()]);
    if (derived !== orderHistory.at(-1)!.status) orderHistory.push({ status: derived, at: e.at, note: null });
  }
  await trx
    .insertInto("order_status_history")
    .values([
      ...orderHistory.map((h) => ({ id: crypto.randomUUID(), order_id: id, vendor_id: null, status: h.status, note: h.note, actor_user_id: null, created_at: h.at.toISOString() })),
      ...events.map((e) => ({
        id: crypto.randomUUID(),
        order_id: id,
        vendor_id: e.vendorId,
        status: e.status,
        note: null,
        actor_user_id: null,
        created_at: e.at.toISOString(),
      })),
    ])
    .execute();
  return id;
}

/** Writes the planned orders for the demo shoppers (whose user ids are given in demoShoppers order). Stock is left alone: these are history. */
export async function seedDemoOrders(db: Kysely<Database>, shopperIds: readonly string[], now = new Date()): Promise<number> {
  const plan = demoOrderPlan(now);
  // Written once: a start that was interrupted after the orders were written finds them here.
  const already = await db.selectFrom("orders").select("id").where("idempotency_key", "like", "demo-RC-%").limit(1).executeTakeFirst();
  if (already) return 0;
  await db.transaction().execute(async (trx) => {
    for (const o of plan) {
      const shopper = demoShoppers[o.shopper]!;
      await writeDemoOrder(trx, o, { userId: shopperIds[o.shopper]!, name: shopper.name, phone: shopper.phone, address: shopper.address });
    }
  });
  return plan.length;
}
