import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext, type APIResponse, type Browser, type BrowserContext, type Page, type Response } from "@playwright/test";
import { DEMO, main, newAccount, registerByPost, signInThroughForm, signInAdminThroughForm, expectSignedInAs } from "../support/accounts";
import { DELHI_ADDRESS, ROUTINE, orderCard } from "../support/checkout";
import { MESSAGES as PAYMENT_MESSAGES, cardValues, expectSaved, openSettingsForm, saveSettings, section } from "../support/payment-settings";
import { ROUTE_TO, SERVED_BY, startRoundRobinProxy, type RoundRobinProxy } from "../support/round-robin-proxy";
import { createScratchDatabase, startShopInstance, waitUntilReady, type ScratchDatabase, type ShopInstance } from "../support/shop-instances";
import { addToCartOnProductPage, cartLink } from "../support/shop";
import { adminStatusSelect, flash } from "../support/vendor-orders";
import { ALL_PRODUCTS, CATALOG, formatRupees, productPath } from "../support/catalog";
import { waitForHydration } from "../support/hydration";

/**
 * Issue 10: two instances of the shop on one PostgreSQL database, behind a round-robin proxy on
 * loopback. Whichever instance answers, a customer stays signed in, failed sign-ins count
 * together, the cart follows, one placing post makes one order, and an admin's change made on
 * one instance holds on the other at once. Both instances are started at the same moment, so
 * their migrations and demo seed run together too.
 */

const A = "a";
const B = "b";
// Beside the two servers playwright.config.ts starts on E2E_PORT and E2E_PORT + 1.
const FIRST_PORT = Number(process.env.E2E_PORT ?? 4173) + 2;
const START_TIMEOUT_MS = 60_000;

let database: ScratchDatabase | undefined;
let instances: ShopInstance[] = [];
let proxy: RoundRobinProxy | undefined;
let shopUrl = "";
let dataDirs: string[] = [];

test.describe.configure({ mode: "serial", timeout: 45_000 });

test.beforeAll(async () => {
  test.setTimeout(START_TIMEOUT_MS + 30_000);
  database = await createScratchDatabase("rc_two");
  shopUrl = `http://127.0.0.1:${FIRST_PORT + 2}`;
  const shared = {
    DATABASE_URL: database.url,
    SECRETS_KEY: randomBytes(32).toString("base64"),
    NODE_ENV: "production",
    SEED_DEMO: "1",
    BASE_URL: shopUrl,
    TRUST_PROXY: "loopback",
  };
  // Both at the same moment: their migrations and demo seed meet on the one database.
  // Each its own DATA_DIR: they share nothing but the database (no image is uploaded here).
  dataDirs = [A, B].map((name) => fs.mkdtempSync(path.join(os.tmpdir(), `rc-two-${name}-`)));
  instances = [A, B].map((name, i) => startShopInstance({ name, port: FIRST_PORT + i, env: { ...shared, DATA_DIR: dataDirs[i]! } }));
  await Promise.all(instances.map((instance) => waitUntilReady(instance, START_TIMEOUT_MS)));
  proxy = await startRoundRobinProxy(
    instances.map(({ name, port }) => ({ name, port })),
    FIRST_PORT + 2,
  );
});

test.afterAll(async () => {
  await proxy?.close();
  await Promise.all(instances.map((instance) => instance.stop()));
  await database?.drop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const servedBy = (response: Response | APIResponse | null) => response?.headers()[SERVED_BY];

/** From now on this browser context's requests all go to one instance. */
async function pinTo(context: BrowserContext, name: string): Promise<void> {
  await context.setExtraHTTPHeaders({ [ROUTE_TO]: name });
}

async function newShopContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: shopUrl });
}

/** A form post as a browser sends it (with its Origin), to the instance named. */
function postTo(request: APIRequestContext, name: string, path: string, form: Record<string, string>): Promise<APIResponse> {
  return request.post(path, { form, headers: { [ROUTE_TO]: name, Origin: shopUrl }, maxRedirects: 0 });
}

async function count(query: string, params: unknown[]): Promise<number> {
  const { rows } = await database!.client.query<{ n: string | number }>(query, params);
  return Number(rows[0]?.n ?? 0);
}

