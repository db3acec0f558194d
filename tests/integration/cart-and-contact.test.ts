import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalog } from "~/seed/seed.server";
import { applyCartAction, cartActionSchema, loadCart } from "~/modules/cart/cart.server";
import { contactSchema } from "~/modules/content/contact.schema";
import { saveContactMessage } from "~/modules/content/contact.server";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const LAPTOP = "product-apple-macbook-air-13-m4"; // stock 3
const SOLD_OUT = "product-wd-my-passport-2tb"; // stock 0

describe.each(testDatabaseKinds)("cart and contact on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
  });
  afterAll(async () => t?.destroy());

  const act = (lines: { productId: string; quantity: number }[], form: Record<string, string>) =>
    applyCartAction(t.db, lines, cartActionSchema.parse(form));

  it("adds products, never beyond stock, and says so", async () => {
    let r = await act([], { intent: "add", productId: LAPTOP, quantity: "2" });
    expect(r).toMatchObject({ ok: true, lines: [{ productId: LAPTOP, quantity: 2 }] });
    r = await act(r.lines, { intent: "add", productId: LAPTOP, quantity: "5" });
    expect(r.lines).toEqual([{ productId: LAPTOP, quantity: 3 }]);
    expect(r.message).toMatch(/Only 3 .* in stock, so 1 was added/);
    r = await act(r.lines, { intent: "add", productId: LAPTOP });
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(/already have all 3/);
  });

  it("refuses unknown and sold-out products", async () => {
    expect((await act([], { intent: "add", productId: "product-nope" })).ok).toBe(false);
    const soldOut = await act([], { intent: "add", productId: SOLD_OUT });
    expect(soldOut).toMatchObject({ ok: false, lines: [] });
    expect(soldOut.message).toMatch(/out of stock/);
  });

  it("treats a negative or zero quantity on add as one, and on update as removal", async () => {
    const r = await act([], { intent: "add", productId: LAPTOP, quantity: "-7" });
    expect(r.lines).toEqual([{ productId: LAPTOP, quantity: 1 }]);
    const removed = await act(r.lines, { intent: "update", productId: LAPTOP, quantity: "0" });
    expect(removed.lines).toEqual([]);
  });

  it("caps an update at the stock", async () => {
    const r = await act([{ productId: LAPTOP, quantity: 1 }], { intent: "update", productId: LAPTOP, quantity: "999999" });
    expect(r.lines).toEqual([{ productId: LAPTOP, quantity: 3 }]);
    expect(r.ok).toBe(false);
  });

  it("rejects malformed actions at the schema", () => {
    expect(cartActionSchema.safeParse({ intent: "add" }).success).toBe(false);
    expect(cartActionSchema.safeParse({ intent: "explode" }).success).toBe(false);
    expect(cartActionSchema.safeParse({ intent: "update", productId: LAPTOP, quantity: "1e99" }).success).toBe(false);
  });

  it("restores a tampered local-storage cart into only what is valid and in stock", async () => {
    const stored = JSON.stringify([
      { product: { id: LAPTOP, price: 1 }, quantity: 50 },
      { product: { id: "product-nope" }, quantity: 1 },
      { product: { id: SOLD_OUT }, quantity: 1 },
      "garbage",
    ]);
    const r = await act([], { intent: "restore", cart: stored });
    // Saved as stored (garbage dropped): the layout's loader then corrects it and says what changed.
    expect(r.lines).toEqual([
      { productId: LAPTOP, quantity: 50 },
      { productId: "product-nope", quantity: 1 },
      { productId: SOLD_OUT, quantity: 1 },
    ]);
    const shown = await loadCart(t.db, r.lines);
    expect(shown.lines).toEqual([{ productId: LAPTOP, quantity: 3 }]);
    expect(shown.notes).toEqual([
      "Only 3 of “Apple MacBook Air 13-inch (M4, 16GB, 256GB)” left in stock, so we changed the quantity to 3.",
      "An item in your cart is no longer available and was removed.",
      "“WD My Passport 2TB Portable Hard Drive” is out of stock and was removed from your cart.",
    ]);
    const bad = await act([], { intent: "restore", cart: "{not json" });
    expect(bad).toMatchObject({ ok: false, lines: [] });
  });

  it("restores a saved cart that needs no correction as it is", async () => {
    const r = await act([], { intent: "restore", cart: JSON.stringify([{ product: { id: LAPTOP }, quantity: 2 }]) });
    expect(r.lines).toEqual([{ productId: LAPTOP, quantity: 2 }]);
    expect((await loadCart(t.db, r.lines)).changed).toBe(false);
  });

  it("saves a restored cart corrected when as stored it would not fit in a cookie", async () => {
    const junk = Array.from({ length: 50 }, (_, i) => ({ productId: `${"x".repeat(190)}-${i}`, quantity: 1 }));
    const r = await act([], { intent: "restore", cart: JSON.stringify([{ productId: LAPTOP, quantity: 9 }, ...junk]) });
    expect(r.lines).toEqual([{ productId: LAPTOP, quantity: 3 }]);
  });

  it("prices a cart from the catalogue, whatever the browser claimed", async () => {
    const cart = await loadCart(t.db, [{ productId: LAPTOP, quantity: 2 }]);
    expect(cart.totalPricePaise).toBe(2 * 9990000);
    expect(cart.totalItems).toBe(2);
  });

  it("stores a contact message", async () => {
    const input = contactSchema.parse({
      name: "Ravi Kumar",
      email: "ravi@example.in",
      phone: "+91 98765 43210",
      subject: "Product Support",
      message: "Does the MacBook come with a GST invoice?",
    });
    const id = await saveContactMessage(t, input);
    const row = await t.db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: "Ravi Kumar", subject: "Product Support", phone: "+91 98765 43210", read_at: null });
  });
});
