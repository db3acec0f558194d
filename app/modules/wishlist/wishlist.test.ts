import { describe, expect, it } from "vitest";
import { isPriceDropNews, priceDrop, wishlistActionSchema } from "./wishlist";

describe("wishlist rules", () => {
  it("reads the four intents and refuses anything else", () => {
    expect(wishlistActionSchema.parse({ intent: "add", productId: " p-1 " })).toEqual({ intent: "add", productId: "p-1" });
    expect(wishlistActionSchema.parse({ intent: "notify", productId: "p-1", notify: "off" })).toEqual({ intent: "notify", productId: "p-1", notify: "off" });
    expect(wishlistActionSchema.safeParse({ intent: "notify", productId: "p-1", notify: "maybe" }).success).toBe(false);
    expect(wishlistActionSchema.safeParse({ intent: "buy", productId: "p-1" }).success).toBe(false);
    expect(wishlistActionSchema.safeParse({ intent: "add", productId: "" }).success).toBe(false);
    expect(wishlistActionSchema.safeParse({ intent: "add", productId: "x".repeat(201) }).success).toBe(false);
  });

  it("a drop is the saved price less the price, never negative", () => {
    expect(priceDrop(10_000_00, 9_000_00)).toBe(1_000_00);
    expect(priceDrop(10_000_00, 11_000_00)).toBe(0);
  });

  it("a price is news below the saved price and below the last price announced", () => {
    expect(isPriceDropNews(9_000_00, 10_000_00, null)).toBe(true);
    expect(isPriceDropNews(10_000_00, 10_000_00, null)).toBe(false);
    expect(isPriceDropNews(9_000_00, 10_000_00, 9_000_00)).toBe(false);
    expect(isPriceDropNews(9_500_00, 10_000_00, 9_000_00)).toBe(false);
    expect(isPriceDropNews(8_500_00, 10_000_00, 9_000_00)).toBe(true);
  });
});
