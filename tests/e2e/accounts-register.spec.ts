import { expect, test, type Page } from "@playwright/test";
import {
  DEMO,
  HOME,
  accountMenu,
  expectHeaderShows,
  expectSignedInAs,
  expectSignedOut,
  fillRegistration,
  formAlert,
  headerLogin,
  holdPosts,
  main,
  mobileMenuToggle,
  mobileNav,
  newAccount,
  open,
  openAccountMenu,
  registerCustomer,
  signInThroughForm,
  signOutViaMenu,
} from "../support/accounts";

function createAccount(page: Page) {
  return main(page).getByRole("button", { name: "Create Account" }).click();
}

test.describe("customer registration", () => {
  test("shows the form, the terms links and the vendor link", async ({ page }) => {
    await open(page, "/register");
    await expect(page).toHaveTitle(/Register/);
    const form = main(page);
    await expect(form.getByRole("heading", { level: 1 })).toBeVisible();
    for (const label of ["Full Name", "Email Address", "Confirm Password"]) await expect(form.getByLabel(label)).toBeVisible();
    await expect(form.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
    await expect(form.getByLabel("Confirm Password")).toHaveAttribute("type", "password");
    const terms = form.getByRole("checkbox", { name: /I agree to the Terms & Conditions and Privacy Policy/ });
    await expect(terms).not.toBeChecked();
    await expect(form.getByRole("link", { name: "Terms & Conditions" })).toHaveAttribute("href", "/terms");
    await expect(form.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    await expect(form.getByRole("button", { name: "Create Account" })).toBeEnabled();
    await expect(form.getByRole("link", { name: "Register as a vendor" })).toHaveAttribute("href", "/vendor/register");

    await form.getByRole("link", { name: "Register as a vendor" }).click();
    await expect(page).toHaveURL(/\/vendor\/register$/);
    await expect(main(page).getByRole("button", { name: "Register as Vendor" })).toBeVisible();
  });

  test("the terms links open the Terms & Conditions and the Privacy Policy", async ({ page, context }) => {
    await open(page, "/register");
    const [terms] = await Promise.all([context.waitForEvent("page"), main(page).getByRole("link", { name: "Terms & Conditions" }).click()]);
    await expect(terms).toHaveURL(/\/terms$/);
    await expect(terms.getByRole("heading", { level: 1 })).toBeVisible();
    const [privacy] = await Promise.all([context.waitForEvent("page"), main(page).getByRole("link", { name: "Privacy Policy" }).click()]);
    await expect(privacy).toHaveURL(/\/privacy$/);
    await expect(privacy.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("asks for every field", async ({ page }) => {
    await open(page, "/register");
    await createAccount(page);
    await expect(formAlert(page)).toHaveText("Please fill in all fields");

    // One field left out is enough.
    const a = newAccount("missing");
    await fillRegistration(page, { ...a, name: "" });
    await createAccount(page);
    await expect(formAlert(page)).toHaveText("Please fill in all fields");
    await expect(main(page).getByLabel("Full Name")).toHaveAttribute("aria-invalid", "true");
    await expect(main(page).getByLabel("Email Address")).toHaveValue(a.email);
    await expectSignedOut(page);
  });

  test("refuses passwords that do not match", async ({ page }) => {
    await open(page, "/register");
    const a = newAccount("mismatch");
    await fillRegistration(page, { ...a, confirmPassword: "Secret@124" });
    await createAccount(page);
    await expect(formAlert(page)).toHaveText("Passwords do not match");
    await expect(main(page).getByLabel("Confirm Password")).toHaveAttribute("aria-invalid", "true");
    // What was typed (but the passwords) is kept.
    await expect(main(page).getByLabel("Full Name")).toHaveValue(a.name);
    await expect(main(page).getByLabel("Email Address")).toHaveValue(a.email);
    await expectSignedOut(page);
  });

  test("refuses a password shorter than 6 characters", async ({ page }) => {
    await open(page, "/register");
    await fillRegistration(page, { ...newAccount("short"), password: "abc12" });
    await createAccount(page);
    await expect(formAlert(page)).toHaveText("Password must be at least 6 characters");
    await expect(main(page).getByLabel("Password", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expectSignedOut(page);
  });

  test("asks to accept the Terms & Conditions and Privacy Policy", async ({ page }) => {
    await open(page, "/register");
    const a = newAccount("terms");
    await fillRegistration(page, a, { acceptTerms: false });
    await createAccount(page);
    await expect(formAlert(page)).toHaveText("Please accept the Terms & Conditions and Privacy Policy");
    await expectSignedOut(page);
    // Nothing was created: the same email can still register.
    await registerCustomer(page, a);
  });

  test("an email that already has an account is refused", async ({ page }) => {
    await open(page, "/register");
    await fillRegistration(page, { name: "Someone Else", email: DEMO.customer.email, password: "Another@123" });
    await createAccount(page);
    await expect(formAlert(page)).toHaveText("An account with this email already exists. Please sign in instead.");
    await expect(main(page).getByLabel("Email Address")).toHaveAttribute("aria-invalid", "true");
    await expectSignedOut(page);
    // Case does not make a new email.
    await open(page, "/register");
    await fillRegistration(page, { name: "Someone Else", email: DEMO.customer.email.toUpperCase(), password: "Another@123" });
    await createAccount(page);
    await expect(formAlert(page)).toHaveText("An account with this email already exists. Please sign in instead.");
  });

  test("shows Registering... while the account is being created", async ({ page }) => {
    await open(page, "/register");
    const a = newAccount("pending");
    const { release, held } = await holdPosts(page, "/register");
    await fillRegistration(page, a);
    await createAccount(page);
    await held;
    const pending = main(page).getByRole("button", { name: "Registering..." });
    await expect(pending).toBeVisible();
    await expect(pending).toBeDisabled();
    release();
    await expect(page).toHaveURL(HOME);
    await expect(accountMenu(page, a.name)).toBeVisible();
  });

  test("a new customer lands on / signed in, with their own menu, and can sign in again later", async ({ page }) => {
    test.slow(); // registers, signs out and in again
    const a = newAccount("reg");
    await open(page, "/register");
    await fillRegistration(page, a);
    await createAccount(page);
    await expect(page).toHaveURL(HOME);
    await expect(headerLogin(page)).toHaveCount(0);
    const menu = await openAccountMenu(page, a.name);
    await expect(menu.getByText(a.email, { exact: true })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Profile" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "My Orders" })).toBeVisible();
    // Registration makes customers, never vendors or admins.
    await expect(menu.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
    await expect(menu.getByRole("link", { name: "Admin Panel" })).toHaveCount(0);
    await expectSignedInAs(page, a);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(a.name);

    await page.goto("/");
    await signOutViaMenu(page, a.name);
    await signInThroughForm(page, a);
    await expect(page).toHaveURL(HOME);
    await expect(accountMenu(page, a.name)).toBeVisible();
  });

  test("the email is saved in lower case and signs in in any case", async ({ page }) => {
    const a = newAccount("case");
    await open(page, "/register");
    await fillRegistration(page, { ...a, email: a.email.replace("case-", "CaSe-") });
    await createAccount(page);
    await expect(page).toHaveURL(HOME);
    await expectSignedInAs(page, a);
    await page.goto("/");
    await signOutViaMenu(page, a.name);
    await signInThroughForm(page, { email: a.email.toUpperCase(), password: a.password });
    await expect(accountMenu(page, a.name)).toBeVisible();
  });

  test("registration from a guarded page goes back there", async ({ page }) => {
    await page.goto("/orders");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Forders$/);
    await expect(main(page).getByRole("link", { name: "Register", exact: true })).toHaveAttribute("href", "/register?redirectTo=%2Forders");
    await main(page).getByRole("link", { name: "Register", exact: true }).click();
    await expect(page).toHaveURL(/\/register\?redirectTo=%2Forders$/);
    const a = newAccount("regback");
    await fillRegistration(page, a);
    await createAccount(page);
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your Orders" })).toBeVisible();
  });

  test("a signed-in visitor is sent from /register to /", async ({ page }) => {
    await signInThroughForm(page, DEMO.customer);
    await page.goto("/register");
    await expect(page).toHaveURL(HOME);
  });
});

test.describe("customer registration on a phone", () => {
  test("registers and is signed in, the Menu showing the new account @mobile", async ({ page }) => {
    const a = newAccount("mreg");
    await open(page, "/register");
    await fillRegistration(page, a);
    await createAccount(page);
    await expect(page).toHaveURL(HOME);
    await expectHeaderShows(page, a);
    await mobileMenuToggle(page).click();
    await expect(mobileNav(page).getByText(a.name, { exact: true })).toBeVisible();
    await expect(mobileNav(page).getByText(a.email, { exact: true })).toBeVisible();
    await expect(mobileNav(page).getByRole("link", { name: "Profile" })).toBeVisible();
    await expectSignedInAs(page, a);
  });

  test("shows the registration messages on a phone @mobile", async ({ page }) => {
    await open(page, "/register");
    await fillRegistration(page, { ...newAccount("mmis"), confirmPassword: "different1" });
    await createAccount(page);
    await expect(formAlert(page)).toHaveText("Passwords do not match");
    await expect(formAlert(page)).toBeInViewport();
  });
});
