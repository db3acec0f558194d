import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import {
  DELHI_ADDRESS,
  NOIDA_ADDRESS,
  ROUTINE,
  UPI,
  addToCart,
  expectConfirmation,
  expectCurrentStep,
  expectSummary,
  fillShipping,
  listedOrderNumbers,
  paymentSection,
  placeOrderButton,
  registerShopper,
  shippingField,
  stepSection,
  storedOrdersOf,
} from "../support/checkout";

// Checkout is a pair of plain HTML forms first: these tests place orders with JavaScript off.
// The customer registers and fills the cart in an ordinary browser; the session and cart cookies
// are then handed to a browser without JavaScript.
test.describe.configure({ timeout: 90_000 });

const NEEDS_JAVASCRIPT = "Please enable JavaScript to pay by card or UPI, or choose Cash on Delivery.";

async function noJsCheckout(
  page: Page,
  browser: Browser,
  baseURL: string | undefined,
  product = ROUTINE.keyboard,
): Promise<{ context: BrowserContext; noJs: Page; email: string }> {
  const { email } = await registerShopper(page);
  await addToCart(page, product, 1);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, storageState: await page.context().storageState() });
  const noJs = await context.newPage();
  await noJs.goto("/checkout");
  await expect(noJs.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await expectCurrentStep(noJs, "Shipping");
  return { context, noJs, email };
}

test.describe("checkout without JavaScript", () => {
  test("a cash-on-delivery order goes from shipping to payment to the confirmation", async ({ page, browser, baseURL }) => {
    const { context, noJs } = await noJsCheckout(page, browser, baseURL);
    try {
      await expectSummary(noJs, { subtotal: "₹3,499", shipping: "₹99", tax: "₹630", total: "₹4,228" });

      // The server checks the address too.
      await shippingField(noJs, "Full Name").fill("");
      await stepSection(noJs, "Shipping").getByRole("button", { name: "Continue to Payment" }).click();
      await expectCurrentStep(noJs, "Shipping");
      await expect(shippingField(noJs, "Full Name")).toHaveAccessibleDescription("Please enter the full name");
      await expect(shippingField(noJs, "PIN Code")).toHaveAccessibleDescription("Please enter the PIN code");

      await fillShipping(noJs, { ...DELHI_ADDRESS, fullName: "Rahul Menon" });
      await stepSection(noJs, "Shipping").getByRole("button", { name: "Continue to Payment" }).click();
      await expectCurrentStep(noJs, "Payment");
      await expect(paymentSection(noJs)).toContainText("Rahul Menon, 14, Janpath Lane, Near Connaught Place, New Delhi, Delhi 110001");

      await paymentSection(noJs).getByRole("radio", { name: "Cash on Delivery" }).check();
      await placeOrderButton(noJs).click();
      const number = await expectConfirmation(noJs);
      await expect(noJs.getByRole("main")).toContainText("Total ₹4,228 · Payment: COD · Shipping to Rahul Menon, New Delhi");
      await expect(noJs.getByTestId("cart-badge")).toHaveCount(0);

      // Continue Shopping works as a plain form too.
      await noJs.getByRole("button", { name: "Continue Shopping" }).click();
      await expect(noJs).toHaveURL(/^https?:\/\/[^/]+\/$/);

      await noJs.goto("/orders");
      expect(await listedOrderNumbers(noJs)).toEqual([number]);
      await expect(noJs.getByRole("main")).toContainText("COD");
    } finally {
      await context.close();
    }
  });

  test("paying by card asks for JavaScript, or cash on delivery; nothing is placed", async ({ page, browser, baseURL }) => {
    const { context, noJs, email } = await noJsCheckout(page, browser, baseURL);
    try {
      await fillShipping(noJs, NOIDA_ADDRESS);
      await stepSection(noJs, "Shipping").getByRole("button", { name: "Continue to Payment" }).click();
      await expectCurrentStep(noJs, "Payment");
      await expect(paymentSection(noJs).getByRole("radio", { name: "Credit / Debit Card" })).toBeChecked();
      // Whatever is typed in the card fields is not sent (they have no names): Razorpay's script pays by card.
      await paymentSection(noJs).getByLabel("Card Number", { exact: true }).fill("4111 1111 1111 1111");
      await placeOrderButton(noJs).click();
      await expectCurrentStep(noJs, "Payment");
      await expect(paymentSection(noJs).getByText(NEEDS_JAVASCRIPT)).toBeVisible();
      await expect(noJs).toHaveURL(/\/checkout$/);
      expect(storedOrdersOf(email)).toEqual([]);

      // The address is still there: cash on delivery now goes through.
      await expect(paymentSection(noJs)).toContainText("98111 22334");
      await paymentSection(noJs).getByRole("radio", { name: "Cash on Delivery" }).check();
      await placeOrderButton(noJs).click();
      await expectConfirmation(noJs);
    } finally {
      await context.close();
    }
  });

  test("paying by UPI asks for JavaScript too; nothing is placed", async ({ page, browser, baseURL }) => {
    const { context, noJs, email } = await noJsCheckout(page, browser, baseURL);
    try {
      await fillShipping(noJs, DELHI_ADDRESS);
      await stepSection(noJs, "Shipping").getByRole("button", { name: "Continue to Payment" }).click();
      await expectCurrentStep(noJs, "Payment");
      await paymentSection(noJs).getByRole("radio", { name: "UPI" }).check();
      // Without JavaScript the UPI ID field is offered all the same (the radio cannot reveal it) ...
      const upi = paymentSection(noJs).getByLabel("UPI ID", { exact: true });
      await expect(upi).toBeVisible();
      await upi.fill(UPI.pays);
      await placeOrderButton(noJs).click();
      // ... but a UPI payment is Razorpay's script's too.
      await expectCurrentStep(noJs, "Payment");
      await expect(paymentSection(noJs).getByText(NEEDS_JAVASCRIPT)).toBeVisible();
      await expect(paymentSection(noJs).getByRole("radio", { name: "UPI" })).toBeChecked();
      expect(storedOrdersOf(email)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
