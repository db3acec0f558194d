import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbContext, userContext } from "~/context";
import { payableTotal, sellerBalances } from "~/modules/admin/settlements.server";
import { setOrderStatusByAdmin } from "~/modules/orders/fulfilment.server";
import { approveReturn, inspectReturn, markPickedUp, requestReturn, type ReturnActor } from "~/modules/returns/returns.server";
import { payByBankTransfer, settleOrder, vendorBalance } from "~/modules/settlements/ledger.server";
import { percentToBp, RATE_MESSAGES } from "~/modules/settlements/rates";
import { addRate, rateHistory, ratesInForce } from "~/modules/settlements/rates.server";
import { REPORT_MESSAGES, reportMonth, type ReportMonth } from "~/modules/settlements/reports";
import { reconciliation, TCS_HEADER, tcsCsv, tcsReport, TDS_HEADER, tdsReport } from "~/modules/settlements/reports.server";
import { partEntries } from "~/modules/settlements/rules";
import { loader as tcsLoader } from "~/routes/admin/settlements.tcs[.]csv";
import { loader as tdsLoader } from "~/routes/admin/settlements.tds[.]csv";
import { seedDemoCatalog } from "~/seed/seed.server";
import { deliveredOrder } from "../support/delivered-order";
import { insertUsers, shippingAddress } from "../support/fixtures";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const KEYBOARD = "product-logitech-g213-prodigy"; // vendor-1 (Delhi), ₹3,499, Peripherals
const SSD = "product-samsung-990-pro-2tb"; // vendor-2 (Maharashtra), ₹16,999, Storage
const CUSTOMER = "asha";
const SELLER_1: ReturnActor & { role: "vendor" } = { role: "vendor", userId: "u-v1", vendorId: "vendor-1" };
const FLAT = { commissionBp: () => 500, tcsBp: 50, tdsBp: 10 };
/** Delivered to Delhi: vendor-1 (Delhi) supplies within its state, vendor-2 (Maharashtra) across states. */
const DELHI: typeof shippingAddress = { ...shippingAddress, city: "New Delhi", state: "Delhi", postalCode: "110001" };
const SEPTEMBER = reportMonth("2026-09") as { ok: true } & ReportMonth;
const sep = (day: number, hour = 6) => new Date(Date.UTC(2026, 8, day, hour));

