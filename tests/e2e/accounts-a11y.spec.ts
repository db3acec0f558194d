import { expect, test } from "@playwright/test";
import { DEMO, expectNoSeriousViolations, formAlert, main, open, signIn, signInVendor } from "../support/accounts";

test.describe("accessibility of the account pages", () => {
  for (const path of ["/login", "/register", "/vendor/login", "/vendor/register", "/admin/login", "/forgot-password"]) {
    test(`${path} has no serious accessibility violations`, async ({ page }) => {
      await open(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  }

  test("/login showing a message has no serious accessibility violations", async ({ page }) => {
    await open(page, "/login");
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(formAlert(page)).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("/register showing field errors has no serious accessibility violations", async ({ page }) => {
    await open(page, "/register");
    await main(page).getByRole("button", { name: "Create Account" }).click();
    await expect(formAlert(page)).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("/profile (signed in) has no serious accessibility violations", async ({ page }) => {
    await signIn(page, DEMO.customer, { url: "/login?redirectTo=%2Fprofile" });
    await open(page, "/profile");
    await expect(page.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("/vendor/dashboard (signed in) has no serious accessibility violations", async ({ page }) => {
    await signInVendor(page, DEMO.vendor1);
    await open(page, "/vendor/dashboard");
    await expect(main(page).getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("the open account menu has no serious accessibility violations", async ({ page }) => {
    await signIn(page, DEMO.customer);
    await open(page, "/");
    await page.getByRole("banner").getByLabel(`Account menu for ${DEMO.customer.name}`).click();
    await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
