import { expect, test, type Locator, type Page } from "@playwright/test";
import { DEMO, newVendor, signInAdmin, signInVendor, uniqueEmail } from "../support/accounts";
import { ROUTINE, addToCart, openCheckout, registerShopper, stepSection } from "../support/checkout";
import { waitForHydration } from "../support/hydration";
import { openSettingsForm, saveSettings, section, settingsForm } from "../support/payment-settings";

/**
 * Decision 011: a refused post answers with the one reply shape and the page keeps its form: the
 * same form element (nothing re-created), what was typed, and focus on the first invalid field.
 */

/** Marks the submit button's form, so a form re-created by the answer is told apart from the same one. */
async function markForm(submit: Locator): Promise<void> {
  await submit.evaluate((b: HTMLButtonElement) => {
    (b.form as unknown as Record<string, unknown>).__keptAcrossReply = true;
  });
}

async function expectSameForm(submit: Locator): Promise<void> {
  expect(await submit.evaluate((b: HTMLButtonElement) => (b.form as unknown as Record<string, unknown>).__keptAcrossReply === true)).toBe(true);
}

async function openHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
}

test.describe("a refused form keeps its fields", () => {
  test("customer sign-in", async ({ page }) => {
    await openHydrated(page, "/login");
    const main = page.getByRole("main");
    const submit = main.getByRole("button", { name: "Sign In" });
    await main.getByLabel("Email Address").fill("asha.kept@example.in");
    await markForm(submit);
    await submit.click();
    await expect(main.getByRole("alert")).toHaveText("Please enter both email and password");
    await expect(main.getByLabel("Password")).toBeFocused();
    await expect(main.getByLabel("Email Address")).toHaveValue("asha.kept@example.in");
    await expectSameForm(submit);
  });

  test("customer registration: the typed password stays in the browser, never in the answer", async ({ page }) => {
    await openHydrated(page, "/register");
    const main = page.getByRole("main");
    const submit = main.getByRole("button", { name: "Create Account" });
    const email = uniqueEmail("kept");
    await main.getByLabel("Full Name").fill("Asha Kept");
    await main.getByLabel("Email Address").fill(email);
    await main.getByLabel("Password", { exact: true }).fill("abc");
    await main.getByLabel("Confirm Password").fill("abc");
    await main.getByRole("checkbox").check();
    await markForm(submit);
    const answer = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/register"));
    await submit.click();
    expect(await (await answer).text()).not.toContain('"abc"');
    await expect(main.getByRole("alert")).toHaveText("Password must be at least 6 characters");
    await expect(main.getByLabel("Password", { exact: true })).toBeFocused();
    await expect(main.getByLabel("Password", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(main.getByLabel("Full Name")).toHaveValue("Asha Kept");
    await expect(main.getByLabel("Email Address")).toHaveValue(email);
    await expect(main.getByRole("checkbox")).toBeChecked();
    await expectSameForm(submit);
  });

  test("vendor registration", async ({ page }) => {
    const v = newVendor("kept");
    await openHydrated(page, "/vendor/register");
    const main = page.getByRole("main");
    const submit = main.getByRole("button", { name: /Register|Create/ });
    await main.getByLabel("Your Name").fill(v.name);
    await main.getByLabel("Business Name").fill("Kept Traders");
    await main.getByLabel("Email Address").fill(v.email);
    await main.getByLabel("Phone Number").fill("+91 98765 43210");
    await main.getByLabel("GSTIN").fill("NOT-A-GSTIN");
    await main.getByLabel("Password", { exact: true }).fill("secret-pass");
    await main.getByLabel("Confirm Password").fill("secret-pass");
    await main.getByRole("checkbox").check();
    await markForm(submit);
    await submit.click();
    await expect(main.getByLabel("GSTIN")).toHaveAttribute("aria-invalid", "true");
    await expect(main.getByLabel("GSTIN")).toBeFocused();
    await expect(main.getByLabel("Business Name")).toHaveValue("Kept Traders");
    await expect(main.getByLabel("GSTIN")).toHaveValue("NOT-A-GSTIN");
    await expectSameForm(submit);
  });

  test("checkout shipping", async ({ page }) => {
    await registerShopper(page);
    await addToCart(page, ROUTINE.keyboard);
    await openCheckout(page);
    const form = stepSection(page, "Shipping");
    const submit = form.getByRole("button", { name: "Continue to Payment" });
    await form.getByLabel("Full Name", { exact: true }).fill("Asha Kept");
    await form.getByLabel("Phone Number", { exact: true }).fill("+91 98765 43210");
    await form.getByLabel("Address Line 1", { exact: true }).fill("12 Kept Street");
    await form.getByLabel("City", { exact: true }).fill("Pune");
    await form.getByLabel("State", { exact: true }).selectOption("Maharashtra");
    await form.getByLabel("PIN Code", { exact: true }).fill("12");
    await markForm(submit);
    await submit.click();
    await expect(form.getByLabel("PIN Code", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("PIN Code", { exact: true })).toBeFocused();
    await expect(form.getByLabel("Address Line 1", { exact: true })).toHaveValue("12 Kept Street");
    await expect(form.getByLabel("PIN Code", { exact: true })).toHaveValue("12");
    await expectSameForm(submit);
  });

  test("contact", async ({ page }) => {
    await openHydrated(page, "/contact");
    const form = page.getByRole("region", { name: "Send us a message" });
    const submit = form.getByRole("button", { name: "Send Message" });
    await form.getByLabel("Your Name").fill("Asha Kept");
    await form.getByLabel("Email Address").fill("asha@");
    await form.getByLabel("Subject").selectOption("Order Status");
    await form.getByLabel("Message").fill("Where is my order?");
    await markForm(submit);
    await submit.click();
    await expect(form.getByText("Please enter a valid email address")).toBeVisible();
    await expect(form.getByLabel("Email Address")).toBeFocused();
    await expect(form.getByLabel("Your Name")).toHaveValue("Asha Kept");
    await expect(form.getByLabel("Message")).toHaveValue("Where is my order?");
    await expectSameForm(submit);
  });

  test("profile details and change password", async ({ page }) => {
    await registerShopper(page, "Asha Profile");
    await openHydrated(page, "/profile");
    const details = page.getByRole("region", { name: "Profile details" });
    const save = details.getByRole("button", { name: "Save Changes" });
    await details.getByLabel("Street Address").fill("7 Kept Lane");
    await details.getByLabel("PIN Code").fill("12");
    await markForm(save);
    await save.click();
    await expect(details.getByLabel("PIN Code")).toHaveAttribute("aria-invalid", "true");
    await expect(details.getByLabel("PIN Code")).toBeFocused();
    await expect(details.getByLabel("Street Address")).toHaveValue("7 Kept Lane");
    await expectSameForm(save);

    const password = page.getByRole("region", { name: "Change Password" });
    const change = password.getByRole("button", { name: "Change Password" });
    await password.getByLabel("Current Password").fill("wrong-password");
    await password.getByLabel("New Password", { exact: true }).fill("another-pass");
    await password.getByLabel("Confirm New Password").fill("another-pass");
    await markForm(change);
    await change.click();
    await expect(password.getByLabel("Current Password")).toHaveAttribute("aria-invalid", "true");
    await expect(password.getByLabel("Current Password")).toBeFocused();
    await expect(password.getByLabel("New Password", { exact: true })).toHaveValue("another-pass");
    await expectSameForm(change);
  });

  test("product form", async ({ page }) => {
    await signInVendor(page, DEMO.vendor1);
    await openHydrated(page, "/vendor/products/new");
    const main = page.getByRole("main");
    const submit = main.getByRole("button", { name: "Add Product" });
    await main.getByLabel("Name", { exact: true }).fill("Kept Webcam");
    await main.getByLabel("Description").fill("A webcam whose form keeps its fields.");
    await main.getByLabel("Stock").fill("5");
    await markForm(submit);
    await submit.click();
    await expect(main.getByLabel("Price (₹)")).toHaveAttribute("aria-invalid", "true");
    await expect(main.getByLabel("Price (₹)")).toBeFocused();
    await expect(main.getByLabel("Name", { exact: true })).toHaveValue("Kept Webcam");
    await expect(main.getByLabel("Stock")).toHaveValue("5");
    await expectSameForm(submit);
  });

  test("payment settings", async ({ page }) => {
    await signInAdmin(page);
    await openSettingsForm(page);
    const submit = settingsForm(page).getByRole("button", { name: "Save Settings" });
    await section(page, "Bank Transfer").getByLabel("Bank Name").fill("Kept Bank");
    await section(page, "Stripe").getByLabel("Publishable Key").fill("");
    await section(page, "Stripe").getByLabel("Enabled").check();
    await markForm(submit);
    await saveSettings(page);
    await expect(section(page, "Stripe").getByLabel("Publishable Key")).toHaveAttribute("aria-invalid", "true");
    await expect(section(page, "Stripe").getByLabel("Publishable Key")).toBeFocused();
    await expect(section(page, "Bank Transfer").getByLabel("Bank Name")).toHaveValue("Kept Bank");
    await expect(section(page, "Stripe").getByLabel("Enabled")).toBeChecked();
    await expectSameForm(submit);
  });
});

test("a refused sign-in with no field to blame focuses the first field", async ({ page }) => {
  const email = uniqueEmail("nobody");
  await openHydrated(page, "/vendor/login");
  const main = page.getByRole("main");
  const submit = main.getByRole("button", { name: "Sign In" });
  await main.getByLabel("Email Address").fill(email);
  await main.getByLabel("Password").fill("not-the-password");
  await markForm(submit);
  await submit.click();
  await expect(main.getByRole("alert")).toBeVisible();
  await expect(main.getByLabel("Email Address")).toBeFocused();
  await expect(main.getByLabel("Email Address")).toHaveValue(email);
  // A refused password is the one thing a sign-in form empties.
  await expect(main.getByLabel("Password")).toHaveValue("");
  await expectSameForm(submit);
});
