import { expect, test } from "@playwright/test";
import { CATALOG } from "../support/catalog";
import { addToCartOnProductPage } from "../support/shop";
import { DEMO, DEMO_VENDORS, HOME, fillSignIn, main, signInThroughForm, signInAdminThroughForm } from "../support/accounts";

test.describe("pages for signed-in customers", () => {
  for (const [path, heading] of [
    ["/profile", "My Profile"],
    ["/orders", "Your Orders"],
  ] as const) {
    test(`${path} sends a visitor to sign in and back again`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(path)}$`));
      await expect(main(page).getByRole("heading", { level: 1, name: "Sign in to your account" })).toBeVisible();
      await fillSignIn(page, DEMO.customer.email, DEMO.customer.password);
      await main(page).getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    });
  }

  test("the page's query survives the round trip through sign-in", async ({ page }) => {
    await page.goto("/profile?tab=address");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile%3Ftab%3Daddress$/);
    await fillSignIn(page, DEMO.customer.email, DEMO.customer.password);
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/profile\?tab=address$/);
  });

  test("/checkout sends a visitor to sign in and back to checkout", async ({ page }) => {
    await addToCartOnProductPage(page, CATALOG.mxMaster);
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout$/);
    await fillSignIn(page, DEMO.customer.email, DEMO.customer.password);
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  });

  test("/checkout with an empty cart goes to the cart", async ({ page }) => {
    await signInThroughForm(page, DEMO.customer);
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your cart is empty" })).toBeVisible();
  });

  test("a visitor sent from /checkout with an empty cart ends up at the cart after signing in", async ({ page }) => {
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout$/);
    await fillSignIn(page, DEMO.customer.email, DEMO.customer.password);
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/cart$/);
  });
});

test.describe("vendor area", () => {
  const VENDOR_PAGES = ["/vendor/dashboard", "/vendor/products", "/vendor/orders"];

  test("sends a visitor to the vendor login, remembering the page", async ({ page }) => {
    for (const path of VENDOR_PAGES) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/vendor/login\\?redirectTo=${encodeURIComponent(path)}$`));
      await expect(main(page).getByRole("heading", { level: 1, name: "Vendor Login" })).toBeVisible();
    }
  });

  test("a vendor signing in from there goes back to that page", async ({ page }) => {
    await page.goto("/vendor/products");
    await expect(page).toHaveURL(/\/vendor\/login\?redirectTo=%2Fvendor%2Fproducts$/);
    await fillSignIn(page, DEMO.vendor1.email, DEMO.vendor1.password);
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/vendor\/products$/);
    await expect(main(page).getByRole("rowheader", { name: DEMO_VENDORS.vendor1.products[0], exact: true })).toBeVisible();
  });

  test("a signed-in customer is sent to /", async ({ page }) => {
    await signInThroughForm(page, DEMO.customer);
    for (const path of VENDOR_PAGES) {
      await page.goto(path);
      await expect(page).toHaveURL(HOME);
    }
  });

  test("a signed-in administrator is sent to /", async ({ page }) => {
    await signInAdminThroughForm(page);
    for (const path of VENDOR_PAGES) {
      await page.goto(path);
      await expect(page).toHaveURL(HOME);
    }
  });
});
