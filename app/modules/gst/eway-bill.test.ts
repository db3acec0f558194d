import { describe, expect, it } from "vitest";
import { consignmentValue, EWAY_BILL_MESSAGES, EWAY_BILL_THRESHOLD, ewayBillPartA, ewayBillRequired, parseEwayBillNumber } from "./eway-bill";

describe("the e-way bill threshold", () => {
  it("is ₹50,000 with tax, and only a value strictly above it needs a bill", () => {
    expect(EWAY_BILL_THRESHOLD).toBe(5_000_000);
    expect(ewayBillRequired(5_000_000)).toBe(false); // ₹50,000.00
    expect(ewayBillRequired(5_000_001)).toBe(true); // ₹50,000.01
    expect(ewayBillRequired(0)).toBe(false);
  });

  it("counts the part's value with its GST, as the tax invoice does", () => {
    expect(consignmentValue(4_237_288)).toBe(4_237_288 + 762_712); // ₹50,000.00: none needed
    expect(ewayBillRequired(consignmentValue(4_237_288))).toBe(false);
    expect(ewayBillRequired(consignmentValue(4_237_289))).toBe(true);
    expect(ewayBillRequired(consignmentValue(8_299_000))).toBe(true); // a ₹82,990 laptop
  });
});

describe("an e-way bill number", () => {
  it("is exactly 12 digits, spaces between them dropped", () => {
    expect(parseEwayBillNumber("123456789012")).toEqual({ ok: true, value: "123456789012" });
    expect(parseEwayBillNumber(" 1234 5678 9012 ")).toEqual({ ok: true, value: "123456789012" });
  });

  it("refuses anything else with a plain message", () => {
    expect(parseEwayBillNumber("")).toEqual({ ok: false, message: EWAY_BILL_MESSAGES.missing });
    expect(parseEwayBillNumber(undefined)).toEqual({ ok: false, message: EWAY_BILL_MESSAGES.missing });
    for (const bad of ["12345678901", "1234567890123", "12345678901A", "EWB123456789"]) {
      expect(parseEwayBillNumber(bad), bad).toEqual({ ok: false, message: EWAY_BILL_MESSAGES.format });
    }
  });
});

describe("Part A", () => {
  const order = {
    supplierGstin: "07AAACR5055K1Z5",
    dispatchPin: "110020",
    deliveryPin: "400001",
    invoiceNumber: "RC-190101-1",
    invoicedAt: "2026-11-28T20:00:00.000Z", // 29 Nov in India
    taxable: 8_299_000,
    hsnCodes: ["84713010", null, "84713010", "85285200"],
  };

  it("names a business buyer by GSTIN and a consumer as URP, the date in India time, the value with tax", () => {
    expect(ewayBillPartA({ ...order, buyerGstin: "27AAPFU0939F1ZV" })).toEqual({
      supplierGstin: "07AAACR5055K1Z5",
      dispatchPin: "110020",
      recipientGstin: "27AAPFU0939F1ZV",
      deliveryPin: "400001",
      documentNumber: "RC-190101-1",
      documentDate: "29/11/2026",
      value: 8_299_000 + 1_493_820,
      hsnCodes: ["84713010", "85285200"],
      reason: "Supply",
    });
    expect(ewayBillPartA({ ...order, buyerGstin: null }).recipientGstin).toBe("URP");
  });
});
