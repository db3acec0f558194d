import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalog } from "~/seed/seed.server";
import { advanceVendorPart } from "~/modules/orders/fulfilment.server";
import { placeOrder } from "~/modules/orders/orders.server";
import { approveReturn, inspectReturn, markPickedUp, rejectReturn, requestReturn, type ReturnActor } from "~/modules/returns/returns.server";
import { parseVendorReturnQuery } from "~/modules/vendors/return-query";
import { gstOn } from "~/modules/orders/totals";
import { settleOrder } from "~/modules/settlements/ledger.server";
import { vendorFigures } from "~/modules/vendors/orders.server";
import { vendorReturns } from "~/modules/vendors/returns.server";
import { insertUsers, shippingAddress as address } from "../support/fixtures";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const KEYBOARD = "product-logitech-g213-prodigy"; // vendor-1, ₹3,499
const SSD = "product-samsung-990-pro-2tb"; // vendor-2, ₹16,999

const SELLER_1: ReturnActor & { role: "vendor" } = { role: "vendor", userId: "u-v1", vendorId: "vendor-1" };
const SELLER_2: ReturnActor & { role: "vendor" } = { role: "vendor", userId: "u-v2", vendorId: "vendor-2" };
const PICKUP = { carrier: "Delhivery", trackingNumber: "DLV123456789" };
const SEALED = { sealed: "sealed-by-the-route", masked: "UPI: ad•••@okaxis" };
const HOUR = 3_600_000;
const query = (s = "") => parseVendorReturnQuery(new URLSearchParams(s));

