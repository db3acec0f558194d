import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalog } from "~/seed/seed.server";
import { dashboardStats } from "~/modules/admin/dashboard.server";
import { salesByCategory, salesBySeller, salesOverTime } from "~/modules/admin/sales.server";
import { advanceVendorPart } from "~/modules/orders/fulfilment.server";
import { cancelOrderForUser, placeOrder } from "~/modules/orders/orders.server";
import { approveReturn, inspectReturn, markPickedUp, requestReturn } from "~/modules/returns/returns.server";
import { vendorFigures } from "~/modules/vendors/orders.server";
import { vendorTopProducts } from "~/modules/vendors/sales.server";
import { settleOrder } from "~/modules/settlements/ledger.server";
import { vendorMonthlySales } from "~/modules/settlements/statements.server";
import { gstOn } from "~/modules/orders/totals";
import { insertUsers, shippingAddress as address } from "../support/fixtures";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const KEYBOARD = "product-logitech-g213-prodigy"; // vendor-1, Peripherals, ₹3,499
const LAPTOP = "product-asus-tuf-gaming-a15"; // vendor-1, Laptop, ₹82,990
const SSD = "product-samsung-990-pro-2tb"; // vendor-2, Storage, ₹16,999
const MOUSE = "product-logitech-mx-master-3s"; // vendor-3, Peripherals, ₹8,995
const HOUR = 3_600_000;
// Thursday 26 Nov 2026, 15:30 in India.
const NOW = new Date("2026-11-26T10:00:00.000Z");

