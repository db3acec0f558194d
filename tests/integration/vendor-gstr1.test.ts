import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelOrderForUser, placeOrder } from "~/modules/orders/orders.server";
import { approveReturn, inspectReturn, markPickedUp, requestReturn, type ReturnActor } from "~/modules/returns/returns.server";
import { gstr1Csv } from "~/modules/settlements/gstr1";
import { vendorGstr1 } from "~/modules/settlements/gstr1.server";
import { settleOrder } from "~/modules/settlements/ledger.server";
import { seedDemoCatalog } from "~/seed/seed.server";
import { deliveredOrder } from "../support/delivered-order";
import { insertUsers, shippingAddress } from "../support/fixtures";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

/**
 * A seller's GSTR-1 view (settlements/gstr1.server.ts): its business invoices one by one, its
 * consumer sales by place of supply, its credit notes and the HSN summary, for a month of India
 * time, adding up to what its invoices and credit notes hold, and nothing of another seller's.
 */

const KEYBOARD = "product-logitech-g213-prodigy"; // vendor-1 (Delhi), ₹3,499
const SSD = "product-samsung-990-pro-2tb"; // vendor-2 (Maharashtra), ₹16,999
const GSTIN = "27AAPFU0939F1ZV";
const LEGAL_NAME = "Joshi Workstations LLP";
const MUMBAI = { fullName: "Meera Joshi", phone: "+91 98220 40506", addressLine1: "Office 12, Nariman Point", addressLine2: null, city: "Mumbai", state: "Maharashtra" as const, postalCode: "400001" };
const SELLER_1: ReturnActor & { role: "vendor" } = { role: "vendor", userId: "u-v1", vendorId: "vendor-1" };
const NOW = new Date("2026-12-20T06:00:00.000Z");
// November 2026 in India, written out by hand: 00:00 on 1 November to 00:00 on 1 December, IST (UTC+5:30).
const NOVEMBER = { start: "2026-10-31T18:30:00.000Z", end: "2026-11-30T18:30:00.000Z" };

