import { expect, test } from "@playwright/test";
import { DEMO, DEMO_CUSTOMER_ADDRESS, signIn } from "../support/accounts";
import {
  ADDRESS_LINE_2,
  BENGALURU_ADDRESS,
  DELHI_ADDRESS,
  INDIAN_STATES_AND_UTS,
  NOIDA_ADDRESS,
  ROUTINE,
  TEST_CARD,
  UPI,
  addToCart,
  choosePayment,
  definitions,
  expectConfirmation,
  expectCurrentStep,
  expectSummary,
  fillCard,
  fillUpi,
  openCheckout,
  orderPageAmounts,
  paymentSection,
  paymentStatus,
  placeOrderAndConfirm,
  placeOrderButton,
  postedFields,
  recordCheckoutPosts,
  registerShopper,
  shipTo,
  shippingField,
  stepSection,
} from "../support/checkout";
import { waitForHydration } from "../support/hydration";

// Registering, filling two steps and placing an order takes a while on a busy machine.
test.describe.configure({ timeout: 90_000 });

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

test.describe("checkout guards", () => {
  test("signed out, checkout asks to sign in first", async ({ page }) => {
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout$/);
  });

  test("with an empty cart, checkout goes back to the cart", async ({ page }) => {
    await registerShopper(page);
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your cart is empty" })).toBeVisible();
  });
});

