import { describe, expect, it } from "vitest";
import { sellerInvoices } from "./invoice";

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
});
