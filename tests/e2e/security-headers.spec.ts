import { expect, test, type APIResponse, type Browser, type Page } from "@playwright/test";
import { DEMO, signIn, signInAdmin, signInVendor } from "../support/accounts";
import { CATALOG, productPath } from "../support/catalog";
import { DELHI_ADDRESS, ROUTINE, TEST_CARD, addToCart, fillCard, openCheckout, paymentStatus, placeOrderAndConfirm, registerShopper, sandboxOrigin, shipTo } from "../support/checkout";
import { waitForHydration } from "../support/hydration";

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The headers every response carries (HSTS is for https deployments only, see
 * server/security-headers.ts). The shop under test runs the Razorpay sandbox: its origin, and no
 * other, may give scripts and take the payment (docs/decisions/014). Scripts are let in by this
 * response's nonce, or, on a page every cookieless visitor shares, by their hashes
 * (docs/decisions/020-cacheable-pages.md).
 */
function expectSecurityHeaders(headers: Record<string, string>, what: string, sandbox: string) {
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, `${what}: CSP`).toMatch(/(^|;)\s*default-src 'self'/);
  expect(csp, `${what}: CSP scripts`).toMatch(
    new RegExp(`(^|;)\\s*script-src 'self' ${escape(sandbox)}( 'nonce-[A-Za-z0-9+/]{22}=='|( 'sha256-[A-Za-z0-9+/]{43}=')*)(;|$)`),
  );
  expect(csp, `${what}: CSP connections`).toMatch(new RegExp(`(^|;)\\s*connect-src 'self' ${escape(sandbox)}(;|$)`));
  expect(csp, `${what}: CSP frames`).toMatch(/(^|;)\s*frame-src 'self'(;|$)/);
  expect(csp, `${what}: not Razorpay's own sources beside the sandbox`).not.toContain("razorpay.com");
  expect(csp, `${what}: no inline scripts`).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"]) {
    expect(csp, `${what}: ${directive}`).toContain(directive);
  }
  expect(headers["x-frame-options"], `${what}: X-Frame-Options`).toBe("DENY");
  // Razorpay's bank and UPI pages open in a window that reports back to the shop's page.
  expect(headers["cross-origin-opener-policy"], `${what}: Cross-Origin-Opener-Policy`).toBe("same-origin-allow-popups");
  expect(headers["x-content-type-options"], `${what}: X-Content-Type-Options`).toBe("nosniff");
  expect(headers["referrer-policy"], `${what}: Referrer-Policy`).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"], `${what}: Permissions-Policy`).toContain("camera=()");
  expect(headers["permissions-policy"], `${what}: Permissions-Policy`).toContain("geolocation=()");
  expect(headers["strict-transport-security"], `${what}: no HSTS over http`).toBeUndefined();
  expect(headers["x-request-id"], `${what}: X-Request-Id`).toMatch(/^[0-9a-f-]{36}$/);
}

function headerNonce(response: APIResponse): string {
  const match = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "");
  if (!match) throw new Error("no nonce in the Content-Security-Policy");
  return match[1]!;
}

