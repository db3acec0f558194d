import { sealRefundDestination } from "~/modules/payments/refund-destination.server";
import type { Kysely } from "kysely";
import { isDone, markDone } from "~/db/meta.server";
import type { Database } from "~/db/schema";
import type { SecretBox } from "~/lib/secret-box.server";
import type { Outbox, Store } from "~/modules/jobs/outbox.server";
import { CARRIERS } from "~/modules/orders/shipment";
import { parseRefundDestination } from "~/modules/payments/refund-destination";
import {
  advanceReplacement,
  approveReturn,
  inspectReturn,
  markPickedUp,
  rejectReturn,
  requestReturn,
  withdrawReturn,
  type ReturnOutcome,
} from "~/modules/returns/returns.server";
import type { Resolution, ReturnReason } from "~/modules/returns/rules";
import { demoProducts } from "./demo-catalog";
import { demoOrderPlan, demoRazorpayId, writeDemoOrder, type DemoBuyer, type PlannedOrder } from "./demo-orders";

const DAY = 86_400_000;
const DEMO_RETURNS_KEY = "demo_returns_seeded";

/** The phone the demo customer's orders were placed with (they go to her saved address). */
export const DEMO_CUSTOMER_PHONE = "+91 98111 45678";

const product = (id: string) => {
  const p = demoProducts.find((x) => x.id === id);
  if (!p) throw new Error(`No demo product ${id}`);
  return p;
};

/** A part that went through every step, delivered `deliveredAt`. */
function deliveredPart(vendorId: string, placedAt: Date, deliveredAt: Date, n: number): PlannedOrder["parts"][number] {
  const span = deliveredAt.getTime() - placedAt.getTime();
  return {
    vendorId,
    status: "delivered",
    steps: [
      { status: "processing", at: new Date(placedAt.getTime() + span * 0.2) },
      { status: "shipped", at: new Date(placedAt.getTime() + span * 0.45) },
      { status: "delivered", at: deliveredAt },
    ],
    carrier: CARRIERS[n % CARRIERS.length]!,
    trackingNumber: String(7_100_000_000 + n * 104_729),
  };
}

/** The minute `days` days before `now`, so every fresh demo reads the same. */
const daysBefore = (now: Date, days: number) => new Date(Math.floor((now.getTime() - days * DAY) / 60_000) * 60_000);

/**
 * The demo customer's own orders: one delivered two days ago by card with two items of one seller
 * (a keyboard to return for a refund, a graphics card that can only be replaced), one paid on
 * delivery four days ago with a request waiting for the seller, one paid by UPI weeks ago whose
 * return was refunded, and one shipped but held up past its delivery date.
 */
export function demoCustomerOrders(now: Date): Omit<PlannedOrder, "shopper">[] {
  const line = (id: string, quantity = 1) => {
    const p = product(id);
    return { productId: p.id, name: p.name, category: p.category, vendorId: p.vendorId, unitPrice: p.pricePaise, quantity };
  };
  const order = (number: string, paymentMethod: PlannedOrder["paymentMethod"], ids: string[], placedDays: number, deliveredDays: number, n: number) => {
    const lines = ids.map((id) => line(id));
    const placedAt = daysBefore(now, placedDays);
    return { number, paymentMethod, placedAt, lines, parts: [deliveredPart(lines[0]!.vendorId, placedAt, daysBefore(now, deliveredDays), n)] };
  };
  return [
    order("RC-190001", "card", ["product-logitech-g213-prodigy", "product-zotac-geforce-rtx-5070-twin-edge-oc"], 5.5, 2, 1),
    order("RC-190002", "cod", ["product-logitech-mx-master-3s"], 7, 4, 2),
    order("RC-190003", "upi", ["product-samsung-990-pro-2tb"], 30, 25, 3),
    heldUp(now),
  ];
}

/**
 * The demo customer's parcel held up on the way: a monitor paid on delivery, placed sixteen days
 * ago and shipped the day after, not yet delivered. However its promise fell (a Saturday evening
 * order, holidays), sixteen days is past it, so the order page reads "Delayed: expected by …".
 */