test.describe("placing orders", () => {
  test("by card, below ₹10,000: cart → shipping → payment → confirmation; card details never leave the browser", async ({ page }) => {
    const shopper = await registerShopper(page);
    const keyboard = ROUTINE.keyboard; // ₹3,499
    await addToCart(page, keyboard, 1);

    await page.goto("/cart");
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await expectCurrentStep(page, "Shipping");

    // The summary: ₹3,499 + ₹99 shipping + 18% GST (₹629.82, shown as ₹630) = ₹4,228.
    const summary = page.getByRole("complementary", { name: "Order Summary" });
    await expect(summary.getByRole("listitem")).toHaveText([new RegExp(`${escape(keyboard.name)}\\s*× 1\\s*₹3,499`)]);
    await expectSummary(page, { subtotal: "₹3,499", shipping: "₹99", tax: "₹630", total: "₹4,228" });
    await expect(summary.getByText("Free shipping on orders of ₹10,000 or more.")).toBeVisible();

    // Full Name starts as the customer's name.
    await expect(shippingField(page, "Full Name")).toHaveValue(shopper.name);
    await shipTo(page, DELHI_ADDRESS);

    const payment = paymentSection(page);
    await expect(payment.getByText("Shipping to", { exact: true })).toBeVisible();
    await expect(payment).toContainText(
      `${shopper.name}, ${DELHI_ADDRESS.addressLine1}, ${DELHI_ADDRESS.addressLine2}, ${DELHI_ADDRESS.city}, Delhi ${DELHI_ADDRESS.postalCode}`,
    );
    await expect(payment).toContainText("+91 98765 43210");
    await expect(payment.getByRole("radio", { name: "Credit / Debit Card" })).toBeChecked();
    await expect(payment.getByRole("radio", { name: "UPI" })).not.toBeChecked();
    await expect(payment.getByRole("radio", { name: "Cash on Delivery" })).not.toBeChecked();
    await expectSummary(page, { subtotal: "₹3,499", shipping: "₹99", tax: "₹630", total: "₹4,228" });

    await fillCard(page, TEST_CARD);
    const posts = recordCheckoutPosts(page);
    const number = await placeOrderAndConfirm(page);

    // The place-order post carries the address and the method; the payment's confirmation adds
    // Razorpay's answer. Neither carries the card.
    const sentWith = (intent: string) => posts.map(postedFields).find((f) => f.some(([k, v]) => k === "intent" && v === intent));
    const place = sentWith("place");
    const confirm = sentWith("confirm");
    expect(place, "the Place Order post was seen").toBeTruthy();
    expect(confirm, "the payment's confirmation post was seen").toBeTruthy();
    const sent = Object.fromEntries(place!);
    expect(sent.paymentMethod).toBe("card");
    expect(sent.city).toBe(DELHI_ADDRESS.city);
    expect(Object.fromEntries(confirm!)).toMatchObject({ orderNumber: number, razorpay_payment_id: expect.stringMatching(/^pay_/) });
    const cardDigits = TEST_CARD.cardNumber.replace(/\s/g, "");
    for (const [key, value] of [...place!, ...confirm!]) {
      const compact = value.replace(/[\s+-]/g, "");
      expect(compact, `field ${key} carries the card number`).not.toContain(cardDigits);
      expect(compact, `field ${key} carries part of the card number`).not.toContain("41111111");
      expect(value, `field ${key} carries the CVV`).not.toBe(TEST_CARD.cvv);
      expect(value, `field ${key} carries the expiry`).not.toBe(TEST_CARD.expiry);
      expect(value, `field ${key} carries the name on the card`).not.toContain(TEST_CARD.nameOnCard);
    }
    // Only the address, the method and the order's bookkeeping are sent.
    // The address step's fields, with its business ones (empty for a consumer) for a GST invoice.
    const address = ["addressLine1", "addressLine2", "city", "fullName", "phone", "postalCode", "state", "business", "gstin", "legalName"];
    const bookkeeping = ["expectedTotal", "idempotencyKey", "intent", "paidOnline", "paymentMethod"];
    expect(place!.map(([k]) => k).sort()).toEqual([...address, ...bookkeeping].sort());
    expect(confirm!.map(([k]) => k).sort()).toEqual([...address, ...bookkeeping, "orderNumber", "razorpay_order_id", "razorpay_payment_id", "razorpay_signature"].sort());
    for (const r of posts) {
      const raw = decodeURIComponent((r.postData() ?? "").replace(/\+/g, " ")).replace(/\s/g, "");
      expect(raw).not.toContain(cardDigits);
    }

    // The confirmation sums the order up, paid; the cart is empty now.
    await expect(page.getByRole("main")).toContainText(`Total ₹4,228 · Payment: CARD · Shipping to ${shopper.name}, New Delhi`);
    await expect(paymentStatus(page)).toHaveText("Paid");
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Continue Shopping" })).toBeVisible();

    // View Order opens the order with the same amounts.
    await page.getByRole("link", { name: "View Order" }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${number}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
    expect(await orderPageAmounts(page)).toEqual({ Subtotal: "₹3,499", Shipping: "₹99", "GST (18%)": "₹630", Total: "₹4,228" });
    await expect(page.getByRole("region", { name: "Shipping address" })).toContainText("Payment: CARD");
  });

  test("by UPI, ₹10,000 or more: shipping is free", async ({ page }) => {
    const shopper = await registerShopper(page);
    await addToCart(page, ROUTINE.ssd, 1); // ₹16,999
    await openCheckout(page);
    // ₹16,999 + free shipping + 18% GST (₹3,059.82 → ₹3,060) = ₹20,059.
    await expectSummary(page, { subtotal: "₹16,999", shipping: "Free", tax: "₹3,060", total: "₹20,059" });
    await expect(page.getByText("Free shipping on orders of ₹10,000 or more.")).toHaveCount(0);

    await shipTo(page, NOIDA_ADDRESS);
    await choosePayment(page, "UPI");
    // The card fields give way to the UPI ID.
    await expect(paymentSection(page).getByLabel("Card Number", { exact: true })).toHaveCount(0);
    await fillUpi(page, UPI.pays);
    const posts = recordCheckoutPosts(page);
    const number = await placeOrderAndConfirm(page);
    const place = posts.find((r) => postedFields(r).some(([k, v]) => k === "intent" && v === "place"));
    expect(Object.fromEntries(postedFields(place!))).toMatchObject({ paymentMethod: "upi", upiId: UPI.pays });

    await expect(page.getByRole("main")).toContainText(`Total ₹20,059 · Payment: UPI · Shipping to ${shopper.name}, Noida`);
    await expect(paymentStatus(page)).toHaveText("Paid");
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);

    await page.goto(`/orders/${number}`);
    expect(await orderPageAmounts(page)).toEqual({ Subtotal: "₹16,999", Shipping: "Free", "GST (18%)": "₹3,060", Total: "₹20,059" });
    await expect(page.getByRole("region", { name: "Shipping address" })).toContainText("Payment: UPI");
    // The phone is stored the shop's way: +91 and the number in two groups of five.
    await expect(page.getByRole("region", { name: "Shipping address" })).toContainText("+91 98111 22334");
  });

  test("by cash on delivery, two of an item; Continue Shopping empties the cart and goes home", async ({ page }) => {
    const shopper = await registerShopper(page);
    await addToCart(page, ROUTINE.keyboard, 2); // 2 × ₹3,499 = ₹6,998
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
    await openCheckout(page);
    // ₹6,998 + ₹99 + ₹1,259.64 GST = ₹8,356.64 → ₹8,357.
    await expectSummary(page, { subtotal: "₹6,998", shipping: "₹99", tax: "₹1,260", total: "₹8,357" });
    await expect(page.getByRole("complementary")).toContainText("× 2");

    await shipTo(page, BENGALURU_ADDRESS);
    await choosePayment(page, "Cash on Delivery");
    await expect(paymentSection(page).getByText("Pay in cash or by UPI to the delivery partner when your order arrives.")).toBeVisible();
    await expect(paymentSection(page).getByLabel("Card Number", { exact: true })).toHaveCount(0);
    await expect(paymentSection(page).getByLabel("UPI ID", { exact: true })).toHaveCount(0);
    const number = await placeOrderAndConfirm(page);
    await expect(page.getByRole("main")).toContainText(`Total ₹8,357 · Payment: COD · Shipping to ${shopper.name}, Bengaluru`);

    // The confirmation stays put on reload.
    await page.reload();
    await expect(page.getByTestId("order-number")).toHaveText(number);

    await waitForHydration(page);
    await page.getByRole("button", { name: "Continue Shopping" }).click();
    await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
    await page.goto("/cart");
    await expect(page.getByRole("heading", { level: 1, name: "Your cart is empty" })).toBeVisible();
    // Nothing left to check out.
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/cart$/);

    await page.goto("/orders");
    await expect(page.getByRole("main").getByRole("heading", { name: `Order ${number}` })).toBeVisible();
  });

  test("an order of items from two sellers adds up each seller's GST", async ({ page }) => {
    await registerShopper(page);
    await addToCart(page, ROUTINE.keyboard, 1); // ₹3,499, vendor-1
    await addToCart(page, ROUTINE.mouse, 1); // ₹8,995, vendor-3
    await openCheckout(page);
    // ₹12,494, free shipping; GST ₹629.82 + ₹1,619.10 = ₹2,248.92 → ₹2,249; total ₹14,742.92 → ₹14,743.
    await expectSummary(page, { subtotal: "₹12,494", shipping: "Free", tax: "₹2,249", total: "₹14,743" });
    await shipTo(page, DELHI_ADDRESS);
    await choosePayment(page, "Cash on Delivery");
    const number = await placeOrderAndConfirm(page);
    await page.goto(`/orders/${number}`);
    expect(await orderPageAmounts(page)).toEqual({ Subtotal: "₹12,494", Shipping: "Free", "GST (18%)": "₹2,249", Total: "₹14,743" });
  });

  test("the confirmation of an order is only for its customer; an unknown number falls back to checkout", async ({ page, browser, baseURL }) => {
    await registerShopper(page);
    await addToCart(page, ROUTINE.keyboard, 1);
    await openCheckout(page);
    await shipTo(page, DELHI_ADDRESS);
    await choosePayment(page, "Cash on Delivery");
    const number = await placeOrderAndConfirm(page);

    const other = await browser.newContext({ baseURL });
    try {
      const otherPage = await other.newPage();
      await registerShopper(otherPage);
      // The other customer has an empty cart: no confirmation for them, just the way back to the cart.
      await otherPage.goto(`/checkout?placed=${number}`);
      await expect(otherPage).toHaveURL(/\/cart$/);
      await expect(otherPage.getByText("Thank you for your order!")).toHaveCount(0);
    } finally {
      await other.close();
    }
  });
});

