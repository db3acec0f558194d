import { expect, test, type Page } from "@playwright/test";
import { DEMO, accountMenu, headerAccountLink, headerLogin, main, mobileMenuToggle, mobileNav, signIn } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";
import { CATALOG, productPath } from "../support/catalog";
import { waitForHydration } from "../support/hydration";

/**
 * One page for everyone (docs/decisions/027-one-page-for-everyone.md): a public page is the same
 * bytes whoever asks, and what is the visitor's (the header's name, the cart badge, hearts) comes
 * after load from one private answer, GET /visitor, without moving anything. Without JavaScript
 * every shared page still reaches the account, orders, cart and checkout.
 */

const SHARED_PAGES = ["/", "/products?category=Storage", productPath(CATALOG.samsungSsd)];
const SSD = CATALOG.samsungSsd; // on the demo customer's wishlist (app/seed/demo-wishlist.ts)
const MOUSE = CATALOG.mxMaster;

const cartBadge = (page: Page) => page.getByRole("banner").getByTestId("cart-badge");
const heart = (page: Page, name: string) => main(page).getByRole("button", { name: `Add to wishlist: ${name}`, exact: true });

/** Puts one product in this browser's cart, as Add to Cart does. */
async function addToCart(page: Page, productId: string, baseURL: string) {
  const added = await page.request.post("/cart", { form: { intent: "add", productId, quantity: "2" }, headers: { Origin: baseURL } });
  expect(added.ok()).toBe(true);
}

/** The Cookie header this browser sends. */
async function cookieHeader(page: Page): Promise<string> {
  return (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
}

test("a shared page is byte for byte the same for a visitor without a cookie, with a cart, and signed in", async ({ page, baseURL, browser }) => {
  await addToCart(page, MOUSE.id, baseURL!);
  const withCart = await cookieHeader(page);
  const customer = await browser.newPage({ baseURL });
  await signIn(customer, DEMO.customer);
  await addToCart(customer, MOUSE.id, baseURL!);
  const signedIn = await cookieHeader(customer);
  await customer.close();
  expect(signedIn).toMatch(/session_token=/);

  for (const path of SHARED_PAGES) {
    // Orders placed by other tests change stock, and so the page, at any moment: the three are
    // asked together until one round is not split by such a change.
    let bodies: string[] = [];
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        [undefined, withCart, signedIn].map((cookie) => fetch(baseURL + path, { headers: { "accept-encoding": "identity", ...(cookie ? { cookie } : {}) }, redirect: "manual" })),
      );
      for (const answer of answers) {
        expect(answer.status, path).toBe(200);
        expect(answer.headers.get("cache-control"), path).toMatch(/^public\b/);
        expect(answer.headers.get("vary"), path).toBe("Accept-Encoding");
        expect(answer.headers.get("set-cookie"), path).toBeNull();
      }
      bodies = await Promise.all(answers.map((a) => a.text()));
      if (new Set(bodies).size === 1) break;
    }
    expect(bodies[1], `${path} with a cart`).toBe(bodies[0]);
    expect(bodies[2], `${path} signed in`).toBe(bodies[0]);
    expect(bodies[0], path).not.toContain(DEMO.customer.name);
  }
});

