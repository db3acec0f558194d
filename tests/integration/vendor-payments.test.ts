import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvRupees, toCsv } from "~/lib/csv";
import { approveReturn, inspectReturn, markPickedUp, requestReturn, type ReturnActor } from "~/modules/returns/returns.server";
import { payByBankTransfer, settleOrder } from "~/modules/settlements/ledger.server";
import { monthRange } from "~/modules/settlements/months";
import { share } from "~/modules/settlements/rules";
import {
  commissionInvoice,
  PAYOUTS_PAGE_SIZE,
  STATEMENT_COLUMNS,
  STATEMENT_HEADER,
  statementCells,
  statementMonths,
  vendorMonthlyPayouts,
  vendorPayouts,
  vendorStatement,
  type StatementColumn,
} from "~/modules/settlements/statements.server";
import { seedDemoCatalog } from "~/seed/seed.server";
import { deliveredOrder } from "../support/delivered-order";
import { insertUsers } from "../support/fixtures";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

/**
 * What a seller reads of its ledger on the Payments tab: statements that agree with the ledger's
 * sums month by month, a CSV no spreadsheet runs, the operator's commission invoice, payouts, and
 * nothing of another seller's.
 */

const KEYBOARD = "product-logitech-g213-prodigy"; // vendor-1 (Delhi)
const SSD = "product-samsung-990-pro-2tb"; // vendor-2 (Maharashtra)
const CUSTOMER = "asha";
const SELLER_1: ReturnActor & { role: "vendor" } = { role: "vendor", userId: "u-v1", vendorId: "vendor-1" };
const FORMULA_NAME = '=HYPERLINK("http://evil.example","Keyboard")';
const NOW = new Date("2026-11-25T06:00:00.000Z");

