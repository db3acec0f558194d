import { describe, expect, it } from "vitest";
import { gstOn, orderTotals, priceWithGst, shippingFor } from "./totals";

describe("order totals", () => {
  it("charges ₹99 shipping below ₹10,000 and none from ₹10,000", () => {
    expect(shippingFor(9_999_99)).toBe(9900);
    expect(shippingFor(10_000_00)).toBe(0);
    expect(shippingFor(0)).toBe(0);
  });
  it("adds 18% GST of the subtotal and sums to the total", () => {
    const t = orderTotals([{ unitPrice: 3_499_00, quantity: 2 }]);
    expect(t).toEqual({ subTotal: 6_998_00, shipping: 99_00, tax: 1_259_64, total: 6_998_00 + 99_00 + 1_259_64 });
  });
  it("ships free at ₹10,000 or more", () => {
    const t = orderTotals([{ unitPrice: 82_990_00, quantity: 1 }]);
    expect(t).toEqual({ subTotal: 82_990_00, shipping: 0, tax: 14_938_20, total: 97_928_20 });
  });
  it("rounds GST to the paisa, per seller", () => {
    expect(gstOn(1)).toBe(0);
    expect(gstOn(3)).toBe(1);
    const t = orderTotals([
      { unitPrice: 3, quantity: 1, vendorId: "a" },
      { unitPrice: 3, quantity: 1, vendorId: "b" },
    ]);
    expect(t.tax).toBe(2);
  });
});

describe("price with GST", () => {
  it("shows ₹82,990 as ₹97,928.20 with its GST", () => {
    expect(priceWithGst(82_990_00)).toBe(97_928_20);
  });
  it("equals what an order of one unit charges before shipping, for any price", () => {
    // A deterministic spread of prices: every paisa up to ₹100, then a stride through ₹10 lakh.
    const prices = [...Array.from({ length: 10_000 }, (_, i) => i + 1), ...Array.from({ length: 20_000 }, (_, i) => 1 + i * 5_003)];
    for (const price of prices) {
      const t = orderTotals([{ unitPrice: price, quantity: 1, vendorId: "v" }]);
      expect(priceWithGst(price)).toBe(t.subTotal + t.tax);
      expect(priceWithGst(price)).toBe(t.total - t.shipping);
    }
  });
});
