import { describe, expect, it } from "vitest";
import {
  commissionInvoiceNumber,
  creditNoteNumber,
  DOCUMENT_NUMBER_MAX,
  financialYear,
  financialYearOfMonth,
  gstOn,
  HALF_GST_PERCENT,
  invoiceNumber,
  placeOfSupply,
  placeOfSupplyLabel,
  priceWithGst,
  splitGst,
  supplierState,
  supplyKind,
} from "./gst";

describe("the rate and its rounding", () => {
  it("is 18%, 9% + 9% within a state, to the nearest paisa", () => {
    expect(HALF_GST_PERCENT).toBe(9);
    expect(gstOn(3_499_00)).toBe(629_82);
    expect(gstOn(1)).toBe(0);
    expect(gstOn(3)).toBe(1); // 0.54 paise rounds up
    expect(priceWithGst(82_990_00)).toBe(97_928_20);
  });
});

describe("place of supply", () => {
  it("reads a supplier's state from its GSTIN, or the home state without one", () => {
    expect(supplierState("27AAPFU0939F1ZV")).toBe("Maharashtra");
    expect(supplierState("07AAHCV4821K1Z2")).toBe("Delhi");
    expect(supplierState(null)).toBe("Uttar Pradesh");
  });
  it("is where goods are delivered, and decides intra- or inter-state", () => {
    expect(placeOfSupply("Karnataka")).toBe("Karnataka");
    expect(supplyKind("Maharashtra", placeOfSupply("Maharashtra"))).toBe("intra");
    expect(supplyKind("Maharashtra", placeOfSupply("Karnataka"))).toBe("inter");
  });
  it("is stated with the state's name and code", () => {
    expect(placeOfSupplyLabel("Maharashtra")).toBe("Maharashtra (27)");
    expect(placeOfSupplyLabel("Delhi")).toBe("Delhi (07)");
  });
});

describe("the split", () => {
  it("is all IGST across states", () => {
    expect(splitGst("inter", 629_83)).toEqual({ cgst: 0, sgst: 0, igst: 629_83 });
  });
  it("halves within a state, the odd paisa to SGST, none lost", () => {
    expect(splitGst("intra", 629_82)).toEqual({ cgst: 314_91, sgst: 314_91, igst: 0 });
    expect(splitGst("intra", 629_83)).toEqual({ cgst: 314_91, sgst: 314_92, igst: 0 });
    for (const tax of [0, 1, 9, 17, 3_059_82]) {
      const s = splitGst("intra", tax);
      expect(s.cgst + s.sgst).toBe(tax);
      expect(s.sgst - s.cgst).toBeLessThanOrEqual(1);
    }
  });
});

describe("the financial year", () => {
  it("runs from 1 April to 31 March in India time", () => {
    expect(financialYear(new Date("2026-11-26T10:00:00.000Z"))).toBe("2026-27");
    expect(financialYear(new Date("2027-03-31T18:29:59.000Z"))).toBe("2026-27");
    // 31 March 18:30 UTC is 1 April in India.
    expect(financialYear(new Date("2027-03-31T18:30:00.000Z"))).toBe("2027-28");
    expect(financialYear(new Date("2099-06-01T00:00:00.000Z"))).toBe("2099-00");
  });
  it("puts January to March in the year that began the April before", () => {
    expect(financialYearOfMonth("2026-03")).toBe("2025-26");
    expect(financialYearOfMonth("2026-04")).toBe("2026-27");
    expect(financialYearOfMonth("2099-12")).toBe("2099-00");
  });
});

describe("numbering", () => {
  it("numbers a seller's invoice by the order and its place, within 16 characters", () => {
    expect(invoiceNumber("RC-482913", 0)).toBe("RC-482913-1");
    expect(invoiceNumber("RC-482913", 1)).toBe("RC-482913-2");
    expect(invoiceNumber("RC-999999", 98).length).toBeLessThanOrEqual(DOCUMENT_NUMBER_MAX);
  });
  it("numbers credit notes in a series per financial year, within 16 characters", () => {
    expect(creditNoteNumber("2026-27", 7)).toBe("CN/2026-27/0007");
    expect(creditNoteNumber("2026-27", 9_999).length).toBeLessThanOrEqual(DOCUMENT_NUMBER_MAX);
  });
  it("numbers the commission invoice by seller and month, in the month's financial year", () => {
    expect(commissionInvoiceNumber("vendor-1", "2027-02")).toBe("CI/2026-27/vendor-1/02");
  });
});
