import { describe, expect, it } from "vitest";
import { templateNames } from "../../../tests/support/mail-content";
import * as templates from "./mail";

/**
 * Every template rendered from realistic data: its subject, Indian formatting, escaping of what
 * people typed, a text part without markup, HTML that loads nothing, and the links it was given.
 */

describe("wishlist alerts", () => {
  const alert = { customerName: "Priya Sharma", productName: "Sony WH-1000XM5", price: 27_990_00, productUrl: "https://shop.test/products/p-1", wishlistUrl: "https://shop.test/wishlist" };

  it("back in stock: the product, its price, a link to it and how to stop", () => {
    const m = templates.wishlistBackInStock(alert);
    expect(m.subject).toBe("Back in stock: Sony WH-1000XM5");
    expect(m.text).toContain("Sony WH-1000XM5 is back in stock at ₹27,990.00.");
    expect(m.text).toContain("https://shop.test/products/p-1");
    expect(m.text).toContain("turn off “Notify me” on your wishlist:\nhttps://shop.test/wishlist");
    expect(m.html).toContain('href="https://shop.test/products/p-1"');
  });

  it("price drop: the saved price, the price now and the saving", () => {
    const m = templates.wishlistPriceDrop({ ...alert, savedPrice: 29_990_00 });
    expect(m.subject).toBe("Price drop: Sony WH-1000XM5");
    expect(m.text).toContain("Sony WH-1000XM5 now costs ₹27,990.00, down from ₹29,990.00 when you saved it: you save ₹2,000.00.");
  });

  it("names are text, never markup", () => {
    const HTML_IN_NAME = '<script>alert(1)</script><img src=x onerror="x">';
    for (const m of [templates.wishlistBackInStock({ ...alert, customerName: HTML_IN_NAME, productName: HTML_IN_NAME }), templates.wishlistPriceDrop({ ...alert, savedPrice: 30_000_00, customerName: HTML_IN_NAME, productName: HTML_IN_NAME })]) {
      expect(m.html).not.toContain("<script");
      expect(m.html).not.toContain("<img src=x");
      expect(m.html).toContain("&lt;script&gt;");
    }
  });
});

describe("every template", () => {
  it("is covered here", () => {
    const covered = ["wishlistBackInStock", "wishlistPriceDrop"];
    expect(templateNames(templates)).toEqual([...covered].sort());
  });
});
