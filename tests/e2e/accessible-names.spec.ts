import { expect, test, type Page } from "@playwright/test";
import { DEMO } from "../support/accounts";
import { duplicateNames } from "../support/accessible-names";
import { CATALOG, productPath } from "../support/catalog";
import { registerShopper } from "../support/checkout";
import { orderFor } from "../support/e2e-store";
import { gotoHydrated } from "../support/hydration";
import { withStoredSession } from "../support/sessions";

/**
 * Every link and button names where it leads on its own (issue 51): no two with one accessible
 * name on a page lead to different places (tests/support/accessible-names.ts). A name the page
 * shows the same for each row ("Return or replace", "Helpful", "Approve") carries the row's
 * item for screen readers. Names do not depend on the width: desktop only.
 */

async function expectNamesTellApart(page: Page, paths: string[]) {
  for (const path of paths) {
    await gotoHydrated(page, path);
    expect.soft(await duplicateNames(page), `links or buttons with one name leading to different places on ${path}`).toEqual([]);
  }
}

test("the checker finds two links of one name leading to different places", async ({ page }) => {
  await page.setContent('<main><a href="/orders/1/return">Return or replace</a><a href="/orders/1/return?item=2">Return or replace</a><a href="/a">Same</a><a href="/a">Same</a></main>');
  expect(await duplicateNames(page)).toEqual([expect.stringMatching(/^"return or replace" → .*\/orders\/1\/return \| .*\/orders\/1\/return\?item=2$/)]);
});

test("a customer's pages: catalogue, product, cart, wishlist, compare, orders and an order of two delivered items", async ({ page }) => {
  const customer = await registerShopper(page);
  const number = await orderFor(customer.email, [{ productId: CATALOG.g213Keyboard.id, quantity: 1 }, { productId: CATALOG.mxMaster.id, quantity: 1 }], { deliveredAt: new Date(Date.now() - 86_400_000) });
  for (const p of [CATALOG.sonyHeadphones, CATALOG.g213Keyboard]) {
    for (const path of ["/wishlist", "/cart"]) await page.request.post(path, { form: { intent: "add", productId: p.id, redirectTo: path } });
  }
  for (const p of [CATALOG.benqMonitor, CATALOG.lgMonitor]) await page.request.post("/compare", { form: { intent: "add", productId: p.id, redirectTo: "/compare" } });
  await expectNamesTellApart(page, [
    "/",
    "/products",
    productPath(CATALOG.sonyHeadphones),
    `${productPath(CATALOG.sonyHeadphones)}/questions`,
    "/sellers/vendor-1",
    "/cart",
    "/wishlist",
    "/compare",
    "/orders",
    `/orders/${number}`,
    "/grievances",
    "/profile",
  ]);
});

test("a seller's pages: orders, products, returns, questions, reviews and payments", async ({ page }) => {
  await withStoredSession(page, DEMO.vendor1, "/vendor/login");
  await expectNamesTellApart(page, ["/vendor/dashboard", "/vendor/orders", "/vendor/products", "/vendor/returns", "/vendor/questions", "/vendor/reviews", "/vendor/payments"]);
});

test("the admin's pages: users, products, orders, returns, complaints, reviews, questions and settlements", async ({ page }) => {
  await withStoredSession(page, DEMO.admin, "/admin/login");
  await expectNamesTellApart(page, ["/admin/users", "/admin/products", "/admin/orders", "/admin/returns", "/admin/grievances", "/admin/reviews", "/admin/questions", "/admin/settlements"]);
});