function heldUp(now: Date): Omit<PlannedOrder, "shopper"> {
  const p = product("product-benq-gw2490");
  const placedAt = daysBefore(now, 16);
  const after = (days: number) => new Date(placedAt.getTime() + days * DAY);
  return {
    number: "RC-190004",
    paymentMethod: "cod",
    placedAt,
    lines: [{ productId: p.id, name: p.name, category: p.category, vendorId: p.vendorId, unitPrice: p.pricePaise, quantity: 1 }],
    parts: [
      {
        vendorId: p.vendorId,
        status: "shipped",
        steps: [
          { status: "processing", at: after(0.4) },
          { status: "shipped", at: after(1.2) },
        ],
        carrier: CARRIERS[4 % CARRIERS.length]!,
        trackingNumber: String(7_100_000_000 + 4 * 104_729),
      },
    ],
  };
}

type Step = "approve" | "pick_up" | "accept" | "reject" | "withdraw" | "ship_replacement";

/** One seeded request: which order and item, why, and the steps it went through, a day or so apart. */
interface PlannedReturn {
  orderNumber: string;
  customer: "priya" | number;
  vendorId: string;
  productId: string;
  reason: ReturnReason;
  resolution: Resolution;
  details: string;
  serialNumber?: string;
  /** When it was asked for, and each step after, in days after the delivery. */
  requestedAfter: number;
  steps: { step: Step; after: number }[];
}

interface Choice {
  vendorId: string;
  /** Delivered between these many days ago. */
  deliveredDaysAgo: [number, number];
  replacement?: boolean;
  online?: boolean;
}

/**
 * Picks, from the demo shoppers' plan, a delivered order line of each seller for each request, so
 * the requests fall on real deliveries inside their windows. The plan is fixed, so the picks are too.
 */
function pickOrders(plan: PlannedOrder[], now: Date, choices: Choice[]): { order: PlannedOrder; productId: string }[] {
  const used = new Set<string>();
  return choices.map((c) => {
    for (const o of plan) {
      const part = o.parts.find((p) => p.vendorId === c.vendorId && p.status === "delivered");
      if (used.has(o.number) || !part) continue;
      const ago = (now.getTime() - part.steps.find((s) => s.status === "delivered")!.at.getTime()) / DAY;
      if (ago < c.deliveredDaysAgo[0] || ago > c.deliveredDaysAgo[1]) continue;
      if (c.online !== undefined && (o.paymentMethod !== "cod") !== c.online) continue;
      const line = o.lines.find((l) => l.vendorId === c.vendorId && (product(l.productId).category === "Component") === (c.replacement ?? false));
      if (!line) continue;
      used.add(o.number);
      return { order: o, productId: line.productId };
    }
    throw new Error(`The demo plan has no delivered order of ${c.vendorId} for a seeded return (${JSON.stringify(c)})`);
  });
}

/** The requests of the demo: every state a person can open, across the three sellers and the demo customer. */
export function demoReturnPlan(now: Date): PlannedReturn[] {
  const [requested, approved, pickedUp, refunded, replaced, rejected, withdrawn] = pickOrders(demoOrderPlan(now), now, [
    { vendorId: "vendor-2", deliveredDaysAgo: [3.5, 10] },
    { vendorId: "vendor-3", deliveredDaysAgo: [2.5, 7] },
    { vendorId: "vendor-1", deliveredDaysAgo: [3.5, 30] },
    { vendorId: "vendor-2", deliveredDaysAgo: [10, 90], online: true },
    { vendorId: "vendor-1", deliveredDaysAgo: [10, 90], replacement: true },
    { vendorId: "vendor-3", deliveredDaysAgo: [10, 90] },
    { vendorId: "vendor-1", deliveredDaysAgo: [10, 90] },
  ]);
  const of = (pick: { order: PlannedOrder; productId: string }) => ({
    orderNumber: pick.order.number,
    customer: pick.order.shopper,
    vendorId: product(pick.productId).vendorId,
    productId: pick.productId,
  });
  return [
    { ...of(requested!), reason: "defective", resolution: "refund", details: "Stops working after a few minutes of use and will not power on again until unplugged.", requestedAfter: 0.5, steps: [] },
    { ...of(approved!), reason: "missing_parts", resolution: "refund", details: "The box came without the cable and the quick start guide.", requestedAfter: 0.4, steps: [{ step: "approve", after: 1.2 }] },
    {
      ...of(pickedUp!),
      reason: "defective",
      resolution: "refund",
      details: "Several keys register twice when pressed once.",
      requestedAfter: 1,
      steps: [
        { step: "approve", after: 1.5 },
        { step: "pick_up", after: 2.5 },
      ],
    },
    {
      ...of(refunded!),
      reason: "defective",
      resolution: "refund",
      details: "Not detected by the computer on any port.",
      requestedAfter: 1,
      steps: [
        { step: "approve", after: 1.5 },
        { step: "pick_up", after: 3 },
        { step: "accept", after: 5 },
      ],
    },
    {
      ...of(replaced!),
      reason: "defective",
      resolution: "replacement",
      details: "Artefacts on screen and a crash in every game after ten minutes.",
      serialNumber: "DEMO-SN-58213",
      requestedAfter: 2,
      steps: [
        { step: "approve", after: 2.5 },
        { step: "pick_up", after: 4 },
        { step: "accept", after: 6 },
        { step: "ship_replacement", after: 7 },
      ],
    },
    { ...of(rejected!), reason: "not_needed", resolution: "refund", details: "Bought a different model instead.", requestedAfter: 3, steps: [{ step: "reject", after: 4 }] },
    { ...of(withdrawn!), reason: "not_needed", resolution: "refund", details: "Ordered by mistake.", requestedAfter: 1, steps: [{ step: "withdraw", after: 1.5 }] },
    {
      orderNumber: "RC-190002",
      customer: "priya",
      vendorId: "vendor-3",
      productId: "product-logitech-mx-master-3s",
      reason: "defective",
      resolution: "refund",
      details: "The scroll wheel skips and the side buttons do nothing.",
      requestedAfter: 3,
      steps: [],
    },
    {
      orderNumber: "RC-190003",
      customer: "priya",
      vendorId: "vendor-2",
      productId: "product-samsung-990-pro-2tb",
      reason: "defective",
      resolution: "refund",
      details: "Disappears from the system after a restart; the vendor's tool reports errors.",
      serialNumber: "S7HENJ0X512345",
      requestedAfter: 1,
      steps: [
        { step: "approve", after: 1.5 },
        { step: "pick_up", after: 3 },
        { step: "accept", after: 5 },
      ],
    },
  ];
}

