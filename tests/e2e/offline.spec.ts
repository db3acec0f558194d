import { expect, test, type Page } from "@playwright/test";
import { DEMO, signIn, signInAdmin, signInVendor } from "../support/accounts";

/**
 * The shop ships every asset it uses (scripts, styles, fonts, images): no page may ask another
 * host for anything. Any such request is refused here, as it would be on a machine with no
 * internet, and recorded so the test names it.
 */
async function offline(page: Page, baseURL: string | undefined): Promise<string[]> {
  const own = new URL(baseURL ?? "http://127.0.0.1").host;
  const elsewhere: string[] = [];
  await page.context().route(
    (url) => /^(https?|wss?):$/.test(url.protocol) && url.host !== own,
    async (route) => {
      elsewhere.push(`${route.request().resourceType()} ${route.request().url()}`);
      await route.abort("internetdisconnected");
    },
  );
  return elsewhere;
}

async function visit(page: Page, paths: string[]) {
  for (const path of paths) {
    const response = await page.goto(path, { waitUntil: "networkidle" });
    expect(response?.status(), path).toBeLessThan(400);
    await expect(page.locator("h1").first(), path).toBeVisible();
  }
}

test.describe("the shop works with no internet", () => {
  test("storefront and customer pages load nothing from another host", async ({ page, baseURL }) => {
    const elsewhere = await offline(page, baseURL);
    await visit(page, ["/", "/products", "/products?category=Laptop", "/products/product-asus-tuf-gaming-a15", "/cart", "/services", "/about", "/contact", "/privacy", "/terms", "/refund", "/shipping", "/login", "/register", "/vendor/register"]);
    await signIn(page, DEMO.customer);
    await visit(page, ["/profile", "/orders"]);
    expect(elsewhere).toEqual([]);
  });

  test("vendor pages load nothing from another host", async ({ page, baseURL }) => {
    const elsewhere = await offline(page, baseURL);
    await signInVendor(page, DEMO.vendor1);
    await visit(page, ["/vendor/dashboard", "/vendor/products", "/vendor/products/new", "/vendor/orders"]);
    expect(elsewhere).toEqual([]);
  });

  test("admin pages load nothing from another host", async ({ page, baseURL }) => {
    const elsewhere = await offline(page, baseURL);
    await signInAdmin(page);
    await visit(page, ["/admin/dashboard", "/admin/products", "/admin/products/new", "/admin/users", "/admin/orders", "/admin/payment-settings?edit=1", "/admin/messages"]);
    expect(elsewhere).toEqual([]);
  });

  test("a phone's pages load nothing from another host @mobile", async ({ page, baseURL }) => {
    const elsewhere = await offline(page, baseURL);
    await visit(page, ["/", "/products", "/products/product-asus-tuf-gaming-a15", "/contact"]);
    expect(elsewhere).toEqual([]);
  });
});