describe.each(testDatabaseKinds)("a seller's returns on %s", (kind) => {
  let t: TestDatabase;
  let n = 0;

  /** A cash-on-delivery order of `lines`, placed at `placed` and delivered by every seller a day later, its sale posted to the ledger. */
  async function deliveredOrder(userId: string, lines: { productId: string; quantity: number }[], placed: Date) {
    const r = await placeOrder(t, { userId, lines, address, paymentMethod: "cod", idempotencyKey: `vret-${kind}-${++n}` }, placed);
    if (!r.ok) throw new Error(r.message);
    const delivered = new Date(placed.getTime() + 24 * HOUR);
    const parts = await t.db.selectFrom("order_parts").select("vendor_id").where("order_number", "=", r.number).execute();
    for (const p of parts) {
      for (const from of ["pending", "processing", "shipped"]) {
        const moved = await advanceVendorPart(t, { vendorId: p.vendor_id, number: r.number, from, actorUserId: "u-v", shipment: { carrier: "Blue Dart", trackingNumber: "BD1234567" }, ewayBillNumber: "321012345678" }, delivered);
        if (!moved.ok) throw new Error(moved.message);
      }
    }
    const order = await t.db.selectFrom("orders").select(["id", "number"]).where("number", "=", r.number).executeTakeFirstOrThrow();
    await settleOrder(t.db, order.id, delivered);
    const items = await t.db.selectFrom("order_items").select(["id", "product_id"]).where("order_id", "=", order.id).execute();
    return { ...order, delivered, itemOf: (productId: string) => items.find((i) => i.product_id === productId)!.id };
  }

  async function ask(userId: string, o: Awaited<ReturnType<typeof deliveredOrder>>, productId: string, hoursAfterDelivery: number, quantity = 1) {
    const r = await requestReturn(
      t,
      { userId, orderNumber: o.number, orderItemId: o.itemOf(productId), quantity, reason: "defective", resolution: "refund", details: "Stopped working", serialNumber: "SN-1", photos: [], refundTo: SEALED },
      new Date(o.delivered.getTime() + hoursAfterDelivery * HOUR),
    );
    if (!r.ok) throw new Error(r.message);
    return r.number;
  }

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await insertUsers(t, [
      { id: "u-a", name: "Aditi Rao" },
      { id: "u-b", name: "Bharat Singh" },
      { id: "u-v1", name: "Rohan Mehta", role: "vendor" },
      { id: "u-v2", name: "Meera Shah", role: "vendor" },
    ]);
    await t.db.updateTable("vendors").set({ owner_user_id: "u-v1" }).where("id", "=", "vendor-1").execute();
    await t.db.updateTable("vendors").set({ owner_user_id: "u-v2" }).where("id", "=", "vendor-2").execute();
  });
  afterAll(async () => t?.destroy());

  it("lists only the seller's own requests, newest first, searched, filtered and counted", async () => {
    const first = await deliveredOrder("u-a", [{ productId: KEYBOARD, quantity: 2 }, { productId: SSD, quantity: 1 }], new Date("2026-11-10T06:00:00.000Z"));
    const second = await deliveredOrder("u-b", [{ productId: KEYBOARD, quantity: 1 }], new Date("2026-11-12T06:00:00.000Z"));
    const a1 = await ask("u-a", first, KEYBOARD, 2);
    const ssd = await ask("u-a", first, SSD, 3);
    const b1 = await ask("u-b", second, KEYBOARD, 1);
    expect(await rejectReturn(t, SELLER_1, { number: b1, from: "requested", reason: "Seal broken by the customer" }, new Date("2026-11-14T06:00:00.000Z"))).toMatchObject({ ok: true });

    // a1 was asked on 12 Nov 08:00; on 14 Nov 09:00 it has waited over 48 hours for an answer.
    const now = new Date("2026-11-14T09:00:00.000Z");
    const all = await vendorReturns(t.db, "vendor-1", query(), now);
    expect(all.rows.map((r) => r.number)).toEqual([b1, a1]);
    expect(all).toMatchObject({ total: 2, page: 1, pageCount: 1 });
    expect(all.rows.find((r) => r.number === a1)).toMatchObject({ overdue: true, customerName: "Aditi Rao", productName: "Logitech G213 Prodigy RGB Gaming Keyboard", refundState: null });
    expect(all.rows.find((r) => r.number === b1)).toMatchObject({ overdue: false, status: "rejected", decisionNote: "Seal broken by the customer" });
    // The other seller's request of the same order is not among them, and the other seller sees only it.
    expect((await vendorReturns(t.db, "vendor-2", query(), now)).rows.map((r) => r.number)).toEqual([ssd]);

    const numbersFor = async (s: string) => (await vendorReturns(t.db, "vendor-1", query(s), now)).rows.map((r) => r.number);
    expect(await numbersFor(`q=${a1}`)).toEqual([a1]);
    expect(await numbersFor(`q=${a1.toLowerCase()}`)).toEqual([a1]);
    expect(await numbersFor(`q=${second.number}`)).toEqual([b1]);
    expect(await numbersFor("q=g213")).toEqual([b1, a1]);
    expect(await numbersFor("q=bharat")).toEqual([b1]);
    expect(await numbersFor("q=samsung")).toEqual([]);
    expect(await numbersFor("q=%25")).toEqual([b1, a1]);
    expect(await numbersFor("status=rejected")).toEqual([b1]);
    expect(await numbersFor("status=requested&q=aditi")).toEqual([a1]);
    expect(await vendorReturns(t.db, "vendor-1", query("status=refunded"), now)).toMatchObject({ rows: [], total: 0, pageCount: 1 });
    expect(query("status=bogus&page=-3")).toEqual({ q: "", status: "all", page: 1 });
  });

  it("counts a refunded return off the dashboard's revenue in the month its credit note was issued", async () => {
    const vendor3 = "vendor-3";
    const MOUSE = "product-logitech-mx-master-3s"; // vendor-3, ₹8,995
    const now = new Date("2026-11-22T10:00:00.000Z");
    const october = await deliveredOrder("u-b", [{ productId: MOUSE, quantity: 2 }], new Date("2026-10-20T06:00:00.000Z"));
    await deliveredOrder("u-a", [{ productId: MOUSE, quantity: 1 }], new Date("2026-11-05T06:00:00.000Z"));
    const before = await vendorFigures(t.db, vendor3, now);
    const sale = (paise: number) => paise + gstOn(paise);
    expect(before).toEqual({ revenue: sale(2 * 8_995_00) + sale(8_995_00), thisMonth: sale(8_995_00), lastMonth: sale(2 * 8_995_00), orders: 2, customers: 2 });

    const seller3 = { role: "vendor" as const, userId: "u-v3", vendorId: vendor3 };
    const number = await ask("u-b", october, MOUSE, 24);
    expect(await approveReturn(t, seller3, { number, from: "requested", pickup: PICKUP }, new Date("2026-10-23T06:00:00.000Z"))).toMatchObject({ ok: true });
    expect(await markPickedUp(t, seller3, { number, from: "approved" }, new Date("2026-10-25T06:00:00.000Z"))).toMatchObject({ ok: true });
    // Still open: nothing comes off yet.
    expect(await vendorFigures(t.db, vendor3, now)).toEqual(before);
    expect(await inspectReturn(t, seller3, { number, from: "picked_up", accepted: true, restock: true, note: "" }, new Date("2026-11-03T06:00:00.000Z"))).toMatchObject({ ok: true });

    // The ledger learns of the credit note (the "ledger.settle" job does this in the shop).
    await settleOrder(t.db, october.id, new Date("2026-11-03T06:00:00.000Z"));
    // Delivered in October, refunded in November: November's figure carries it.
    expect(await vendorFigures(t.db, vendor3, now)).toEqual({ revenue: sale(2 * 8_995_00), thisMonth: 0, lastMonth: sale(2 * 8_995_00), orders: 2, customers: 2 });
    const [row] = (await vendorReturns(t.db, vendor3, query(`q=${number}`), now)).rows;
    expect(row).toMatchObject({ status: "refunded", refundState: { status: "requested", method: "manual" }, creditNote: { number: "CN/2026-27/0001" } });
    // Another seller's figures are untouched.
    expect((await vendorFigures(t.db, SELLER_2.vendorId, now)).revenue).toBe(sale(16_999_00));
  });
});