test.describe("the shipping address is pre-filled", () => {
  test("from the address a new customer saved on their profile", async ({ page }) => {
    const shopper = await registerShopper(page);
    await page.goto("/profile");
    await waitForHydration(page);
    await page.getByLabel("Street Address", { exact: true }).fill("42, Residency Road");
    await page.getByLabel("City", { exact: true }).fill("Bengaluru");
    await page.getByLabel("State", { exact: true }).selectOption("Karnataka");
    await page.getByLabel("PIN Code", { exact: true }).fill("560025");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Profile updated successfully!" })).toBeVisible();

    await addToCart(page, ROUTINE.keyboard, 1);
    await openCheckout(page);
    await expect(shippingField(page, "Full Name")).toHaveValue(shopper.name);
    await expect(shippingField(page, "Phone Number")).toHaveValue("");
    await expect(shippingField(page, "Address Line 1")).toHaveValue("42, Residency Road");
    await expect(shippingField(page, ADDRESS_LINE_2)).toHaveValue("");
    await expect(shippingField(page, "City")).toHaveValue("Bengaluru");
    await expect(shippingField(page, "State")).toHaveValue("Karnataka");
    await expect(shippingField(page, "PIN Code")).toHaveValue("560025");

    // Only the phone is missing.
    await shippingField(page, "Phone Number").fill("9845012345");
    await stepSection(page, "Shipping").getByRole("button", { name: "Continue to Payment" }).click();
    await expectCurrentStep(page, "Payment");
    await expect(paymentSection(page)).toContainText(`${shopper.name}, 42, Residency Road, Bengaluru, Karnataka 560025`);
  });

  test("for the demo customer, from the saved profile address (nothing is ordered)", async ({ page }) => {
    await signIn(page, DEMO.customer);
    // The cart lives in this browser's cookie: the demo customer's account is not changed.
    await addToCart(page, ROUTINE.keyboard, 1);
    await openCheckout(page);
    await expect(shippingField(page, "Full Name")).toHaveValue(DEMO.customer.name);
    await expect(shippingField(page, "Address Line 1")).toHaveValue(DEMO_CUSTOMER_ADDRESS.street);
    await expect(shippingField(page, "City")).toHaveValue(DEMO_CUSTOMER_ADDRESS.city);
    await expect(shippingField(page, "State")).toHaveValue(DEMO_CUSTOMER_ADDRESS.state);
    await expect(shippingField(page, "PIN Code")).toHaveValue(DEMO_CUSTOMER_ADDRESS.pin);
  });
});