test.describe("two instances on one PostgreSQL behind a proxy", () => {
  let customer: BrowserContext;
  let customerPage: Page;
  let admin: BrowserContext;
  let adminPage: Page;
  let orderNumber = "";

  test.beforeAll(async ({ browser }) => {
    customer = await newShopContext(browser);
    customerPage = await customer.newPage();
    admin = await newShopContext(browser);
    adminPage = await admin.newPage();
  });
  test.afterAll(async () => {
    await customer?.close();
    await admin?.close();
  });

  test("both instances started together, on one set of demo data", async () => {
    expect(instances.map((i) => i.hasExited())).toEqual([false, false]);
    expect(await count(`SELECT count(*) AS n FROM "user" WHERE email = $1`, [DEMO.admin.email])).toBe(1);
    expect(await count("SELECT count(*) AS n FROM products", [])).toBe(ALL_PRODUCTS.length);
  });

  test("sessions: signed in on requests answered by either instance", async () => {
    // Through the form: the stored sessions of tests/support/sessions.ts belong to the main test server.
    await signInThroughForm(customerPage, DEMO.customer);
    // Left to the proxy's turns: every answer, from either instance, is the signed-in page.
    const answered: (string | undefined)[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await customerPage.request.get("/orders", { maxRedirects: 0 });
      expect(r.status(), `GET /orders answered by ${servedBy(r)}`).toBe(200);
      answered.push(servedBy(r));
    }
    expect(new Set(answered)).toEqual(new Set([A, B]));
    // And each instance renders the pages for the signed-in customer.
    for (const name of [A, B]) {
      await pinTo(customer, name);
      const response = await customerPage.goto("/orders");
      expect(servedBy(response)).toBe(name);
      await expect(customerPage).toHaveURL(/\/orders$/);
      await expectSignedInAs(customerPage, DEMO.customer);
    }
    await customer.setExtraHTTPHeaders({});
  });

  test("sign-in throttling: failures on both instances count together, then both refuse", async ({ playwright }) => {
    const registering = await playwright.request.newContext({ baseURL: shopUrl });
    const account = await registerByPost(registering, newAccount("two-throttle"));
    await registering.dispose();

    const visitor = await playwright.request.newContext({ baseURL: shopUrl });
    try {
      // Five wrong passwords (the per-account limit), alternating between the instances.
      for (let i = 0; i < 5; i++) {
        const name = i % 2 === 0 ? A : B;
        const r = await postTo(visitor, name, "/login", { email: account.email, password: "wrong-password" });
        expect(servedBy(r)).toBe(name);
        expect(r.status(), `attempt ${i + 1} on ${name}`).toBe(401);
      }
      // Now even the right password is refused, whichever instance answers.
      for (const name of [A, B]) {
        const r = await postTo(visitor, name, "/login", { email: account.email, password: account.password });
        expect(servedBy(r)).toBe(name);
        expect(r.status(), `the right password on ${name}`).toBe(429);
        expect(await r.text()).toContain("Too many attempts, try again in 15 minutes");
      }
    } finally {
      await visitor.dispose();
    }
  });

  test("carts: added on one instance, there on the other", async () => {
    await pinTo(customer, A);
    await addToCartOnProductPage(customerPage, ROUTINE.keyboard);
    await pinTo(customer, B);
    const response = await customerPage.goto("/cart");
    expect(servedBy(response)).toBe(B);
    const items = customerPage.getByRole("region", { name: "Items in your cart" });
    await expect(items.getByRole("listitem").filter({ has: customerPage.getByRole("link", { name: ROUTINE.keyboard.name, exact: true }) })).toHaveCount(1);
    await expect(cartLink(customerPage)).toHaveAccessibleName("Cart, 1 item");
    await customer.setExtraHTTPHeaders({});
  });

  test("idempotent placing: the same post to both instances at once makes one order", async () => {
    const key = randomUUID();
    const stock = () => count("SELECT stock AS n FROM products WHERE id = $1", [ROUTINE.keyboard.id]);
    const stockBefore = await stock();
    const placing = { intent: "place", ...DELHI_ADDRESS, fullName: "Two Instances", paymentMethod: "cod", idempotencyKey: key };
    const answers = await Promise.all([A, B].map((name) => postTo(customerPage.request, name, "/checkout", placing)));

    expect(answers.map(servedBy)).toEqual([A, B]);
    expect(answers.map((r) => r.status())).toEqual([302, 302]);
    const [first, second] = answers.map((r) => r.headers().location ?? "");
    expect(first).toMatch(/^\/checkout\?placed=RC-\d{6}$/);
    expect(second).toBe(first);
    orderNumber = first!.replace("/checkout?placed=", "");
    expect(await count("SELECT count(*) AS n FROM orders WHERE idempotency_key = $1", [key])).toBe(1);
    expect(await stock()).toBe(stockBefore - 1);
  });

  test("admin: an order's status changed on one instance shows on the other", async () => {
    await pinTo(admin, A);
    await signInAdminThroughForm(adminPage);
    await adminPage.goto(`/admin/orders?q=${encodeURIComponent(orderNumber)}`);
    await adminStatusSelect(adminPage, orderNumber).selectOption({ label: "Processing" });
    await expect(flash(adminPage, `Order ${orderNumber} status changed to Processing`)).toBeVisible();

    await pinTo(customer, B);
    const response = await customerPage.goto("/orders");
    expect(servedBy(response)).toBe(B);
    await expect(orderCard(customerPage, orderNumber).getByText("Processing", { exact: true })).toBeVisible();
    await customer.setExtraHTTPHeaders({});
  });

  test("admin: cash on delivery disabled on one instance is refused by the other at once", async () => {
    await pinTo(admin, A);
    await openSettingsForm(adminPage);
    await section(adminPage, "Cash on Delivery").getByRole("checkbox", { name: "Enabled" }).uncheck();
    await saveSettings(adminPage);
    await expectSaved(adminPage);

    await pinTo(admin, B);
    await adminPage.reload();
    expect(await cardValues(adminPage, "Cash on Delivery")).toEqual({ Status: "Disabled" });

    // With something in the cart (an empty one is sent back to /cart before any answer is shown).
    await addToCartOnProductPage(customerPage, ROUTINE.keyboard);
    for (const name of [B, A]) {
      const r = await postTo(customerPage.request, name, "/checkout", {
        intent: "place",
        ...DELHI_ADDRESS,
        fullName: "Two Instances",
        paymentMethod: "cod",
        idempotencyKey: randomUUID(),
      });
      expect(servedBy(r)).toBe(name);
      expect(r.status(), `cash on delivery on ${name}`).toBe(400);
      expect(await r.text()).toContain(PAYMENT_MESSAGES.codUnavailable);
    }
  });

  test("admin: a user disabled on one instance is signed out and refused on the other", async ({ playwright }) => {
    const shopper = await playwright.request.newContext({ baseURL: shopUrl, extraHTTPHeaders: { [ROUTE_TO]: B } });
    try {
      const account = await registerByPost(shopper, newAccount("two-disable"));
      const before = await shopper.get("/profile", { maxRedirects: 0 });
      expect(servedBy(before)).toBe(B);
      expect(before.status()).toBe(200);

      await pinTo(admin, A);
      await adminPage.goto(`/admin/users?q=${encodeURIComponent(account.email)}`);
      const row = main(adminPage).getByRole("row").filter({ hasText: account.email });
      await row.getByRole("button", { name: /^Disable/ }).click();
      await expect(row.getByRole("button", { name: /^Enable/ })).toBeVisible();

      const after = await shopper.get("/profile", { maxRedirects: 0 });
      expect(servedBy(after)).toBe(B);
      expect(after.status()).toBe(302);
      expect(after.headers().location).toBe("/login?redirectTo=%2Fprofile");
      const again = await postTo(shopper, B, "/login", { email: account.email, password: account.password });
      expect(again.status()).not.toBe(302);
      expect(await again.text()).toContain("This account has been disabled. Please contact support.");
    } finally {
      await shopper.dispose();
    }
  });

  test("the proxy sent requests to both instances throughout", async () => {
    expect(proxy!.answered[A]).toBeGreaterThan(10);
    expect(proxy!.answered[B]).toBeGreaterThan(10);
    expect(instances.map((i) => i.hasExited())).toEqual([false, false]);
  });

  test("page cache: a product changed through one instance is fresh on the other at once", async () => {
    const product = CATALOG.lgMonitor;
    const listing = `/products?category=${product.category}`;
    /** A cookieless GET (plain fetch: no cookie jar) answered by the instance named. */
    const pageFrom = async (name: string, path: string) => {
      const r = await fetch(`${shopUrl}${path}`, { headers: { [ROUTE_TO]: name }, redirect: "manual" });
      expect(r.headers.get(SERVED_BY)).toBe(name);
      expect(r.status, `${path} on ${name}`).toBe(200);
      return r.text();
    };
    // Warmed on both instances: each keeps the product page and the listing.
    for (const name of [A, B]) {
      for (let i = 0; i < 2; i++) {
        expect(await pageFrom(name, productPath(product))).toContain(product.priceText);
        expect(await pageFrom(name, listing)).toContain(product.priceText);
      }
    }

    const newPrice = formatRupees(product.price + 1_457);
    await pinTo(admin, A);
    await adminPage.goto(`/admin/products/${product.id}/edit`);
    await waitForHydration(adminPage);
    await main(adminPage).getByLabel("Price (₹)", { exact: true }).fill(String(product.price + 1_457));
    await main(adminPage).getByRole("button", { name: "Save Changes" }).click();
    await expect(main(adminPage).getByText(`Your changes to “${product.name}” were saved.`)).toBeVisible();

    // A made the change: fresh at once. B hears of it over NOTIFY: a moment at most.
    expect(await pageFrom(A, productPath(product))).toContain(newPrice);
    await expect.poll(() => pageFrom(B, productPath(product)), { timeout: 2_000, intervals: [50] }).toContain(newPrice);
    const listed = await pageFrom(B, listing);
    expect(listed).toContain(newPrice);
    expect(listed).not.toContain(product.priceText);
  });
});