export interface DemoPeople {
  priya: DemoBuyer;
  /** The demo shoppers' user ids, in demoShoppers order. */
  shopperIds: readonly string[];
  /** Each demo vendor's owner. */
  vendorOwners: Record<string, string>;
}

/** Writes the demo customer's orders once, in one transaction, as seedDemoOrders writes the shoppers'. */
export async function seedDemoCustomerOrders(db: Kysely<Database>, priya: DemoBuyer, now: Date): Promise<void> {
  const orders = demoCustomerOrders(now);
  const already = await db.selectFrom("orders").select("id").where("number", "in", orders.map((o) => o.number)).limit(1).executeTakeFirst();
  if (already) return;
  await db.transaction().execute(async (trx) => {
    for (const o of orders) await writeDemoOrder(trx, o, priya);
  });
}

/** An outbox that adds no jobs: seeded history is not announced, and its refunds are not asked for again. */
function silent(outbox: Outbox): Outbox {
  return { link: outbox.link, jobs: { kind: outbox.jobs.kind, add: async () => {}, work: async () => {}, stop: async () => {} } };
}

/**
 * The demo's returns, written through the returns module as people would have made them (history,
 * credit notes, refund rows are real), each step at its own time. Nothing is announced: the seed's
 * outbox adds no jobs and the mail rows the steps wrote are deleted, as the demo's orders have no
 * mail either. A card or UPI refund stands processed, with its Razorpay refund id (the sandbox is
 * told at start what was refunded of each payment). Written once; a start interrupted half way
 * carries on where it stopped, each step being refused as stale once done.
 */