test.describe("the State list", () => {
  test("offers every state and union territory", async ({ page }) => {
    await registerShopper(page);
    await addToCart(page, ROUTINE.keyboard, 1);
    await openCheckout(page);
    const options = (await shippingField(page, "State").getByRole("option").allTextContents()).map((o) => o.trim());
    // 28 states and 8 union territories, after the placeholder; none chosen for a new customer.
    expect(options).toEqual(["Select state", ...INDIAN_STATES_AND_UTS]);
    await expect(shippingField(page, "State")).toHaveValue("");
    expect(await definitions(page.getByRole("complementary", { name: "Order Summary" }))).toEqual({
      Subtotal: "₹3,499",
      Shipping: "₹99",
      "GST (18%)": "₹630",
      Total: "₹4,228",
    });
  });
});

// Placing with the default method straight away must still check the card first.
test("Place Order with the card fields empty sends nothing; with a good card it goes through", async ({ page }) => {
  await registerShopper(page);
  await addToCart(page, ROUTINE.keyboard, 1);
  await openCheckout(page);
  await shipTo(page, DELHI_ADDRESS);
  const posts = recordCheckoutPosts(page);
  await placeOrderButton(page).click();
  await expect(paymentSection(page).getByText("Please enter the card number")).toBeVisible();
  expect(posts.filter((r) => postedFields(r).some(([k, v]) => k === "intent" && v === "place"))).toHaveLength(0);
  await expectCurrentStep(page, "Payment");
  // And then, with a good card, it goes through.
  await fillCard(page, TEST_CARD);
  await placeOrderButton(page).click();
  await expectConfirmation(page);
});
