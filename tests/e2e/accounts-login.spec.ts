import { expect, test } from "@playwright/test";
import {
  DEMO,
  HOME,
  accountMenu,
  createCustomer,
  expectHeaderShows,
  expectSignedInAs,
  expectSignedOut,
  fillSignIn,
  formAlert,
  headerLogin,
  holdPosts,
  main,
  mobileMenuToggle,
  mobileNav,
  open,
  openAccountMenu,
  sessionCookie,
  signInThroughForm,
  signOutViaMenu,
  uniqueEmail,
} from "../support/accounts";

test.describe("customer sign-in page", () => {
  test("shows the form and its links", async ({ page }) => {
    await open(page, "/login");
    await expect(page).toHaveTitle(/Login/);
    await expect(main(page).getByRole("heading", { level: 1, name: "Sign in to your account" })).toBeVisible();
    await expect(main(page).getByLabel("Email Address")).toHaveAttribute("type", "email");
    await expect(main(page).getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
    await expect(main(page).getByRole("checkbox", { name: "Remember me" })).not.toBeChecked();
    await expect(main(page).getByRole("button", { name: "Sign In" })).toBeEnabled();
    await expect(main(page).getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot-password");
    await expect(main(page).getByRole("link", { name: "Register", exact: true })).toHaveAttribute("href", "/register");
    await expect(main(page).getByRole("link", { name: "Vendor Login" })).toHaveAttribute("href", "/vendor/login");
  });

  test("its links lead to the forgot-password, register and vendor sign-in pages", async ({ page }) => {
    await open(page, "/login");
    await main(page).getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(main(page).getByRole("button", { name: "Send Reset Link" })).toBeVisible();

    await open(page, "/login");
    await main(page).getByRole("link", { name: "Register", exact: true }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(main(page).getByRole("button", { name: "Create Account" })).toBeVisible();

    await open(page, "/login");
    await main(page).getByRole("link", { name: "Vendor Login" }).click();
    await expect(page).toHaveURL(/\/vendor\/login$/);
    await expect(main(page).getByRole("heading", { level: 1, name: "Vendor Login" })).toBeVisible();
  });

  test("asks for both fields when one or both are empty", async ({ page }) => {
    await open(page, "/login");
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(formAlert(page)).toHaveText("Please enter both email and password");
    await expect(page).toHaveURL(/\/login$/);

    await main(page).getByLabel("Email Address").fill(DEMO.customer.email);
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(formAlert(page)).toHaveText("Please enter both email and password");
    // The email typed is kept; the password field is marked.
    await expect(main(page).getByLabel("Email Address")).toHaveValue(DEMO.customer.email);
    await expect(main(page).getByLabel("Password", { exact: true })).toHaveAttribute("aria-invalid", "true");

    await main(page).getByLabel("Email Address").fill("");
    await main(page).getByLabel("Password", { exact: true }).fill("whatever1");
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(formAlert(page)).toHaveText("Please enter both email and password");
    await expectSignedOut(page);
  });

  test("a wrong password is refused with the generic message", async ({ page, request }) => {
    const account = await createCustomer(request, "wrongpw");

    await open(page, "/login");
    await fillSignIn(page, account.email, "not-the-password");
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(formAlert(page)).toHaveText("Invalid email or password.");
    await expect(page).toHaveURL(/\/login$/);
    await expect(main(page).getByLabel("Email Address")).toHaveValue(account.email);
    await expect(main(page).getByLabel("Password", { exact: true })).toHaveValue("");
    await expect(headerLogin(page)).toBeVisible();
    await expectSignedOut(page);
  });

  test("an unknown email gets the very same message (no account enumeration)", async ({ page }) => {
    await open(page, "/login");
    await fillSignIn(page, uniqueEmail("nobody"), "Customer@123");
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(formAlert(page)).toHaveText("Invalid email or password.");
    await expectSignedOut(page);
  });

  test("shows Signing in... and disables the button while the sign-in is on its way", async ({ page }) => {
    await open(page, "/login");
    const { release, held } = await holdPosts(page, "/login");
    await fillSignIn(page, DEMO.customer.email, DEMO.customer.password);
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await held;
    const pending = main(page).getByRole("button", { name: "Signing in..." });
    await expect(pending).toBeVisible();
    await expect(pending).toBeDisabled();
    release();
    await expect(page).toHaveURL(HOME);
    await expect(accountMenu(page, DEMO.customer.name)).toBeVisible();
  });

  test("a customer signs in, lands on / and finds their menu", async ({ page }) => {
    await open(page, "/login");
    await fillSignIn(page, DEMO.customer.email, DEMO.customer.password);
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(HOME);
    await expect(headerLogin(page)).toHaveCount(0);

    const menu = await openAccountMenu(page, DEMO.customer.name);
    await expect(menu.getByText(DEMO.customer.name, { exact: true }).last()).toBeVisible();
    await expect(menu.getByText(DEMO.customer.email, { exact: true })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/profile");
    await expect(menu.getByRole("link", { name: "My Orders" })).toHaveAttribute("href", "/orders");
    // Only a customer's links.
    await expect(menu.getByRole("link", { name: "Admin Panel" })).toHaveCount(0);
    await expect(menu.getByRole("link", { name: "Dashboard" })).toHaveCount(0);

    await menu.getByRole("link", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();

    const again = await openAccountMenu(page, DEMO.customer.name);
    await again.getByRole("link", { name: "My Orders" }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your Orders" })).toBeVisible();
  });

  test("sign-in goes back to the redirectTo page", async ({ page }) => {
    await open(page, "/login?redirectTo=%2Fproducts%3Fcategory%3DLaptop");
    await fillSignIn(page, DEMO.customer.email, DEMO.customer.password);
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/products\?category=Laptop$/);
    await expect(accountMenu(page, DEMO.customer.name)).toBeVisible();
  });

  test("the header's Login link remembers the page the visitor was on", async ({ page }) => {
    await open(page, "/services");
    await expect(headerLogin(page)).toHaveAttribute("href", "/login?redirectTo=%2Fservices");
    await headerLogin(page).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fservices$/);
    await fillSignIn(page, DEMO.customer.email, DEMO.customer.password);
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(accountMenu(page, DEMO.customer.name)).toBeVisible();
  });

  test("a signed-in visitor is sent on from /login", async ({ page }) => {
    await signInThroughForm(page, DEMO.customer);
    await page.goto("/login");
    await expect(page).toHaveURL(HOME);
    await page.goto("/login?redirectTo=%2Forders");
    await expect(page).toHaveURL(/\/orders$/);
  });

  test("without Remember me the session cookie ends with the browser", async ({ page, context }) => {
    await open(page, "/login");
    await fillSignIn(page, DEMO.customer.email, DEMO.customer.password);
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(HOME);
    const cookie = await sessionCookie(context);
    expect(cookie, "rc.session_token cookie").toBeDefined();
    expect(cookie!.expires, "a session cookie has no expiry").toBe(-1);
  });

  test("with Remember me the session cookie lasts about 30 days", async ({ page, context }) => {
    await open(page, "/login");
    await fillSignIn(page, DEMO.customer.email, DEMO.customer.password, { rememberMe: true });
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(HOME);
    const cookie = await sessionCookie(context);
    expect(cookie, "rc.session_token cookie").toBeDefined();
    const days = (cookie!.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30.01);
  });

  test("Logout in the account menu signs out and returns to /", async ({ page }) => {
    await signInThroughForm(page, DEMO.customer, { url: "/login?redirectTo=%2Fabout" });
    await expect(page).toHaveURL(/\/about$/);
    await signOutViaMenu(page, DEMO.customer.name);
    await expect(accountMenu(page, DEMO.customer.name)).toHaveCount(0);
    await expectSignedOut(page);
  });

  test("signing out in one tab signs the other tabs out too", async ({ page, context }) => {
    await signInThroughForm(page, DEMO.customer);
    const other = await context.newPage();
    await other.goto("/profile");
    await expect(other).toHaveURL(/\/profile$/);
    await signOutViaMenu(page, DEMO.customer.name);
    await other.reload();
    await expect(other).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
  });
});

test.describe("customer sign-in on a phone", () => {
  test("signs in and the Menu shows the account instead of Login and Register @mobile", async ({ page }) => {
    await open(page, "/login");
    await expect(main(page).getByRole("heading", { level: 1, name: "Sign in to your account" })).toBeVisible();
    await fillSignIn(page, DEMO.customer.email, DEMO.customer.password);
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(HOME);
    await expectHeaderShows(page, DEMO.customer);

    await mobileMenuToggle(page).click();
    const nav = mobileNav(page);
    await expect(nav.getByText(DEMO.customer.name, { exact: true })).toBeVisible();
    await expect(nav.getByText(DEMO.customer.email, { exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Login", exact: true })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Register", exact: true })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Vendor Login" })).toHaveCount(0);
    await expect(nav.getByRole("button", { name: "Logout" })).toBeVisible();
    await expectSignedInAs(page, DEMO.customer);
  });
});
