import { expect, test, type Locator, type Page } from "@playwright/test";
import {
  ADDRESS_LINE_2,
  DELHI_ADDRESS,
  ROUTINE,
  TEST_CARD,
  UPI,
  addToCart,
  choosePayment,
  continueToPayment,
  expectConfirmation,
  expectCurrentStep,
  fillCard,
  fillShipping,
  openCheckout,
  paymentSection,
  paymentStatus,
  placeOrderButton,
  postedFields,
  recordCheckoutPosts,
  registerShopper,
  shipTo,
  shippingField,
  stepSection,
} from "../support/checkout";

test.describe.configure({ timeout: 90_000 });

/** A field shows its message beside it, is marked invalid and is described by the message. */
async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(message);
}

async function expectFieldValid(field: Locator): Promise<void> {
  await expect(field).toHaveAttribute("aria-invalid", "false");
}

async function startCheckout(page: Page): Promise<void> {
  await registerShopper(page);
  await addToCart(page, ROUTINE.keyboard, 1);
  await openCheckout(page);
}

function placePosts(posts: ReturnType<typeof recordCheckoutPosts>) {
  return posts.filter((r) => postedFields(r).some(([k, v]) => k === "intent" && v === "place"));
}

test.describe("shipping step validation", () => {
  test("an empty form names every missing field and stays on Shipping", async ({ page }) => {
    await startCheckout(page);
    await shippingField(page, "Full Name").fill("");
    await stepSection(page, "Shipping").getByRole("button", { name: "Continue to Payment" }).click();

    await expectFieldError(shippingField(page, "Full Name"), "Please enter the full name");
    await expectFieldError(shippingField(page, "Phone Number"), "Please enter a phone number");
    await expectFieldError(shippingField(page, "Address Line 1"), "Please enter the address");
    await expectFieldError(shippingField(page, "City"), "Please enter the city");
    await expectFieldError(shippingField(page, "State"), "Please choose a state");
    await expectFieldError(shippingField(page, "PIN Code"), "Please enter the PIN code");
    await expectFieldValid(shippingField(page, ADDRESS_LINE_2));
    const section = stepSection(page, "Shipping");
    for (const message of [
      "Please enter the full name",
      "Please enter a phone number",
      "Please enter the address",
      "Please enter the city",
      "Please choose a state",
      "Please enter the PIN code",
    ]) {
      await expect(section.getByText(message, { exact: true })).toBeVisible();
    }
    await expectCurrentStep(page, "Shipping");
    await expect(page.getByRole("button", { name: "Place Order" })).toHaveCount(0);
  });

  test("a bad phone number and bad PIN codes are refused; what was typed is kept", async ({ page }) => {
    await startCheckout(page);
    await fillShipping(page, { ...DELHI_ADDRESS, phone: "12345", postalCode: "012345" });
    await stepSection(page, "Shipping").getByRole("button", { name: "Continue to Payment" }).click();
    await expectFieldError(shippingField(page, "Phone Number"), "Please enter a valid Indian phone number, for example +91 98765 43210");
    await expectFieldError(shippingField(page, "PIN Code"), "Please enter a valid 6-digit PIN code");
    await expectCurrentStep(page, "Shipping");
    // Everything typed is still there, the good fields are not marked.
    await expect(shippingField(page, "Phone Number")).toHaveValue("12345");
    await expect(shippingField(page, "PIN Code")).toHaveValue("012345");
    await expect(shippingField(page, "Address Line 1")).toHaveValue(DELHI_ADDRESS.addressLine1);
    await expect(shippingField(page, ADDRESS_LINE_2)).toHaveValue(DELHI_ADDRESS.addressLine2!);
    await expect(shippingField(page, "City")).toHaveValue(DELHI_ADDRESS.city);
    await expect(shippingField(page, "State")).toHaveValue("Delhi");
    await expectFieldValid(shippingField(page, "City"));
    await expectFieldValid(shippingField(page, "Address Line 1"));

    // A PIN code of four digits is refused too.
    await fillShipping(page, { phone: "+91 98765 43210", postalCode: "1234" });
    await stepSection(page, "Shipping").getByRole("button", { name: "Continue to Payment" }).click();
    await expectFieldError(shippingField(page, "PIN Code"), "Please enter a valid 6-digit PIN code");
    await expectFieldValid(shippingField(page, "Phone Number"));
    await expectCurrentStep(page, "Shipping");

    // Fixed, the order goes on to payment.
    await fillShipping(page, { postalCode: "110001" });
    await continueToPayment(page);
  });

  test("Address Line 2 is labelled “Address Line 2 (optional)”", async ({ page }) => {
    await startCheckout(page);
    // The visible label reads "Address Line 2 (optional)"; its accessible name must read the same.
    await expect(stepSection(page, "Shipping").getByLabel("Address Line 2 (optional)", { exact: true })).toBeVisible();
  });
});

