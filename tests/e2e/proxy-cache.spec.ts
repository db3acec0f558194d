import { expect, test, type APIResponse } from "@playwright/test";
import { registerByPost } from "../support/accounts";
import { productPath } from "../support/catalog";
import { ROUTINE } from "../support/checkout";
import { CACHE_STATUS, startCachingProxy, type CachingProxy } from "../support/nginx";

/**
 * Debian's nginx with a plain `proxy_cache` in front of the shop, following only the shop's own
 * headers (tests/support/nginx.ts): the pages every cookieless visitor shares come from nginx,
 * brotli included, to every visitor (docs/decisions/027-one-page-for-everyone.md); a cart, a
 * signed-in visitor's own pages and the visitor's answer never do, and are never handed to anyone
 * else (docs/decisions/020-cacheable-pages.md).
 */

test.describe.configure({ mode: "serial" });

let proxy: CachingProxy;
test.beforeAll(async () => {
  const upstream = test.info().project.use.baseURL;
  if (!upstream) throw new Error("no baseURL");
  proxy = await startCachingProxy(upstream);
});
test.afterAll(async () => proxy?.close());

const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";

/** A cookieless visitor's GET through nginx: plain fetch, no cookie jar. */
async function viaProxy(path: string) {
  const response = await fetch(proxy.url + path, { redirect: "manual", headers: { "accept-encoding": BROWSER_ENCODINGS } });
  return { status: response.status, headers: response.headers, cache: response.headers.get(CACHE_STATUS), body: await response.text() };
}

function cacheStatus(response: APIResponse): string | undefined {
  return response.headers()[CACHE_STATUS];
}

test("shared pages are served from nginx's cache, brotli for a browser, the same bytes as the shop sent", async () => {
  for (const path of ["/", "/products", "/products?category=Laptop", productPath(ROUTINE.mouse), "/about", "/sellers/vendor-1", "/ranking", "/products.data", "/robots.txt", "/sitemap.xml"]) {
    const first = await viaProxy(path);
    expect(first.status, path).toBe(200);
    expect(first.headers.get("cache-control"), path).toMatch(/\bpublic\b.*\bs-maxage=\d+/);
    const second = await viaProxy(path);
    expect(second.cache, `${path}: ${proxy.log()}`).toBe("HIT");
    expect(second.body, path).toBe(first.body);
    if (/^text\/html/.test(second.headers.get("content-type") ?? "")) {
      expect(second.headers.get("content-encoding"), path).toBe("br");
      expect(second.headers.get("content-security-policy"), path).toMatch(/script-src [^;]*'sha256-/);
    }
  }
});

test("a cart is never kept by nginx nor given to anyone else; a shopper with one gets the shared catalogue", async ({ playwright }) => {
  const shopper = await playwright.request.newContext({ baseURL: proxy.url });
  try {
    // Warm the shared copy first, so that a leak would show as a HIT with the cart in it.
    await viaProxy("/products");
    const added = await shopper.post("/cart", {
      form: { intent: "add", productId: ROUTINE.keyboard.id, quantity: "1" },
      headers: { Origin: proxy.url },
      maxRedirects: 0,
    });
    expect(added.status(), await added.text()).toBeLessThan(400);
    expect(cacheStatus(added)).not.toBe("HIT");
    for (let i = 0; i < 2; i++) {
      const cart = await shopper.get("/cart");
      expect(cart.status()).toBe(200);
      expect(cacheStatus(cart), "the cart page").not.toBe("HIT");
      expect(cart.headers()["cache-control"]).toBe("private, no-cache");
      expect(await cart.text()).toContain(ROUTINE.keyboard.name);
      // The catalogue is the same for a shopper with a cart (decision 027): nginx's copy, without the cart.
      const products = await shopper.get("/products", { headers: { "accept-encoding": BROWSER_ENCODINGS } });
      expect(cacheStatus(products), "the catalogue with a cart").toBe("HIT");
      expect(await products.text()).toContain('aria-label="Cart, 0 items"');
      // The cart's count is the visitor's own answer, never kept.
      const visitor = await shopper.get("/visitor");
      expect(cacheStatus(visitor), "the visitor's answer").not.toBe("HIT");
      expect(visitor.headers()["cache-control"]).toBe("private, no-store");
      expect((await visitor.json()).cart.totalItems).toBe(1);
    }
    const stranger = await viaProxy("/products");
    expect(stranger.cache).toBe("HIT");
    expect(stranger.body).toContain('aria-label="Cart, 0 items"');
    expect(stranger.body).not.toContain('data-testid="cart-badge"');
    const strangersCart = await viaProxy("/cart");
    expect(strangersCart.cache).not.toBe("HIT");
    expect(strangersCart.body).not.toContain(ROUTINE.keyboard.name);
  } finally {
    await shopper.dispose();
  }
});

test("a signed-in visitor's own pages and answer are never kept by nginx, nor given to anyone else", async ({ playwright }) => {
  const customer = await playwright.request.newContext({ baseURL: proxy.url });
  try {
    const account = await registerByPost(customer);
    await viaProxy("/");
    for (let i = 0; i < 2; i++) {
      const profile = await customer.get("/profile");
      expect(profile.status()).toBe(200);
      expect(cacheStatus(profile), "the profile").not.toBe("HIT");
      expect(await profile.text()).toContain(account.email);
      // The home page is the same signed in (decision 027): nginx's copy, naming nobody.
      const home = await customer.get("/", { headers: { "accept-encoding": BROWSER_ENCODINGS } });
      expect(cacheStatus(home), "the home page, signed in").toBe("HIT");
      expect(await home.text()).not.toContain(account.name);
      const visitor = await customer.get("/visitor");
      expect(cacheStatus(visitor), "the visitor's answer").not.toBe("HIT");
      expect((await visitor.json()).user.name).toBe(account.name);
    }
    const stranger = await viaProxy("/");
    expect(stranger.cache).toBe("HIT");
    expect(stranger.body).not.toContain(account.name);
    const strangersProfile = await viaProxy("/profile");
    expect(strangersProfile.cache).not.toBe("HIT");
    expect(strangersProfile.status).toBe(302);
    expect(strangersProfile.body).not.toContain(account.email);
  } finally {
    await customer.dispose();
  }
});
