import { expect, test } from "@playwright/test";
import {
  BENGALURU_ADDRESS,
  ROUTINE,
  TEST_CARD,
  addToCart,
  expectConfirmation,
  expectCurrentStep,
  expectNoHorizontalScroll,
  expectSummary,
  fillCard,
  fillShipping,
  paymentSection,
  placeOrderButton,
  registerShopper,
  shippingField,
  stepSection,
} from "../support/checkout";
import { waitForHydration } from "../support/hydration";

// Phone width (the "phone" project: 390×844, touch). Titles carry @mobile.
test.describe.configure({ timeout: 120_000 });

test("a full card checkout on a phone, from the cart to the order page @mobile", async ({ page }) => {
  expect(page.viewportSize()?.width).toBe(390);
  const shopper = await registerShopper(page);
  await addToCart(page, ROUTINE.mouse, 1); // ₹8,995

  await page.goto("/cart");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Proceed to Checkout" }).tap();
  await expect(page).toHaveURL(/\/checkout$/);
  await waitForHydration(page);
  await expectCurrentStep(page, "Shipping");
  await expect(page.getByRole("list", { name: "Checkout steps" })).toBeInViewport();
  await expectNoHorizontalScroll(page, "the shipping step");
  // ₹8,995 + ₹99 + ₹1,619.10 GST = ₹10,713.10 → ₹10,713; the summary follows the form.
  await expectSummary(page, { subtotal: "₹8,995", shipping: "₹99", tax: "₹1,619", total: "₹10,713" });
  await page.getByTestId("summary-total").scrollIntoViewIfNeeded();
  await expect(page.getByTestId("summary-total")).toBeInViewport();

  await expect(shippingField(page, "Full Name")).toHaveValue(shopper.name);
  await fillShipping(page, BENGALURU_ADDRESS);
  await stepSection(page, "Shipping").getByRole("button", { name: "Continue to Payment" }).tap();
  await expectCurrentStep(page, "Payment");
  await expectNoHorizontalScroll(page, "the payment step");
  await expect(paymentSection(page)).toContainText(`${shopper.name}, ${BENGALURU_ADDRESS.addressLine1}, Bengaluru, Karnataka 560038`);
  await expect(paymentSection(page).getByRole("radio", { name: "Credit / Debit Card" })).toBeChecked();

  // A wrong card first, then the good one.
  await fillCard(page, { ...TEST_CARD, cardNumber: "4111 1111 1111 1112" });
  await placeOrderButton(page).tap();
  await expect(paymentSection(page).getByLabel("Card Number", { exact: true })).toHaveAccessibleDescription("Please check the card number");
  await expectNoHorizontalScroll(page, "the payment step with a card message");
  await fillCard(page, { cardNumber: TEST_CARD.cardNumber });
  await placeOrderButton(page).tap();
  const number = await expectConfirmation(page);
  await expectNoHorizontalScroll(page, "the confirmation");
  await expect(page.getByRole("main")).toContainText(`Total ₹10,713 · Payment: CARD · Shipping to ${shopper.name}, Bengaluru`);
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);

  await page.getByRole("link", { name: "View Order" }).tap();
  await expect(page).toHaveURL(new RegExp(`/orders/${number}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
  await expectNoHorizontalScroll(page, "the order page");
});
