import { describe, expect, it } from "vitest";
import { sellerInvoices } from "~/modules/orders/invoice";
import { apportion, buildGstr1, defaultGstr1Month, GSTR1_HEADER, GSTR1_MESSAGES, gstr1Csv, readGstr1Month, type Gstr1InvoiceInput } from "./gstr1";

const NOW = new Date("2026-11-20T06:00:00.000Z");

describe("the GSTR-1 month", () => {
  it("defaults to the month whose return is due next: last month until the 11th, India time", () => {
    expect(defaultGstr1Month(new Date("2026-12-11T18:29:00.000Z"))).toBe("2026-11"); // 23:59 on 11 December in India
    expect(defaultGstr1Month(new Date("2026-12-11T18:30:00.000Z"))).toBe("2026-12"); // 12 December has begun
    expect(defaultGstr1Month(new Date("2027-01-05T00:00:00.000Z"))).toBe("2026-12");
  });

  it("reads a month from a link, and says why a bad one was not read", () => {
    expect(readGstr1Month(null, NOW)).toEqual({ ok: true, month: "2026-11" });
    expect(readGstr1Month("", NOW)).toEqual({ ok: true, month: "2026-11" });
    expect(readGstr1Month("2026-10", NOW)).toEqual({ ok: true, month: "2026-10" });
    expect(readGstr1Month(" 2026-10 ", NOW)).toEqual({ ok: true, month: "2026-10" });
    for (const bad of ["2026-13", "May-2026", "2026-1", "1999-12", "<script>"]) {
      expect(readGstr1Month(bad, NOW), bad).toEqual({ ok: false, month: "2026-11", message: GSTR1_MESSAGES.month });
    }
    expect(readGstr1Month("2026-12", NOW)).toEqual({ ok: false, month: "2026-11", message: GSTR1_MESSAGES.future });
  });
});

describe("apportion", () => {
  it("shares whole paise that add up exactly, the largest remainders first", () => {
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportion(629_82, [3_499_00])).toEqual([629_82]);
    expect(apportion(0, [5, 5])).toEqual([0, 0]);
    expect(apportion(7, [0, 0])).toEqual([7, 0]);
    const shares = apportion(1_529_91, [1_000_00, 2_333_33, 17]);
    expect(shares.reduce((s, v) => s + v, 0)).toBe(1_529_91);
  });
});

describe("buildGstr1", () => {
  const seller = { vendorId: "v", vendorName: "Seller", gstin: "27AAPFU0939F1ZV" };
  const invoice = (lines: { hsnCode: string | null; lineTotal: number; quantity: number }[], state: string) =>
    sellerInvoices(lines.map((l, i) => ({ ...seller, name: `Item ${i}`, unitPrice: l.lineTotal / l.quantity, ...l })), state)[0]!;
  const input = (over: Partial<Gstr1InvoiceInput> & Pick<Gstr1InvoiceInput, "invoice" | "placeOfSupply">): Gstr1InvoiceInput => ({
    invoiceNumber: "RC-100001-1",
    placedAt: "2026-11-05T06:00:00.000Z",
    buyerGstin: null,
    buyerLegalName: null,
    categories: over.invoice.lines.map(() => "Storage"),
    ...over,
  });

  it("lists business invoices, sums consumer sales by place of supply, nets credit notes in the HSN summary", () => {
    const b2b = invoice([{ hsnCode: "84717020", lineTotal: 16_999_00, quantity: 1 }], "Maharashtra");
    const b2cDelhi1 = invoice([{ hsnCode: "84717020", lineTotal: 1_000_01, quantity: 1 }, { hsnCode: "84716060", lineTotal: 2_000_00, quantity: 2 }], "Delhi");
    const b2cDelhi2 = invoice([{ hsnCode: null, lineTotal: 500_00, quantity: 1 }], "Delhi");
    const g = buildGstr1(
      "2026-11",
      [
        input({ invoice: b2b, placeOfSupply: "Maharashtra", buyerGstin: "27AAPFU0939F1ZV", buyerLegalName: "Joshi Workstations LLP", invoiceNumber: "RC-100002-1" }),
        input({ invoice: b2cDelhi1, placeOfSupply: "Delhi", invoiceNumber: "RC-100003-1" }),
        input({ invoice: b2cDelhi2, placeOfSupply: "Delhi", invoiceNumber: "RC-100004-1", placedAt: "2026-11-30T18:29:00.000Z" }),
      ],
      [
        {
          number: "CN/2026-27/0001",
          createdAt: "2026-11-10T06:00:00.000Z",
          invoiceNumber: "RC-100002-1",
          placeOfSupply: "Maharashtra",
          buyerGstin: "27AAPFU0939F1ZV",
          buyerLegalName: "Joshi Workstations LLP",
          kind: "intra",
          taxable: 16_999_00,
          cgst: 1_529_91,
          sgst: 1_529_91,
          igst: 0,
          total: 20_058_82,
          hsnCode: "84717020",
          category: "Storage",
          quantity: 1,
        },
      ],
    );
    expect(g.b2b).toEqual([
      expect.objectContaining({ invoiceNumber: "RC-100002-1", date: "2026-11-05", placeOfSupply: "Maharashtra (27)", supply: "intra", taxable: 16_999_00, cgst: 1_529_91, sgst: 1_529_91, igst: 0, value: 20_058_82 }),
    ]);
    expect(g.b2c).toEqual([expect.objectContaining({ placeOfSupply: "Delhi (07)", rate: 18, invoices: 2, taxable: 3_500_01, igst: b2cDelhi1.igst + b2cDelhi2.igst, cgst: 0, sgst: 0 })]);
    expect(g.creditNotes[0]).toMatchObject({ number: "CN/2026-27/0001", invoiceNumber: "RC-100002-1", buyerGstin: "27AAPFU0939F1ZV", value: 20_058_82 });
    expect(g.hsn.map((h) => [h.hsn, h.quantity, h.taxable])).toEqual([
      ["84716060", 2, 2_000_00],
      ["84717020", 1, 1_000_01],
      [null, 1, 500_00],
    ]);
    // The HSN summary's tax adds up to the invoices' less the credit notes', to the paisa.
    const hsnTax = g.hsn.reduce((s, h) => s + h.igst + h.cgst + h.sgst, 0);
    expect(hsnTax).toBe(b2cDelhi1.igst + b2cDelhi2.igst);
    expect(g.totals.net).toEqual({ taxable: 3_500_01, igst: hsnTax, cgst: 0, sgst: 0, value: b2cDelhi1.total + b2cDelhi2.total });

    const csv = gstr1Csv(g).split("\r\n");
    expect(csv[0]).toBe(GSTR1_HEADER.join(","));
    expect(csv[1]).toBe("B2B invoice,27AAPFU0939F1ZV,Joshi Workstations LLP,RC-100002-1,2026-11-05,,Maharashtra (27),18,1,,,,,16999.00,0.00,1529.91,1529.91,20058.82");
    expect(csv).toContain("Total,,,,,,,,,,Invoices less credit notes,,,3500.01,630.00,0.00,0.00,4130.01");
  });
});