describe.each(testDatabaseKinds)("settlement rates, tax reports and reconciliation on %s", (kind) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await insertUsers(t, [
      { id: CUSTOMER, name: "Asha Verma", email: "asha@example.in" },
      { id: "u-v1", name: "Seller One", role: "vendor" },
      { id: "admin-1", name: "Anita Admin", role: "admin" },
    ]);
    await t.db.updateTable("products").set({ stock: 1000 }).where("id", "in", [KEYBOARD, SSD]).execute();
  });
  afterAll(async () => t?.destroy());

  const commissionOf = async (orderId: string, vendorId: string) =>
    Number(
      (await t.db.selectFrom("ledger_entries").select((eb) => eb.fn.sum<number>("amount_paise").as("s")).where("order_id", "=", orderId).where("vendor_id", "=", vendorId).where("kind", "=", "commission").executeTakeFirst())?.s ?? 0,
    );

  it("refuses a rate out of range, without its category or with a bad day, each beside its field", async () => {
    const now = new Date("2027-01-10T06:00:00.000Z");
    const add = (input: Partial<Parameters<typeof addRate>[1]>) => addRate(t.db, { choice: "commission", percent: "4", effectiveFrom: "2027-02-01", actorUserId: "admin-1", ...input }, now);
    expect(percentToBp("4.5")).toBe(450);
    expect(percentToBp("0.05")).toBe(5);
    expect(percentToBp("4.555")).toBeNull();
    expect(await add({ percent: "31" })).toMatchObject({ ok: false, reason: "invalid", fieldErrors: { percent: RATE_MESSAGES.commissionRange } });
    expect(await add({ percent: "30.01" })).toMatchObject({ ok: false, fieldErrors: { percent: RATE_MESSAGES.commissionRange } });
    expect(await add({ choice: "tcs", percent: "5.5" })).toMatchObject({ ok: false, fieldErrors: { percent: RATE_MESSAGES.taxRange } });
    expect(await add({ choice: "tds", percent: "abc" })).toMatchObject({ ok: false, fieldErrors: { percent: RATE_MESSAGES.percent } });
    expect(await add({ percent: "4.123" })).toMatchObject({ ok: false, fieldErrors: { percent: RATE_MESSAGES.percent } });
    expect(await add({ choice: "commission_category", category: "" })).toMatchObject({ ok: false, fieldErrors: { category: RATE_MESSAGES.category } });
    expect(await add({ choice: "commission_category", category: "Toasters" })).toMatchObject({ ok: false, fieldErrors: { category: RATE_MESSAGES.category } });
    expect(await add({ choice: "royalty" })).toMatchObject({ ok: false, fieldErrors: { choice: RATE_MESSAGES.choice } });
    expect(await add({ effectiveFrom: "2027-02-30" })).toMatchObject({ ok: false, fieldErrors: { effectiveFrom: RATE_MESSAGES.date } });
    // Yesterday in India is the past, even where it is still that day in UTC (05:00 IST on the 10th is 23:30 UTC on the 9th).
    expect(await add({ effectiveFrom: "2027-01-09" })).toMatchObject({ ok: false, message: RATE_MESSAGES.past, fieldErrors: { effectiveFrom: RATE_MESSAGES.past } });
    expect(await addRate(t.db, { choice: "tds", percent: "1", effectiveFrom: "2027-01-09", actorUserId: null }, new Date("2027-01-09T23:30:00.000Z"))).toMatchObject({ ok: false, reason: "invalid", message: RATE_MESSAGES.past });
    expect(await t.db.selectFrom("settlement_rates").select("id").where("effective_from", ">=", "2027-01-01").execute()).toEqual([]);
  });

  it("a new commission rate is in force from its day and changes only parts placed from that day", async () => {
    const now = new Date("2027-03-01T06:00:00.000Z");
    const added = await addRate(t.db, { choice: "commission_category", category: "Storage", percent: "7.25", effectiveFrom: "2027-03-05", actorUserId: "admin-1" }, now);
    expect(added).toMatchObject({ ok: true, rate: { kind: "commission", category: "Storage", rateBp: 725, effectiveFrom: "2027-03-05" } });
    expect(await addRate(t.db, { choice: "commission_category", category: "Storage", percent: "6", effectiveFrom: "2027-03-05", actorUserId: "admin-1" }, now)).toMatchObject({
      ok: false,
      fieldErrors: { effectiveFrom: RATE_MESSAGES.sameDay },
    });
    const stored = await t.db.selectFrom("settlement_rates").selectAll().where("effective_from", "=", "2027-03-05").execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ created_by: "admin-1", rate_bp: 725 });

    const storageOn = async (at: Date) => (await ratesInForce(t.db, at)).find((r) => r.kind === "commission" && r.category === "Storage")!;
    expect(await storageOn(new Date("2027-03-04T18:29:00.000Z"))).toMatchObject({ rateBp: 500, since: "2020-01-01" });
    expect(await storageOn(new Date("2027-03-04T18:30:00.000Z"))).toMatchObject({ rateBp: 725, since: "2027-03-05", label: "Commission for Storage" });
    const history = await rateHistory(t.db, new Date("2027-03-06T06:00:00.000Z"));
    expect(history[0]).toMatchObject({ category: "Storage", state: "in_force", addedBy: "Anita Admin" });
    expect(history.find((r) => r.kind === "tcs")).toMatchObject({ state: "in_force", addedBy: null });
    expect((await rateHistory(t.db, now))[0]).toMatchObject({ state: "scheduled" });

    // The last minute of 4 March in India, and the first of 5 March.
    const before = await deliveredOrder(t, { userId: CUSTOMER, lines: [{ productId: SSD, quantity: 1 }], placedAt: new Date("2027-03-04T18:29:00.000Z"), deliveredAt: new Date("2027-03-08T06:00:00.000Z") });
    const after = await deliveredOrder(t, { userId: CUSTOMER, lines: [{ productId: SSD, quantity: 1 }], placedAt: new Date("2027-03-04T18:30:00.000Z"), deliveredAt: new Date("2027-03-08T06:00:00.000Z") });
    const keyboard = await deliveredOrder(t, { userId: CUSTOMER, lines: [{ productId: KEYBOARD, quantity: 1 }], placedAt: new Date("2027-03-06T06:00:00.000Z"), deliveredAt: new Date("2027-03-08T06:00:00.000Z") });
    for (const o of [before, after, keyboard]) await settleOrder(t.db, o.id, new Date("2027-03-08T06:00:00.000Z"));
    expect(await commissionOf(before.id, "vendor-2")).toBe(-849_95); // 5% of ₹16,999
    expect(await commissionOf(after.id, "vendor-2")).toBe(-1_232_43); // 7.25% of ₹16,999, halves up
    expect(await commissionOf(keyboard.id, "vendor-1")).toBe(-174_95); // another category keeps the default 5%
  });

  it("reports the month's TCS: CGST and SGST within a state, IGST across, returns reducing the net value", async () => {
    const intra = await deliveredOrder(t, { userId: CUSTOMER, lines: [{ productId: KEYBOARD, quantity: 2 }], placedAt: sep(2), deliveredAt: sep(4), address: DELHI });
    const inter = await deliveredOrder(t, { userId: CUSTOMER, lines: [{ productId: SSD, quantity: 1 }], placedAt: sep(2), deliveredAt: sep(4), address: DELHI });
    const undone = await deliveredOrder(t, { userId: CUSTOMER, lines: [{ productId: SSD, quantity: 1 }], placedAt: sep(3), deliveredAt: sep(5), address: DELHI });
    for (const o of [intra, inter, undone]) await settleOrder(t.db, o.id, sep(5));
    // A part moved back from Delivered takes its sale out again: it is no supply of the month.
    expect(await setOrderStatusByAdmin(t, { number: undone.number, status: "shipped", actorUserId: "admin-1" }, sep(6))).toMatchObject({ ok: true });
    await settleOrder(t.db, undone.id, sep(6));
    // One of the two keyboards comes back.
    const asked = await requestReturn(
      t,
      { userId: CUSTOMER, orderNumber: intra.number, orderItemId: intra.itemOf(KEYBOARD), quantity: 1, reason: "defective", resolution: "refund", details: "Keys stopped working", serialNumber: null, photos: [], refundTo: { sealed: "x", masked: "UPI: a•••@okaxis" } },
      sep(6),
    );
    if (!asked.ok) throw new Error(asked.message);
    expect(await approveReturn(t, SELLER_1, { number: asked.number, from: "requested", pickup: { carrier: "Delhivery", trackingNumber: "DLV123456789" } }, sep(7))).toMatchObject({ ok: true });
    expect(await markPickedUp(t, SELLER_1, { number: asked.number, from: "approved" }, sep(8))).toMatchObject({ ok: true });
    expect(await inspectReturn(t, SELLER_1, { number: asked.number, from: "picked_up", accepted: true, restock: true, note: "" }, sep(9))).toMatchObject({ ok: true });
    await settleOrder(t.db, intra.id, sep(9));

    const whole = partEntries([{ category: "Peripherals", taxable: 6_998_00 }], "intra", FLAT);
    const half = partEntries([{ category: "Peripherals", taxable: 3_499_00 }], "intra", FLAT);
    const ssd = partEntries([{ category: "Storage", taxable: 16_999_00 }], "inter", FLAT);
    expect(whole.tcs_cgst).toBe(-1_750); // 0.25% of ₹6,998, halves up
    const rows = await tcsReport(t.db, SEPTEMBER);
    const gstins = Object.fromEntries((await t.db.selectFrom("vendors").select(["id", "gstin"]).execute()).map((v) => [v.id, v.gstin]));
    const byVendor = (a: { vendorId: string }, b: { vendorId: string }) => a.vendorId.localeCompare(b.vendorId);
    expect([...rows].sort(byVendor)).toEqual([
      { vendorId: "vendor-1", gstin: gstins["vendor-1"], name: expect.any(String), gross: 6_998_00, returned: 3_499_00, net: 3_499_00, igst: 0, cgst: -whole.tcs_cgst + half.tcs_cgst, sgst: -whole.tcs_sgst + half.tcs_sgst },
      { vendorId: "vendor-2", gstin: gstins["vendor-2"], name: expect.any(String), gross: 16_999_00, returned: 0, net: 16_999_00, igst: -ssd.tcs_igst, cgst: 0, sgst: 0 },
    ]);
    expect(rows.find((r) => r.vendorId === "vendor-2")!.igst).toBe(8_500);
    // Another month holds none of September's figures.
    expect(await tcsReport(t.db, reportMonth("2026-10") as { ok: true } & ReportMonth)).toEqual([]);

    const csv = tcsCsv(rows);
    expect(csv.split("\r\n")[0]).toBe(TCS_HEADER.join(","));
    expect(csv).toContain(`${gstins["vendor-1"]},`);
    expect(csv).toContain(",6998.00,3499.00,3499.00,0.00,8.75,8.75\r\n");
  });

  it("reports the month's TDS under section 194-O: PAN from the GSTIN, net of returns", async () => {
    const rows = await tdsReport(t.db, SEPTEMBER);
    const v1 = rows.find((r) => r.vendorId === "vendor-1")!;
    const gstin = (await t.db.selectFrom("vendors").select("gstin").where("id", "=", "vendor-1").executeTakeFirstOrThrow()).gstin!;
    expect(v1).toMatchObject({ gstin, pan: gstin.slice(2, 12), gross: 3_499_00, tds: 700 - 350 });
    expect(v1.pan).toMatch(/^[A-Z]{5}\d{4}[A-Z]$/);
    expect(rows.find((r) => r.vendorId === "vendor-2")).toMatchObject({ gross: 16_999_00, tds: 1_700 });
  });

  it("answers the CSV downloads with the shop's file names, and a bad month with 400 and a message", async () => {
    const context = (admin: boolean) => {
      const c = new RouterContextProvider();
      c.set(dbContext, t.db);
      c.set(userContext, { id: "admin-1", email: "a@example.in", name: "Anita Admin", role: "customer", isAdmin: admin });
      return c;
    };
    type CsvLoader = (args: { request: Request; context: RouterContextProvider; params: object }) => Promise<Response>;
    const call = (loader: unknown, query: string, admin = true) =>
      (loader as CsvLoader)({ request: new Request(`http://shop.test/admin/settlements/x.csv${query}`), context: context(admin), params: {} });
    const tcs = (await call(tcsLoader, "?month=2026-09"));
    expect(tcs.status).toBe(200);
    expect(tcs.headers.get("Content-Disposition")).toBe('attachment; filename="tcs-gstr8-2026-09.csv"');
    expect(tcs.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect((await tcs.text()).startsWith(TCS_HEADER.join(","))).toBe(true);
    const tds = (await call(tdsLoader, "?month=2026-09"));
    expect(tds.headers.get("Content-Disposition")).toBe('attachment; filename="tds-194o-2026-09.csv"');
    expect((await tds.text()).split("\r\n")[0]).toBe(TDS_HEADER.join(","));
    for (const bad of ["", "?month=2026-13", "?month=2026-9", "?month=%27%3B--", "?month=1999-12"]) {
      const r = (await call(tcsLoader, bad));
      expect(r.status, bad).toBe(400);
      expect(await r.text()).toBe(REPORT_MESSAGES.month);
    }
    await expect(call(tcsLoader, "?month=2026-09", false)).rejects.toMatchObject({ status: 302 });
  });

  it("reconciles after sales, a return's refund and a payout: collected is refunded, kept, on hold, payable and paid", async () => {
    const now = sep(30);
    const { payable } = await vendorBalance(t.db, "vendor-1", now);
    expect(payable).toBeGreaterThan(0);
    expect(await payableTotal(t.db, now)).toBeGreaterThanOrEqual(payable);
    const paid = await payByBankTransfer(t.db, { vendorId: "vendor-1", idempotencyKey: `reports-${kind}-1`, utr: "HDFC0000123456789", actorUserId: "admin-1" }, now);
    expect(paid).toMatchObject({ ok: true, repeated: false });
    const check = await reconciliation(t.db, now);
    expect(check.collected).toBeGreaterThan(0);
    expect(check.refunded).toBeGreaterThan(0);
    expect(check.kept).toBeGreaterThan(0);
    expect(check.paid).toBe(payable);
    expect(check).toMatchObject({ difference: 0, agrees: true });
    expect(check.collected).toBe(check.refunded + check.kept + check.onHold + check.payable + check.paid);
    const page = await sellerBalances(t.db, now);
    expect(page.rows.find((r) => r.vendorId === "vendor-1")).toMatchObject({ paid: payable, payable: 0 });
    expect(page.totals.payable + page.totals.onHold + page.totals.paid).toBe(check.onHold + check.payable + check.paid);
  });
});
