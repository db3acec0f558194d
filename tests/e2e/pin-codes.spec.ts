import { expect, test, type Locator, type Page } from "@playwright/test";
import { signInAdmin } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";
import { DELHI_ADDRESS, ROUTINE, addToCart, expectCurrentStep, fillShipping, openCheckout, paymentSection, registerShopper, shippingField, stepSection } from "../support/checkout";
import { gotoHydrated } from "../support/hydration";
import { desktopOnly } from "../support/widths";

// PIN codes at checkout and in the admin's Delivery page (docs/product-rules.md, "PIN codes").
test.describe.configure({ timeout: 90_000 });

const WRONG_STATE = "PIN code 110001 is in Delhi, not Karnataka";

async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(message);
}

async function startCheckout(page: Page): Promise<void> {
  await registerShopper(page);
  await addToCart(page, ROUTINE.keyboard, 1);
  await openCheckout(page);
}

async function continueToPayment(page: Page): Promise<void> {
  await stepSection(page, "Shipping").getByRole("button", { name: "Continue to Payment" }).click();
}


// Each test runs at 1280 px, and again at 390 px as "@mobile".
for (const width of ["", " @mobile"]) {
  test.describe(`PIN codes at checkout${width}`, () => {
    desktopOnly(width)(`typing a PIN code fills its state and offers its city${width}`, async ({ page }) => {
      await startCheckout(page);
      await shippingField(page, "City").fill("");
      await shippingField(page, "State").selectOption("");
      await shippingField(page, "PIN Code").fill("400001");
      await expect(shippingField(page, "State")).toHaveValue("Maharashtra");
      await expect(shippingField(page, "City")).toHaveValue("Mumbai");
      // A city already typed is kept; the PIN's is offered beside it.
      await shippingField(page, "City").fill("Navi Mumbai");
      await shippingField(page, "PIN Code").fill("560001");
      await expect(shippingField(page, "State")).toHaveValue("Karnataka");
      await expect(shippingField(page, "City")).toHaveValue("Navi Mumbai");
      await expect(page.locator("datalist option")).toHaveAttribute("value", "Bengaluru");
    });

    desktopOnly(width)(`a PIN code in another state than the one chosen is refused on the PIN field${width}`, async ({ page }) => {
      await startCheckout(page);
      await fillShipping(page, { ...DELHI_ADDRESS, state: undefined, postalCode: "110001" });
      await expect(shippingField(page, "State")).toHaveValue("Delhi");
      // The customer insists on another state: the server says where the PIN is.
      await shippingField(page, "State").selectOption("Karnataka");
      await continueToPayment(page);
      await expectCurrentStep(page, "Shipping");
      await expectFieldError(shippingField(page, "PIN Code"), WRONG_STATE);
      await expect(shippingField(page, "PIN Code")).toHaveValue("110001");

      await shippingField(page, "PIN Code").fill("999999");
      await continueToPayment(page);
      await expectFieldError(shippingField(page, "PIN Code"), "PIN code 999999 does not exist. Please check it.");
    });
  });
}

test.describe("PIN codes at checkout", () => {
  test("the same check without JavaScript, in the same words", async ({ page, browser, baseURL }) => {
    await registerShopper(page);
    await addToCart(page, ROUTINE.keyboard, 1);
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, storageState: await page.context().storageState() });
    try {
      const noJs = await context.newPage();
      await noJs.goto("/checkout");
      await expectCurrentStep(noJs, "Shipping");
      await fillShipping(noJs, { ...DELHI_ADDRESS, state: "Karnataka" });
      // Nothing is filled in without JavaScript.
      await expect(shippingField(noJs, "State")).toHaveValue("Karnataka");
      await continueToPayment(noJs);
      await expectCurrentStep(noJs, "Shipping");
      await expectFieldError(shippingField(noJs, "PIN Code"), WRONG_STATE);
      await expect(shippingField(noJs, "State")).toHaveValue("Karnataka");

      await fillShipping(noJs, { state: "Delhi" });
      await continueToPayment(noJs);
      await expectCurrentStep(noJs, "Payment");
    } finally {
      await context.close();
    }
  });

  test("cash on delivery is not offered to a prepaid-only PIN code, and says why", async ({ page }) => {
    await startCheckout(page);
    await fillShipping(page, { ...DELHI_ADDRESS, city: "Tezu", state: "Arunachal Pradesh", postalCode: "792001" });
    await continueToPayment(page);
    await expectCurrentStep(page, "Payment");
    const cod = paymentSection(page).getByRole("radio", { name: "Cash on Delivery", exact: true });
    await expect(cod).toBeDisabled();
    await expect(cod).toHaveAccessibleDescription("Cash on delivery is not available for PIN code 792001");
    await expect(paymentSection(page).getByRole("button", { name: "Place Order" })).toBeVisible();
  });
});

for (const width of ["", " @mobile"]) {
  test(`the admin adds and removes a PIN rule on Delivery, and axe finds nothing${width}`, async ({ page }) => {
    await signInAdmin(page);
    await gotoHydrated(page, "/admin/delivery");
    await expect(page.getByRole("heading", { level: 1, name: "Delivery" })).toBeVisible();
    // The demo's rule.
    await expect(page.getByRole("row", { name: /^792 Prepaid only/ })).toBeVisible();
    await expectNoAxeViolations(page, { where: "the Delivery page" });

    const prefix = `8${String(Math.floor(Math.random() * 100_000)).padStart(5, "0")}`;
    const form = page.getByRole("main").locator("form", { has: page.getByRole("button", { name: "Add rule" }) });
    await form.getByLabel("PIN code or prefix", { exact: true }).fill(prefix);
    await form.getByLabel("Rule", { exact: true }).selectOption("not_serviceable");
    await form.getByRole("button", { name: "Add rule" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(`Rule added: PIN code ${prefix}, not served.`);
    const row = page.getByRole("row", { name: new RegExp(`^${prefix} Not served`) });
    await expect(row).toBeVisible();

    // A malformed prefix is refused beside its field.
    await form.getByLabel("PIN code or prefix", { exact: true }).fill("79a");
    await form.getByRole("button", { name: "Add rule" }).click();
    await expectFieldError(form.getByLabel("PIN code or prefix", { exact: true }), "Please enter 1 to 6 digits: a whole PIN code or its first digits");
    await expectNoAxeViolations(page, { where: "the Delivery page with a refused rule" });

    await page.getByRole("button", { name: `Remove the rule for ${prefix}` }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(`Rule for ${prefix} removed.`);
    await expect(row).toHaveCount(0);
  });
}
