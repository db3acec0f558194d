import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalog } from "~/seed/seed.server";
import { cancelOrderForUser, getOrderForUser, listOrdersForUser, placeOrder } from "~/modules/orders/orders.server";
import { parseVendorOrderQuery } from "~/modules/vendors/order-query";
import { vendorOrders } from "~/modules/vendors/orders.server";
import { enableEveryPaymentMethod } from "../support/payments";
import { insertUsers, shippingAddress as address } from "../support/fixtures";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const KEYBOARD = "product-logitech-g213-prodigy"; // ₹3,499, stock 58
const LAPTOP = "product-asus-tuf-gaming-a15"; // ₹82,990, stock 14

describe.each(testDatabaseKinds)("orders on %s", (kind) => {
  let t: TestDatabase;
  const users = ["u-1", "u-2", ...Array.from({ length: 20 }, (_, i) => `buyer-${i}`)];

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    // These orders pay by card and UPI too; a fresh shop offers only cash on delivery.
    await enableEveryPaymentMethod(t.db);
    await insertUsers(t, users.map((id) => ({ id })));
  });
  afterAll(async () => t?.destroy());

  const stockOf = async (id: string) => Number((await t.db.selectFrom("products").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock);

  it("prices an order from the catalogue and takes the stock, whatever the browser claimed", async () => {
    const before = await stockOf(KEYBOARD);
    const r = await placeOrder(t, { userId: "u-1", lines: [{ productId: KEYBOARD, quantity: 2 }], address, paymentMethod: "cod", idempotencyKey: "k-1" });
    expect(r).toMatchObject({ ok: true, existing: false });
    if (!r.ok) return;
    expect(r.number).toMatch(/^RC-\d{6}$/);
    const order = await getOrderForUser(t.db, "u-1", r.number);
    expect(order).toMatchObject({ status: "pending", subTotal: 6_998_00, shipping: 99_00, tax: 1_259_64, total: 6_998_00 + 99_00 + 1_259_64, paymentMethod: "cod" });
    expect(order?.items).toEqual([expect.objectContaining({ productId: KEYBOARD, unitPrice: 3_499_00, quantity: 2, lineTotal: 6_998_00, vendorId: "vendor-1" })]);
    expect(order?.history.map((h) => h.status)).toEqual(["pending"]);
    expect(await stockOf(KEYBOARD)).toBe(before - 2);
  });

  it("ships free at ₹10,000 or more", async () => {
    const r = await placeOrder(t, { userId: "u-1", lines: [{ productId: LAPTOP, quantity: 1 }], address, paymentMethod: "card", idempotencyKey: "k-2" });
    if (!r.ok) throw new Error(r.message);
    expect(await getOrderForUser(t.db, "u-1", r.number)).toMatchObject({ subTotal: 82_990_00, shipping: 0, tax: 14_938_20, total: 97_928_20 });
  });

  it("makes one order of a repeated request", async () => {
    const input = { userId: "u-1", lines: [{ productId: KEYBOARD, quantity: 1 }], address, paymentMethod: "upi" as const, idempotencyKey: "k-3" };
    const before = await stockOf(KEYBOARD);
    const [a, b] = await Promise.all([placeOrder(t, input), placeOrder(t, input)]);
    const c = await placeOrder(t, input);
    if (!a.ok || !b.ok || !c.ok) throw new Error("placement failed");
    expect(new Set([a.number, b.number, c.number]).size).toBe(1);
    expect(await stockOf(KEYBOARD)).toBe(before - 1);
  });

  it("refuses a changed price, writing nothing, and says the new total", async () => {
    const before = await stockOf(KEYBOARD);
    const r = await placeOrder(t, { userId: "u-1", lines: [{ productId: KEYBOARD, quantity: 1 }], address, paymentMethod: "cod", idempotencyKey: "k-4", expectedTotal: 100 });
    expect(r).toMatchObject({ ok: false, reason: "price_changed" });
    if (!r.ok) expect(r.totals?.total).toBe(3_499_00 + 99_00 + 629_82);
    expect(await stockOf(KEYBOARD)).toBe(before);
  });

  it("refuses more than is in stock, naming the product and what is left, and writes nothing", async () => {
    const ordersBefore = (await listOrdersForUser(t.db, "u-2")).length;
    const r = await placeOrder(t, {
      userId: "u-2",
      lines: [{ productId: KEYBOARD, quantity: 1 }, { productId: "product-apple-macbook-air-13-m4", quantity: 50 }],
      address,
      paymentMethod: "cod",
      idempotencyKey: "k-5",
    });
    expect(r).toMatchObject({ ok: false, reason: "out_of_stock" });
    if (!r.ok) expect(r.message).toMatch(/only 3 of “Apple MacBook Air/);
    expect((await listOrdersForUser(t.db, "u-2")).length).toBe(ordersBefore);
  });

  it("sells the last 5 units to exactly 5 of 20 concurrent buyers and leaves stock 0", async () => {
    const id = "product-samsung-990-pro-2tb";
    await t.db.updateTable("products").set({ stock: 5 }).where("id", "=", id).execute();
    const results = await Promise.all(
      users.slice(2).map((u) => placeOrder(t, { userId: u, lines: [{ productId: id, quantity: 1 }], address, paymentMethod: "cod", idempotencyKey: `race-${u}` })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(results.filter((r) => !r.ok && r.reason === "out_of_stock")).toHaveLength(15);
    expect(await stockOf(id)).toBe(0);
    const sold = await t.db.selectFrom("order_items").select((eb) => eb.fn.sum<number>("quantity").as("n")).where("product_id", "=", id).executeTakeFirst();
    expect(Number(sold?.n)).toBe(5);
  });

  it("shows a customer only their own orders, newest first", async () => {
    const mine = await listOrdersForUser(t.db, "u-1");
    expect(mine.length).toBe(3);
    expect([...mine].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((o) => o.number)).toEqual(mine.map((o) => o.number));
    expect(await getOrderForUser(t.db, "u-2", mine[0]!.number)).toBeNull();
    expect(await cancelOrderForUser(t, "u-2", mine[0]!.number)).toMatchObject({ ok: false, reason: "not_found" });
  });

  it("lets a customer cancel a pending order, returning its stock, once", async () => {
    const before = await stockOf(LAPTOP);
    const r = await placeOrder(t, { userId: "u-2", lines: [{ productId: LAPTOP, quantity: 2 }], address, paymentMethod: "cod", idempotencyKey: "k-6" });
    if (!r.ok) throw new Error(r.message);
    expect(await stockOf(LAPTOP)).toBe(before - 2);
    expect(await cancelOrderForUser(t, "u-2", r.number)).toMatchObject({ ok: true });
    expect(await stockOf(LAPTOP)).toBe(before);
    expect(await cancelOrderForUser(t, "u-2", r.number)).toMatchObject({ ok: false, reason: "conflict" });
    expect(await stockOf(LAPTOP)).toBe(before);
    const order = await getOrderForUser(t.db, "u-2", r.number);
    expect(order?.history.map((h) => h.status)).toEqual(["pending", "cancelled"]);
  });
});

describe.each(testDatabaseKinds)("vendor order view on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await insertUsers(t, [{ id: "shopper", name: "Shopper" }]);
  });
  afterAll(async () => t?.destroy());

  it("shows each vendor only its own part of a mixed order", async () => {
    const r = await placeOrder(t, {
      userId: "shopper",
      lines: [
        { productId: KEYBOARD, quantity: 2 }, // vendor-1
        { productId: "product-samsung-990-pro-2tb", quantity: 1 }, // vendor-2
      ],
      address,
      paymentMethod: "cod",
      idempotencyKey: "mixed",
    });
    if (!r.ok) throw new Error(r.message);
    const all = parseVendorOrderQuery(new URLSearchParams());
    const v1 = await vendorOrders(t.db, "vendor-1", all);
    const v2 = await vendorOrders(t.db, "vendor-2", all);
    const v3 = await vendorOrders(t.db, "vendor-3", all);
    expect(v1).toMatchObject({ total: 1, rows: [expect.objectContaining({ number: r.number, amount: 6_998_00, customerEmail: "shopper@example.in" })] });
    expect(v2.rows[0]).toMatchObject({ number: r.number, amount: 16_999_00 });
    expect(v3).toMatchObject({ total: 0, rows: [] });
  });
});
