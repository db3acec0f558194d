import type { AddressInfo } from "node:net";
import express from "express";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbContext, sharedPageContext, userContext } from "~/context";
import { cartCookieHeader } from "~/modules/cart/cart.server";
import { compareCookieHeader } from "~/modules/compare/compare.server";
import type { SessionUser } from "~/modules/identity/roles";
import { voteHelpful } from "~/modules/reviews/reviews.server";
import type { Visitor } from "~/modules/visitor/visitor";
import { applyWishlistAction } from "~/modules/wishlist/wishlist.server";
import { loader as rootLoader } from "~/root";
import { loader as shopLoader } from "~/routes/_shop";
import { seedDemoCatalog } from "~/seed/seed.server";
import { visitorRoute } from "../../server/visitor";
import { deliveredOrder } from "../support/delivered-order";
import { insertUsers } from "../support/fixtures";
import { insertReview } from "../support/review-rows";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const MOUSE = "product-logitech-mx-master-3s"; // ₹8,995, in stock
const SSD = "product-samsung-990-pro-2tb";
const PASSPORT = "product-wd-my-passport-2tb"; // out of stock
const ASUS = "product-asus-tuf-gaming-a15";
const MACBOOK = "product-apple-macbook-air-13-m4";

const PRIYA: SessionUser = { id: "u-priya", email: "priya@example.in", name: "Priya Sharma", role: "customer", isAdmin: false };

/** The Cookie header a browser sends back for these Set-Cookie values. */
const cookieOf = (...setCookies: string[]) => setCookies.map((c) => c.split(";")[0]).join("; ");

/**
 * GET /visitor (server/visitor.ts): what a shared page shows of its visitor, read from their
 * cookies and session in one answer, private; and the shared page's own loaders, which know nobody.
 */