test.describe("security headers", () => {
  test("pages, a redirect, data requests, static files, health checks and a 404 all carry them", async ({ request }) => {
    const sandbox = await sandboxOrigin();
    const home = await request.get("/");
    expect(home.status()).toBe(200);
    expectSecurityHeaders(home.headers(), "/", sandbox);
    for (const path of ["/products", "/login", "/products.data", "/healthz", "/favicon.svg"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expectSecurityHeaders(response.headers(), path, sandbox);
    }
    // The page's module script imports the built entry (pages carry no modulepreload hints).
    const script = /import\s*\(?\s*"(\/assets\/[^"]+\.js)"/.exec(await home.text());
    const asset = script?.[1];
    expect(asset, "a built script on the home page").toBeTruthy();
    const assetResponse = await request.get(asset!);
    expect(assetResponse.status()).toBe(200);
    expectSecurityHeaders(assetResponse.headers(), asset!, sandbox);

    const signedOut = await request.get("/admin/payment-settings", { maxRedirects: 0 });
    expect(signedOut.status()).toBeGreaterThanOrEqual(300);
    expect(signedOut.status()).toBeLessThan(400);
    expectSecurityHeaders(signedOut.headers(), "/admin/payment-settings signed out", sandbox);

    const missing = await request.get("/no-such-page");
    expect(missing.status()).toBe(404);
    expectSecurityHeaders(missing.headers(), "/no-such-page", sandbox);
  });

  test("the admin's Payment Settings, signed in, carry them and cannot be framed", async ({ page }) => {
    await signInAdmin(page);
    const response = await page.goto("/admin/payment-settings");
    expect(response?.status()).toBe(200);
    expectSecurityHeaders(await response!.allHeaders(), "/admin/payment-settings signed in", await sandboxOrigin());
    await expect(page.getByRole("heading", { level: 1, name: "Payment Settings" })).toBeVisible();

    // Another page framing it gets nothing (the page would otherwise show, or its sign-in page would).
    const framing = await page.context().newPage();
    await framing.setContent(`<iframe title="framed shop" src="${page.url()}"></iframe>`);
    const framed = framing.mainFrame().childFrames()[0]!;
    await framed.waitForLoadState("load");
    expect(await framed.getByRole("heading").count(), "headings in the framed page").toBe(0);
    await framing.close();
  });

  test("every response of a page rendered for its visitor gets a fresh nonce, and the page's scripts carry the header's", async ({ request }) => {
    // A private page (a page every visitor shares is one set of bytes: its CSP is by hash, below).
    const withCookie = { headers: { Cookie: "seen=1" } };
    const first = await request.get("/login", withCookie);
    const second = await request.get("/login", withCookie);
    const nonce = headerNonce(first);
    expect(headerNonce(second)).not.toBe(nonce);
    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) {
      // Inline scripts need the nonce; module scripts from 'self' carry it too.
      expect(tag, "every script carries this response's nonce").toContain(`nonce="${nonce}"`);
    }
  });

  test("a page every visitor shares lets in exactly its own inline scripts and style, by hash, cookie or not", async ({ request }) => {
    for (const [path, headers] of [["/", {}], ["/products", {}], ["/products", { Cookie: "seen=1" }], ["/about", {}]] as const) {
      const response = await request.get(path, { headers });
      const csp = response.headers()["content-security-policy"] ?? "";
      expect(csp, path).not.toContain("'nonce-");
      const html = await response.text();
      expect(html, `${path} carries no nonce`).not.toMatch(/\bnonce="[^"]/);
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\bsrc=/.test(m[1]!)).map((m) => m[2]!);
      const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
      expect(inline.length, `${path} has inline scripts`).toBeGreaterThan(0);
      const hashes = async (texts: string[]) =>
        new Set(await Promise.all(texts.map(async (t) => `'sha256-${Buffer.from(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(t))).toString("base64")}'`)));
      const listed = (directive: string) => new Set(new RegExp(`${directive} ([^;]*)`).exec(csp)![1]!.split(" ").filter((s) => s.startsWith("'sha256-")));
      expect(listed("script-src"), `${path}: script hashes`).toEqual(await hashes(inline));
      expect(listed("style-src"), `${path}: style hashes`).toEqual(await hashes(styles));
    }
  });
});

/** Records every CSP violation on a page (the event, and Chromium's console report). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if (/Content Security Policy|Content-Security-Policy|Permissions-Policy/i.test(text)) violations.push(`${page.url()}: ${text}`);
  });
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      void (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(
        `${location.pathname}: ${e.violatedDirective} blocked ${e.blockedURI || "inline"}`,
      );
    });
  });
  return violations;
}

async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.ok(), `${path} answers`).toBe(true);
  await waitForHydration(page);
}

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { page, violations: await watchViolations(page), close: () => context.close() };
}

test.describe("the Content-Security-Policy lets every page work", () => {
  test("storefront pages hydrate with no violation", async ({ browser }) => {
    const { page, violations, close } = await newPage(browser);
    for (const path of ["/", "/products", productPath(CATALOG.asusTuf), "/cart", "/login"]) await visit(page, path);
    // A client-side navigation loads route modules and data under the same policy.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Products" }).click();
    await expect(page).toHaveURL(/\/products$/);
    await waitForHydration(page);
    expect(violations).toEqual([]);
    await close();
  });

  test("checkout as the demo customer hydrates with no violation", async ({ browser }) => {
    const { page, violations, close } = await newPage(browser);
    await signIn(page, DEMO.customer);
    await addToCart(page, CATALOG.mxMaster);
    await openCheckout(page);
    expect(violations).toEqual([]);
    await close();
  });

  test("paying by card loads the sandbox's razorpay.js and pays it with no violation", async ({ browser }) => {
    const { page, violations, close } = await newPage(browser);
    await registerShopper(page);
    await addToCart(page, ROUTINE.keyboard);
    await openCheckout(page);
    await shipTo(page, DELHI_ADDRESS);
    await fillCard(page, TEST_CARD);
    await placeOrderAndConfirm(page);
    await expect(paymentStatus(page)).toHaveText("Paid");
    expect(violations).toEqual([]);
    await close();
  });

  test("the vendor dashboard and the admin's Payment Settings hydrate with no violation", async ({ browser }) => {
    const vendor = await newPage(browser);
    await signInVendor(vendor.page, DEMO.vendor1);
    await visit(vendor.page, "/vendor/dashboard");
    expect(vendor.violations).toEqual([]);
    await vendor.close();

    const admin = await newPage(browser);
    await signInAdmin(admin.page);
    await visit(admin.page, "/admin/payment-settings");
    expect(admin.violations).toEqual([]);
    await admin.close();
  });

  test("a script the page did not send is refused", async ({ page }) => {
    const violations = await watchViolations(page);
    await visit(page, "/");
    // What an injected script (stored XSS) would look like: inline, without this response's nonce.
    await page.evaluate(() => {
      const s = document.createElement("script");
      s.textContent = "window.injected = true";
      document.body.append(s);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  });
});