describe.each(testDatabaseKinds)("a seller's payments on %s", (kind) => {
  let t: TestDatabase;
  let a: Awaited<ReturnType<typeof deliveredOrder>>;
  let b: Awaited<ReturnType<typeof deliveredOrder>>;
  let c: Awaited<ReturnType<typeof deliveredOrder>>;
  let payoutNumber: string;

  const ledgerSum = async (vendorId: string, month: string, kinds?: readonly string[], orderId?: string) => {
    const { start, end } = monthRange(month);
    let q = t.db
      .selectFrom("ledger_entries")
      .select((eb) => eb.fn.sum<number>("amount_paise").as("s"))
      .where("vendor_id", "=", vendorId)
      .where("created_at", ">=", start)
      .where("created_at", "<", end);
    if (kinds) q = q.where("kind", "in", [...kinds]);
    if (orderId) q = q.where("order_id", "=", orderId);
    return Number((await q.executeTakeFirst())?.s ?? 0);
  };

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await insertUsers(t, [
      { id: CUSTOMER, name: "Asha Verma", email: "asha@example.in" },
      { id: "u-v1", name: "Seller One", role: "vendor" },
    ]);
    await t.db.updateTable("products").set({ stock: 1000 }).where("id", "in", [KEYBOARD, SSD]).execute();
    const order = (lines: { productId: string; quantity: number }[], placed: string, delivered: string) =>
      deliveredOrder(t, { userId: CUSTOMER, lines, placedAt: new Date(placed), deliveredAt: new Date(delivered) });

    // A: delivered in October; one of two refunded in November.
    a = await order([{ productId: KEYBOARD, quantity: 2 }], "2026-10-02T06:00:00.000Z", "2026-10-04T06:00:00.000Z");
    await settleOrder(t.db, a.id, new Date("2026-10-04T06:00:00.000Z"));
    const asked = await requestReturn(
      t,
      { userId: CUSTOMER, orderNumber: a.number, orderItemId: a.itemOf(KEYBOARD), quantity: 1, reason: "defective", resolution: "refund", details: "Keys stopped working", serialNumber: null, photos: [], refundTo: { sealed: "x", masked: "UPI: a•••@okaxis" } },
      new Date("2026-10-06T06:00:00.000Z"),
    );
    if (!asked.ok) throw new Error(asked.message);
    await approveReturn(t, SELLER_1, { number: asked.number, from: "requested", pickup: { carrier: "Delhivery", trackingNumber: "DLV123456789" } }, new Date("2026-10-07T06:00:00.000Z"));
    await markPickedUp(t, SELLER_1, { number: asked.number, from: "approved" }, new Date("2026-10-20T06:00:00.000Z"));
    const inspected = await inspectReturn(t, SELLER_1, { number: asked.number, from: "picked_up", accepted: true, restock: true, note: "" }, new Date("2026-11-03T06:00:00.000Z"));
    if (!inspected.ok) throw new Error(inspected.message);
    await settleOrder(t.db, a.id, new Date("2026-11-03T06:00:00.000Z"));

    // B: two sellers' parts; vendor-1's product named like a spreadsheet formula.
    await t.db.updateTable("products").set({ name: FORMULA_NAME }).where("id", "=", KEYBOARD).execute();
    b = await order(
      [
        { productId: KEYBOARD, quantity: 1 },
        { productId: SSD, quantity: 1 },
      ],
      "2026-10-10T06:00:00.000Z",
      "2026-10-12T06:00:00.000Z",
    );
    await settleOrder(t.db, b.id, new Date("2026-10-12T06:00:00.000Z"));

    // C: delivered at 00:30 on 1 November in India, still 31 October in UTC.
    c = await order([{ productId: KEYBOARD, quantity: 1 }], "2026-10-29T06:00:00.000Z", "2026-10-31T19:00:00.000Z");
    await settleOrder(t.db, c.id, new Date("2026-10-31T19:00:00.000Z"));

    const paid = await payByBankTransfer(t.db, { vendorId: "vendor-1", idempotencyKey: `vp-${kind}`, utr: "HDFC0000123456789", actorUserId: null }, new Date("2026-11-05T06:00:00.000Z"));
    if (!paid.ok) throw new Error(paid.message);
    payoutNumber = paid.number;
  });
  afterAll(async () => t?.destroy());

  it("lists every part with entries in the month (India time), each column and the totals the ledger's sums", async () => {
    for (const month of ["2026-10", "2026-11"]) {
      const s = await vendorStatement(t.db, "vendor-1", month, NOW);
      expect(s.months).toEqual(["2026-11", "2026-10"]);
      const expectedOrders = month === "2026-10" ? [a.number, b.number] : [a.number, c.number, b.number];
      expect(s.rows.map((r) => r.orderNumber).sort()).toEqual([...expectedOrders].sort());
      const ids = new Map([
        [a.number, a.id],
        [b.number, b.id],
        [c.number, c.id],
      ]);
      for (const row of s.rows) {
        for (const [column, kinds] of Object.entries(STATEMENT_COLUMNS)) {
          expect(row[column as StatementColumn], `${month} ${row.orderNumber} ${column}`).toBe(await ledgerSum("vendor-1", month, kinds, ids.get(row.orderNumber)));
        }
        expect(row.net).toBe(await ledgerSum("vendor-1", month, undefined, ids.get(row.orderNumber)));
      }
      for (const [column, kinds] of Object.entries(STATEMENT_COLUMNS)) expect(s.totals[column as StatementColumn]).toBe(await ledgerSum("vendor-1", month, kinds));
      expect(s.totals.net).toBe(await ledgerSum("vendor-1", month));
      expect(s.totals.net).toBe(s.rows.reduce((sum, r) => sum + r.net, 0));
    }
    const november = await vendorStatement(t.db, "vendor-1", "2026-11", NOW);
    const rowA = november.rows.find((r) => r.orderNumber === a.number)!;
    // The refund gives back half the sale; the commission on it comes back (positive); the payout takes the rest.
    expect(rowA.sale).toBe(0);
    expect(rowA.refunds).toBeLessThan(0);
    expect(rowA.commission).toBeGreaterThan(0);
    expect(rowA.payouts).toBeLessThan(0);
    const rowC = november.rows.find((r) => r.orderNumber === c.number)!;
    expect(rowC.sale).toBeGreaterThan(0);
    expect(rowC.payouts).toBe(0); // still in its return window on 5 November
    expect(await vendorStatement(t.db, "vendor-1", "2026-12", NOW)).toMatchObject({ rows: [], totals: { net: 0, sale: 0 } });
  });

  it("writes the statement as a CSV whose cells never run as formulas", async () => {
    const s = await vendorStatement(t.db, "vendor-1", "2026-10", NOW);
    const csv = toCsv(STATEMENT_HEADER, statementCells(s, csvRupees));
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("Order,Products,Sale,Refunds,Commission,GST on commission,TCS,TDS,Payouts,Net");
    const rowB = lines.find((l) => l.startsWith(b.number))!;
    expect(rowB).toContain(`,"'=HYPERLINK(""http://evil.example"",""Keyboard"")",`);
    expect(csv).not.toMatch(/(^|,)"?=/m);
    expect(lines.at(-2)).toBe(`Total,,${[s.totals.sale, s.totals.refunds, s.totals.commission, s.totals.commissionGst, s.totals.tcs, s.totals.tds, s.totals.payouts, s.totals.net].map(csvRupees).join(",")}`);
  });

  it("invoices the month's commission net of reversals, with IGST across states and CGST + SGST within", async () => {
    const october = await commissionInvoice(t.db, "vendor-1", "2026-10");
    const octCommission = -(await ledgerSum("vendor-1", "2026-10", ["commission", "commission_reversal"]));
    expect(octCommission).toBeGreaterThan(0);
    const tax = share(octCommission, 1800);
    expect(october).toMatchObject({ number: "CI/2026-27/vendor-1/10", date: "2026-10-31", supply: "inter", taxable: octCommission, cgst: 0, sgst: 0, igst: tax, total: octCommission + tax });
    expect(october!.seller).toMatchObject({ name: "Vardhan Infotech Distributors Pvt. Ltd.", gstin: "07AAHCV4821K1Z2", state: "Delhi" });

    // November: C's commission less what A's refund gave back.
    const november = (await commissionInvoice(t.db, "vendor-1", "2026-11"))!;
    expect(november.taxable).toBe(-(await ledgerSum("vendor-1", "2026-11", ["commission"])) - (await ledgerSum("vendor-1", "2026-11", ["commission_reversal"])));
    expect(november.taxable).toBeLessThan(-(await ledgerSum("vendor-1", "2026-11", ["commission"])));

    // A seller in the operator's own state (Uttar Pradesh, GSTIN state code 09) pays CGST + SGST.
    await t.db.updateTable("vendors").set({ gstin: "09AAQFS3947H1ZM" }).where("id", "=", "vendor-2").execute();
    try {
      const intra = (await commissionInvoice(t.db, "vendor-2", "2026-10"))!;
      expect(intra.supply).toBe("intra");
      expect(intra.taxable).toBe(-(await ledgerSum("vendor-2", "2026-10", ["commission", "commission_reversal"])));
      expect(intra.igst).toBe(0);
      expect(intra.cgst + intra.sgst).toBe(share(intra.taxable, 1800));
      expect(Math.abs(intra.cgst - intra.sgst)).toBeLessThanOrEqual(1);
      expect(intra.total).toBe(intra.taxable + intra.cgst + intra.sgst);
    } finally {
      await t.db.updateTable("vendors").set({ gstin: "27AAQFS3947H1ZM" }).where("id", "=", "vendor-2").execute();
    }
    expect(await commissionInvoice(t.db, "vendor-1", "2026-12")).toMatchObject({ taxable: 0, igst: 0, total: 0 });
    expect(await commissionInvoice(t.db, "no-such-seller", "2026-10")).toBeNull();
  });

  it("lists payouts newest first with the parts each paid, and pages them", async () => {
    const page = await vendorPayouts(t.db, "vendor-1");
    expect(page.total).toBe(1);
    const [p] = page.rows;
    expect(p).toMatchObject({ number: payoutNumber, method: "bank", status: "processed", reference: "HDFC0000123456789", failure: null });
    expect(p!.parts.map((x) => x.orderNumber).sort()).toEqual([a.number, b.number].sort());
    expect(p!.parts.reduce((s, x) => s + x.amount, 0)).toBe(p!.amount);

    const stamp = (i: number) => new Date(Date.UTC(2026, 10, 1, i)).toISOString();
    await t.db
      .insertInto("payouts")
      .values(
        Array.from({ length: PAYOUTS_PAGE_SIZE + 1 }, (_, i) => ({
          id: `pv3-${i}`,
          number: `PO-9${String(i).padStart(5, "0")}`,
          vendor_id: "vendor-3",
          amount_paise: 100_00 + i,
          method: "route",
          status: i === 0 ? "failed" : "processing",
          idempotency_key: `pv3-${kind}-${i}`,
          razorpay_transfer_id: `trf_${kind}${i}`,
          utr: null,
          failure: i === 0 ? "Beneficiary account closed" : null,
          actor_user_id: null,
          created_at: stamp(i),
          updated_at: stamp(i),
          processed_at: null,
        })),
      )
      .execute();
    const first = await vendorPayouts(t.db, "vendor-3");
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: PAYOUTS_PAGE_SIZE + 1 });
    expect(first.rows[0]).toMatchObject({ number: `PO-9${String(PAYOUTS_PAGE_SIZE).padStart(5, "0")}`, reference: `trf_${kind}${PAYOUTS_PAGE_SIZE}` });
    const last = await vendorPayouts(t.db, "vendor-3", { page: 99 });
    expect(last.page).toBe(2);
    expect(last.rows).toHaveLength(1);
    expect(last.rows[0]).toMatchObject({ status: "failed", failure: "Beneficiary account closed", method: "route" });

    const months = await vendorMonthlyPayouts(t.db, "vendor-1", NOW);
    expect(months).toHaveLength(12);
    expect(months.at(-1)!.payouts).toBe(p!.amount);
    // Only processed payouts are charted.
    expect((await vendorMonthlyPayouts(t.db, "vendor-3", NOW)).every((m) => m.payouts === 0)).toBe(true);
  });

  it("shows a seller nothing of another seller's", async () => {
    // Another seller's payout number finds nothing.
    expect(await vendorPayouts(t.db, "vendor-2", { number: payoutNumber })).toMatchObject({ rows: [], total: 0 });
    expect((await vendorPayouts(t.db, "vendor-1", { number: "PO-900000" })).rows).toEqual([]);
    // vendor-2 shares order B: only its own part's amounts and products.
    const s = await vendorStatement(t.db, "vendor-2", "2026-10", NOW);
    expect(s.rows.map((r) => r.orderNumber)).toEqual([b.number]);
    expect(s.rows[0]!.products).toEqual(["Samsung 990 PRO 2TB PCIe 4.0 NVMe M.2 SSD"]);
    expect(s.totals.net).toBe(await ledgerSum("vendor-2", "2026-10"));
    expect(s.totals.payouts).toBe(0);
    // A seller with no entries has one month to pick and nothing in it.
    expect(await statementMonths(t.db, "vendor-3", NOW)).toEqual(["2026-11"]);
    expect((await vendorStatement(t.db, "vendor-3", "2026-10", NOW)).rows).toEqual([]);
    expect(await commissionInvoice(t.db, "vendor-3", "2026-10")).toMatchObject({ taxable: 0, total: 0 });
  });
});