describe.each(testDatabaseKinds)("a seller's GSTR-1 on %s", (kind) => {
  let t: TestDatabase;
  const numbers: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await insertUsers(t, [
      { id: "asha", name: "Asha Verma" },
      { id: "biz", name: "Meera Joshi" },
      { id: "u-v1", name: "Seller One", role: "vendor" },
    ]);
    await t.db.updateTable("products").set({ stock: 1000 }).where("id", "in", [KEYBOARD, SSD]).execute();
    const order = async (name: string, input: Omit<Parameters<typeof deliveredOrder>[1], "deliveredAt">) => {
      const placed = await deliveredOrder(t, { ...input, deliveredAt: new Date(input.placedAt.getTime() + 2 * 86_400_000) });
      numbers[name] = placed.number;
      return placed;
    };

    // At 00:00 on 1 November in India, still 31 October in UTC: November's.
    await order("firstInstant", { userId: "asha", lines: [{ productId: KEYBOARD, quantity: 1 }], placedAt: new Date(NOVEMBER.start) });
    // A business order of two sellers, delivered to Maharashtra: vendor-1's keyboard is its first invoice.
    const business = await order("business", {
      userId: "biz",
      lines: [
        { productId: KEYBOARD, quantity: 1 },
        { productId: SSD, quantity: 1 },
      ],
      placedAt: new Date("2026-11-05T06:00:00.000Z"),
      address: MUMBAI,
      business: { gstin: GSTIN, legalName: LEGAL_NAME },
    });
    await order("consumer", { userId: "asha", lines: [{ productId: KEYBOARD, quantity: 2 }], placedAt: new Date("2026-11-10T06:00:00.000Z") });
    // Only vendor-2's.
    await order("otherSeller", { userId: "asha", lines: [{ productId: SSD, quantity: 1 }], placedAt: new Date("2026-11-15T06:00:00.000Z") });
    // At 00:00 on 1 December in India, still 30 November in UTC: December's.
    await order("december", { userId: "asha", lines: [{ productId: KEYBOARD, quantity: 1 }], placedAt: new Date(NOVEMBER.end) });

    // Not invoices: an order cancelled before dispatch, and one still awaiting its online payment.
    for (const name of ["cancelled", "awaiting"]) {
      const placed = await placeOrder(
        t,
        { userId: "asha", lines: [{ productId: KEYBOARD, quantity: 1 }], address: shippingAddress, paymentMethod: "cod", idempotencyKey: `gstr1-${name}-${kind}` },
        new Date("2026-11-20T06:00:00.000Z"),
      );
      if (!placed.ok) throw new Error(placed.message);
      numbers[name] = placed.number;
    }
    const cancelled = await cancelOrderForUser(t, "asha", numbers.cancelled!, new Date("2026-11-20T07:00:00.000Z"));
    expect(cancelled).toMatchObject({ ok: true });
    await t.db.updateTable("orders").set({ payment_method: "upi", payment_status: "awaiting" }).where("number", "=", numbers.awaiting!).execute();

    // The business's keyboard comes back: vendor-1's credit note, in November.
    await settleOrder(t.db, business.id, new Date("2026-11-07T06:00:00.000Z"));
    const asked = await requestReturn(
      t,
      { userId: "biz", orderNumber: business.number, orderItemId: business.itemOf(KEYBOARD), quantity: 1, reason: "defective", resolution: "refund", details: "Keys stopped working", serialNumber: null, photos: [], refundTo: { sealed: "x", masked: "UPI: m•••@okaxis" } },
      new Date("2026-11-08T06:00:00.000Z"),
    );
    if (!asked.ok) throw new Error(asked.message);
    await approveReturn(t, SELLER_1, { number: asked.number, from: "requested", pickup: { carrier: "Delhivery", trackingNumber: "DLV123456789" } }, new Date("2026-11-09T06:00:00.000Z"));
    await markPickedUp(t, SELLER_1, { number: asked.number, from: "approved" }, new Date("2026-11-11T06:00:00.000Z"));
    const inspected = await inspectReturn(t, SELLER_1, { number: asked.number, from: "picked_up", accepted: true, restock: true, note: "" }, new Date("2026-11-12T06:00:00.000Z"));
    if (!inspected.ok) throw new Error(inspected.message);
  });
  afterAll(async () => t?.destroy());

  /** The seller's invoices of orders placed in November, added up here from the order lines: 18%, rounded per invoice. */
  async function invoicedInNovember(vendorId: string) {
    const lines = await t.db
      .selectFrom("order_items")
      .innerJoin("orders", "orders.id", "order_items.order_id")
      .select(["orders.number", "order_items.line_total_paise"])
      .where("order_items.vendor_id", "=", vendorId)
      .where("orders.created_at", ">=", NOVEMBER.start)
      .where("orders.created_at", "<", NOVEMBER.end)
      .where("orders.number", "not in", [numbers.cancelled!, numbers.awaiting!])
      .execute();
    const byOrder = new Map<string, number>();
    for (const l of lines) byOrder.set(l.number, (byOrder.get(l.number) ?? 0) + Number(l.line_total_paise));
    const taxable = [...byOrder.values()].reduce((s, v) => s + v, 0);
    const tax = [...byOrder.values()].reduce((s, v) => s + Math.round((v * 18) / 100), 0);
    return { count: byOrder.size, orders: [...byOrder.keys()], taxable, tax };
  }

  async function creditedInNovember(vendorId: string) {
    const notes = await t.db
      .selectFrom("credit_notes")
      .select(["number", "taxable_paise", "cgst_paise", "sgst_paise", "igst_paise", "total_paise"])
      .where("vendor_id", "=", vendorId)
      .where("created_at", ">=", NOVEMBER.start)
      .where("created_at", "<", NOVEMBER.end)
      .execute();
    const sum = (k: "taxable_paise" | "cgst_paise" | "sgst_paise" | "igst_paise" | "total_paise") => notes.reduce((s, n) => s + Number(n[k]), 0);
    return { count: notes.length, numbers: notes.map((n) => n.number), taxable: sum("taxable_paise"), tax: sum("cgst_paise") + sum("sgst_paise") + sum("igst_paise"), total: sum("total_paise") };
  }

  it("lists the business invoice with the buyer's GSTIN, sums consumer sales by place of supply, and lists the credit note", async () => {
    const g = await vendorGstr1(t.db, "vendor-1", "2026-11", NOW);
    expect(g.b2b).toEqual([
      {
        buyerGstin: GSTIN,
        buyerLegalName: LEGAL_NAME,
        invoiceNumber: `${numbers.business}-1`,
        date: "2026-11-05",
        placeOfSupply: "Maharashtra (27)",
        supply: "inter",
        rate: 18,
        taxable: 3_499_00,
        igst: 629_82,
        cgst: 0,
        sgst: 0,
        value: 4_128_82,
      },
    ]);
    // The first instant's keyboard and the consumer's two, both to Uttar Pradesh from Delhi.
    expect(g.b2c).toEqual([{ placeOfSupply: "Uttar Pradesh (09)", supply: "inter", rate: 18, invoices: 2, taxable: 10_497_00, igst: 629_82 + 1_259_64, cgst: 0, sgst: 0, value: 10_497_00 + 1_889_46 }]);
    expect(g.creditNotes).toEqual([
      expect.objectContaining({ invoiceNumber: `${numbers.business}-1`, buyerGstin: GSTIN, buyerLegalName: LEGAL_NAME, placeOfSupply: "Maharashtra (27)", taxable: 3_499_00, igst: 629_82, cgst: 0, sgst: 0, value: 4_128_82 }),
    ]);
    expect(g.creditNotes[0]!.number).toMatch(/^CN\/2026-27\/\d{4}$/);
    // Four keyboards invoiced, one credited.
    expect(g.hsn).toEqual([expect.objectContaining({ description: "Peripherals", uqc: "NOS", quantity: 3, taxable: 10_497_00, igst: 1_889_46 })]);
    expect(g.months[0]).toBe("2026-12");
    expect(g.months).toContain("2026-11");
  });

  it("adds up to the seller's invoices and credit notes of the month, India time", async () => {
    for (const vendorId of ["vendor-1", "vendor-2"]) {
      const g = await vendorGstr1(t.db, vendorId, "2026-11", NOW);
      const invoiced = await invoicedInNovember(vendorId);
      const credited = await creditedInNovember(vendorId);
      const tax = (a: { igst: number; cgst: number; sgst: number }) => a.igst + a.cgst + a.sgst;
      expect(g.totals.b2b.count + g.totals.b2c.count, vendorId).toBe(invoiced.count);
      expect(g.totals.b2b.taxable + g.totals.b2c.taxable, vendorId).toBe(invoiced.taxable);
      expect(tax(g.totals.b2b) + tax(g.totals.b2c), vendorId).toBe(invoiced.tax);
      expect(g.totals.b2b.value + g.totals.b2c.value, vendorId).toBe(invoiced.taxable + invoiced.tax);
      expect(g.b2b.reduce((s, r) => s + r.value, 0) + g.b2c.reduce((s, r) => s + r.value, 0)).toBe(invoiced.taxable + invoiced.tax);
      expect(g.creditNotes.map((c) => c.number)).toEqual(credited.numbers);
      expect(g.totals.creditNotes).toEqual({ count: credited.count, taxable: credited.taxable, igst: expect.any(Number), cgst: expect.any(Number), sgst: expect.any(Number), value: credited.total });
      expect(tax(g.totals.creditNotes)).toBe(credited.tax);
      // The HSN summary is the invoices less the credit notes, to the paisa.
      const hsn = g.hsn.reduce((s, h) => ({ taxable: s.taxable + h.taxable, tax: s.tax + tax(h) }), { taxable: 0, tax: 0 });
      expect(hsn).toEqual({ taxable: invoiced.taxable - credited.taxable, tax: invoiced.tax - credited.tax });
    }
  });

  it("puts an invoice in the month of its India day, either side of midnight", async () => {
    const november = await invoicedInNovember("vendor-1");
    expect(november.orders).toContain(numbers.firstInstant);
    expect(november.orders).not.toContain(numbers.december);
    const december = await vendorGstr1(t.db, "vendor-1", "2026-12", NOW);
    expect(december.b2c).toEqual([expect.objectContaining({ placeOfSupply: "Uttar Pradesh (09)", invoices: 1, taxable: 3_499_00 })]);
    expect(december.creditNotes).toEqual([]);
    const october = await vendorGstr1(t.db, "vendor-1", "2026-10", NOW);
    expect([october.b2b, october.b2c, october.creditNotes, october.hsn]).toEqual([[], [], [], []]);
  });

  it("leaves out a cancelled order and one still awaiting its payment", async () => {
    // Consumer sales are summed, so the two would show as more invoices to Uttar Pradesh and more keyboards.
    const g = await vendorGstr1(t.db, "vendor-1", "2026-11", NOW);
    expect(g.b2c.map((r) => [r.placeOfSupply, r.invoices])).toEqual([["Uttar Pradesh (09)", 2]]);
    expect(g.hsn.map((h) => h.quantity)).toEqual([3]);
  });

  it("shows nothing of another seller's", async () => {
    const mine = await vendorGstr1(t.db, "vendor-1", "2026-11", NOW);
    const csv = gstr1Csv(mine);
    expect(csv).not.toContain(`${numbers.business}-2`);
    expect(csv).not.toContain(numbers.otherSeller!);
    expect(mine.hsn.map((h) => h.description)).toEqual(["Peripherals"]);

    // vendor-2 sees its own SSD on the business order (intra-state, Maharashtra to Maharashtra) and its consumer sale.
    const theirs = await vendorGstr1(t.db, "vendor-2", "2026-11", NOW);
    expect(theirs.b2b).toEqual([expect.objectContaining({ invoiceNumber: `${numbers.business}-2`, supply: "intra", taxable: 16_999_00, cgst: 1_529_91, sgst: 1_529_91, igst: 0 })]);
    expect(theirs.b2c).toEqual([expect.objectContaining({ placeOfSupply: "Uttar Pradesh (09)", invoices: 1, taxable: 16_999_00 })]);
    expect(theirs.creditNotes).toEqual([]);
  });

  it("writes the CSV with a Section column and its totals", async () => {
    const csv = gstr1Csv(await vendorGstr1(t.db, "vendor-1", "2026-11", NOW)).split("\r\n");
    expect(csv[0]).toMatch(/^Section,Recipient GSTIN,Recipient legal name,Document number,Document date,Original invoice,Place of supply,/);
    expect(csv).toContain(`B2B invoice,${GSTIN},${LEGAL_NAME},${numbers.business}-1,2026-11-05,,Maharashtra (27),18,1,,,,,3499.00,629.82,0.00,0.00,4128.82`);
    expect(csv).toContain("B2C summary,,,,,,Uttar Pradesh (09),18,2,,,,,10497.00,1889.46,0.00,0.00,12386.46");
    expect(csv.filter((l) => l.startsWith("Credit note,"))).toEqual([expect.stringMatching(new RegExp(`^Credit note,${GSTIN},${LEGAL_NAME},CN/2026-27/\\d{4},2026-11-12,${numbers.business}-1,Maharashtra \\(27\\),18,`))]);
    expect(csv).toContain("Total,,,,,,,,,,Invoices less credit notes,,,10497.00,1889.46,0.00,0.00,12386.46");
  });
});