export async function seedDemoReturns({ db, outbox }: Store, secrets: SecretBox, people: DemoPeople, now: Date): Promise<boolean> {
  if (await isDone(db, DEMO_RETURNS_KEY)) return false;
  const store: Store = { db, outbox: silent(outbox) };
  const numbers: string[] = [];
  const plan = demoReturnPlan(now);
  // History leaves the stock alone, as the demo orders do: what inspection restocks or a replacement takes is put back.
  const productIds = [...new Set(plan.map((r) => r.productId))];
  const stock = await db.selectFrom("products").select(["id", "stock"]).where("id", "in", productIds).execute();
  for (const [i, r] of plan.entries()) {
    const order = await db
      .selectFrom("orders")
      .innerJoin("order_parts", "order_parts.order_id", "orders.id")
      .innerJoin("order_items", "order_items.order_id", "orders.id")
      .select(["orders.id", "orders.user_id", "orders.payment_method", "order_parts.delivered_at", "order_items.id as item_id"])
      .where("orders.number", "=", r.orderNumber)
      .where("order_parts.vendor_id", "=", r.vendorId)
      .where("order_items.product_id", "=", r.productId)
      .executeTakeFirstOrThrow();
    const delivered = new Date(order.delivered_at!).getTime();
    const at = (days: number) => new Date(Math.min(delivered + days * DAY, now.getTime() - 60_000));
    const userId = r.customer === "priya" ? people.priya.userId : people.shopperIds[r.customer]!;
    const seller = { role: "vendor" as const, userId: people.vendorOwners[r.vendorId]!, vendorId: r.vendorId };
    const number = `${r.orderNumber}-R1`;
    numbers.push(number);

    const exists = await db.selectFrom("returns").select("status").where("number", "=", number).executeTakeFirst();
    if (!exists) {
      const manual = r.resolution === "refund" && order.payment_method === "cod";
      const destination = manual ? parseRefundDestination({ kind: "upi", upiId: `${userId === people.priya.userId ? "priya.sharma" : `shopper${i}`}@okicici` }) : null;
      const refundTo = destination?.ok ? sealRefundDestination(secrets, destination.value) : null;
      const asked = await requestReturn(
        store,
        {
          userId,
          orderNumber: r.orderNumber,
          orderItemId: order.item_id,
          quantity: 1,
          reason: r.reason,
          resolution: r.resolution,
          details: r.details,
          serialNumber: r.serialNumber ?? null,
          photos: [],
          refundTo,
        },
        at(r.requestedAfter),
      );
      expectDone(asked, number);
    }
    const carrier = CARRIERS[(i + 2) % CARRIERS.length]!;
    for (const { step, after } of r.steps) {
      const when = at(after);
      const current = (await db.selectFrom("returns").select("status").where("number", "=", number).executeTakeFirstOrThrow()).status;
      if (step === "approve") expectDone(await approveReturn(store, seller, { number, from: "requested", pickup: { carrier, trackingNumber: `RP${7_300_000 + i * 811}` } }, when), number);
      if (step === "pick_up") expectDone(await markPickedUp(store, seller, { number, from: "approved" }, when), number);
      if (step === "accept") expectDone(await inspectReturn(store, seller, { number, from: "picked_up", accepted: true, restock: r.resolution === "refund", note: "" }, when), number);
      if (step === "reject") {
        expectDone(await rejectReturn(store, seller, { number, from: "requested", reason: "A change of mind is accepted only for unopened items; this one was opened and used." }, when), number);
      }
      if (step === "withdraw" && current === "requested") expectDone(await withdrawReturn(store, { userId, number }, when), number);
      if (step === "ship_replacement") {
        expectDone(await advanceReplacement(store, seller, { number, from: "pending" }, when), number);
        expectDone(await advanceReplacement(store, seller, { number, from: "processing", shipment: { carrier, trackingNumber: `${carrier === "Ekart" ? "EK" : "RS"}${9_100_000 + i * 13}` } }, new Date(when.getTime() + DAY / 4)), number);
      }
    }
    await settleRefund(db, number, at(Math.max(...r.steps.map((s) => s.after), r.requestedAfter) + 0.2));
  }
  await db.transaction().execute(async (trx) => {
    for (const p of stock) await trx.updateTable("products").set({ stock: Number(p.stock) }).where("id", "=", p.id).execute();
    await trx.deleteFrom("mail").where("reference", "in", numbers).execute();
  });
  await markDone(db, DEMO_RETURNS_KEY, now);
  return true;
}

/** A step done now, or done on an earlier, interrupted start (stale), is fine; anything else is a broken plan. */
function expectDone(outcome: ReturnOutcome, number: string): void {
  if (outcome.ok || outcome.reason === "stale") return;
  throw new Error(`Seeding demo return ${number}: ${outcome.message}`);
}

/** Razorpay refunded it: the row processed, with the refund id the sandbox will know the payment by. */
async function settleRefund(db: Kysely<Database>, number: string, at: Date): Promise<void> {
  const r = await db.selectFrom("returns").select("id").where("number", "=", number).executeTakeFirstOrThrow();
  await db
    .updateTable("refunds")
    .set({ status: "processed", razorpay_refund_id: demoRazorpayId("rfnd", number), updated_at: at.toISOString() })
    .where("return_id", "=", r.id)
    .where("method", "=", "razorpay")
    .where("status", "=", "requested")
    .execute();
}
