import { describe, expect, it } from "vitest";
import {
  addToCart,
  cartBadgeText,
  parseCartLines,
  removeFromCart,
  resolveCart,
  toStoredCart,
  updateCartQuantity,
  type CartProduct,
} from "./cart";

const laptop: CartProduct = { id: "p-1", name: "Laptop", pricePaise: 7299000, image: "/l.svg", category: "Laptop", stock: 5 };
const mouse: CartProduct = { id: "p-2", name: "Mouse", pricePaise: 99900, image: "/m.svg", category: "Peripherals", stock: 40 };

describe("cart lines", () => {
  it("appends a new product with quantity 1 by default", () => {
    expect(addToCart([], "p-1")).toEqual([{ productId: "p-1", quantity: 1 }]);
  });
  it("raises the quantity of a product already in the cart", () => {
    const lines = addToCart(addToCart([], "p-1", 2), "p-2");
    expect(addToCart(lines, "p-1", 3)).toEqual([
      { productId: "p-1", quantity: 5 },
      { productId: "p-2", quantity: 1 },
    ]);
  });
  it("removes an item whose quantity is set to 0 or below", () => {
    const lines = addToCart([], "p-1", 2);
    expect(updateCartQuantity(lines, "p-1", 0)).toEqual([]);
    expect(updateCartQuantity(lines, "p-1", -5)).toEqual([]);
    expect(updateCartQuantity(lines, "p-1", 4)).toEqual([{ productId: "p-1", quantity: 4 }]);
  });
  it("removes a line", () => {
    expect(removeFromCart(addToCart([], "p-1"), "p-1")).toEqual([]);
  });
});

describe("parseCartLines", () => {
  it("drops anything that is not a valid line", () => {
    expect(parseCartLines("nope")).toEqual([]);
    expect(parseCartLines(null)).toEqual([]);
    expect(
      parseCartLines([
        { productId: "p-1", quantity: 2 },
        { productId: "", quantity: 1 },
        { productId: "p-2", quantity: "x" },
        { productId: "p-3", quantity: -1 },
        { productId: "p-4", quantity: 1e12 },
        7,
        { product: { id: "p-5", price: 1 }, quantity: 3 },
      ]),
    ).toEqual([
      { productId: "p-1", quantity: 2 },
      { productId: "p-4", quantity: 99 },
      { productId: "p-5", quantity: 3 },
    ]);
  });
  it("merges duplicate products", () => {
    expect(parseCartLines([{ productId: "a", quantity: 1 }, { productId: "a", quantity: 2 }])).toEqual([
      { productId: "a", quantity: 3 },
    ]);
  });
});

describe("resolveCart", () => {
  const catalogue = new Map([
    [laptop.id, laptop],
    [mouse.id, mouse],
    ["p-0", { ...mouse, id: "p-0", name: "Sold out", stock: 0 }],
  ]);
  it("totals items and price from catalogue prices", () => {
    const cart = resolveCart([{ productId: "p-1", quantity: 2 }, { productId: "p-2", quantity: 3 }], catalogue);
    expect(cart.totalItems).toBe(5);
    expect(cart.totalPricePaise).toBe(2 * 7299000 + 3 * 99900);
    expect(cart.changed).toBe(false);
  });
  it("removes gone and sold-out products and fits quantities to stock, saying so", () => {
    const cart = resolveCart(
      [
        { productId: "gone", quantity: 1 },
        { productId: "p-0", quantity: 1 },
        { productId: "p-1", quantity: 9 },
      ],
      catalogue,
    );
    expect(cart.items).toEqual([{ product: laptop, quantity: 5 }]);
    expect(cart.notes).toEqual([
      "An item in your cart is no longer available and was removed.",
      "“Sold out” is out of stock and was removed from your cart.",
      "Only 5 of “Laptop” left in stock, so we changed the quantity to 5.",
    ]);
    expect(cart.lines).toEqual([{ productId: "p-1", quantity: 5 }]);
    expect(cart.changed).toBe(true);
  });
});

describe("presentation", () => {
  it("caps the badge at 9+", () => {
    expect(cartBadgeText(0)).toBe("0");
    expect(cartBadgeText(9)).toBe("9");
    expect(cartBadgeText(10)).toBe("9+");
  });
  it("stores product with id and rupee price, and quantity", () => {
    expect(toStoredCart([{ product: laptop, quantity: 2 }])).toEqual([
      { product: { id: "p-1", name: "Laptop", price: 72990, image: "/l.svg", category: "Laptop", stock: 5 }, quantity: 2 },
    ]);
  });
});