for (const width of ["", " @mobile"]) {
  test(`after load the header names the signed-in customer, counts the cart and fills the hearts, from one answer per page, with nothing moving${width}`, async ({ page, baseURL, isMobile }) => {
    await signIn(page, DEMO.customer);
    await addToCart(page, MOUSE.id, baseURL!);
    // The page signIn opened asks its own answer after hydration, which on a loaded machine can come
    // after the network has been idle a while: leave it for a blank page before counting, so that
    // only the pages below can ask.
    await page.goto("about:blank");
    const asked: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/visitor") asked.push(r.url());
    });
    // Every layout shift of the page, from its first paint.
    await page.addInitScript(() => {
      (window as unknown as { shifts: number[] }).shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!e.hadRecentInput) (window as unknown as { shifts: number[] }).shifts.push(e.value);
        }
      }).observe({ type: "layout-shift", buffered: true });
    });

    await page.goto("/products?category=Storage");
    await waitForHydration(page);
    await expect(cartBadge(page)).toHaveText("2");
    await expect(heart(page, SSD.name)).toHaveAttribute("aria-pressed", "true");
    if (isMobile) {
      await mobileMenuToggle(page).click();
      await expect(mobileNav(page).getByText(DEMO.customer.email)).toBeVisible();
      await expect(mobileNav(page).getByRole("link", { name: "Login", exact: true })).toHaveCount(0);
      await mobileMenuToggle(page).click();
    } else {
      await expect(accountMenu(page, DEMO.customer.name)).toBeVisible();
      await expect(headerLogin(page)).toHaveCount(0);
    }
    expect(asked).toEqual([expect.stringMatching(/\/visitor$/)]);
    // CLS 0 as Lighthouse reports it (three decimals): a fraction of a pixel's rounding, 0.00003 once
    // on a loaded CI machine, is no movement a person sees.
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0))).toBeLessThan(0.0005);
    await expectNoAxeViolations(page, { where: "the catalogue, its visitor known" });

    // A product page asks once more, with the product, for the reviews' Helpful votes.
    await main(page).getByRole("link", { name: SSD.name }).first().click();
    await expect(page).toHaveURL(new RegExp(`${productPath(SSD)}$`));
    await expect(heart(page, SSD.name)).toHaveAttribute("aria-pressed", "true");
    await expect.poll(() => asked.length).toBe(2);
    expect(asked[1]).toMatch(new RegExp(`/visitor\\?product=${SSD.id}$`));
    await expect(cartBadge(page)).toHaveText("2");
  });
}

test("a phone menu opened before the answer comes stays open and gains the account's links @mobile", async ({ page }) => {
  await signIn(page, DEMO.customer);
  // Hold the answer back until the menu is open, as on a slow connection.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/visitor", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/products");
  await waitForHydration(page);
  await mobileMenuToggle(page).click();
  await expect(mobileNav(page).getByRole("link", { name: "Products", exact: true })).toBeVisible();
  await expect(mobileNav(page).getByRole("link", { name: "My Orders" })).toHaveCount(0);
  release();
  await expect(mobileNav(page).getByRole("link", { name: "My Orders" })).toBeVisible();
  await expect(mobileNav(page).getByText(DEMO.customer.email)).toBeVisible();
});

test("a signed-out visitor gets Login once the answer comes, and never a name", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await expect(headerLogin(page)).toBeVisible();
  await expect(cartBadge(page)).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every shared page reaches the account, orders, cart and checkout; Add to Cart goes on to the cart", async ({ page }) => {
    await signIn(page, DEMO.customer);
    for (const path of SHARED_PAGES) {
      await page.goto(path);
      const banner = page.getByRole("banner");
      await expect(headerAccountLink(page), path).toBeVisible();
      await expect(banner.getByRole("link", { name: "Orders", exact: true }), path).toHaveAttribute("href", "/orders");
      await expect(banner.getByRole("link", { name: /^Cart/ }), path).toHaveAttribute("href", "/cart");
      // Nobody's name, and no "Login" either: the page cannot know who is visiting.
      await expect(headerLogin(page), path).toHaveCount(0);
    }

    await page.goto(productPath(MOUSE));
    await main(page).getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(main(page).getByRole("link", { name: MOUSE.name })).toBeVisible();
    // The cart is private: its header knows the customer and counts the cart.
    await expect(accountMenu(page, DEMO.customer.name)).toBeVisible();
    await expect(cartBadge(page)).toHaveText("1");
    await main(page).getByRole("link", { name: /checkout/i }).first().click();
    await expect(page).toHaveURL(/\/checkout/);

    await page.goto("/products");
    await headerAccountLink(page).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(accountMenu(page, DEMO.customer.name)).toBeVisible();
  });
});
