import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { main, registerByPost, signInAdmin } from "../support/accounts";
import { formatRupees, productPath } from "../support/catalog";
import { withCatalogueLock } from "../support/catalogue-lock";
import { DELHI_ADDRESS, ROUTINE } from "../support/checkout";
import { waitForHydration } from "../support/hydration";
import { addProductByPost, registerVendor, setVendorApproval, tag } from "../support/products";
import { addToCartOnProductPage, cartLink } from "../support/shop";

/**
 * The page cache (server/page-cache.ts) as visitors meet it: a page every cookieless visitor
 * shares is the very same bytes for each of them, with a hash-based CSP and no per-response
 * token, served as brotli or gzip, hydrates cleanly, and shows a catalogue change made through
 * the shop (or by an order) on the very next request. A visitor with a cookie gets the same page
 * (docs/decisions/027-one-page-for-everyone.md); pages no route declares shared are private.
 */

interface CookielessAnswer {
  status: number;
  html: string;
  csp: string;
  requestId: string;
  cacheControl: string | null;
  vary: string | null;
  location: string | null;
  contentEncoding: string | null;
}

function baseUrl(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error("no baseURL");
  return url;
}

/**
 * A GET as a first-time visitor sends it: plain fetch, no cookie jar, nothing remembered. fetch
 * decodes the body whatever the Content-Encoding, so a compressed copy made wrongly fails here.
 */
async function cookieless(path: string, acceptEncoding = "gzip, deflate, br"): Promise<CookielessAnswer> {
  const response = await fetch(new URL(path, baseUrl()), { redirect: "manual", headers: { "accept-encoding": acceptEncoding } });
  expect(response.headers.get("set-cookie"), `${path} sets no cookie for a cookieless visitor`).toBeNull();
  const h = response.headers;
  return {
    status: response.status,
    html: await response.text(),
    csp: h.get("content-security-policy") ?? "",
    requestId: h.get("x-request-id") ?? "",
    cacheControl: h.get("cache-control"),
    vary: h.get("vary"),
    location: h.get("location"),
    contentEncoding: h.get("content-encoding"),
  };
}

/** A shared page: no nonce anywhere, its inline scripts let in by hash, no request id in it, cacheable by a CDN. */
function expectShared(answer: CookielessAnswer, path: string): void {
  expect(answer.status, path).toBe(200);
  expect(answer.csp, `${path}: hash-based CSP`).toMatch(/script-src [^;]*'sha256-/);
  expect(answer.csp, `${path}: no nonce in the CSP`).not.toContain("'nonce-");
  expect(answer.html, `${path}: no nonce in the page`).not.toMatch(/\bnonce="[^"]/);
  expect(answer.requestId).toMatch(/^[0-9a-f-]{36}$/);
  expect(answer.html, `${path}: no request id in the page`).not.toContain(answer.requestId);
  expect(answer.html, `${path}: no request-id meta`).not.toContain('name="request-id"');
  expect(answer.cacheControl, path).toMatch(/^public, max-age=0, s-maxage=\d+$/);
  expect(answer.vary?.toLowerCase(), path).toBe("accept-encoding");
}

