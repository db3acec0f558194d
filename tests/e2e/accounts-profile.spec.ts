import { expect, test, type Page } from "@playwright/test";
import {
  DEMO,
  DEMO_CUSTOMER_ADDRESS,
  HOME,
  accountMenu,
  expectHeaderShows,
  expectSignedOut,
  fillSignIn,
  holdPosts,
  main,
  mobileMenuToggle,
  mobileNav,
  open,
  openAccountMenu,
  signUp,
  signInThroughForm,
  signOutViaMenu,
  uniqueEmail,
} from "../support/accounts";

function profileForm(page: Page) {
  return page.getByRole("region", { name: "Profile details" });
}

function passwordSection(page: Page) {
  return page.getByRole("region", { name: "Change Password" });
}

async function save(page: Page) {
  await profileForm(page).getByRole("button", { name: "Save Changes" }).click();
}

const INDIAN_STATES_AND_UTS = 36;

test.describe("profile", () => {
  test("shows the signed-in customer's details and saved address", async ({ page }) => {
    await signInThroughForm(page, DEMO.customer, { url: "/login?redirectTo=%2Fprofile" });
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();
    const form = profileForm(page);
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue(DEMO.customer.name);
    await expect(form.getByLabel("Email", { exact: true })).toHaveValue(DEMO.customer.email);
    await expect(form.getByLabel("Street Address")).toHaveValue(DEMO_CUSTOMER_ADDRESS.street);
    await expect(form.getByLabel("City")).toHaveValue(DEMO_CUSTOMER_ADDRESS.city);
    await expect(form.getByLabel("State")).toHaveValue(DEMO_CUSTOMER_ADDRESS.state);
    await expect(form.getByLabel("PIN Code")).toHaveValue(DEMO_CUSTOMER_ADDRESS.pin);
    await expect(form.getByRole("button", { name: "Save Changes" })).toBeEnabled();

    const pw = passwordSection(page);
    await expect(pw.getByRole("heading", { name: "Change Password" })).toBeVisible();
    await expect(pw.getByLabel("Current Password")).toHaveAttribute("type", "password");
    await expect(pw.getByLabel("New Password", { exact: true })).toHaveAttribute("type", "password");
    await expect(pw.getByLabel("Confirm New Password")).toHaveAttribute("type", "password");
    await expect(pw.getByRole("button", { name: "Change Password" })).toBeEnabled();
  });

  test("the State list holds every Indian state and union territory", async ({ page }) => {
    await signUp(page, "states");
    await page.goto("/profile");
    const state = profileForm(page).getByLabel("State");
    const options = (await state.locator("option").allTextContents()).map((s) => s.trim());
    expect(options[0]).toBe("Select state");
    const names = options.slice(1);
    expect(names).toHaveLength(INDIAN_STATES_AND_UTS);
    for (const name of ["Andhra Pradesh", "Maharashtra", "Tamil Nadu", "Uttar Pradesh", "West Bengal", "Delhi", "Jammu and Kashmir", "Ladakh", "Lakshadweep", "Puducherry"]) {
      expect(names).toContain(name);
    }
  });

  test("saves name, email and address, which stay after a reload and show in the header", async ({ page }) => {
    test.slow(); // a whole round trip: save, reload, sign out, sign in with the new email
    const a = await signUp(page, "prof");
    await open(page, "/profile");
    const form = profileForm(page);
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue(a.name);
    await expect(form.getByLabel("Email", { exact: true })).toHaveValue(a.email);
    await expect(form.getByLabel("Street Address")).toHaveValue("");

    const name = `Renamed ${Math.random().toString(36).slice(2, 6)}`;
    const email = uniqueEmail("renamed");
    await form.getByLabel("Name", { exact: true }).fill(name);
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByLabel("Street Address").fill("Flat 302, Lake View Apartments, Baner Road");
    await form.getByLabel("City").fill("Pune");
    await form.getByLabel("State").selectOption("Maharashtra");
    await form.getByLabel("PIN Code").fill("411045");

    const { release, held } = await holdPosts(page, "/profile");
    await save(page);
    await held;
    await expect(form.getByRole("button", { name: "Saving..." })).toBeDisabled();
    release();
    await expect(form.getByRole("status")).toHaveText("Profile updated successfully!");
    await expect(page).toHaveURL(/\/profile$/);
    // The header follows at once.
    await expect(accountMenu(page, name)).toBeVisible();

    await page.reload();
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue(name);
    await expect(form.getByLabel("Email", { exact: true })).toHaveValue(email);
    await expect(form.getByLabel("Street Address")).toHaveValue("Flat 302, Lake View Apartments, Baner Road");
    await expect(form.getByLabel("City")).toHaveValue("Pune");
    await expect(form.getByLabel("State")).toHaveValue("Maharashtra");
    await expect(form.getByLabel("PIN Code")).toHaveValue("411045");
    const menu = await openAccountMenu(page, name);
    await expect(menu.getByText(email, { exact: true })).toBeVisible();

    // The new email is the one to sign in with; the old one no longer exists.
    await page.goto("/");
    await signOutViaMenu(page, name);
    await signInThroughForm(page, { email, password: a.password });
    await expect(accountMenu(page, name)).toBeVisible();
  });

  test("name and email are required", async ({ page }) => {
    const a = await signUp(page, "req");
    await open(page, "/profile");
    const form = profileForm(page);
    await form.getByLabel("Name", { exact: true }).fill("");
    await form.getByLabel("City").fill("Kochi");
    await save(page);
    await expect(form.getByRole("alert")).toHaveText("Name and email are required");
    await expect(form.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
    // What was typed stays in the form.
    await expect(form.getByLabel("City")).toHaveValue("Kochi");

    await form.getByLabel("Name", { exact: true }).fill(a.name);
    await form.getByLabel("Email", { exact: true }).fill("");
    await save(page);
    await expect(form.getByRole("alert")).toHaveText("Name and email are required");

    // Nothing was saved.
    await page.reload();
    await expect(form.getByLabel("Email", { exact: true })).toHaveValue(a.email);
    await expect(form.getByLabel("City")).toHaveValue("");
  });

  test("the email of another account is refused", async ({ page }) => {
    const a = await signUp(page, "taken");
    await open(page, "/profile");
    const form = profileForm(page);
    await form.getByLabel("Email", { exact: true }).fill(DEMO.customer.email);
    await save(page);
    await expect(form.getByRole("alert")).toHaveText("An account with this email already exists. Please sign in instead.");
    await expect(form.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await page.reload();
    await expect(form.getByLabel("Email", { exact: true })).toHaveValue(a.email);
  });

  test("a PIN code must have 6 digits", async ({ page }) => {
    await signUp(page, "pin");
    await open(page, "/profile");
    const form = profileForm(page);
    await form.getByLabel("PIN Code").fill("12345");
    await save(page);
    await expect(form.getByRole("alert")).toHaveText("Please enter a valid 6-digit PIN code");
    await expect(form.getByLabel("PIN Code")).toHaveAttribute("aria-invalid", "true");
    await page.reload();
    await expect(form.getByLabel("PIN Code")).toHaveValue("");
  });

  test("saves on a phone too @mobile", async ({ page }) => {
    const a = await signUp(page, "mprof");
    await open(page, "/profile");
    await expect(page.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();
    const form = profileForm(page);
    const name = `Mobile ${Math.random().toString(36).slice(2, 6)}`;
    await form.getByLabel("Name", { exact: true }).fill(name);
    await form.getByLabel("Street Address").fill("12 MG Road");
    await form.getByLabel("City").fill("Bengaluru");
    await form.getByLabel("State").selectOption("Karnataka");
    await form.getByLabel("PIN Code").fill("560001");
    await save(page);
    await expect(form.getByRole("status")).toHaveText("Profile updated successfully!");
    await expect(form.getByRole("status")).toBeInViewport();

    await page.reload();
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue(name);
    await expect(form.getByLabel("State")).toHaveValue("Karnataka");
    await expect(form.getByLabel("PIN Code")).toHaveValue("560001");
    await expectHeaderShows(page, a);
    await mobileMenuToggle(page).click();
    await expect(mobileNav(page).getByText(name, { exact: true })).toBeVisible();
  });
});

test.describe("change password", () => {
  test("a wrong current password is refused", async ({ page }) => {
    const a = await signUp(page, "cpwrong");
    await open(page, "/profile");
    const pw = passwordSection(page);
    await pw.getByLabel("Current Password").fill("not-my-password");
    await pw.getByLabel("New Password", { exact: true }).fill("Changed@123");
    await pw.getByLabel("Confirm New Password").fill("Changed@123");
    await pw.getByRole("button", { name: "Change Password" }).click();
    await expect(pw.getByRole("alert")).toHaveText("Your current password is not correct.");
    await expect(pw.getByLabel("Current Password")).toHaveAttribute("aria-invalid", "true");
    // Still signed in, and the old password still the one.
    await page.goto("/");
    await signOutViaMenu(page, a.name);
    await signInThroughForm(page, a);
    await expect(accountMenu(page, a.name)).toBeVisible();
  });

  test("the new password must be confirmed and long enough", async ({ page }) => {
    const a = await signUp(page, "cprules");
    await open(page, "/profile");
    const pw = passwordSection(page);
    await pw.getByLabel("Current Password").fill(a.password);
    await pw.getByLabel("New Password", { exact: true }).fill("Changed@123");
    await pw.getByLabel("Confirm New Password").fill("Changed@124");
    await pw.getByRole("button", { name: "Change Password" }).click();
    await expect(pw.getByRole("alert")).toHaveText("Passwords do not match");

    await pw.getByLabel("New Password", { exact: true }).fill("abc");
    await pw.getByLabel("Confirm New Password").fill("abc");
    await pw.getByRole("button", { name: "Change Password" }).click();
    await expect(pw.getByRole("alert")).toHaveText("Password must be at least 6 characters");
  });

  test("changes the password and signs out every other device", async ({ page, browser }) => {
    test.slow(); // two devices and six password checks
    const a = await signUp(page, "cpok");

    // The same customer on a second device.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signInThroughForm(other, a);
    await other.goto("/profile");
    await expect(other).toHaveURL(/\/profile$/);

    await open(page, "/profile");
    const pw = passwordSection(page);
    await pw.getByLabel("Current Password").fill(a.password);
    await pw.getByLabel("New Password", { exact: true }).fill("Changed@123");
    await pw.getByLabel("Confirm New Password").fill("Changed@123");
    await pw.getByRole("button", { name: "Change Password" }).click();
    await expect(pw.getByRole("status")).toHaveText("Password changed. You have been signed out on every other device.");
    // The form is emptied.
    await expect(pw.getByLabel("Current Password")).toHaveValue("");

    // This device stays signed in...
    await page.reload();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(accountMenu(page, a.name)).toBeVisible();
    // ...the other one does not.
    await other.reload();
    await expect(other).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
    await otherContext.close();

    // The old password no longer works (one failed sign-in), the new one does.
    await page.goto("/");
    await signOutViaMenu(page, a.name);
    await open(page, "/login");
    await fillSignIn(page, a.email, a.password);
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(main(page).getByRole("alert")).toHaveText("Invalid email or password.");
    await fillSignIn(page, a.email, "Changed@123");
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(HOME);
    await expect(accountMenu(page, a.name)).toBeVisible();
  });

  test("a signed-out visitor cannot post to the profile", async ({ page, baseURL }) => {
    const response = await page.request.post(`${baseURL}/profile`, {
      headers: { Origin: baseURL! },
      form: { intent: "profile", name: "Intruder", email: DEMO.customer.email },
      maxRedirects: 0,
    });
    // Refused: 401, or sent to sign in first.
    if (response.status() !== 401) {
      expect(response.status()).toBe(302);
      expect(response.headers()["location"]).toMatch(/^\/login\?redirectTo=%2Fprofile/);
    }
    await expectSignedOut(page);
    // The customer's profile is unchanged.
    await signInThroughForm(page, DEMO.customer, { url: "/login?redirectTo=%2Fprofile" });
    await expect(profileForm(page).getByLabel("Name", { exact: true })).toHaveValue(DEMO.customer.name);
  });
});