describe.each(testDatabaseKinds)("dashboard charts on %s", (kind) => {
  let t: TestDatabase;
  let n = 0;
  const totals = new Map<string, number>();
  let refundPaise = 0;

  async function order(userId: string, lines: { productId: string; quantity: number }[], placed: Date) {
    const r = await placeOrder(t, { userId, lines, address, paymentMethod: "cod", idempotencyKey: `chart-${kind}-${++n}` }, placed);
    if (!r.ok) throw new Error(r.message);
    const row = await t.db.selectFrom("orders").select(["id", "total_paise"]).where("number", "=", r.number).executeTakeFirstOrThrow();
    totals.set(r.number, Number(row.total_paise));
    return { number: r.number, id: row.id, total: Number(row.total_paise) };
  }

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await insertUsers(t, [
      { id: "u-a", name: "Aditi Rao" },
      { id: "u-b", name: "Bharat Singh" },
      { id: "u-v3", name: "Karthik Rao", role: "vendor" },
    ]);
    await t.db.updateTable("vendors").set({ owner_user_id: "u-v3" }).where("id", "=", "vendor-3").execute();

    // 26 Nov, 01:30 in India though still 25 Nov in UTC: today's column, not yesterday's.
    await order("u-a", [{ productId: KEYBOARD, quantity: 2 }], new Date("2026-11-25T20:00:00.000Z"));
    // 1 Nov, 00:30 in India: November's, though placed on 31 Oct in UTC.
    await order("u-b", [{ productId: LAPTOP, quantity: 1 }, { productId: SSD, quantity: 1 }], new Date("2026-10-31T19:00:00.000Z"));
    // Cancelled: counted nowhere.
    const cancelled = await order("u-b", [{ productId: KEYBOARD, quantity: 1 }], new Date("2026-11-10T06:00:00.000Z"));
    expect((await cancelOrderForUser(t, "u-b", cancelled.number)).ok).toBe(true);

    // Two mice in October, delivered; one comes back and is refunded on 3 Nov.
    const mice = await order("u-a", [{ productId: MOUSE, quantity: 2 }], new Date("2026-10-20T06:00:00.000Z"));
    const delivered = new Date("2026-10-21T06:00:00.000Z");
    for (const from of ["pending", "processing", "shipped"]) {
      const moved = await advanceVendorPart(t, { vendorId: "vendor-3", number: mice.number, from, actorUserId: "u-v3", shipment: { carrier: "Blue Dart", trackingNumber: "BD1234567" } }, delivered);
      if (!moved.ok) throw new Error(moved.message);
    }
    const item = await t.db.selectFrom("order_items").select("id").where("order_id", "=", mice.id).executeTakeFirstOrThrow();
    const asked = await requestReturn(
      t,
      { userId: "u-a", orderNumber: mice.number, orderItemId: item.id, quantity: 1, reason: "defective", resolution: "refund", details: "Stopped working", serialNumber: "SN-1", photos: [], refundTo: { sealed: "sealed", masked: "UPI: ad•••@okaxis" } },
      new Date(delivered.getTime() + 24 * HOUR),
    );
    if (!asked.ok) throw new Error(asked.message);
    const seller = { role: "vendor" as const, userId: "u-v3", vendorId: "vendor-3" };
    expect(await approveReturn(t, seller, { number: asked.number, from: "requested", pickup: { carrier: "Delhivery", trackingNumber: "DLV123456789" } }, new Date("2026-10-23T06:00:00.000Z"))).toMatchObject({ ok: true });
    expect(await markPickedUp(t, seller, { number: asked.number, from: "approved" }, new Date("2026-10-25T06:00:00.000Z"))).toMatchObject({ ok: true });
    expect(await inspectReturn(t, seller, { number: asked.number, from: "picked_up", accepted: true, restock: true, note: "" }, new Date("2026-11-03T06:00:00.000Z"))).toMatchObject({ ok: true });
    const refund = await t.db.selectFrom("refunds").select(["amount_paise", "created_at"]).where("reason", "=", "return").executeTakeFirstOrThrow();
    expect(refund.created_at.startsWith("2026-11-03")).toBe(true);
    refundPaise = Number(refund.amount_paise);
    expect(refundPaise).toBeGreaterThan(0);
    // What the "ledger.settle" job does in the shop after the delivery and the credit note.
    await settleOrder(t.db, mice.id);
  });
  afterAll(async () => t?.destroy());

  it("adds up month by month to the Total Sales card, orders placed less refunds made in each month", async () => {
    const months = await salesOverTime(t.db, "month", NOW);
    expect(months).toHaveLength(12);
    expect(months.at(-1)).toMatchObject({ key: "2026-11-01", label: "Nov 2026" });
    const [keyboards, laptopAndSsd, , mice] = [...totals.values()];
    expect(months.at(-1)).toMatchObject({ sales: keyboards! + laptopAndSsd! - refundPaise, orders: 2 });
    expect(months.at(-2)).toMatchObject({ key: "2026-10-01", sales: mice!, orders: 1 });
    expect(months.slice(0, -2).every((m) => m.sales === 0 && m.orders === 0)).toBe(true);
    const stats = await dashboardStats(t.db, NOW);
    expect(months.reduce((sum, m) => sum + m.sales, 0)).toBe(stats.totalSales);
  });

  it("cuts days and weeks at India midnight and leaves out what is older", async () => {
    const [keyboards, laptopAndSsd] = [...totals.values()];
    const days = await salesOverTime(t.db, "day", NOW);
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toMatchObject({ key: "2026-11-26", sales: keyboards, orders: 1 });
    expect(days.at(-2)).toMatchObject({ key: "2026-11-25", sales: 0, orders: 0 });
    expect(days.find((d) => d.key === "2026-11-01")).toMatchObject({ sales: laptopAndSsd, orders: 1 });
    expect(days.find((d) => d.key === "2026-10-31")).toMatchObject({ sales: 0, orders: 0 });
    expect(days.find((d) => d.key === "2026-11-03")).toMatchObject({ sales: -refundPaise, orders: 0 });
    // The mice of 20 Oct are before the first of the 30 days (28 Oct).
    expect(days.reduce((sum, d) => sum + d.orders, 0)).toBe(2);

    const weeks = await salesOverTime(t.db, "week", NOW);
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toMatchObject({ key: "2026-11-23", sales: keyboards, orders: 1 });
    expect(weeks.find((w) => w.key === "2026-10-26")).toMatchObject({ sales: laptopAndSsd, orders: 1 });
    expect(weeks.find((w) => w.key === "2026-10-19")).toMatchObject({ orders: 1 });
  });

  it("splits items' line totals by category and by seller, cancelled orders left out", async () => {
    expect(await salesByCategory(t.db)).toEqual([
      { name: "Laptop", sales: 82_990_00 },
      { name: "Peripherals", sales: 2 * 3_499_00 + 2 * 8_995_00 },
      { name: "Storage", sales: 16_999_00 },
    ]);
    expect(await salesBySeller(t.db)).toEqual([
      { name: "Vardhan Infotech Distributors Pvt. Ltd.", sales: 82_990_00 + 2 * 3_499_00 },
      { name: "Silicon Plateau Systems Pvt. Ltd.", sales: 2 * 8_995_00 },
      { name: "Shree Lamington Computer Traders", sales: 16_999_00 },
    ]);
  });

  it("gives a seller its months from the ledger as its figures count them, and its top products with units", async () => {
    const sale = (paise: number) => paise + gstOn(paise);
    const months = await vendorMonthlySales(t.db, "vendor-3", NOW);
    expect(months).toHaveLength(12);
    // Delivered in October, refunded in November: November carries the refund, as This Month does.
    expect(months.slice(-2).map((m) => [m.key, m.sales])).toEqual([
      ["2026-10-01", sale(2 * 8_995_00)],
      ["2026-11-01", -sale(8_995_00)],
    ]);
    const figures = await vendorFigures(t.db, "vendor-3", NOW);
    expect([months.at(-1)!.sales, months.at(-2)!.sales]).toEqual([figures.thisMonth, figures.lastMonth]);
    expect(months.reduce((sum, m) => sum + m.sales, 0)).toBe(figures.revenue);

    // Vendor 1's orders are not delivered yet: no sales in its ledger, though they are its top products.
    expect((await vendorMonthlySales(t.db, "vendor-1", NOW)).every((m) => m.sales === 0)).toBe(true);

    expect(await vendorTopProducts(t.db, "vendor-1", NOW)).toEqual([
      { productId: LAPTOP, name: "ASUS TUF Gaming A15 (Ryzen 7 7435HS, RTX 4060)", sales: 82_990_00, units: 1 },
      { productId: KEYBOARD, name: "Logitech G213 Prodigy RGB Gaming Keyboard", sales: 2 * 3_499_00, units: 2 },
    ]);
    expect(await vendorTopProducts(t.db, "vendor-1", NOW, 1)).toHaveLength(1);
    expect(await vendorTopProducts(t.db, "vendor-3", NOW)).toEqual([{ productId: MOUSE, name: "Logitech MX Master 3S Wireless Performance Mouse", sales: 8_995_00, units: 1 }]);
    // A year on, the October mice are out of the 12 months; the November refund is too, from December.
    expect(await vendorTopProducts(t.db, "vendor-3", new Date("2027-11-02T00:00:00.000Z"))).toEqual([]);
  });
});