test.describe("page cache: shared pages are plain bytes", () => {
  for (const path of ["/products", "/", productPath(ROUTINE.mouse), "/sellers/vendor-1", "/ranking"]) {
    test(`cookieless visits of ${path} get the very same page and CSP, brotli or gzip as the browser takes`, async () => {
      // The same page each time; retried only should another test change the catalogue in between
      // (and until the compressed copies, made in the background, are ready).
      await expect(async () => {
        const answers = [];
        for (const encoding of ["gzip, deflate, br, zstd", "gzip", "identity", "br"]) {
          const answer = await cookieless(path, encoding);
          expectShared(answer, path);
          expect(answer.contentEncoding, `${path} asked for ${encoding}`).toBe({ "gzip, deflate, br, zstd": "br", gzip: "gzip", identity: null, br: "br" }[encoding]);
          answers.push(answer);
        }
        expect(new Set(answers.map((a) => a.requestId)).size, "each response has its own X-Request-Id").toBe(answers.length);
        const [first, ...others] = answers;
        for (const other of others) {
          expect(other.html).toBe(first!.html);
          expect(other.csp).toBe(first!.csp);
        }
      }).toPass({ intervals: [100, 250, 500], timeout: 10_000 });
    });
  }

  test("a cookieless first visit of /products hydrates under the hash-based CSP without errors or violations, also when served from the cache", async ({ browser }) => {
    for (const visit of ["first", "second"]) {
      const context = await browser.newContext({ baseURL: baseUrl() });
      try {
        const page = await context.newPage();
        const problems = await watchForProblems(page);
        const response = await page.goto("/products");
        expect(response?.status()).toBe(200);
        expect(response?.headers()["content-security-policy"]).toMatch(/script-src [^;]*'sha256-/);
        await waitForHydration(page);
        await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
        // Hydrated and working: a client-side navigation under the same policy.
        await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
        await expect(page).toHaveURL(new URL("/", baseUrl()).href);
        expect(await context.cookies(), `${visit} visit was cookieless`).toEqual([]);
        expect(await problems(), `${visit} visit`).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  test("a visitor with a cart cookie gets the very page everyone gets, and its cart count after load", async ({ page }) => {
    await addToCartOnProductPage(page, ROUTINE.keyboard);
    const response = await page.goto("/products");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toMatch(/^public\b/);
    expect(response?.headers()["content-security-policy"]).toMatch(/script-src [^;]*'sha256-/);
    // The count is the visitor's: it comes after load (GET /visitor), never in the page.
    await expect(cartLink(page)).toHaveAccessibleName("Cart, 1 item");
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    const html = await response!.text();
    expect(html).not.toContain('data-testid="cart-badge"');
    expect(html).toContain('aria-label="Cart, 0 items"');
    expectShared(await cookieless("/products"), "/products");
  });

  test("pages no route declares shared go out private, even to a cookieless visitor", async () => {
    for (const path of ["/cart", "/login", "/checkout", "/no-such-page", "/search/suggestions?q=logi"]) {
      const answer = await cookieless(path);
      expect(answer.cacheControl, path).toMatch(/\b(private|no-store)\b/);
      expect(answer.cacheControl, path).not.toMatch(/\b(public|s-maxage)\b/);
    }
  });
});

/**
 * Console errors, uncaught errors and CSP violations on the page, collected from the first script
 * on. Awaited before the page is opened: an init script added while the navigation starts may miss
 * that first document.
 */
async function watchForProblems(page: Page): Promise<() => Promise<string[]>> {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [...problems, ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? ["no CSP listener"])).map((v) => `csp: ${v}`)];
}

test.describe("page cache: fresh after a change", () => {
  test.describe.configure({ timeout: 120_000 });

  /** A fresh vendor (pending, so its products are not in the shop) registered in a context of its own. */
  async function vendorWithProduct(browser: Browser, price: number) {
    const context = await browser.newContext({ baseURL: baseUrl() });
    try {
      const vendorPage = await context.newPage();
      const vendor = await registerVendor(vendorPage, "pc");
      const name = `Cachetest ${tag()} Workstation`;
      const id = await addProductByPost(vendorPage.request, "/vendor/products", { name, price: String(price), stock: "5", category: "Desktop" });
      return { vendor, name, id };
    } finally {
      await context.close();
    }
  }

  async function saveInAdmin(page: Page, id: string, name: string, fields: { price?: number; stock?: number }) {
    await page.goto(`/admin/products/${id}/edit`);
    await waitForHydration(page);
    if (fields.price !== undefined) await main(page).getByLabel("Price (₹)", { exact: true }).fill(String(fields.price));
    if (fields.stock !== undefined) await main(page).getByLabel("Stock", { exact: true }).fill(String(fields.stock));
    await main(page).getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(main(page).getByText(`Your changes to “${name}” were saved.`)).toBeVisible();
  }

  /** Puts one of the product in a fresh customer's cart and places a cash on delivery order. */
  async function orderOne(request: APIRequestContext, productId: string) {
    await registerByPost(request);
    const origin = { Origin: baseUrl() };
    const added = await request.post("/cart", { form: { intent: "add", productId, quantity: "1" }, headers: origin, maxRedirects: 0 });
    expect(added.status(), await added.text()).toBeLessThan(400);
    const placed = await request.post("/checkout", {
      form: { intent: "place", ...DELHI_ADDRESS, fullName: "Cache Test", paymentMethod: "cod", idempotencyKey: randomUUID() },
      headers: origin,
      maxRedirects: 0,
    });
    expect(placed.status(), await placed.text()).toBe(302);
    expect(placed.headers().location).toMatch(/^\/checkout\?placed=RC-\d{6}$/);
  }

  test("a price or stock change in the admin, and an order that sells out, show on the next cookieless visit", async ({ page, browser, playwright }) => {
    const { vendor, name, id } = await vendorWithProduct(browser, 45_678);
    const path = `/products/${id}`;
    await signInAdmin(page);
    const shopper = await playwright.request.newContext({ baseURL: baseUrl() });
    try {
      // The product is in the shop (and in catalogue-wide counts) only under the catalogue lock.
      await withCatalogueLock(
        async () => {
          setVendorApproval(vendor.vendorId, "approved");
          try {
            const shows = async (text: string) => {
              const answer = await cookieless(path);
              expectShared(answer, path);
              return answer.html.includes(text);
            };
            // Warmed: the cache holds the page.
            expect(await shows(formatRupees(45_678))).toBe(true);
            expect(await shows(formatRupees(45_678))).toBe(true);
            expect(await shows("In Stock (5 available)")).toBe(true);

            await saveInAdmin(page, id, name, { price: 47_890 });
            const afterPrice = await cookieless(path);
            expect(afterPrice.html).toContain(formatRupees(47_890));
            expect(afterPrice.html).not.toContain(formatRupees(45_678));

            await saveInAdmin(page, id, name, { stock: 1 });
            expect(await shows("In Stock (1 available)")).toBe(true);
            expect(await shows("In Stock (1 available)")).toBe(true);

            await orderOne(shopper, id);
            const afterOrder = await cookieless(path);
            expect(afterOrder.html).toContain("Out of Stock");
            expect(afterOrder.html).not.toContain("In Stock (1 available)");
          } finally {
            setVendorApproval(vendor.vendorId, "pending");
          }
        },
        { timeoutMs: 60_000 },
      );
      // Taken out of the shop again by another process's write (SQLite's data_version): gone at once.
      const gone = await cookieless(path);
      expect(gone.status).toBe(302);
      expect(gone.location).toBe("/not-found?product");
    } finally {
      await shopper.dispose();
    }
  });

});
