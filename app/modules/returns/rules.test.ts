import { describe, expect, it } from "vitest";
import { gstOn } from "~/modules/orders/totals";
import {
  mayMove,
  reasonsFor,
  refundFor,
  resolutionsFor,
  RETURN_STATUSES,
  windowClosesAt,
  withinWindow,
} from "./rules";

const DELIVERED = "2026-11-20T06:00:00.000Z";

describe("windows", () => {
  it("close 7 days after delivery, and 48 hours for damage in transit", () => {
    expect(windowClosesAt(DELIVERED, "defective").toISOString()).toBe("2026-11-27T06:00:00.000Z");
    expect(windowClosesAt(DELIVERED, "damaged").toISOString()).toBe("2026-11-22T06:00:00.000Z");
    expect(withinWindow(DELIVERED, "damaged", new Date("2026-11-22T06:00:00.000Z"))).toBe(true);
    expect(withinWindow(DELIVERED, "damaged", new Date("2026-11-22T06:00:00.001Z"))).toBe(false);
    expect(withinWindow(DELIVERED, "not_needed", new Date("2026-11-27T05:59:59.000Z"))).toBe(true);
    expect(withinWindow(DELIVERED, "not_needed", new Date("2026-11-27T06:00:01.000Z"))).toBe(false);
    expect(withinWindow(null, "defective", new Date(DELIVERED))).toBe(false);
  });
});

describe("category rules", () => {
  it("offer refund or replacement, replacement only, or nothing; no longer needed only with a refund", () => {
    expect(resolutionsFor("returnable", "defective")).toEqual(["refund", "replacement"]);
    expect(resolutionsFor("returnable", "not_needed")).toEqual(["refund"]);
    expect(resolutionsFor("replacement_only", "damaged")).toEqual(["replacement"]);
    expect(resolutionsFor("replacement_only", "not_needed")).toEqual([]);
    expect(resolutionsFor("not_returnable", "wrong_item")).toEqual([]);
    expect(reasonsFor("replacement_only")).not.toContain("not_needed");
    expect(reasonsFor("not_returnable")).toEqual([]);
  });
});

describe("states", () => {
  it("move forward only, and nothing leaves a final state", () => {
    expect(mayMove("requested", "approved")).toBe(true);
    expect(mayMove("approved", "withdrawn")).toBe(true);
    expect(mayMove("picked_up", "withdrawn")).toBe(false);
    expect(mayMove("approved", "requested" as never)).toBe(false);
    for (const final of ["refunded", "closed", "rejected", "withdrawn", "refused"]) {
      for (const to of RETURN_STATUSES) expect(mayMove(final, to)).toBe(false);
    }
    expect(mayMove("nonsense", "approved")).toBe(false);
  });
});

describe("refund amounts", () => {
  const base = { sellerReturnedBefore: 0, orderShipping: 99_00 };
  it("are the items and their GST, with shipping only when the whole order comes back for the seller's fault", () => {
    expect(refundFor({ ...base, unitPrice: 3_499_00, quantity: 1, reason: "defective", orderUnits: 2, orderUnitsReturned: 1 })).toEqual({
      items: 3_499_00,
      tax: 629_82,
      shipping: 0,
      total: 4_128_82,
    });
    expect(refundFor({ ...base, unitPrice: 3_499_00, quantity: 2, reason: "defective", orderUnits: 2, orderUnitsReturned: 2 }).shipping).toBe(99_00);
    expect(refundFor({ ...base, unitPrice: 3_499_00, quantity: 2, reason: "not_needed", orderUnits: 2, orderUnitsReturned: 2 }).shipping).toBe(0);
  });

  it("refund a whole part's GST exactly, however it comes back", () => {
    // Three units of ₹333.33: GST on the whole is gstOn(99,999) = 17,999.82 → 18,000 paise; one at a time rounds each.
    const unit = 333_33;
    let before = 0;
    let tax = 0;
    for (let i = 1; i <= 3; i++) {
      const r = refundFor({ unitPrice: unit, quantity: 1, reason: "defective", sellerReturnedBefore: before, orderUnits: 3, orderUnitsReturned: i, orderShipping: 0 });
      tax += r.tax;
      before += r.items;
    }
    expect(tax).toBe(gstOn(3 * unit));
  });
});
