import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { DEMO, formAlert, main, open, signInThroughForm, signInVendorThroughForm } from "../support/accounts";

test.describe("accessibility of the account pages", () => {
  for (const path of ["/login", "/register", "/vendor/login", "/vendor/register", "/admin/login", "/forgot-password"]) {
    test(`${path} has no accessibility violations`, async ({ page }) => {
      await open(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test("/login showing a message has no accessibility violations", async ({ page }) => {
    await open(page, "/login");
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(formAlert(page)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("/register showing field errors has no accessibility violations", async ({ page }) => {
    await open(page, "/register");
    await main(page).getByRole("button", { name: "Create Account" }).click();
    await expect(formAlert(page)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("/profile (signed in) has no accessibility violations", async ({ page }) => {
    await signInThroughForm(page, DEMO.customer, { url: "/login?redirectTo=%2Fprofile" });
    await open(page, "/profile");
    await expect(page.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("/vendor/dashboard (signed in) has no accessibility violations", async ({ page }) => {
    await signInVendorThroughForm(page, DEMO.vendor1);
    await open(page, "/vendor/dashboard");
    await expect(main(page).getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the open account menu has no accessibility violations", async ({ page }) => {
    await signInThroughForm(page, DEMO.customer);
    await open(page, "/");
    await page.getByRole("banner").getByLabel(`${DEMO.customer.name}: account menu`).click();
    await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
