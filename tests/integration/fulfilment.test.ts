import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoShoppers } from "~/seed/demo-accounts";
import { seedDemoOrders } from "~/seed/demo-orders";
import { seedDemoCatalog } from "~/seed/seed.server";
import { listAdminOrders, parseAdminOrderQuery } from "~/modules/orders/admin-orders.server";
import { advanceVendorPart, setOrderStatusByAdmin } from "~/modules/orders/fulfilment.server";
import { cancelOrderForUser, getOrderForUser, placeOrder } from "~/modules/orders/orders.server";
import { parseVendorOrderQuery } from "~/modules/vendors/order-query";
import { vendorFigures, vendorOrderDetail, vendorOrders } from "~/modules/vendors/orders.server";
import { settleOrder, settleUnpostedOrders } from "~/modules/settlements/ledger.server";
import { gstOn } from "~/modules/orders/totals";
import { deliveredOrder } from "../support/delivered-order";
import { insertUsers, shippingAddress as address } from "../support/fixtures";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const KEYBOARD = "product-logitech-g213-prodigy"; // vendor-1, ₹3,499
const LAPTOP = "product-asus-tuf-gaming-a15"; // vendor-1, ₹82,990
const SSD = "product-samsung-990-pro-2tb"; // vendor-2, ₹16,999
const MOUSE = "product-logitech-mx-master-3s"; // vendor-3, ₹8,995

const NOW = new Date("2026-11-22T10:00:00.000Z");
const query = (s = "") => parseVendorOrderQuery(new URLSearchParams(s));

