import { expect, test, type Page } from "@playwright/test";
import {
  DEMO,
  DEMO_VENDORS,
  HOME,
  accountMenu,
  expectSignedOut,
  fillSignIn,
  fillVendorRegistration,
  formAlert,
  headerLogin,
  holdPosts,
  main,
  newVendor,
  open,
  openAccountMenu,
  signInThroughForm,
  signInVendorThroughForm,
  signOutViaMenu,
  uniqueEmail,
} from "../support/accounts";

function registerAsVendor(page: Page) {
  return main(page).getByRole("button", { name: "Register as Vendor" }).click();
}

function vendorSignIn(page: Page) {
  return main(page).getByRole("button", { name: "Sign In" }).click();
}

test.describe("vendor registration", () => {
  test("shows the business form, its note and links", async ({ page }) => {
    await open(page, "/vendor/register");
    const form = main(page);
    await expect(form.getByRole("heading", { level: 1, name: "Register as a Vendor" })).toBeVisible();
    for (const label of ["Your Name", "Business Name", "Email Address", "Phone Number", "Confirm Password"]) {
      await expect(form.getByLabel(label)).toBeVisible();
    }
    await expect(form.getByLabel("GSTIN", { exact: true })).toHaveAttribute("placeholder", "22AAAAA0000A1Z5");
    const address = form.getByRole("textbox", { name: /^Business Address/ });
    await expect(address).toBeVisible();
    expect(await address.evaluate((el) => el.tagName)).toBe("TEXTAREA");
    await expect(address).not.toHaveAttribute("required");
    await expect(form.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
    await expect(form.getByRole("checkbox", { name: /I agree to the Terms & Conditions and Privacy Policy/ })).not.toBeChecked();
    await expect(form.getByRole("link", { name: "Terms & Conditions" })).toHaveAttribute("href", "/terms");
    await expect(form.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    await expect(form.getByText("Your business information will be verified by our team before your vendor account is approved.")).toBeVisible();
    await expect(form.getByRole("button", { name: "Register as Vendor" })).toBeEnabled();
  });

  test("the optional address is labelled \"Business Address (optional)\"", async ({ page }) => {
    await page.goto("/vendor/register");
    // Its accessible name, as screen readers announce it and as sighted users read it.
    await expect(main(page).getByRole("textbox", { name: "Business Address (optional)", exact: true })).toBeVisible();
  });

  test("asks for every required field", async ({ page }) => {
    await open(page, "/vendor/register");
    await registerAsVendor(page);
    await expect(formAlert(page)).toHaveText("Please fill in all required fields");

    // The address is optional, the rest is not: leaving out the GSTIN is refused.
    const v = newVendor("vmiss");
    await fillVendorRegistration(page, { ...v, gstin: "" });
    await registerAsVendor(page);
    await expect(formAlert(page)).toHaveText("Please fill in all required fields");
    await expect(main(page).getByLabel("GSTIN", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(main(page).getByLabel("Business Name")).toHaveValue(v.business);
    await expectSignedOut(page);
  });

  test("refuses passwords that do not match or are too short", async ({ page }) => {
    await open(page, "/vendor/register");
    await fillVendorRegistration(page, { ...newVendor("vpw"), confirmPassword: "Vendor@457" });
    await registerAsVendor(page);
    await expect(formAlert(page)).toHaveText("Passwords do not match");

    await fillVendorRegistration(page, { ...newVendor("vpw"), password: "V@1", confirmPassword: "V@1" });
    await registerAsVendor(page);
    await expect(formAlert(page)).toHaveText("Password must be at least 6 characters");
    await expectSignedOut(page);
  });

  test("asks to accept the terms", async ({ page }) => {
    await open(page, "/vendor/register");
    await fillVendorRegistration(page, newVendor("vterms"), { acceptTerms: false });
    await registerAsVendor(page);
    await expect(formAlert(page)).toHaveText("Please accept the Terms & Conditions and Privacy Policy");
  });

  test("checks the GSTIN: its length and its check character", async ({ page }) => {
    await open(page, "/vendor/register");
    const v = newVendor("vgst");
    await fillVendorRegistration(page, { ...v, gstin: "22AAAAA0000A1Z5" });
    await registerAsVendor(page);
    await expect(formAlert(page)).toHaveText("This GSTIN's last character does not match; please check it for typing mistakes");
    await expect(main(page).getByLabel("GSTIN", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(main(page).getByLabel("GSTIN", { exact: true })).toHaveValue("22AAAAA0000A1Z5");

    await fillVendorRegistration(page, { ...v, gstin: "12345" });
    await registerAsVendor(page);
    await expect(formAlert(page)).toHaveText("Please enter a 15-character GSTIN, for example 22AAAAA0000A1Z5");
    await expectSignedOut(page);
  });

  test("checks the phone number", async ({ page }) => {
    await open(page, "/vendor/register");
    await fillVendorRegistration(page, { ...newVendor("vphone"), phone: "12345" });
    await registerAsVendor(page);
    await expect(formAlert(page)).toHaveText("Please enter a valid Indian phone number, for example +91 98765 43210");
    await expect(main(page).getByLabel("Phone Number")).toHaveAttribute("aria-invalid", "true");
    await expectSignedOut(page);
  });

  test("an email that already has an account is refused", async ({ page }) => {
    await open(page, "/vendor/register");
    await fillVendorRegistration(page, { ...newVendor("vdup"), email: DEMO.customer.email });
    await registerAsVendor(page);
    await expect(formAlert(page)).toHaveText("An account with this email already exists. Please sign in instead.");
    await expectSignedOut(page);
  });

  test("a new vendor lands on the dashboard, under verification, with the vendor menu", async ({ page }) => {
    test.slow(); // registers, looks around, signs out and in again
    await open(page, "/vendor/register");
    const v = newVendor("vnew");
    await fillVendorRegistration(page, { ...v, gstin: v.gstin.toLowerCase() });
    const { release, held } = await holdPosts(page, "/vendor/register");
    await registerAsVendor(page);
    await held;
    await expect(main(page).getByRole("button", { name: "Registering..." })).toBeDisabled();
    release();

    await expect(page).toHaveURL(/\/vendor\/dashboard$/);
    await expect(page.getByText("Your vendor account is under verification.")).toBeVisible();
    await expect(main(page).getByText(v.business, { exact: true })).toBeVisible();
    // The GSTIN is kept in its canonical (upper-case) form.
    await expect(main(page).getByRole("status")).toContainText(`GSTIN ${v.gstin}`);
    await expect(main(page).getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

    const menu = await openAccountMenu(page, v.name);
    await expect(menu.getByText(v.email, { exact: true })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/vendor/dashboard");
    await expect(menu.getByRole("link", { name: "My Products" })).toHaveAttribute("href", "/vendor/products");
    await expect(menu.getByRole("link", { name: "Orders" })).toHaveAttribute("href", "/vendor/orders");
    await expect(menu.getByRole("link", { name: "Profile" })).toHaveCount(0);

    // A new vendor has no products yet and sees none of the demo vendors'.
    await menu.getByRole("link", { name: "My Products" }).click();
    await expect(page).toHaveURL(/\/vendor\/products$/);
    await expect(main(page).getByText("No products found matching your criteria.")).toBeVisible();

    // Signing out and in again through the vendor door works while under verification.
    await signOutViaMenu(page, v.name);
    await signInVendorThroughForm(page, v);
    await expect(page).toHaveURL(/\/vendor\/dashboard$/);
    await expect(page.getByText("Your vendor account is under verification.")).toBeVisible();
  });
});

test.describe("vendor sign-in", () => {
  test("shows the form and its links", async ({ page }) => {
    await open(page, "/vendor/login");
    const form = main(page);
    await expect(form.getByRole("heading", { level: 1, name: "Vendor Login" })).toBeVisible();
    await expect(form.getByLabel("Email Address")).toBeVisible();
    await expect(form.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
    await expect(form.getByRole("checkbox", { name: "Remember me" })).not.toBeChecked();
    await expect(form.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute("href", "/forgot-password");
    await expect(form.getByRole("link", { name: "Register your business" })).toHaveAttribute("href", "/vendor/register");
    await expect(form.getByRole("link", { name: "Customer login" })).toHaveAttribute("href", "/login");

    await form.getByRole("link", { name: "Register your business" }).click();
    await expect(page).toHaveURL(/\/vendor\/register$/);
    await open(page, "/vendor/login");
    await main(page).getByRole("link", { name: "Customer login" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await open(page, "/vendor/login");
    await main(page).getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test("asks for both fields", async ({ page }) => {
    await open(page, "/vendor/login");
    await vendorSignIn(page);
    await expect(formAlert(page)).toHaveText("Please enter both email and password");
    await main(page).getByLabel("Email Address").fill(DEMO.vendor1.email);
    await vendorSignIn(page);
    await expect(formAlert(page)).toHaveText("Please enter both email and password");
  });

  test("wrong credentials are refused", async ({ page }) => {
    await open(page, "/vendor/login");
    await fillSignIn(page, uniqueEmail("novendor"), "Vendor@123");
    await vendorSignIn(page);
    await expect(formAlert(page)).toHaveText("Invalid email or password.");
    await expect(page).toHaveURL(/\/vendor\/login$/);
    await expectSignedOut(page);
  });

  test("a customer is turned away and stays signed out", async ({ page, context }) => {
    await open(page, "/vendor/login");
    await fillSignIn(page, DEMO.customer.email, DEMO.customer.password);
    await vendorSignIn(page);
    await expect(formAlert(page)).toHaveText("User is not a registered vendor or data is missing.");
    await expect(page).toHaveURL(/\/vendor\/login$/);
    await expect(headerLogin(page)).toBeVisible();
    await expect(accountMenu(page, DEMO.customer.name)).toHaveCount(0);
    expect((await context.cookies()).find((c) => c.name === "rc.session_token" && c.value !== "")).toBeUndefined();
    await expectSignedOut(page);
  });

  test("an administrator is turned away too", async ({ page }) => {
    await open(page, "/vendor/login");
    await fillSignIn(page, DEMO.admin.email, DEMO.admin.password);
    await vendorSignIn(page);
    await expect(formAlert(page)).toHaveText("User is not a registered vendor or data is missing.");
    await expectSignedOut(page);
  });

  test("a vendor signs in to the dashboard of their business", async ({ page }) => {
    await open(page, "/vendor/login");
    await fillSignIn(page, DEMO.vendor1.email, DEMO.vendor1.password);
    await vendorSignIn(page);
    await expect(page).toHaveURL(/\/vendor\/dashboard$/);
    await expect(main(page).getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(main(page).getByText(DEMO_VENDORS.vendor1.business, { exact: true })).toBeVisible();
    // An approved vendor is not under verification.
    await expect(page.getByText("Your vendor account is under verification.")).toHaveCount(0);
    await expect(accountMenu(page, DEMO.vendor1.name)).toBeVisible();
  });

  test("the vendor's menu links lead to the vendor pages", async ({ page }) => {
    await signInVendorThroughForm(page, DEMO.vendor2);
    for (const [label, path, heading] of [
      ["My Products", "/vendor/products", "My Products"],
      ["Orders", "/vendor/orders", "Manage Orders"],
      ["Dashboard", "/vendor/dashboard", "Dashboard"],
    ] as const) {
      const menu = await openAccountMenu(page, DEMO.vendor2.name);
      await menu.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      if (heading) await expect(main(page).getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(main(page).getByText(DEMO_VENDORS.vendor2.business, { exact: true })).toBeVisible();
    }
  });

  test("a vendor sees only their own products", async ({ page }) => {
    await signInVendorThroughForm(page, DEMO.vendor1);
    await page.goto("/vendor/products");
    await expect(main(page).getByRole("heading", { level: 1, name: "My Products" })).toBeVisible();
    const table = main(page).getByRole("table");
    for (const name of DEMO_VENDORS.vendor1.products) await expect(table.getByRole("rowheader", { name, exact: true })).toBeVisible();
    for (const name of DEMO_VENDORS.vendor2.products) await expect(table.getByRole("rowheader", { name, exact: true })).toHaveCount(0);
  });

  test("the other vendor sees theirs, not the first vendor's", async ({ page }) => {
    await signInVendorThroughForm(page, DEMO.vendor2);
    await page.goto("/vendor/products");
    const table = main(page).getByRole("table");
    for (const name of DEMO_VENDORS.vendor2.products) await expect(table.getByRole("rowheader", { name, exact: true })).toBeVisible();
    for (const name of DEMO_VENDORS.vendor1.products) await expect(table.getByRole("rowheader", { name, exact: true })).toHaveCount(0);
  });

  test("a vendor signed in through the customer page still gets the vendor menu", async ({ page }) => {
    await signInThroughForm(page, DEMO.vendor3);
    await expect(page).toHaveURL(HOME);
    const menu = await openAccountMenu(page, DEMO.vendor3.name);
    await expect(menu.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Profile" })).toHaveCount(0);
  });
});
