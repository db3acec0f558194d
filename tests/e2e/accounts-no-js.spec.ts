import { expect, test } from "@playwright/test";
import {
  DEMO,
  HOME,
  accountMenu,
  expectSignedInAs,
  expectSignedOut,
  fillRegistration,
  fillSignIn,
  formAlert,
  headerAccountLink,
  headerLogin,
  main,
  newAccount,
  signUp,
  signOutViaMenu,
  uniqueEmail,
} from "../support/accounts";

// The account forms are plain HTML forms first: everything here runs with JavaScript turned off.
test.use({ javaScriptEnabled: false });

test.describe("accounts without JavaScript", () => {
  test("sign in, then Logout from the account menu", async ({ page }) => {
    await page.goto("/login");
    await fillSignIn(page, DEMO.customer.email, DEMO.customer.password);
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(HOME);
    // The home page is the same for everyone: without JavaScript its header cannot name the
    // visitor, and leads to the account instead, which knows them.
    await expect(headerLogin(page)).toHaveCount(0);
    await expect(accountMenu(page, DEMO.customer.name)).toHaveCount(0);
    await headerAccountLink(page).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(accountMenu(page, DEMO.customer.name)).toBeVisible();
    // The menu is a <details>: it opens without JavaScript, and Logout is a form post.
    await signOutViaMenu(page, DEMO.customer.name, { javaScript: false });
    await expectSignedOut(page);
  });

  test("sign-in messages and the way back to a guarded page", async ({ page }) => {
    await page.goto("/orders");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Forders$/);
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(formAlert(page)).toHaveText("Please enter both email and password");
    // The page posted back keeps where to go afterwards.
    await fillSignIn(page, DEMO.customer.email, DEMO.customer.password);
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your Orders" })).toBeVisible();
  });

  test("register: a message for a mistake, then the account, signed in", async ({ page }) => {
    const a = newAccount("nojs");
    await page.goto("/register");
    await fillRegistration(page, { ...a, confirmPassword: "Other@123" });
    await main(page).getByRole("button", { name: "Create Account" }).click();
    await expect(formAlert(page)).toHaveText("Passwords do not match");
    await expect(main(page).getByLabel("Full Name")).toHaveValue(a.name);

    await fillRegistration(page, a);
    await main(page).getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(HOME);
    await expectSignedInAs(page, a);
    await expect(accountMenu(page, a.name)).toBeVisible();
  });

  test("profile changes save and come back with the success message", async ({ page }) => {
    const a = await signUp(page, "nojsprof");
    await page.goto("/profile");
    const form = page.getByRole("region", { name: "Profile details" });
    await form.getByLabel("Street Address").fill("221 Park Street");
    await form.getByLabel("City").fill("Kolkata");
    await form.getByLabel("State").selectOption("West Bengal");
    await form.getByLabel("PIN Code").fill("700016");
    await form.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/profile\?saved=1$/);
    await expect(form.getByRole("status")).toHaveText("Profile updated successfully!");
    await expect(form.getByLabel("City")).toHaveValue("Kolkata");

    // A mistake comes back as a message, with what was typed.
    await form.getByLabel("PIN Code").fill("12345");
    await form.getByRole("button", { name: "Save Changes" }).click();
    await expect(form.getByRole("alert")).toHaveText("Please enter a valid 6-digit PIN code");
    await expect(form.getByLabel("PIN Code")).toHaveValue("12345");

    await page.goto("/profile");
    await expect(form.getByLabel("PIN Code")).toHaveValue("700016");
    await expect(form.getByLabel("Email", { exact: true })).toHaveValue(a.email);
  });

  test("vendor sign-in reaches the dashboard", async ({ page }) => {
    await page.goto("/vendor/login");
    await fillSignIn(page, DEMO.vendor1.email, DEMO.vendor1.password);
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/vendor\/dashboard$/);
    await expect(main(page).getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });

  test("forgot password answers without JavaScript", async ({ page }) => {
    await page.goto("/forgot-password");
    await main(page).getByLabel("Email Address").fill(uniqueEmail("nojsreset"));
    await main(page).getByRole("button", { name: "Send Reset Link" }).click();
    await expect(main(page).getByRole("status")).toHaveText(
      "If an account exists for that email, we've sent a link to reset its password. The link works once, within 60 minutes.",
    );
  });

  test("the phone Menu shows the account and Logout works @mobile", async ({ page }) => {
    await page.goto("/login");
    await fillSignIn(page, DEMO.customer.email, DEMO.customer.password);
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(HOME);
    // The home page is the same for everyone: its menu leads to the account, which knows them.
    await page.getByRole("banner").getByLabel("Menu", { exact: true }).click();
    const nav = page.getByRole("navigation", { name: "Mobile" });
    await nav.getByRole("link", { name: "Account", exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.getByRole("banner").getByLabel("Menu", { exact: true }).click();
    await expect(nav.getByText(DEMO.customer.email, { exact: true })).toBeVisible();
    await nav.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(HOME);
    await page.getByRole("banner").getByLabel("Menu", { exact: true }).click();
    await expect(nav.getByRole("link", { name: "Login", exact: true })).toBeVisible();
    await expectSignedOut(page);
  });
});