describe.each(testDatabaseKinds)("vendor fulfilment on %s", (kind) => {
  let t: TestDatabase;
  const stockOf = async (id: string) => Number((await t.db.selectFrom("products").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock);
  let n = 0;
  const place = async (userId: string, lines: { productId: string; quantity: number }[], at: Date) => {
    const r = await placeOrder(t, { userId, lines, address, paymentMethod: "cod", idempotencyKey: `k-${++n}` }, at);
    if (!r.ok) throw new Error(r.message);
    return r.number;
  };

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await insertUsers(t, [
      { id: "u-a", name: "Aditi Rao" },
      { id: "u-b", name: "Bharat Singh" },
      { id: "u-c", name: "Chitra Menon" },
      { id: "u-d", name: "Dev Malhotra" },
    ]);
  });
  afterAll(async () => t?.destroy());

  describe("dashboard figures", () => {
    it("take the money from the ledger by Indian calendar month of delivery, and count every order not cancelled", async () => {
      const sale = (rupees: number) => rupees * 100 + gstOn(rupees * 100);
      const delivered = async (userId: string, lines: { productId: string; quantity: number }[], placedAt: Date, deliveredAt: Date) => {
        const order = await deliveredOrder(t, { userId, lines, placedAt, deliveredAt });
        await settleOrder(t.db, order.id, deliveredAt);
      };
      await delivered("u-a", [{ productId: KEYBOARD, quantity: 2 }], new Date("2026-11-01T06:00:00.000Z"), new Date("2026-11-05T06:00:00.000Z")); // this month: 6,998
      await delivered("u-b", [{ productId: KEYBOARD, quantity: 1 }], new Date("2026-10-28T06:00:00.000Z"), new Date("2026-10-31T20:00:00.000Z")); // 1 Nov IST: 3,499
      await delivered("u-a", [{ productId: LAPTOP, quantity: 1 }], new Date("2026-10-10T06:00:00.000Z"), new Date("2026-10-15T06:00:00.000Z")); // last month: 82,990
      await delivered(
        "u-c",
        [
          { productId: KEYBOARD, quantity: 1 },
          { productId: SSD, quantity: 1 },
        ],
        new Date("2026-10-20T06:00:00.000Z"),
        new Date("2026-10-31T18:00:00.000Z"), // 31 Oct 23:30 IST: last month, 3,499 for vendor-1
      );
      await place("u-b", [{ productId: KEYBOARD, quantity: 1 }], new Date("2026-11-10T06:00:00.000Z")); // placed, not delivered: counted, no money yet
      const cancelled = await place("u-c", [{ productId: KEYBOARD, quantity: 1 }], new Date("2026-09-10T06:00:00.000Z"));
      expect(await cancelOrderForUser(t, "u-c", cancelled)).toMatchObject({ ok: true });
      await delivered("u-d", [{ productId: SSD, quantity: 1 }], new Date("2026-08-01T06:00:00.000Z"), new Date("2026-08-04T06:00:00.000Z")); // vendor-2 only

      expect(await vendorFigures(t.db, "vendor-1", NOW)).toEqual({
        revenue: sale(6_998) + sale(3_499) + sale(82_990) + sale(3_499),
        thisMonth: sale(6_998) + sale(3_499),
        lastMonth: sale(82_990) + sale(3_499),
        orders: 5,
        customers: 3,
      });
      expect(await vendorFigures(t.db, "vendor-2", NOW)).toEqual({ revenue: 2 * sale(16_999), thisMonth: 0, lastMonth: sale(16_999), orders: 2, customers: 2 });
      expect(await vendorFigures(t.db, "vendor-3", NOW)).toEqual({ revenue: 0, thisMonth: 0, lastMonth: 0, orders: 0, customers: 0 });
    });
  });


  describe("multi-vendor orders", () => {
    it("give each vendor its own part, and the customer the least advanced status", async () => {
      const number = await place(
        "u-a",
        [
          { productId: KEYBOARD, quantity: 1 },
          { productId: SSD, quantity: 2 },
        ],
        new Date("2026-11-20T06:00:00.000Z"),
      );
      const v1 = await vendorOrderDetail(t.db, "vendor-1", number);
      const v2 = await vendorOrderDetail(t.db, "vendor-2", number);
      expect(v1).toMatchObject({ status: "pending", amount: 3_499_00, items: [expect.objectContaining({ productId: KEYBOARD, quantity: 1 })] });
      expect(v1?.items).toHaveLength(1);
      expect(v2).toMatchObject({ status: "pending", amount: 2 * 16_999_00, items: [expect.objectContaining({ productId: SSD, quantity: 2, lineTotal: 2 * 16_999_00 })] });
      expect(await vendorOrderDetail(t.db, "vendor-3", number)).toBeNull();

      const at = (d: string) => new Date(`2026-11-${d}T06:00:00.000Z`);
      expect(await advanceVendorPart(t, { vendorId: "vendor-1", number, from: "pending", actorUserId: "v1" }, at("20"))).toEqual({
        ok: true,
        message: `Order ${number} marked Processing.`,
      });
      expect((await getOrderForUser(t.db, "u-a", number))?.status).toBe("pending");
      await advanceVendorPart(t, { vendorId: "vendor-2", number, from: "pending", actorUserId: "v2" }, at("21"));
      expect((await getOrderForUser(t.db, "u-a", number))?.status).toBe("processing");

      // Shipped needs the carrier and tracking number.
      expect(await advanceVendorPart(t, { vendorId: "vendor-1", number, from: "processing", actorUserId: "v1" })).toMatchObject({ ok: false, reason: "invalid" });
      await advanceVendorPart(t,
        { vendorId: "vendor-1", number, from: "processing", actorUserId: "v1", shipment: { carrier: "Blue Dart", trackingNumber: "BD123456" } },
        at("22"),
      );
      expect((await getOrderForUser(t.db, "u-a", number))?.status).toBe("processing");
      await advanceVendorPart(t,
        { vendorId: "vendor-2", number, from: "processing", actorUserId: "v2", shipment: { carrier: "Delhivery", trackingNumber: "DL-99887766" } },
        at("23"),
      );
      const order = await getOrderForUser(t.db, "u-a", number);
      expect(order?.status).toBe("shipped");
      expect(order?.history.map((h) => h.status)).toEqual(["pending", "processing", "shipped"]);
      expect(order?.shipments).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ vendorName: expect.any(String), status: "shipped", carrier: "Blue Dart", trackingNumber: "BD123456" }),
          expect.objectContaining({ vendorName: expect.any(String), status: "shipped", carrier: "Delhivery", trackingNumber: "DL-99887766" }),
        ]),
      );

      const timeline = (await vendorOrderDetail(t.db, "vendor-1", number))?.timeline;
      expect(timeline).toEqual([
        { step: "pending", label: "Order Placed", reached: true, at: "2026-11-20T06:00:00.000Z" },
        { step: "processing", label: "Processing", reached: true, at: "2026-11-20T06:00:00.000Z" },
        { step: "shipped", label: "Shipped", reached: true, at: "2026-11-22T06:00:00.000Z" },
        { step: "delivered", label: "Delivered", reached: false, at: null },
      ]);
    });

    it("lets the customer cancel only while every seller's part is pending", async () => {
      const before = await stockOf(KEYBOARD);
      const number = await place(
        "u-b",
        [
          { productId: KEYBOARD, quantity: 1 },
          { productId: SSD, quantity: 1 },
        ],
        NOW,
      );
      await advanceVendorPart(t, { vendorId: "vendor-1", number, from: "pending", actorUserId: "v1" });
      await advanceVendorPart(t, { vendorId: "vendor-1", number, from: "processing", actorUserId: "v1", shipment: { carrier: "DTDC", trackingNumber: "D1234567" } });
      // The order still reads Pending (vendor 2 has not started), but one part is on its way.
      expect((await getOrderForUser(t.db, "u-b", number))?.status).toBe("pending");
      expect(await cancelOrderForUser(t, "u-b", number)).toEqual({ ok: false, reason: "conflict", message: "This order can no longer be cancelled." });
      expect((await getOrderForUser(t.db, "u-b", number))?.status).toBe("pending");
      expect((await vendorOrderDetail(t.db, "vendor-1", number))?.status).toBe("shipped");
      expect(await stockOf(KEYBOARD)).toBe(before - 1);
    });

    it("lets an administrator set a mixed order back to one status for every part", async () => {
      const number = await place(
        "u-c",
        [
          { productId: KEYBOARD, quantity: 1 },
          { productId: SSD, quantity: 1 },
        ],
        NOW,
      );
      await advanceVendorPart(t, { vendorId: "vendor-2", number, from: "pending", actorUserId: "v2" });
      expect((await getOrderForUser(t.db, "u-c", number))?.status).toBe("pending");
      expect(await setOrderStatusByAdmin(t, { number, status: "pending", actorUserId: "admin-1" })).toMatchObject({ ok: true });
      expect((await vendorOrderDetail(t.db, "vendor-2", number))?.status).toBe("pending");
    });

    it("refuses a stale or repeated step, and another vendor's order", async () => {
      const number = await place("u-b", [{ productId: KEYBOARD, quantity: 1 }], NOW);
      expect(await advanceVendorPart(t, { vendorId: "vendor-1", number, from: "pending", actorUserId: "v1" })).toMatchObject({ ok: true });
      expect(await advanceVendorPart(t, { vendorId: "vendor-1", number, from: "pending", actorUserId: "v1" })).toEqual({
        ok: false,
        reason: "stale",
        message: `Order ${number} is already Processing; nothing was changed.`,
      });
      expect(await advanceVendorPart(t, { vendorId: "vendor-2", number, from: "processing", actorUserId: "v2", shipment: { carrier: "DTDC", trackingNumber: "X12345" } })).toEqual({
        ok: false,
        reason: "not_found",
        message: "Order not found.",
      });
      expect((await vendorOrderDetail(t.db, "vendor-1", number))?.status).toBe("processing");
      expect(await advanceVendorPart(t, { vendorId: "vendor-1", number, from: "delivered", actorUserId: "v1" })).toMatchObject({ ok: false, reason: "stale" });
    });
  });

  describe("administrator status changes", () => {
    it("move every part, record who and when, and return the stock of an order cancelled before shipping", async () => {
      const before = await stockOf(MOUSE);
      const number = await place("u-d", [{ productId: MOUSE, quantity: 3 }], NOW);
      expect(await stockOf(MOUSE)).toBe(before - 3);
      const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
      expect(await setOrderStatusByAdmin(t, { number, status: "processing", actorUserId: "admin-1" }, later(1))).toEqual({
        ok: true,
        message: `Order ${number} status changed to Processing`,
      });
      expect((await vendorOrderDetail(t.db, "vendor-3", number))?.status).toBe("processing");
      expect(await setOrderStatusByAdmin(t, { number, status: "cancelled", actorUserId: "admin-1" }, later(2))).toMatchObject({ ok: true });
      expect(await stockOf(MOUSE)).toBe(before);
      expect((await vendorOrderDetail(t.db, "vendor-3", number))?.status).toBe("cancelled");
      const history = await t.db
        .selectFrom("order_status_history")
        .select(["status", "actor_user_id", "vendor_id"])
        .where("order_id", "=", (await t.db.selectFrom("orders").select("id").where("number", "=", number).executeTakeFirstOrThrow()).id)
        .where("vendor_id", "is", null)
        .orderBy("created_at")
        .execute();
      expect(history.map((h) => [h.status, h.actor_user_id])).toEqual([
        ["pending", "u-d"],
        ["processing", "admin-1"],
        ["cancelled", "admin-1"],
      ]);
      // Cancelling twice, or going back and forth, never returns the stock twice.
      expect(await setOrderStatusByAdmin(t, { number, status: "cancelled", actorUserId: "admin-1" })).toMatchObject({ ok: true });
      expect(await stockOf(MOUSE)).toBe(before);
      // Reinstating takes the stock again.
      expect(await setOrderStatusByAdmin(t, { number, status: "pending", actorUserId: "admin-1" })).toMatchObject({ ok: true });
      expect(await stockOf(MOUSE)).toBe(before - 3);
      expect((await getOrderForUser(t.db, "u-d", number))?.status).toBe("pending");
    });

    it("keeps the stock out when a shipped order is cancelled, and refuses to reinstate what is no longer in stock", async () => {
      const before = await stockOf(MOUSE);
      const number = await place("u-d", [{ productId: MOUSE, quantity: 1 }], NOW);
      await setOrderStatusByAdmin(t, { number, status: "shipped", actorUserId: "admin-1" });
      await setOrderStatusByAdmin(t, { number, status: "cancelled", actorUserId: "admin-1" });
      expect(await stockOf(MOUSE)).toBe(before - 1);

      const other = await place("u-d", [{ productId: MOUSE, quantity: 2 }], NOW);
      await setOrderStatusByAdmin(t, { number: other, status: "cancelled", actorUserId: "admin-1" });
      const left = await stockOf(MOUSE);
      await t.db.updateTable("products").set({ stock: 1 }).where("id", "=", MOUSE).execute();
      const r = await setOrderStatusByAdmin(t, { number: other, status: "processing", actorUserId: "admin-1" });
      expect(r.ok).toBe(false);
      expect(r).toMatchObject({ ok: false, reason: "conflict" });
      expect(r.message).toMatch(/cannot be reinstated: only 1 of/);
      expect((await getOrderForUser(t.db, "u-d", other))?.status).toBe("cancelled");
      expect(await stockOf(MOUSE)).toBe(1);
      await t.db.updateTable("products").set({ stock: left }).where("id", "=", MOUSE).execute();
    });

    it("refuses an unknown status or order", async () => {
      expect(await setOrderStatusByAdmin(t, { number: "RC-000000", status: "shipped", actorUserId: "a" })).toEqual({ ok: false, reason: "not_found", message: "Order not found." });
      expect(await setOrderStatusByAdmin(t, { number: "RC-000000", status: "lost", actorUserId: "a" })).toMatchObject({ ok: false, reason: "invalid" });
    });
  });

  describe("vendor order list", () => {
    it("searches by order number or customer, filters by status, sorts and pages, never showing another vendor's orders", async () => {
      const all = await vendorOrders(t.db, "vendor-1", query());
      expect(all.total).toBeGreaterThanOrEqual(7);
      const dates = all.rows.map((r) => r.createdAt);
      expect(dates).toEqual([...dates].sort().reverse());

      const byName = await vendorOrders(t.db, "vendor-1", query("q=chitra"));
      expect(byName.rows.map((r) => r.customerName)).toEqual(["Chitra Menon", "Chitra Menon", "Chitra Menon"]);
      expect((await vendorOrders(t.db, "vendor-1", query("q=U-B%40EXAMPLE"))).rows.every((r) => r.customerEmail === "u-b@example.in")).toBe(true);

      const one = all.rows[0]!;
      expect((await vendorOrders(t.db, "vendor-1", query(`q=${one.number}`))).rows.map((r) => r.number)).toEqual([one.number]);
      expect((await vendorOrders(t.db, "vendor-1", query(`q=${one.number.slice(3, 7)}`))).rows.map((r) => r.number)).toContain(one.number);
      expect((await vendorOrders(t.db, "vendor-1", query("q=%25"))).total).toBe(0);
      // A prefix ending in 9 (whose range end would be "RC-…:") is found on every database and collation.
      const nine = all.rows.find((r) => /9/.test(r.number.slice(3)))!;
      const upToNine = nine.number.slice(0, nine.number.indexOf("9", 3) + 1);
      expect((await vendorOrders(t.db, "vendor-1", query(`q=${upToNine}`))).rows.map((r) => r.number)).toContain(nine.number);
      expect((await listAdminOrders(t.db, parseAdminOrderQuery(new URLSearchParams(`q=${upToNine}`)))).rows.map((r) => r.number)).toContain(nine.number);

      const shipped = await vendorOrders(t.db, "vendor-1", query("status=shipped"));
      expect(shipped.rows.length).toBeGreaterThan(0);
      expect(shipped.rows.every((r) => r.status === "shipped")).toBe(true);

      const asc = (await vendorOrders(t.db, "vendor-1", query("sort=amount&dir=asc"))).rows.map((r) => r.amount);
      expect(asc).toEqual([...asc].sort((a, b) => a - b));
      const desc = (await vendorOrders(t.db, "vendor-1", query("sort=amount&dir=desc"))).rows.map((r) => r.amount);
      expect(desc).toEqual([...desc].sort((a, b) => b - a));

      // Dev Malhotra only ever bought from vendors 2 and 3.
      expect((await vendorOrders(t.db, "vendor-1", query("q=dev malhotra"))).total).toBe(0);
      expect((await vendorOrders(t.db, "vendor-3", query("q=dev malhotra"))).total).toBeGreaterThan(0);
    });

    it("pages in the query", async () => {
      for (let i = 0; i < 22; i++) await place("u-b", [{ productId: KEYBOARD, quantity: 1 }], new Date(NOW.getTime() - i * 60_000));
      const first = await vendorOrders(t.db, "vendor-1", query());
      const second = await vendorOrders(t.db, "vendor-1", query("page=2"));
      expect(first.rows).toHaveLength(20);
      expect(first.pageCount).toBe(Math.ceil(first.total / 20));
      expect(second.page).toBe(2);
      expect(new Set([...first.rows, ...second.rows].map((r) => r.number)).size).toBe(first.rows.length + second.rows.length);
      expect((await vendorOrders(t.db, "vendor-1", query("page=999"))).page).toBe(first.pageCount);
    });
  });
});

