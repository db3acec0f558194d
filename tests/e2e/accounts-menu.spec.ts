import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "../support/hydration";
import { DEMO, HOME, accountMenu, expectSignedOut, mobileMenuToggle, mobileNav, open, signInThroughForm, signInAdminThroughForm, signInVendorThroughForm } from "../support/accounts";

// The signed-in phone Menu: name, email, the role's links and Logout instead of Login/Register/Vendor Login.

async function openMenu(page: Page) {
  await mobileMenuToggle(page).click();
  const nav = mobileNav(page);
  await expect(nav).toBeVisible();
  return nav;
}

async function expectSignedInMenu(page: Page, account: { name: string; email: string }, links: [string, string][], absent: string[]) {
  const nav = await openMenu(page);
  await expect(nav.getByText(account.name, { exact: true })).toBeVisible();
  await expect(nav.getByText(account.email, { exact: true })).toBeVisible();
  for (const [label, href] of links) await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
  for (const label of [...absent, "Login", "Register", "Vendor Login"]) await expect(nav.getByRole("link", { name: label, exact: true })).toHaveCount(0);
  await expect(nav.getByRole("button", { name: "Logout" })).toBeVisible();
  return nav;
}

/** Logs out from the menu, opened anew: every caller has just navigated, which closes it. */
async function logoutFromMenu(page: Page) {
  const nav = mobileNav(page);
  // Asked while it was still closing, "is it open?" said yes, and Logout was waited for in vain.
  await expect(nav).toBeHidden();
  await openMenu(page);
  await nav.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(HOME);
  // Signed out at /: the menu may still be open (no navigation to another page closed it).
  await expect(nav.getByRole("button", { name: "Logout" })).toHaveCount(0);
  // Open, or closing as the page changes: asked again until it is seen open.
  let signedOut = nav;
  await expect(async () => {
    signedOut = (await nav.isVisible()) ? nav : await openMenu(page);
    await expect(signedOut.getByRole("link", { name: "Login", exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(signedOut.getByRole("link", { name: "Register", exact: true })).toBeVisible();
  await expect(signedOut.getByRole("link", { name: "Vendor Login", exact: true })).toBeVisible();
  await expect(signedOut.getByRole("button", { name: "Logout" })).toHaveCount(0);
  await expectSignedOut(page);
}

/**
 * Opens `path` with the page's scripts held back, so the menu is opened as a visitor on a slow line
 * opens it, before JavaScript; then lets the scripts load and hydrate the page. A private page:
 * a page every visitor shares names nobody in its HTML (docs/decisions/027-one-page-for-everyone.md).
 */
async function openBeforeScripts(page: Page, path: string, openMenu: () => Promise<void>) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(path, { waitUntil: "commit" });
  await openMenu();
  release();
  await waitForHydration(page);
}

test.describe("a menu opened before the scripts load", () => {
  test("the account menu stays open through hydration, and Logout in it signs out", async ({ page }) => {
    await signInThroughForm(page, DEMO.customer);
    const summary = accountMenu(page, DEMO.customer.name);
    const menu = summary.locator("xpath=..");
    await openBeforeScripts(page, "/orders", () => summary.click());
    await expect(menu.getByRole("button", { name: "Logout" })).toBeVisible();
    await menu.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("banner").getByRole("link", { name: "Login", exact: true })).toBeVisible();
    await expectSignedOut(page);
  });

  test("the phone Menu stays open through hydration, then closes on navigation @mobile", async ({ page }) => {
    await openBeforeScripts(page, "/cart", () => mobileMenuToggle(page).click());
    const nav = mobileNav(page);
    await expect(nav.getByRole("link", { name: "Login", exact: true })).toBeVisible();
    await nav.getByRole("link", { name: "Products", exact: true }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(nav).toBeHidden();
  });
});

test.describe("phone menu when signed in", () => {
  test("a customer gets Profile, My Orders, Wishlist, Complaints and Logout @mobile", async ({ page }) => {
    await signInThroughForm(page, DEMO.customer);
    await open(page, "/");
    const nav = await expectSignedInMenu(
      page,
      DEMO.customer,
      [
        ["Profile", "/profile"],
        ["My Orders", "/orders"],
        ["Wishlist", "/wishlist"],
        ["Complaints", "/grievances"],
      ],
      ["Dashboard", "Admin Panel"],
    );
    await nav.getByRole("link", { name: "Profile", exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();
    // The menu closes after navigating.
    await expect(mobileNav(page)).toBeHidden();
    await (await openMenu(page)).getByRole("link", { name: "My Orders", exact: true }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await logoutFromMenu(page);
  });

  test("a vendor gets Dashboard, My Products, Orders and Logout @mobile", async ({ page }) => {
    await signInVendorThroughForm(page, DEMO.vendor1);
    await open(page, "/");
    const nav = await expectSignedInMenu(
      page,
      DEMO.vendor1,
      [
        ["Dashboard", "/vendor/dashboard"],
        ["My Products", "/vendor/products"],
        ["Orders", "/vendor/orders"],
      ],
      ["Profile", "My Orders", "Wishlist", "Complaints", "Admin Panel"],
    );
    await nav.getByRole("link", { name: "My Products", exact: true }).click();
    await expect(page).toHaveURL(/\/vendor\/products$/);
    await expect(page.getByRole("heading", { level: 1, name: "My Products" })).toBeVisible();
    await logoutFromMenu(page);
  });

  test("an administrator gets Admin Panel and Logout @mobile", async ({ page }) => {
    await signInAdminThroughForm(page);
    await open(page, "/");
    const nav = await expectSignedInMenu(page, DEMO.admin, [["Admin Panel", "/admin/dashboard"]], ["Profile", "Dashboard"]);
    await nav.getByRole("link", { name: "Admin Panel", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await open(page, "/");
    await logoutFromMenu(page);
  });

  test("the admin area has its own Menu with the sections and Logout on a phone @mobile", async ({ page }) => {
    await signInAdminThroughForm(page);
    await expect(page.getByRole("complementary", { name: "Admin" })).toBeHidden();
    await page.getByText("RC Computers Admin · Menu").click();
    const nav = page.getByRole("navigation", { name: "Admin sections (mobile)" });
    for (const label of ["Dashboard", "Manage Products", "Manage Users", "Manage Orders", "Payment Settings"]) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await nav.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(HOME);
    await expectSignedOut(page);
  });
});
