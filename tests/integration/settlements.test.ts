import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setOrderStatusByAdmin } from "~/modules/orders/fulfilment.server";
import { approveReturn, inspectReturn, markPickedUp, requestReturn, type ReturnActor } from "~/modules/returns/returns.server";
import { balances, payByBankTransfer, PAYOUT_MESSAGES, settleOrder, settleUnpostedOrders, vendorBalance } from "~/modules/settlements/ledger.server";
import { partEntries, SALE_KINDS } from "~/modules/settlements/rules";
import { seedDemoCatalog } from "~/seed/seed.server";
import { deliveredOrder } from "../support/delivered-order";
import { insertUsers } from "../support/fixtures";
import { createTestDatabase, sql, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const KEYBOARD = "product-logitech-g213-prodigy"; // vendor-1 (Delhi), ₹3,499, Peripherals
const SSD = "product-samsung-990-pro-2tb"; // vendor-2 (Maharashtra), ₹16,999, Storage
const CUSTOMER = "asha";
const SELLER_1: ReturnActor & { role: "vendor" } = { role: "vendor", userId: "u-v1", vendorId: "vendor-1" };
const DAY = 86_400_000;
const PLACED = new Date("2026-11-02T06:00:00.000Z");
const DELIVERED = new Date("2026-11-04T06:00:00.000Z");
const at = (days: number) => new Date(DELIVERED.getTime() + days * DAY);
// Noida is in Uttar Pradesh: both sellers supply across states (IGST, and TCS as IGST).
const FLAT = { commissionBp: () => 500, tcsBp: 50, tdsBp: 10 };

describe.each(testDatabaseKinds)("the sellers' ledger on %s", (kind) => {
  let t: TestDatabase;
  let key = 0;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await insertUsers(t, [
      { id: CUSTOMER, name: "Asha Verma", email: "asha@example.in" },
      { id: "u-v1", name: "Seller One", role: "vendor" },
      { id: "admin-1", name: "Admin", role: "admin" },
    ]);
    await t.db.updateTable("products").set({ stock: 1000 }).where("id", "in", [KEYBOARD, SSD]).execute();
  });
  afterAll(async () => t?.destroy());

  const order = (lines: { productId: string; quantity: number }[], placedAt = PLACED, deliveredAt = DELIVERED) => deliveredOrder(t, { userId: CUSTOMER, lines, placedAt, deliveredAt });
  const entriesOf = (orderId: string, vendorId = "vendor-1") =>
    t.db.selectFrom("ledger_entries").select(["kind", "amount_paise", "created_at", "payout_id"]).where("order_id", "=", orderId).where("vendor_id", "=", vendorId).execute();
  const byKind = (rows: { kind: string; amount_paise: number }[]) => {
    const out: Record<string, number> = {};
    for (const r of rows) out[r.kind] = (out[r.kind] ?? 0) + Number(r.amount_paise);
    return out;
  };
  const sum = (rows: { amount_paise: number }[]) => rows.reduce((s, r) => s + Number(r.amount_paise), 0);

  async function settleJobs(orderId: string): Promise<number> {
    if (t.kind === "sqlite") {
      return (await t.db.selectFrom("jobs").select("data").where("name", "=", "ledger.settle").execute()).filter((j) => (JSON.parse(j.data) as { orderId: string }).orderId === orderId).length;
    }
    const { rows } = await sql<{ data: { orderId: string } }>`select data from ${sql.table(`${t.jobsSchema}.job`)} where name = 'ledger.settle'`.execute(t.db);
    return rows.filter((r) => r.data.orderId === orderId).length;
  }

  it("a delivered part posts its sale, commission, GST on it, TCS and TDS, once, dated at delivery", async () => {
    const o = await order([{ productId: KEYBOARD, quantity: 2 }]);
    expect(await settleJobs(o.id)).toBe(1);
    expect(await entriesOf(o.id)).toEqual([]);
    expect(await settleOrder(t.db, o.id)).toBeGreaterThan(0);
    const rows = await entriesOf(o.id);
    const expected = partEntries([{ category: "Peripherals", taxable: 6_998_00 }], "inter", FLAT);
    expect(expected.sale).toBe(6_998_00 + 1_259_64);
    const posted = byKind(rows);
    for (const k of SALE_KINDS) expect(posted[k] ?? 0).toBe(expected[k]);
    expect(rows.every((r) => r.created_at === DELIVERED.toISOString())).toBe(true);
    expect(await settleOrder(t.db, o.id)).toBe(0);
    expect(await settleUnpostedOrders(t.db)).toBe(0);
  });

  it("holds a part's money for the return window, then makes it payable", async () => {
    const o = await order([{ productId: SSD, quantity: 1 }]);
    await settleOrder(t.db, o.id);
    const net = sum(await entriesOf(o.id, "vendor-2"));
    const before = await vendorBalance(t.db, "vendor-2", at(6.9));
    expect(before).toMatchObject({ onHold: net, payable: 0, paid: 0 });
    expect(await vendorBalance(t.db, "vendor-2", at(7))).toMatchObject({ onHold: 0, payable: net, paid: 0 });
  });

  it("an open return keeps the part on hold; an accepted refund reverses what it refunds", async () => {
    const o = await order([{ productId: KEYBOARD, quantity: 2 }]);
    await settleOrder(t.db, o.id);
    const asked = await requestReturn(
      t,
      { userId: CUSTOMER, orderNumber: o.number, orderItemId: o.itemOf(KEYBOARD), quantity: 1, reason: "defective", resolution: "refund", details: "Keys stopped working", serialNumber: null, photos: [], refundTo: { sealed: "x", masked: "UPI: a•••@okaxis" } },
      at(1),
    );
    if (!asked.ok) throw new Error(asked.message);
    const released = async (now: Date) => (await t.db.selectFrom("ledger_entries").select("order_id").where("order_id", "=", o.id).execute()).length > 0 && (await vendorBalance(t.db, "vendor-1", now));
    const heldAt8 = await balances(t.db, at(8), "vendor-1");
    const partNet = sum(await entriesOf(o.id));
    expect(heldAt8[0]!.onHold).toBeGreaterThanOrEqual(partNet);
    expect(await approveReturn(t, SELLER_1, { number: asked.number, from: "requested", pickup: { carrier: "Delhivery", trackingNumber: "DLV123456789" } }, at(1.5))).toMatchObject({ ok: true });
    expect(await markPickedUp(t, SELLER_1, { number: asked.number, from: "approved" }, at(2))).toMatchObject({ ok: true });
    expect(await inspectReturn(t, SELLER_1, { number: asked.number, from: "picked_up", accepted: true, restock: true, note: "" }, at(3))).toMatchObject({ ok: true });
    expect(await settleJobs(o.id)).toBe(2);
    await settleOrder(t.db, o.id, at(3));
    const posted = byKind(await entriesOf(o.id));
    const half = partEntries([{ category: "Peripherals", taxable: 3_499_00 }], "inter", FLAT);
    expect(posted.refund).toBe(-half.sale);
    expect(posted.commission_reversal).toBe(-half.commission);
    expect(posted.tds_reversal).toBe(-half.tds);
    // What is left is the whole sale's net less the refunded half's, each worked out whole.
    const netOf = (e: Record<string, number>) => Object.values(e).reduce((s, v) => s + v, 0);
    const whole = partEntries([{ category: "Peripherals", taxable: 6_998_00 }], "inter", FLAT);
    expect(sum(await entriesOf(o.id))).toBe(netOf(whole) - netOf(half));
    expect(await released(at(8))).toBeTruthy();
  });

  it("a part moved back from Delivered by an administrator takes its sale back out", async () => {
    const o = await order([{ productId: KEYBOARD, quantity: 1 }]);
    await settleOrder(t.db, o.id);
    expect(sum(await entriesOf(o.id))).toBeGreaterThan(0);
    expect(await setOrderStatusByAdmin(t, { number: o.number, status: "shipped", actorUserId: "admin-1" })).toMatchObject({ ok: true });
    await settleOrder(t.db, o.id);
    const rows = await entriesOf(o.id);
    expect(sum(rows)).toBe(0);
    for (const [, amount] of Object.entries(byKind(rows))) expect(amount).toBe(0);
  });

  it("a part keeps the rates in force on the day it was placed", async () => {
    await t.db
      .insertInto("settlement_rates")
      .values({ id: crypto.randomUUID(), kind: "commission", category: "Storage", rate_bp: 800, effective_from: "2026-11-20", created_by: "admin-1", created_at: new Date().toISOString() })
      .execute();
    const before = await order([{ productId: SSD, quantity: 1 }], new Date("2026-11-19T18:29:00.000Z"), new Date("2026-11-21T06:00:00.000Z"));
    const after = await order([{ productId: SSD, quantity: 1 }], new Date("2026-11-19T18:30:00.000Z"), new Date("2026-11-21T06:00:00.000Z"));
    await settleOrder(t.db, before.id);
    await settleOrder(t.db, after.id);
    expect(byKind(await entriesOf(before.id, "vendor-2")).commission).toBe(-849_95);
    expect(byKind(await entriesOf(after.id, "vendor-2")).commission).toBe(-1_359_92);
  });

  it("pays what is payable once: a repeated post and a payout at the same moment pay nothing more", async () => {
    const now = at(30);
    const { payable } = await vendorBalance(t.db, "vendor-2", now);
    expect(payable).toBeGreaterThan(0);
    const pay = (k: string) => payByBankTransfer(t.db, { vendorId: "vendor-2", idempotencyKey: k, utr: "HDFC0000123456789", actorUserId: "admin-1" }, now);
    const k1 = `payout-${kind}-${++key}`;
    const k2 = `payout-${kind}-${++key}`;
    const [a, b] = await Promise.all([pay(k1), pay(k2)]);
    const paid = [a, b].filter((r) => r.ok && !r.repeated);
    expect(paid).toHaveLength(1);
    expect([a, b].find((r) => !r.ok)).toMatchObject({ reason: "conflict", message: PAYOUT_MESSAGES.nothingPayable });
    const again = await pay(a.ok ? k1 : k2);
    expect(again).toMatchObject({ ok: true, repeated: true });
    const payout = await t.db.selectFrom("payouts").selectAll().where("vendor_id", "=", "vendor-2").execute();
    expect(payout).toHaveLength(1);
    expect(Number(payout[0]!.amount_paise)).toBe(payable);
    expect(payout[0]).toMatchObject({ method: "bank", status: "processed", utr: "HDFC0000123456789" });
    expect(await vendorBalance(t.db, "vendor-2", now)).toMatchObject({ payable: 0, paid: payable });
    expect(await payByBankTransfer(t.db, { vendorId: "vendor-2", idempotencyKey: `p-${++key}`, utr: "12", actorUserId: null }, now)).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("pays a seller's first payout over thousands of parts (more values than one statement binds)", async () => {
    const PARTS = 4_000;
    const old = new Date("2026-01-10T06:00:00.000Z").toISOString();
    const vendorId = "vendor-3";
    for (let start = 0; start < PARTS; start += 500) {
      const ids = Array.from({ length: Math.min(500, PARTS - start) }, (_, i) => start + i);
      await t.db
        .insertInto("orders")
        .values(
          ids.map((i) => ({
            id: `bulk-${kind}-${i}`,
            number: `RC-BULK-${i}`,
            user_id: CUSTOMER,
            idempotency_key: `bulk-${kind}-${i}`,
            status: "delivered",
            sub_total_paise: 100_00,
            shipping_paise: 0,
            tax_paise: 18_00,
            total_paise: 118_00,
            payment_method: "cod",
            ship_full_name: "Asha Verma",
            ship_phone: "+91 98765 43210",
            ship_line1: "1 MG Road",
            ship_line2: null,
            ship_city: "Noida",
            ship_state: "Uttar Pradesh",
            ship_postal_code: "201301",
            created_at: old,
            updated_at: old,
          })),
        )
        .execute();
      await t.db
        .insertInto("order_parts")
        .values(ids.map((i) => ({ order_id: `bulk-${kind}-${i}`, vendor_id: vendorId, status: "delivered", amount_paise: 100_00, item_count: 1, carrier: null, tracking_number: null, order_number: `RC-BULK-${i}`, customer_user_id: CUSTOMER, order_created_at: old, updated_at: old, delivered_at: old })))
        .execute();
      await t.db
        .insertInto("ledger_entries")
        .values(ids.map((i) => ({ id: `bulk-${kind}-${i}`, vendor_id: vendorId, order_id: `bulk-${kind}-${i}`, order_number: `RC-BULK-${i}`, kind: "sale", amount_paise: 118_00, supply: "inter", payout_id: null, created_at: old })))
        .execute();
    }
    const paid = await payByBankTransfer(t.db, { vendorId, idempotencyKey: `bulk-${kind}`, utr: "HDFC0000123456789", actorUserId: "admin-1" }, at(30));
    expect(paid).toMatchObject({ ok: true, repeated: false });
    const entries = await t.db.selectFrom("ledger_entries").select((eb) => eb.fn.countAll<number>().as("n")).where("kind", "=", "payout").where("vendor_id", "=", vendorId).executeTakeFirstOrThrow();
    expect(Number(entries.n)).toBeGreaterThanOrEqual(PARTS);
    expect(await vendorBalance(t.db, vendorId, at(30))).toMatchObject({ payable: 0 });
  });

  it("reconciles: what was collected is what was refunded, kept, on hold, payable and paid", async () => {
    const now = at(30);
    const rows = await t.db.selectFrom("ledger_entries").select(["kind", "amount_paise"]).execute();
    const k = byKind(rows);
    const collected = k.sale ?? 0;
    const refunded = -(k.refund ?? 0);
    const kept = -Object.entries(k)
      .filter(([kind]) => !["sale", "refund", "payout", "payout_reversal"].includes(kind))
      .reduce((s, [, v]) => s + v, 0);
    const all = await balances(t.db, now);
    const held = all.reduce((s, b) => s + b.onHold, 0);
    const payable = all.reduce((s, b) => s + b.payable, 0);
    const paid = all.reduce((s, b) => s + b.paid, 0);
    expect(collected).toBeGreaterThan(0);
    expect(collected).toBe(refunded + kept + held + payable + paid);
  });
});
