import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import {
  DECLINED_CARD,
  DELHI_ADDRESS,
  PAYMENT_FAILED,
  ROUTINE,
  TEST_CARD,
  addToCart,
  continueToPayment,
  expectConfirmation,
  expectCurrentStep,
  fillCard,
  fillShipping,
  openCheckout,
  paymentSection,
  placeOrderButton,
  registerShopper,
  shippingField,
  stepSection,
} from "../support/checkout";
import { waitForHydration } from "../support/hydration";

// axe on every checkout step, with and without messages showing. A violation is reported for
// its step and the walk goes on, so one run shows every step's problems.
test.describe.configure({ timeout: 120_000 });

test("the shipping step, the payment step (a declined payment too) and the confirmation have no accessibility violations", async ({ page }) => {
  await registerShopper(page);
  await addToCart(page, ROUTINE.keyboard, 1);
  await openCheckout(page);
  await expectNoAxeViolations(page, { where: "the shipping step", soft: true });

  await shippingField(page, "Full Name").fill("");
  await stepSection(page, "Shipping").getByRole("button", { name: "Continue to Payment" }).click();
  await expect(shippingField(page, "Full Name")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, { where: "the shipping step with messages", soft: true });

  await fillShipping(page, { ...DELHI_ADDRESS, fullName: "Neha Gupta" });
  await continueToPayment(page);
  await expectNoAxeViolations(page, { where: "the payment step (card)", soft: true });

  await placeOrderButton(page).click();
  await expect(paymentSection(page).getByLabel("Card Number", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, { where: "the payment step with card messages", soft: true });

  await paymentSection(page).getByRole("radio", { name: "UPI" }).check();
  await expect(paymentSection(page).getByLabel("UPI ID", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, { where: "the payment step (UPI)", soft: true });

  await paymentSection(page).getByRole("radio", { name: "Credit / Debit Card" }).check();
  await fillCard(page, DECLINED_CARD);
  await placeOrderButton(page).click();
  await expect(paymentSection(page).getByRole("alert")).toHaveText(PAYMENT_FAILED.declined);
  await expectNoAxeViolations(page, { where: "the payment step after a declined payment", soft: true });

  await fillCard(page, TEST_CARD);
  await placeOrderButton(page).click();
  await expectConfirmation(page);
  await waitForHydration(page);
  await expectCurrentStep(page, "Confirmation");
  await expectNoAxeViolations(page, { where: "the confirmation", soft: true });
});