describe.each(testDatabaseKinds)("demo orders on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await insertUsers(
      t,
      demoShoppers.map((s, i) => ({ id: `shopper-${i}`, name: s.name })),
    );
    await seedDemoOrders(
      t.db,
      demoShoppers.map((_, i) => `shopper-${i}`),
      NOW,
    );
    // What the shop does at start: post the demo's delivered parts to the ledger.
    await settleUnpostedOrders(t.db, NOW);
  });
  afterAll(async () => t?.destroy());

  it("give every vendor orders at every status, with figures to show", async () => {
    for (const vendorId of ["vendor-1", "vendor-2", "vendor-3"]) {
      for (const status of ["pending", "processing", "shipped", "delivered"]) {
        expect((await vendorOrders(t.db, vendorId, query(`status=${status}`))).total, `${vendorId} ${status}`).toBeGreaterThan(0);
      }
      const all = await vendorOrders(t.db, vendorId, query());
      expect(all.total).toBeGreaterThan(15);
      const figures = await vendorFigures(t.db, vendorId, NOW);
      expect(figures.revenue).toBeGreaterThan(figures.thisMonth);
      expect(figures.thisMonth).toBeGreaterThan(0);
      expect(figures.lastMonth).toBeGreaterThan(0);
      expect(figures.customers).toBeGreaterThan(1);
    }
  });

  it("read back consistently: the order's status follows its parts, shipped parts have carriers", async () => {
    const orders = await t.db.selectFrom("orders").select(["id", "number", "status", "user_id", "sub_total_paise"]).execute();
    expect(orders.length).toBe(72);
    for (const o of orders) {
      const detail = await getOrderForUser(t.db, o.user_id, o.number);
      expect(detail).not.toBeNull();
      expect(detail!.items.reduce((s, i) => s + i.lineTotal, 0)).toBe(Number(o.sub_total_paise));
      for (const s of detail!.shipments) {
        if (s.status === "shipped" || s.status === "delivered") expect(s.carrier).toBeTruthy();
      }
      expect(detail!.history[0]?.status).toBe("pending");
      expect(detail!.history.at(-1)?.status).toBe(o.status);
    }
  });
});
