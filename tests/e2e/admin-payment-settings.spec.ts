import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { DEMO, signInAdmin, signInVendor, signUp } from "../support/accounts";
import { waitForHydration } from "../support/hydration";
import {
  SEEDED_RAZORPAY,
  URL_PATH,
  cardValues,
  editButton,
  expectNoSecretIn,
  main,
  postedSettings,
  recordResponses,
  section,
  settingsForm,
  storedSettings,
} from "../support/payment-settings";

/**
 * Payment settings on the shared server: read-only checks only (the seeded settings, the form,
 * who may see and post it). Tests that save settings run on the isolated server
 * (payment-settings.isolated.spec.ts), because checkout specs pay by card, UPI and cash on
 * delivery on this one at the same time.
 */

test.describe("admin payment settings (shared server, read-only)", () => {
  test("shows the seeded settings with the secret masked, and the button reveals the form", async ({ page, baseURL }) => {
    const recorded = recordResponses(page, baseURL!);
    await signInAdmin(page);
    await page.goto(URL_PATH);
    await waitForHydration(page);
    await expect(main(page).getByRole("heading", { level: 1, name: "Payment Settings" })).toBeVisible();
    await expect(page.getByText("Checkout offers: Credit / Debit Card, UPI, Cash on Delivery.")).toBeVisible();
    expect(await cardValues(page, "Razorpay")).toEqual({
      Status: "Enabled",
      "Key ID": SEEDED_RAZORPAY.keyId,
      "Key Secret": SEEDED_RAZORPAY.masked,
      "Webhook Secret": "••••••••5678",
    });
    expect(await cardValues(page, "Cash on Delivery")).toEqual({ Status: "Enabled" });
    expect(await cardValues(page, "Stripe")).toEqual({ Status: "Disabled", "Publishable Key": "Not set", "Secret Key": "Not set" });
    expect(await cardValues(page, "Bank Transfer")).toEqual({
      Status: "Disabled",
      "Account Name": "Not set",
      "Account Number": "Not set",
      "Bank Name": "Not set",
      "IFSC Code": "Not set",
    });

    // The form is hidden until asked for.
    await expect(settingsForm(page)).toHaveCount(0);
    await expect(editButton(page)).toHaveAttribute("aria-expanded", "false");
    await editButton(page).click();
    await expect(editButton(page)).toHaveAttribute("aria-expanded", "true");
    await expect(settingsForm(page)).toBeVisible();
    const razorpay = section(page, "Razorpay");
    await expect(razorpay.getByLabel("Key ID", { exact: true })).toHaveValue(SEEDED_RAZORPAY.keyId);
    // The secret is never a default value: the field is empty, its hint shows the mask.
    const secret = razorpay.getByLabel("Key Secret", { exact: true });
    await expect(secret).toHaveValue("");
    await expect(secret).toHaveAttribute("type", "password");
    await expect(secret).toHaveAccessibleDescription(`Stored: ${SEEDED_RAZORPAY.masked}. Leave blank to keep it.`);
    await expect(razorpay.getByRole("checkbox", { name: "Enabled" })).toBeChecked();
    await expect(section(page, "Cash on Delivery").getByRole("checkbox", { name: "Enabled" })).toBeChecked();
    await expect(section(page, "Stripe").getByRole("checkbox", { name: "Enabled" })).not.toBeChecked();
    await expect(section(page, "Bank Transfer").getByRole("checkbox", { name: "Enabled" })).not.toBeChecked();
    for (const label of ["Account Name", "Account Number", "Bank Name", "IFSC Code"]) {
      await expect(section(page, "Bank Transfer").getByLabel(label, { exact: true })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await editButton(page).click();
    await expect(settingsForm(page)).toHaveCount(0);

    // Moving about the admin panel loads the page's data as .data responses: the secret is in none.
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Payment Settings" }).click();
    await expect(page).toHaveURL(/\/admin\/payment-settings$/);
    await expect(methodCardSecret(page)).toHaveText(SEEDED_RAZORPAY.masked);
    await expectNoSecretIn(recorded, [SEEDED_RAZORPAY.keySecret]);
  });

  test("without JavaScript, Add/Edit Payment Methods is a link that shows the form", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    try {
      await signInAdmin(page);
      await page.goto(URL_PATH);
      await expect(settingsForm(page)).toHaveCount(0);
      await main(page).getByRole("link", { name: "Add/Edit Payment Methods" }).click();
      await expect(page).toHaveURL(/\/admin\/payment-settings\?edit=1$/);
      await expect(settingsForm(page)).toBeVisible();
      await expect(section(page, "Razorpay").getByLabel("Key ID", { exact: true })).toHaveValue(SEEDED_RAZORPAY.keyId);
      await expect(section(page, "Razorpay").getByLabel("Key Secret", { exact: true })).toHaveValue("");
      expect(await page.content()).not.toContain(SEEDED_RAZORPAY.keySecret);
    } finally {
      await context.close();
    }
  });
});

function methodCardSecret(page: Page) {
  return page.getByRole("region", { name: "Current settings" }).getByRole("article", { name: "Razorpay" }).getByRole("definition").nth(1);
}

/** The page and a post that would change nothing visible if it were wrongly accepted (the same settings), but would bump the version. */
async function expectRefused(page: Page, who: string) {
  const before = storedSettings("shared");
  await page.goto(URL_PATH);
  await expect(page, who).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fpayment-settings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
  expect(await page.content()).not.toContain(SEEDED_RAZORPAY.keyId);

  const form = postedSettings(before);
  for (const target of [URL_PATH, `${URL_PATH}?edit=1`]) {
    const response = await page.request.post(target, { form, maxRedirects: 0 });
    expect(response.status(), `${who}: POST ${target}`).toBe(302);
    expect(response.headers()["location"], `${who}: POST ${target}`).toMatch(/^\/admin\/login\?redirectTo=/);
  }
  // The data endpoint refuses too.
  const data = await page.request.post(`${URL_PATH}.data`, { form, maxRedirects: 0 });
  expect(await data.text(), `${who}: POST .data`).not.toContain(SEEDED_RAZORPAY.keyId);
  expect(storedSettings("shared"), `${who}: nothing changed`).toEqual(before);
}

test.describe("payment settings are for administrators only", () => {
  test("a visitor is sent to /admin/login, for the page and for posts", async ({ page }) => {
    await expectRefused(page, "visitor");
  });

  test("a signed-in customer is refused", async ({ page }) => {
    await signUp(page, "pay-cust");
    await expectRefused(page, "customer");
  });

  test("a signed-in vendor is refused", async ({ page }) => {
    await signInVendor(page, DEMO.vendor1);
    await expectRefused(page, "vendor");
  });
});
