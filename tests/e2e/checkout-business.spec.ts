import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import {
  ROUTINE,
  SELLERS,
  addToCart,
  continueToPayment,
  expectConfirmation,
  expectCurrentStep,
  fillShipping,
  invoiceOf,
  paymentSection,
  placeOrderButton,
  registerShopper,
  shippingField,
  stepSection,
  type Address,
} from "../support/checkout";
import { waitForHydration } from "../support/hydration";

// A business buyer's GST invoice (docs/product-rules.md, "Business buyers"): the GSTIN is entered on
// the address step, refused beside its field when it is wrong or of another state than the one the
// goods go to, and printed on the seller's tax invoice. At both widths, with and without JavaScript.
test.describe.configure({ timeout: 120_000 });

const BUSINESS = "Buying for a business? Get a GST invoice";
const MUMBAI: Address = { phone: "+91 98200 12345", addressLine1: "4th floor, Kalpataru Court", city: "Mumbai", state: "Maharashtra", postalCode: "400001" };
const GSTIN = "27AAPFU0939F1ZV";
const LEGAL_NAME = "Iyer Design Studio LLP";

async function submitShipping(page: Page): Promise<void> {
  await stepSection(page, "Shipping").getByRole("button", { name: "Continue to Payment" }).click();
}

/** From the shipping step: refusals first, then the right GSTIN, Cash on Delivery, and the invoice. */
async function buyForBusiness(page: Page, js: boolean): Promise<void> {
  await fillShipping(page, { ...MUMBAI, fullName: "Meera Iyer" });
  await shippingField(page, BUSINESS).check();

  // A Karnataka GSTIN for goods going to Maharashtra, and no legal name: each refused beside its field.
  await shippingField(page, "GSTIN").fill("29AAGCB7383J1Z4");
  await submitShipping(page);
  await expectCurrentStep(page, "Shipping");
  await expect(shippingField(page, "GSTIN")).toHaveAttribute("aria-invalid", "true");
  await expect(shippingField(page, "GSTIN")).toHaveAccessibleDescription(/registered in Karnataka, but the goods go to Maharashtra\. For goods the place of supply is where they are delivered/);
  await expect(shippingField(page, "Business legal name")).toHaveAccessibleDescription(/Please enter the business's legal name/);
  // What was typed stays.
  await expect(shippingField(page, "GSTIN")).toHaveValue("29AAGCB7383J1Z4");
  await expect(shippingField(page, BUSINESS)).toBeChecked();
  if (js) await expect(shippingField(page, "GSTIN")).toBeFocused();
  // axe runs in the page, so with JavaScript only; the server sends the same HTML either way.
  if (js) await expectNoAxeViolations(page, { where: "the refused GSTIN" });

  // A broken check character.
  await shippingField(page, "GSTIN").fill("27AAPFU0939F1ZO");
  await shippingField(page, "Business legal name").fill(LEGAL_NAME);
  await submitShipping(page);
  await expectCurrentStep(page, "Shipping");
  await expect(shippingField(page, "GSTIN")).toHaveAccessibleDescription(/This GSTIN's last character does not match/);
  await expect(shippingField(page, "Business legal name")).not.toHaveAttribute("aria-invalid", "true");

  await shippingField(page, "GSTIN").fill(GSTIN.toLowerCase());
  if (js) await continueToPayment(page);
  else {
    await submitShipping(page);
    await expectCurrentStep(page, "Payment");
  }
  await paymentSection(page).getByRole("radio", { name: "Cash on Delivery" }).check();
  await placeOrderButton(page).click();
  const number = await expectConfirmation(page);

  await page.goto(`/orders/${number}`);
  if (js) await waitForHydration(page);
  const main = page.getByRole("main");
  await expect(main).toContainText(`Bought for ${LEGAL_NAME}, GSTIN ${GSTIN}. The GSTIN cannot be changed once the invoice is issued.`);
  const invoice = invoiceOf(page, SELLERS.vendor1.name);
  await expect(invoice).toContainText(`Invoice ${number}-1`);
  for (const [term, value] of [
    ["Bill to", LEGAL_NAME],
    ["Recipient GSTIN", GSTIN],
    ["Place of supply", "Maharashtra (27)"],
    ["Reverse charge", "No"],
  ]) {
    await expect(invoice.getByRole("term").filter({ hasText: term })).toHaveCount(1);
    await expect(invoice.getByRole("definition").filter({ hasText: value }).first()).toBeVisible();
  }
  await expect(invoice).toContainText("Address");
  await expect(invoice).toContainText("4th floor, Kalpataru Court, Mumbai, Maharashtra 400001");
  // The keyboard's HSN and the IGST of a Delhi seller's supply to Maharashtra: ₹3,499 × 18% = ₹629.82.
  await expect(invoice).toContainText(/8471\s?60/);
  await expect(invoice).toContainText(/IGST \(18%\)\s*₹629\.82/);
  if (js) await expectNoAxeViolations(page, { where: "the business order's page" });

  // Printed, the invoice keeps the buyer's GSTIN.
  await page.emulateMedia({ media: "print" });
  await expect(invoice).toBeVisible();
  await expect(invoice.getByRole("definition").filter({ hasText: GSTIN })).toBeVisible();
  await page.emulateMedia({ media: "screen" });
}

for (const width of ["", " @mobile"]) {
  test(`a business purchase: the GSTIN refused, then accepted and printed on the invoice${width}`, async ({ page }) => {
    await registerShopper(page);
    await addToCart(page, ROUTINE.keyboard, 1);
    await page.goto("/checkout");
    await waitForHydration(page);
    await expectCurrentStep(page, "Shipping");
    await buyForBusiness(page, true);

    // Saved for next time: the next checkout starts with the business ticked and filled in.
    await addToCart(page, ROUTINE.keyboard, 1);
    await page.goto("/checkout");
    await waitForHydration(page);
    await expect(shippingField(page, BUSINESS)).toBeChecked();
    await expect(shippingField(page, "GSTIN")).toHaveValue(GSTIN);
    await expect(shippingField(page, "Business legal name")).toHaveValue(LEGAL_NAME);
    await expectNoAxeViolations(page, { where: "the address step with a saved business" });
  });

  test(`a business purchase without JavaScript${width}`, async ({ page, browser, baseURL }) => {
    await registerShopper(page);
    await addToCart(page, ROUTINE.keyboard, 1);
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: page.viewportSize(), storageState: await page.context().storageState() });
    try {
      const noJs = await context.newPage();
      await noJs.goto("/checkout");
      await expectCurrentStep(noJs, "Shipping");
      await buyForBusiness(noJs, false);
    } finally {
      await context.close();
    }
  });
}