test.describe("payment step", () => {
  test("card checks: every message, and nothing is sent until the card is good", async ({ page }) => {
    await startCheckout(page);
    await shipTo(page, DELHI_ADDRESS);
    const posts = recordCheckoutPosts(page);
    const form = paymentSection(page);
    const name = form.getByLabel("Name on Card", { exact: true });
    const number = form.getByLabel("Card Number", { exact: true });
    const expiry = form.getByLabel("Expiry Date (MM/YY)", { exact: true });
    const cvv = form.getByLabel("CVV", { exact: true });

    // Nothing filled in.
    await placeOrderButton(page).click();
    await expectFieldError(name, "Please enter the name on the card");
    await expectFieldError(number, "Please enter the card number");
    await expectFieldError(expiry, "Please enter the expiry date (MM/YY)");
    await expectFieldError(cvv, "Please enter the 3-digit CVV");

    // A number failing the Luhn check, an expired card, a short CVV.
    await fillCard(page, { nameOnCard: TEST_CARD.nameOnCard, cardNumber: "4111 1111 1111 1112", expiry: "01/20", cvv: "12" });
    await placeOrderButton(page).click();
    await expectFieldValid(name);
    await expectFieldError(number, "Please check the card number");
    await expectFieldError(expiry, "This card has expired");
    await expectFieldError(cvv, "Please enter the 3-digit CVV");
    for (const message of ["Please check the card number", "This card has expired", "Please enter the 3-digit CVV"]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await expectCurrentStep(page, "Payment");
    expect(placePosts(posts), "no order is sent with a bad card").toHaveLength(0);

    // Card fields are never form fields.
    for (const field of [name, number, expiry, cvv]) await expect(field).not.toHaveAttribute("name");

    await fillCard(page, TEST_CARD);
    await placeOrderButton(page).click();
    await expectConfirmation(page);
    expect(placePosts(posts)).toHaveLength(1);
  });

  test("a refused card moves the focus to the first field to fix", async ({ page }) => {
    await startCheckout(page);
    await shipTo(page, DELHI_ADDRESS);
    const form = paymentSection(page);
    await placeOrderButton(page).click();
    await expect(form.getByLabel("Name on Card", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Name on Card", { exact: true })).toBeFocused();

    // Name fixed, number wrong: the number is the first field to fix now.
    await fillCard(page, { nameOnCard: TEST_CARD.nameOnCard, cardNumber: "4111 1111 1111 1112", expiry: TEST_CARD.expiry, cvv: TEST_CARD.cvv });
    await placeOrderButton(page).click();
    await expect(form.getByLabel("Name on Card", { exact: true })).toHaveAttribute("aria-invalid", "false");
    await expect(form.getByLabel("Card Number", { exact: true })).toBeFocused();
  });

  test("UPI: a malformed UPI ID is refused, a good one places the order", async ({ page }) => {
    await startCheckout(page);
    await shipTo(page, DELHI_ADDRESS);
    const posts = recordCheckoutPosts(page);
    await choosePayment(page, "UPI");
    const upi = paymentSection(page).getByLabel("UPI ID", { exact: true });

    await placeOrderButton(page).click();
    await expectFieldError(upi, "Please enter a UPI ID like name@bank");
    await upi.fill("priya.okicici");
    await placeOrderButton(page).click();
    await expectFieldError(upi, "Please enter a UPI ID like name@bank");
    await expect(paymentSection(page).getByText("Please enter a UPI ID like name@bank", { exact: true })).toBeVisible();
    expect(placePosts(posts)).toHaveLength(0);

    await upi.fill(UPI.pays);
    await placeOrderButton(page).click();
    await expectConfirmation(page);
    await expect(page.getByRole("main")).toContainText("Payment: UPI");
    await expect(paymentStatus(page)).toHaveText("Paid");
  });

  test("Back to Shipping returns to the address with everything typed kept", async ({ page }) => {
    await startCheckout(page);
    const address = { ...DELHI_ADDRESS, fullName: "Kavya Iyer" };
    await shipTo(page, address);
    await expect(paymentSection(page)).toContainText("Kavya Iyer, 14, Janpath Lane, Near Connaught Place, New Delhi, Delhi 110001");

    await paymentSection(page).getByRole("button", { name: "Back to Shipping" }).click();
    await expectCurrentStep(page, "Shipping");
    await expect(shippingField(page, "Full Name")).toHaveValue("Kavya Iyer");
    await expect(shippingField(page, "Phone Number")).toHaveValue(address.phone);
    await expect(shippingField(page, "Address Line 1")).toHaveValue(address.addressLine1);
    await expect(shippingField(page, ADDRESS_LINE_2)).toHaveValue(address.addressLine2!);
    await expect(shippingField(page, "City")).toHaveValue(address.city);
    await expect(shippingField(page, "State")).toHaveValue(address.state);
    await expect(shippingField(page, "PIN Code")).toHaveValue(address.postalCode);

    // A change made now is what the payment step shows.
    await fillShipping(page, { city: "Delhi Cantonment", postalCode: "110010" });
    await continueToPayment(page);
    await expect(paymentSection(page)).toContainText("Kavya Iyer, 14, Janpath Lane, Near Connaught Place, Delhi Cantonment, Delhi 110010");
    await choosePayment(page, "Cash on Delivery");
    await placeOrderButton(page).click();
    const orderNumber = await expectConfirmation(page);
    await page.goto(`/orders/${orderNumber}`);
    await expect(page.getByRole("region", { name: "Shipping address" })).toContainText("Delhi Cantonment, Delhi 110010");
  });

  test("Place Order shows Processing while the order is on its way and cannot be pressed again", async ({ page }) => {
    await startCheckout(page);
    await shipTo(page, DELHI_ADDRESS);
    await choosePayment(page, "Cash on Delivery");
    const posts = recordCheckoutPosts(page);
    // Hold the post back, so the pending state can be seen.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === "/checkout" || url.pathname === "/checkout.data",
      async (route) => {
        if (route.request().method() === "POST") await gate;
        await route.continue();
      },
    );
    await placeOrderButton(page).click();
    const processing = paymentSection(page).getByRole("button", { name: "Processing" });
    await expect(processing).toBeVisible();
    await expect(processing).toBeDisabled();
    await expect(paymentSection(page).getByRole("button", { name: "Place Order" })).toHaveCount(0);
    release();
    await expectConfirmation(page);
    expect(placePosts(posts)).toHaveLength(1);
  });
});
