import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBox } from "~/lib/secret-box.server";
import { dashboardStats } from "~/modules/admin/dashboard.server";
import { CATEGORY_RULE_MESSAGES, countReturns, listAdminReturns, listCategoryRules, parseAdminReturnAction, parseAdminReturnsQuery, saveCategoryRules } from "~/modules/admin/returns.server";
import { advanceVendorPart } from "~/modules/orders/fulfilment.server";
import { placeOrder } from "~/modules/orders/orders.server";
import { REFUND_TO_PURPOSE, sealRefundDestination } from "~/modules/payments/refund-destination.server";
import { REFUND_MESSAGES, payRefundByHand, retryRefund } from "~/modules/payments/refunds.server";
import { approveReturn, inspectReturn, markPickedUp, requestReturn } from "~/modules/returns/returns.server";
import { seedDemoCatalog } from "~/seed/seed.server";
import { insertUsers, shippingAddress as address } from "../support/fixtures";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const KEYBOARD = "product-logitech-g213-prodigy"; // vendor-1
const SSD = "product-samsung-990-pro-2tb"; // vendor-2

const PLACED = new Date("2026-11-10T06:00:00.000Z");
const DELIVERED = new Date("2026-11-12T06:00:00.000Z");
const HOUR = 3_600_000;
const at = (hours: number) => new Date(DELIVERED.getTime() + hours * HOUR);
const ADMIN = { role: "admin" as const, userId: "u-admin" };
const PICKUP = { carrier: "Delhivery", trackingNumber: "DLV123456789" };

function form(values: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
}

