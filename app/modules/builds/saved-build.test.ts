import { describe, expect, it } from "vitest";
import { gstOn, priceWithGst } from "~/modules/gst/gst";
import { BUILD_NAME_MAX, defaultBuildName, quoteSellers, SAVED_BUILD_MESSAGES, totalWithGst, type QuoteItem } from "./saved-build";
import { saveBuildSchema } from "./save-build-form";

const item = (productId: string, vendorId: string, unitPrice: number): QuoteItem => ({
  productId,
  name: productId,
  vendorId,
  sellerName: `Seller ${vendorId}`,
  gstin: null,
  hsnCode: null,
  unitPrice,
});

describe("a saved build's name", () => {
  it("defaults to the day it was saved, in India", () => {
    expect(defaultBuildName(new Date("2026-11-29T10:00:00Z"))).toBe("PC build, 29 Nov 2026");
    // 20:00 UTC is already the next day in India.
    expect(defaultBuildName(new Date("2026-11-29T20:00:00Z"))).toBe("PC build, 30 Nov 2026");
  });

  it("is trimmed, empty allowed, and refused past its length or with a line break", () => {
    expect(saveBuildSchema.parse({ name: "  Work PC " })).toEqual({ name: "Work PC" });
    expect(saveBuildSchema.parse({})).toEqual({ name: "" });
    const long = saveBuildSchema.safeParse({ name: "x".repeat(BUILD_NAME_MAX + 1) });
    expect(long.success ? null : long.error.issues[0]?.message).toBe(SAVED_BUILD_MESSAGES.nameTooLong);
    const tab = saveBuildSchema.safeParse({ name: "a\tb" });
    expect(tab.success ? null : tab.error.issues[0]?.message).toBe(SAVED_BUILD_MESSAGES.nameInvalid);
  });
});

describe("a build's quote", () => {
  it("groups parts by seller, a part named twice as one line of two, GST on each seller's taxable value", () => {
    const sellers = quoteSellers([item("cpu", "v1", 36_999_00), item("board", "v2", 21_499_00), item("kit", "v1", 9_499_33), item("kit", "v1", 9_499_33)]);
    expect(sellers.map((s) => ({ seller: s.vendorId, lines: s.lines.map((l) => [l.productId, l.quantity, l.lineTotal]), taxable: s.taxable }))).toEqual([
      { seller: "v1", lines: [["cpu", 1, 36_999_00], ["kit", 2, 18_998_66]], taxable: 55_997_66 },
      { seller: "v2", lines: [["board", 1, 21_499_00]], taxable: 21_499_00 },
    ]);
    for (const s of sellers) {
      expect(s.gst).toBe(gstOn(s.taxable));
      expect(s.total).toBe(s.taxable + s.gst);
    }
  });

  it("totals with GST to the sum of each part's price with GST when prices are whole rupees", () => {
    const parts = [
      { productId: "a", pricePaise: 36_999_00, vendorId: "v1" },
      { productId: "b", pricePaise: 21_499_00, vendorId: "v2" },
      { productId: "c", pricePaise: 9_499_00, vendorId: null },
    ];
    expect(totalWithGst(parts)).toBe(parts.reduce((sum, p) => sum + priceWithGst(p.pricePaise), 0));
  });
});
