import { expect, test, type Page } from "@playwright/test";
import {
  DEMO,
  HOME,
  expectSignedOut,
  headerLogin,
  main,
  open,
  openAccountMenu,
  signInThroughForm,
  signInAdminThroughForm,
  signInVendorThroughForm,
  uniqueEmail,
} from "../support/accounts";

async function fillAdminLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

function sidebar(page: Page) {
  return page.getByRole("complementary", { name: "Admin" });
}

const SECTIONS: [label: string, path: string][] = [
  ["Dashboard", "/admin/dashboard"],
  ["Manage Products", "/admin/products"],
  ["Manage Users", "/admin/users"],
  ["Manage Orders", "/admin/orders"],
  ["Payment Settings", "/admin/payment-settings"],
];

test.describe("admin sign-in", () => {
  test("shows the admin login form", async ({ page }) => {
    await open(page, "/admin/login");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
    await expect(page.getByRole("button", { name: "Login", exact: true })).toBeEnabled();
  });

  test("wrong credentials are refused", async ({ page }) => {
    await open(page, "/admin/login");
    await fillAdminLogin(page, uniqueEmail("noadmin"), "Admin@123");
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard$/);
  });

  test("a customer is told they are not an administrator and stays signed out", async ({ page }) => {
    await open(page, "/admin/login");
    await fillAdminLogin(page, DEMO.customer.email, DEMO.customer.password);
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("User is not an administrator.");
    // The machine-readable code is there for screen readers.
    await expect(alert).toContainText("auth/not-an-admin");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expectSignedOut(page);
  });

  test("a vendor is told they are not an administrator and stays signed out", async ({ page }) => {
    await open(page, "/admin/login");
    await fillAdminLogin(page, DEMO.vendor1.email, DEMO.vendor1.password);
    await expect(page.getByRole("alert")).toContainText("User is not an administrator.");
    await page.goto("/vendor/dashboard");
    await expect(page).toHaveURL(/\/vendor\/login\?redirectTo=%2Fvendor%2Fdashboard$/);
  });

  test("an administrator signs in to the dashboard with the 250px sidebar", async ({ page }) => {
    await open(page, "/admin/login");
    await fillAdminLogin(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

    const aside = sidebar(page);
    await expect(aside).toBeVisible();
    const box = await aside.boundingBox();
    expect(box?.width).toBe(250);
    for (const [label, path] of SECTIONS) await expect(aside.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", path);
    await expect(aside.getByText(DEMO.admin.email)).toBeVisible();
    await expect(aside.getByRole("button", { name: "Logout" })).toBeVisible();
  });

  test("the sidebar links open each admin section", async ({ page }) => {
    await signInAdminThroughForm(page);
    for (const [label, path] of [...SECTIONS.slice(1), SECTIONS[0]!]) {
      await sidebar(page).getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1, name: label })).toBeVisible();
    }
  });

  test("the sidebar's Logout signs the administrator out and returns to /", async ({ page }) => {
    await signInAdminThroughForm(page);
    await sidebar(page).getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(HOME);
    await expect(headerLogin(page)).toBeVisible();
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard$/);
  });

  test("after signing in the administrator goes back to the admin page they were sent from", async ({ page }) => {
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fusers$/);
    await fillAdminLogin(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole("heading", { level: 1, name: "Manage Users" })).toBeVisible();
  });

  test("a redirectTo outside the admin area leads to the admin dashboard", async ({ page }) => {
    await page.goto("/admin/login?redirectTo=%2Fprofile");
    await fillAdminLogin(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test("an administrator on the shop has an Admin Panel link in the account menu", async ({ page }) => {
    await signInThroughForm(page, DEMO.admin);
    await expect(page).toHaveURL(HOME);
    const menu = await openAccountMenu(page, DEMO.admin.name);
    await expect(menu.getByText(DEMO.admin.email, { exact: true })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Admin Panel" })).toHaveAttribute("href", "/admin/dashboard");
    await expect(menu.getByRole("link", { name: "Profile" })).toHaveCount(0);
    await menu.getByRole("link", { name: "Admin Panel" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(sidebar(page)).toBeVisible();
  });

  test("an unknown admin page is a 404 Page Not Found for administrators", async ({ page }) => {
    await signInAdminThroughForm(page);
    const response = await page.goto("/admin/xyz");
    expect(response?.status()).toBe(404);
    await expect(main(page).getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await expect(sidebar(page)).toBeVisible();
  });
});

test.describe("admin area guard", () => {
  const PATHS = ["/admin", "/admin/dashboard", "/admin/products", "/admin/users", "/admin/orders", "/admin/payment-settings", "/admin/xyz"];

  test("a visitor is sent to the admin login, remembering the page", async ({ page }) => {
    for (const path of PATHS) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/admin/login\\?redirectTo=${encodeURIComponent(path)}$`));
      await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
    }
  });

  test("a signed-in customer is sent to the admin login", async ({ page }) => {
    await signInThroughForm(page, DEMO.customer);
    for (const path of ["/admin", "/admin/users", "/admin/xyz"]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/admin/login\\?redirectTo=${encodeURIComponent(path)}$`));
    }
  });

  test("a signed-in vendor is sent to the admin login", async ({ page }) => {
    await signInVendorThroughForm(page, DEMO.vendor3);
    for (const path of ["/admin", "/admin/products", "/admin/xyz"]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/admin/login\\?redirectTo=${encodeURIComponent(path)}$`));
    }
  });

  test("/admin shows the dashboard to an administrator", async ({ page }) => {
    await signInAdminThroughForm(page);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });
});
