import { describe, expect, it } from "vitest";
import { sellerInvoiceNumber, sellerInvoices } from "./invoice";

const item = (vendorId: string, gstin: string | null, lineTotal: number) => ({
  vendorId,
  vendorName: vendorId,
  gstin,
  name: "Thing",
  unitPrice: lineTotal,
  quantity: 1,
  lineTotal,
});

describe("GST invoices", () => {
  it("charges CGST + SGST within the seller's state and IGST across states", () => {
    const [mumbai, delhi] = sellerInvoices([item("m", "27AAPFU0939F1ZV", 100_00), item("d", "07AAHCV4821K1Z2", 100_01)], "Maharashtra");
    expect(mumbai).toMatchObject({ kind: "intra", cgst: 9_00, sgst: 9_00, igst: 0, total: 118_00 });
    expect(delhi).toMatchObject({ kind: "inter", cgst: 0, sgst: 0, igst: 18_00, total: 118_01 });
  });
  it("splits an odd paisa between CGST and SGST without losing it", () => {
    const [inv] = sellerInvoices([item("u", null, 50)], "Uttar Pradesh");
    expect(inv!.cgst + inv!.sgst).toBe(9);
  });
  it("carries each seller's e-way bill number, none where there is none", () => {
    const [a, b] = sellerInvoices([item("a", null, 60_000_00), item("b", null, 100_00)], "Uttar Pradesh", { a: "123456789012", b: null });
    expect(a!.ewayBillNumber).toBe("123456789012");
    expect(b!.ewayBillNumber).toBeNull();
  });
  it("numbers a seller's invoice by where its first line stands, as the invoices are listed", () => {
    expect(sellerInvoiceNumber("RC-123456", ["x", "y", "x", "z"], "z")).toBe("RC-123456-3");
    expect(sellerInvoiceNumber("RC-123456", ["x", "y", "x", "z"], "x")).toBe("RC-123456-1");
    expect(sellerInvoiceNumber("RC-123456", ["x"], "q")).toBeNull();
  });
});
