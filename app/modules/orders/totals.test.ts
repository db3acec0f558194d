import { describe, expect, it } from "vitest";
import { gstOn, orderTotals, shippingFor } from "./totals";

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