describe.each(testDatabaseKinds)("the visitor's answer on %s", (kind) => {
  let t: TestDatabase;
  let reviewId = "";
  // Who the session names: the handler asks it of the identity module, which its own tests cover.
  let signedIn: SessionUser | null = null;
  let base = "";
  let close = () => {};
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await insertUsers(t, [{ id: PRIYA.id, name: PRIYA.name }, { id: "u-reviewer" }]);
    const order = await deliveredOrder(t, { userId: "u-reviewer", lines: [{ productId: MOUSE, quantity: 1 }], placedAt: new Date("2026-11-01T06:00:00Z"), deliveredAt: new Date("2026-11-04T06:00:00Z") });
    reviewId = await insertReview(t, { productId: MOUSE, userId: "u-reviewer", orderId: order.id, rating: 5 });
    const app = express();
    app.get("/visitor", visitorRoute(t.db, async () => signedIn, "http://shop.test"));
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  }, 60_000);
  afterAll(async () => {
    close();
    await t?.destroy();
  });

  function context(user: SessionUser | null = null, shared = false) {
    const c = new RouterContextProvider();
    c.set(dbContext, t.db);
    c.set(userContext, user);
    c.set(sharedPageContext, shared);
    return c;
  }

  async function ask(path: string, { cookie, user = null }: { cookie?: string; user?: SessionUser | null } = {}) {
    signedIn = user;
    const response = await fetch(base + path, { headers: cookie ? { Cookie: cookie } : {} });
    return { response, body: (await response.json()) as Visitor & { error?: string } };
  }

  it("knows nobody without a cookie: signed out, an empty cart and list, private and never stored", async () => {
    const { response, body } = await ask("/visitor");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(body).toEqual({
      user: null,
      cart: { totalItems: 0, notes: [], stored: [], cookieSet: false },
      compare: { items: [], ids: [], notice: null },
      wishlist: { ids: [], alerts: [] },
      helpful: [],
      buildFit: null,
    });
  });

  it("counts the cart, says once what had to change, and saves the corrected cart back", async () => {
    const cookie = cookieOf(await cartCookieHeader([{ productId: MOUSE, quantity: 2 }, { productId: PASSPORT, quantity: 1 }, { productId: SSD, quantity: 1 }]));
    const { response, body } = await ask("/visitor", { cookie });
    expect(body.cart.totalItems).toBe(3);
    expect(body.cart.cookieSet).toBe(true);
    expect(body.cart.notes).toEqual([expect.stringMatching(/out of stock and was removed from your cart/)]);
    expect(body.cart.stored.map((l) => [l.product.id, l.quantity])).toEqual([[MOUSE, 2], [SSD, 1]]);
    // The next answer, with the corrected cookie, has nothing more to say.
    const again = await ask("/visitor", { cookie: cookieOf(response.headers.get("Set-Cookie")!) });
    expect(again.body.cart).toMatchObject({ totalItems: 3, notes: [] });
    expect(again.response.headers.get("Set-Cookie")).toBeNull();
  });

  it("lists the compare list with a notice from a post without JavaScript, said once", async () => {
    const cookie = cookieOf(await compareCookieHeader({ ids: [ASUS, "product-nope", MACBOOK], notice: "Added to compare." }));
    const { response, body } = await ask("/visitor", { cookie });
    expect(body.compare).toMatchObject({ ids: [ASUS, MACBOOK], notice: "Added to compare." });
    expect(body.compare.items.map((i) => i.id)).toEqual([ASUS, MACBOOK]);
    const again = await ask("/visitor", { cookie: cookieOf(response.headers.get("Set-Cookie")!) });
    expect(again.body.compare).toMatchObject({ ids: [ASUS, MACBOOK], notice: null });
  });

  it("names the signed-in customer, their hearts and alerts, and their Helpful votes on the product asked about", async () => {
    await applyWishlistAction(t.db, PRIYA.id, { intent: "add", productId: SSD });
    await applyWishlistAction(t.db, PRIYA.id, { intent: "alert", productId: PASSPORT });
    expect(await voteHelpful(t.db, { id: PRIYA.id, role: "customer", isAdmin: false }, reviewId)).toMatchObject({ ok: true, done: true });
    const onMouse = await ask(`/visitor?product=${MOUSE}`, { user: PRIYA });
    expect(onMouse.body.user).toEqual(PRIYA);
    expect(onMouse.body.wishlist.ids).toEqual([SSD]);
    expect(onMouse.body.wishlist.alerts).toEqual(expect.arrayContaining([SSD, PASSPORT]));
    expect(onMouse.body.helpful).toEqual([reviewId]);
    // Votes belong to the product asked about, and to nobody else.
    expect((await ask(`/visitor?product=${SSD}`, { user: PRIYA })).body.helpful).toEqual([]);
    expect((await ask(`/visitor?product=${MOUSE}`)).body).toMatchObject({ user: null, helpful: [], wishlist: { ids: [] } });
  });

  it("refuses a product id no product could have, with a message", async () => {
    const { response, body } = await ask(`/visitor?product=${"x".repeat(201)}`);
    expect(response.status).toBe(400);
    expect(body.error).toMatch(/up to 200 characters/);
  });

  it("a shared page's loaders know nobody, whatever cookie came: no name, no cart, no list, no cookie set", async () => {
    const cookie = cookieOf(await cartCookieHeader([{ productId: PASSPORT, quantity: 1 }]), await compareCookieHeader({ ids: [ASUS], notice: "Added." }));
    const request = new Request("http://shop.test/products", { headers: { Cookie: cookie } });
    // The session cookie never reached the shared page's render (server/request-handler.ts): nobody is signed in there.
    expect(rootLoader({ request, context: context(null, true), params: {} } as never)).toEqual({ user: null, known: false });
    expect(rootLoader({ request, context: context(PRIYA, false), params: {} } as never)).toEqual({ user: PRIYA, known: true });
    const shared = await shopLoader({ request, context: context(null, true), params: {} } as never);
    expect(shared).toMatchObject({ cart: null, compare: null, cartCookieSet: false });
    // A private page's layout reads the same cookies and corrects them.
    const own = (await shopLoader({ request, context: context(PRIYA, false), params: {} } as never)) as unknown as { data: { cart: { notes: string[] }; compare: { notice: string } }; init: ResponseInit };
    expect(own.data.cart.notes).toHaveLength(1);
    expect(own.data.compare.notice).toBe("Added.");
    expect(new Headers(own.init.headers).getSetCookie()).toHaveLength(2);
  });
});