describe.each(testDatabaseKinds)("the admin's returns on %s", (kind) => {
  let t: TestDatabase;
  let n = 0;
  const box = createSecretBox(randomBytes(32));
  const upi = () => sealRefundDestination(box, { kind: "upi", upiId: "aditi.rao@okaxis" });

  async function deliveredOrder(lines: { productId: string; quantity: number }[]) {
    const r = await placeOrder(t, { userId: "u-a", lines, address, paymentMethod: "cod", idempotencyKey: `adm-ret-${kind}-${++n}` }, PLACED);
    if (!r.ok) throw new Error(r.message);
    const parts = await t.db.selectFrom("order_parts").select("vendor_id").where("order_number", "=", r.number).execute();
    for (const p of parts) {
      for (const from of ["pending", "processing", "shipped"]) {
        const moved = await advanceVendorPart(t, { vendorId: p.vendor_id, number: r.number, from, actorUserId: "u-v", shipment: { carrier: "Blue Dart", trackingNumber: "BD1234567" }, ewayBillNumber: "321012345678" }, DELIVERED);
        if (!moved.ok) throw new Error(moved.message);
      }
    }
    const order = await t.db.selectFrom("orders").select(["id", "number", "total_paise"]).where("number", "=", r.number).executeTakeFirstOrThrow();
    const items = await t.db.selectFrom("order_items").select(["id", "product_id"]).where("order_id", "=", order.id).execute();
    return { ...order, itemOf: (productId: string) => items.find((i) => i.product_id === productId)!.id };
  }

  async function ask(productId: string, hours: number): Promise<string> {
    const o = await deliveredOrder([{ productId, quantity: 1 }]);
    const r = await requestReturn(
      t,
      { userId: "u-a", orderNumber: o.number, orderItemId: o.itemOf(productId), quantity: 1, reason: "defective", resolution: "refund", details: "Stopped working", serialNumber: null, photos: [], refundTo: upi() },
      at(hours),
    );
    if (!r.ok) throw new Error(r.message);
    return r.number;
  }

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await insertUsers(t, [
      { id: "u-a", name: "Aditi Rao" },
      { id: "u-admin", name: "Admin", role: "admin" },
    ]);
    await t.db.updateTable("products").set({ stock: 500 }).where("id", "in", [KEYBOARD, SSD]).execute();
  });
  afterAll(async () => t?.destroy());

  it("lists every seller's requests, those unanswered past 48 hours first, filtered by status and seller", async () => {
    const old = await ask(KEYBOARD, 1); // unanswered for 71 hours at `now`
    const older = await ask(SSD, 0.5); // 71.5 hours
    const answered = await ask(KEYBOARD, 2);
    const fresh = await ask(SSD, 40); // 32 hours: not yet due
    expect((await approveReturn(t, { role: "vendor", userId: "u-v1", vendorId: "vendor-1" }, { number: answered, from: "requested", pickup: PICKUP }, at(3))).ok).toBe(true);
    const now = at(72);

    const all = await listAdminReturns(t.db, box, parseAdminReturnsQuery(new URLSearchParams()), now);
    const mine = all.rows.filter((r) => [old, older, answered, fresh].includes(r.number));
    expect(mine.map((r) => [r.number, r.overdue])).toEqual([
      [older, true],
      [old, true],
      [fresh, false],
      [answered, false],
    ]);
    expect(all.rows.slice(0, all.overdue).every((r) => r.overdue)).toBe(true);
    expect(all.vendors.map((v) => v.id)).toEqual(expect.arrayContaining(["vendor-1", "vendor-2", "vendor-3"]));
    // What the seller sees: the amounts, where the refund goes (masked), the history with who acted.
    expect(mine[0]).toMatchObject({ vendorName: expect.any(String), productName: expect.any(String), quantity: 1, reason: "defective", refund: { to: "UPI: ad•••@okaxis" } });
    expect(mine[3]!.history.map((h) => [h.status, h.actorRole])).toEqual([
      ["requested", "customer"],
      ["approved", "vendor"],
    ]);

    const bySeller = await listAdminReturns(t.db, box, parseAdminReturnsQuery(new URLSearchParams({ vendor: "vendor-2" })), now);
    expect(bySeller.rows.every((r) => r.vendorId === "vendor-2")).toBe(true);
    expect(bySeller.rows.map((r) => r.number)).toEqual(expect.arrayContaining([older, fresh]));
    const approved = await listAdminReturns(t.db, box, parseAdminReturnsQuery(new URLSearchParams({ status: "approved", vendor: "vendor-1" })), now);
    expect(approved.rows.map((r) => r.number)).toContain(answered);
    expect(approved.rows.every((r) => r.status === "approved")).toBe(true);
    // A link with an unknown status or seller shows everything rather than failing.
    expect(parseAdminReturnsQuery(new URLSearchParams({ status: "lost", vendor: "" }))).toEqual({ status: null, vendor: null });

    const counts = await countReturns(t.db, now);
    expect(counts.overdue).toBeGreaterThanOrEqual(2);
    expect(counts.open).toBeGreaterThanOrEqual(4);
    // Long after, every request still unanswered is past due.
    const unanswered = await t.db.selectFrom("returns").select("id").where("status", "=", "requested").execute();
    expect((await countReturns(t.db, at(1000))).overdue).toBe(unanswered.length);
  });

  it("acts for the seller, shows the refund destination in full while the refund waits, and takes it off Total Sales", async () => {
    const before = (await dashboardStats(t.db, at(1))).totalSales;
    const number = await ask(KEYBOARD, 1);
    expect(await approveReturn(t, ADMIN, { number, from: "requested", pickup: PICKUP }, at(2))).toMatchObject({ ok: true });
    expect(await markPickedUp(t, ADMIN, { number, from: "approved" }, at(3))).toMatchObject({ ok: true });
    expect(await inspectReturn(t, ADMIN, { number, from: "picked_up", accepted: true, restock: true, note: "" }, at(4))).toMatchObject({ ok: true });
    // The stored destination opens only with its purpose.
    const sealed = (await t.db.selectFrom("returns").select("refund_to_sealed").where("number", "=", number).executeTakeFirstOrThrow()).refund_to_sealed!;
    expect(box.open(sealed, REFUND_TO_PURPOSE)).toContain("aditi.rao@okaxis");

    const page = await listAdminReturns(t.db, box, { status: "refunded", vendor: null }, at(5));
    const row = page.rows.find((r) => r.number === number)!;
    const byAdmin = row.history.filter((h) => h.actorRole === "admin");
    expect(byAdmin.map((h) => h.status)).toEqual(["approved", "picked_up", "received", "refunded"]);
    expect(byAdmin.every((h) => h.note?.endsWith("by an administrator"))).toBe(true);
    expect(row.creditNote?.number).toMatch(/^CN\/2026-27\/\d{4}$/);
    expect(row.payTo).toBe("UPI ID aditi.rao@okaxis");
    expect(row.refunds).toHaveLength(1);
    const refund = row.refunds[0]!;
    expect(refund).toMatchObject({ method: "manual", status: "requested", payableByHand: true, retryable: false, amountPaise: row.refund.total });

    // Asked for, the refund already counts against Total Sales.
    const asked = (await dashboardStats(t.db, at(5))).totalSales;
    const orderTotal = Number((await t.db.selectFrom("orders").select("total_paise").where("number", "=", row.orderNumber).executeTakeFirstOrThrow()).total_paise);
    expect(asked).toBe(before + orderTotal - row.refund.total);

    expect(await payRefundByHand(t, { refundId: refund.id, utr: "12 34", actorUserId: "u-admin" })).toMatchObject({ ok: false, reason: "invalid", message: REFUND_MESSAGES.utr });
    expect(await payRefundByHand(t, { refundId: refund.id, utr: "hdfcn52026112612", actorUserId: "u-admin" })).toMatchObject({ ok: true });
    const paid = (await listAdminReturns(t.db, box, { status: "refunded", vendor: null }, at(5))).rows.find((r) => r.number === number)!;
    expect(paid.payTo).toBeNull();
    expect(paid.refunds[0]).toMatchObject({ status: "processed", utr: "HDFCN52026112612", payableByHand: false });
    expect((await dashboardStats(t.db, at(5))).totalSales).toBe(asked);

    // A failed refund gave nothing back, so it no longer counts.
    await t.db.updateTable("refunds").set({ status: "failed" }).where("id", "=", refund.id).execute();
    expect((await dashboardStats(t.db, at(5))).totalSales).toBe(asked + row.refund.total);
    await t.db.updateTable("refunds").set({ status: "processed" }).where("id", "=", refund.id).execute();
  });

  it("offers a failed Razorpay refund to be tried again or paid by hand, until one of them is under way", async () => {
    const number = await ask(KEYBOARD, 1);
    await approveReturn(t, ADMIN, { number, from: "requested", pickup: PICKUP }, at(2));
    await markPickedUp(t, ADMIN, { number, from: "approved" }, at(3));
    await inspectReturn(t, ADMIN, { number, from: "picked_up", accepted: true, restock: false, note: "" }, at(4));
    const find = async () => (await listAdminReturns(t.db, box, { status: "refunded", vendor: "vendor-1" }, at(5))).rows.find((r) => r.number === number)!;
    // As if the order had been paid online and Razorpay had refused the refund.
    const failed = (await find()).refunds[0]!;
    await t.db.updateTable("refunds").set({ method: "razorpay", status: "failed", payment_id: "pay_TEST123", failure: "The bank refused the refund." }).where("id", "=", failed.id).execute();
    const row = await find();
    expect(row.refunds[0]).toMatchObject({ status: "failed", failure: "The bank refused the refund.", retryable: true, payableByHand: true });
    expect(row.payTo).toBe("UPI ID aditi.rao@okaxis");

    expect(await retryRefund(t, { refundId: failed.id, actorUserId: "u-admin" })).toEqual({ ok: true, message: REFUND_MESSAGES.retried });
    const retried = await find();
    expect(retried.refunds.map((f) => [f.status, f.retryable, f.payableByHand])).toEqual([
      ["requested", false, false],
      ["failed", false, false],
    ]);
    expect(retried.payTo).toBeNull();
    expect(await retryRefund(t, { refundId: failed.id, actorUserId: "u-admin" })).toMatchObject({ ok: false, reason: "conflict", message: REFUND_MESSAGES.retryDone });
  });

  it("does not show a destination that will not open, and says so", async () => {
    const number = await ask(SSD, 1);
    await approveReturn(t, ADMIN, { number, from: "requested", pickup: PICKUP }, at(2));
    await markPickedUp(t, ADMIN, { number, from: "approved" }, at(3));
    await inspectReturn(t, ADMIN, { number, from: "picked_up", accepted: true, restock: false, note: "" }, at(4));
    const other = createSecretBox(randomBytes(32));
    const row = (await listAdminReturns(t.db, other, { status: "refunded", vendor: "vendor-2" }, at(5))).rows.find((r) => r.number === number)!;
    expect(row).toMatchObject({ payTo: null, payToUnreadable: true });
  });

  it("saves each category's return rule, refusing unknown categories and rules without changing anything", async () => {
    const rules = await listCategoryRules(t.db);
    expect(rules.find((r) => r.category === "Component")?.rule).toBe("replacement_only");
    expect(await saveCategoryRules(t.db, { intent: "rules", "rule:Component": "not_returnable", "rule:Storage": "replacement_only" })).toEqual({ ok: true, message: CATEGORY_RULE_MESSAGES.saved });
    const saved = await listCategoryRules(t.db);
    expect(saved.find((r) => r.category === "Component")?.rule).toBe("not_returnable");
    expect(saved.find((r) => r.category === "Storage")?.rule).toBe("replacement_only");

    expect(await saveCategoryRules(t.db, { "rule:Component": "returnable", "rule:Toasters": "returnable" })).toMatchObject({ ok: false, reason: "invalid", message: CATEGORY_RULE_MESSAGES.unknownCategory });
    expect(await saveCategoryRules(t.db, { "rule:Component": "returnable", "rule:Storage": "forever" })).toMatchObject({
      ok: false,
      reason: "invalid",
      message: CATEGORY_RULE_MESSAGES.unknownRule,
      fieldErrors: { "rule:Storage": CATEGORY_RULE_MESSAGES.unknownRule },
    });
    expect(await saveCategoryRules(t.db, { intent: "rules" })).toMatchObject({ ok: false, reason: "invalid", message: CATEGORY_RULE_MESSAGES.none });
    expect(await listCategoryRules(t.db)).toEqual(saved);

    await saveCategoryRules(t.db, { "rule:Component": "replacement_only", "rule:Storage": "returnable" });
    expect(await listCategoryRules(t.db)).toEqual(rules);
  });

  it("reads the page's posts, refusing what is none of them", () => {
    expect(parseAdminReturnAction(form({ intent: "delete-everything", number: "X" }))).toBeNull();
    expect(parseAdminReturnAction(form({ intent: "approve", number: "RC-1-R1", from: "requested", carrier: "", trackingNumber: "x" }))).toEqual({
      ok: false,
      fieldErrors: { carrier: "Enter the carrier.", trackingNumber: "A tracking number is 4 to 40 letters, digits or dashes." },
    });
    expect(parseAdminReturnAction(form({ intent: "accept", number: "RC-1-R1", from: "picked_up", restock: "on", note: "" }))).toEqual({
      ok: true,
      action: { intent: "accept", number: "RC-1-R1", from: "picked_up", restock: true, note: "" },
    });
    expect(parseAdminReturnAction(form({ intent: "replacement", number: "RC-1-R1", from: "pending" }))).toMatchObject({ ok: true, action: { shipment: undefined } });
    expect(parseAdminReturnAction(form({ intent: "replacement", number: "RC-1-R1", from: "processing" }))).toMatchObject({ ok: false });
    expect(parseAdminReturnAction(form({ intent: "pay-refund", refundId: "r-1", utr: "HDFCN52026112612" }))).toEqual({ ok: true, action: { intent: "pay-refund", refundId: "r-1", utr: "HDFCN52026112612" } });
  });
});
