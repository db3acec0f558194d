import { expect, test, type Browser, type Page } from "@playwright/test";
import { signInAdmin } from "../support/accounts";
import {
  DELHI_ADDRESS,
  ROUTINE,
  UPI,
  addToCart,
  choosePayment,
  expectConfirmation,
  expectCurrentStep,
  fillShipping,
  fillUpi,
  openCheckout,
  paymentSection,
  placeOrderButton,
  registerShopper,
  stepSection,
} from "../support/checkout";
import { waitForHydration } from "../support/hydration";
import {
  MESSAGES,
  SEEDED_RAZORPAY,
  URL_PATH,
  cardValues,
  editButton,
  expectNoSecretIn,
  expectSaved,
  main,
  openSettingsForm,
  recordResponses,
  saveSettings,
  section,
  settingsForm,
  storedSettings,
} from "../support/payment-settings";

/**
 * Payment settings that really change, on the isolated server (its own database, see
 * playwright.config.ts): the settings are shop-wide, so these tests run one after another, each
 * building on the settings the previous one saved.
 */
test.describe.configure({ mode: "serial", timeout: 90_000 });

const STRIPE = { publishable: "pk_test_51HIsolatedPublishable", secret: "sk_test_IsolatedStripeSecret7788", masked: "••••••••7788" };
const RAZORPAY_SECRET = { value: "NewRazorpaySecretValue5566", masked: "••••••••5566" };
const BANK = { accountName: "RC Computers Pvt Ltd", accountNumber: "50100987654321", masked: "••••••••4321", bankName: "HDFC Bank", ifsc: "HDFC0001234" };
const ALL_SECRETS = [SEEDED_RAZORPAY.keySecret, STRIPE.secret, RAZORPAY_SECRET.value, BANK.accountNumber];

function enabled(page: Page, legend: Parameters<typeof section>[1]) {
  return section(page, legend).getByRole("checkbox", { name: "Enabled" });
}

/** A new shopper in their own browser context, with a keyboard (₹4,227.82 with shipping and GST) in the cart, on the payment step. */
async function shopperAtPayment(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await registerShopper(page);
  await addToCart(page, ROUTINE.keyboard, 1);
  await openCheckout(page);
  await fillShipping(page, DELHI_ADDRESS);
  await stepSection(page, "Shipping").getByRole("button", { name: "Continue to Payment" }).click();
  await expectCurrentStep(page, "Payment");
  return page;
}

const FORGED = { intent: "place", ...DELHI_ADDRESS, fullName: "Forged Post", expectedTotal: "422782" };

async function offeredMethods(page: Page): Promise<string[]> {
  const radios = paymentSection(page).getByRole("radio");
  const names: string[] = [];
  for (const radio of await radios.all()) names.push((await radio.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? "")).trim());
  return names;
}

test("saving: confirmation, masked display, blank secrets kept, and no secret in any page or .data response", async ({ page, baseURL }) => {
  const recorded = recordResponses(page, baseURL!);
  await signInAdmin(page);
  await openSettingsForm(page);

  await section(page, "Razorpay").getByLabel("Key Secret", { exact: true }).fill(RAZORPAY_SECRET.value);
  const stripe = section(page, "Stripe");
  await stripe.getByLabel("Publishable Key", { exact: true }).fill(STRIPE.publishable);
  await stripe.getByLabel("Secret Key", { exact: true }).fill(STRIPE.secret);
  await enabled(page, "Stripe").check();
  const bank = section(page, "Bank Transfer");
  await bank.getByLabel("Account Name", { exact: true }).fill(BANK.accountName);
  await bank.getByLabel("Account Number", { exact: true }).fill(BANK.accountNumber);
  await bank.getByLabel("Bank Name", { exact: true }).fill(BANK.bankName);
  await bank.getByLabel("IFSC Code", { exact: true }).fill(BANK.ifsc.toLowerCase());
  await enabled(page, "Bank Transfer").check();
  await saveSettings(page);
  await expectSaved(page);

  expect(await cardValues(page, "Razorpay")).toEqual({
    Status: "Enabled",
    "Key ID": SEEDED_RAZORPAY.keyId,
    "Key Secret": RAZORPAY_SECRET.masked,
    // The demo seed's webhook secret, kept.
    "Webhook Secret": "••••••••5678",
  });
  expect(await cardValues(page, "Stripe")).toEqual({ Status: "Enabled", "Publishable Key": STRIPE.publishable, "Secret Key": STRIPE.masked });
  expect(await cardValues(page, "Bank Transfer")).toEqual({
    Status: "Enabled",
    "Account Name": BANK.accountName,
    "Account Number": BANK.masked,
    "Bank Name": BANK.bankName,
    // Typed in lower case, stored in capitals.
    "IFSC Code": BANK.ifsc,
  });
  await expect(page.getByText("Checkout offers: Credit / Debit Card, UPI, Cash on Delivery, Bank Transfer.")).toBeVisible();

  // Saving again with the secret fields left blank keeps every stored secret.
  const sealedBefore = storedSettings("isolated");
  await editButton(page).click();
  for (const [legend, label] of [
    ["Razorpay", "Key Secret"],
    ["Stripe", "Secret Key"],
    ["Bank Transfer", "Account Number"],
  ] as const) {
    await expect(section(page, legend).getByLabel(label, { exact: true })).toHaveValue("");
  }
  await expect(section(page, "Stripe").getByLabel("Secret Key", { exact: true })).toHaveAccessibleDescription(`Stored: ${STRIPE.masked}. Leave blank to keep it.`);
  await section(page, "Bank Transfer").getByLabel("Bank Name", { exact: true }).fill("HDFC Bank Ltd");
  await saveSettings(page);
  await expectSaved(page);
  expect(await cardValues(page, "Bank Transfer")).toMatchObject({ "Account Number": BANK.masked, "Bank Name": "HDFC Bank Ltd" });
  expect(await cardValues(page, "Stripe")).toMatchObject({ "Secret Key": STRIPE.masked });
  expect(await cardValues(page, "Razorpay")).toMatchObject({ "Key Secret": RAZORPAY_SECRET.masked });
  const sealedAfter = storedSettings("isolated");
  expect(sealedAfter.razorpay_key_secret_sealed).toBe(sealedBefore.razorpay_key_secret_sealed);
  expect(sealedAfter.stripe_secret_key_sealed).toBe(sealedBefore.stripe_secret_key_sealed);
  expect(sealedAfter.bank_account_number_sealed).toBe(sealedBefore.bank_account_number_sealed);
  expect(sealedAfter.version).toBe(sealedBefore.version + 1);
  // Stored sealed, never in plain text.
  const raw = JSON.stringify(sealedAfter);
  for (const secret of ALL_SECRETS) expect(raw).not.toContain(secret);

  // A fresh load of the page, and of its data, carries none of them either.
  await page.reload();
  await waitForHydration(page);
  await expect(main(page).getByRole("heading", { level: 1, name: "Payment Settings" })).toBeVisible();
  const data = await page.request.get(`${URL_PATH}.data`);
  expect(data.ok()).toBe(true);
  const dataBody = await data.text();
  expect(dataBody).toContain(STRIPE.masked);
  for (const secret of ALL_SECRETS) expect(dataBody).not.toContain(secret);
  await expectNoSecretIn(recorded, ALL_SECRETS);
});

test("bad input: messages beside the fields, the admin's entries kept but never a typed secret, nothing saved", async ({ page, baseURL }) => {
  const recorded = recordResponses(page, baseURL!);
  await signInAdmin(page);
  const before = storedSettings("isolated");
  await openSettingsForm(page);
  const ifsc = section(page, "Bank Transfer").getByLabel("IFSC Code", { exact: true });
  await ifsc.fill("HDFC1234567");
  const publishable = section(page, "Stripe").getByLabel("Publishable Key", { exact: true });
  await publishable.fill("sk_test_putInTheWrongField");
  await section(page, "Razorpay").getByLabel("Key Secret", { exact: true }).fill("TypedButRefusedSecret4242");
  await saveSettings(page);

  await expect(main(page).getByRole("alert")).toHaveText(`${MESSAGES.fix} ${MESSAGES.retype}`);
  await expect(ifsc).toHaveAttribute("aria-invalid", "true");
  await expect(ifsc).toHaveAccessibleDescription(MESSAGES.ifsc);
  await expect(ifsc).toHaveValue("HDFC1234567");
  await expect(publishable).toHaveAccessibleDescription(MESSAGES.looksSecret);
  // The first field to fix (Stripe comes before Bank Transfer) has the focus.
  await expect(publishable).toBeFocused();
  await expect(publishable).toHaveValue("sk_test_putInTheWrongField");
  await expect(section(page, "Razorpay").getByLabel("Key Secret", { exact: true })).toHaveValue("");
  expect(storedSettings("isolated")).toEqual(before);

  // Enabling a provider needs its keys.
  await ifsc.fill(BANK.ifsc);
  await publishable.fill(STRIPE.publishable);
  const keyId = section(page, "Razorpay").getByLabel("Key ID", { exact: true });
  await keyId.fill("");
  await saveSettings(page);
  await expect(keyId).toHaveAccessibleDescription(MESSAGES.needRazorpayKeyId);
  await expect(main(page).getByRole("alert")).toHaveText(MESSAGES.fix);
  expect(storedSettings("isolated")).toEqual(before);
  await expectNoSecretIn(recorded, [...ALL_SECRETS, "TypedButRefusedSecret4242"]);
});

test("without JavaScript, the form saves and confirms", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  try {
    await signInAdmin(page);
    await page.goto(`${URL_PATH}?edit=1`);
    const before = storedSettings("isolated");
    await section(page, "Bank Transfer").getByLabel("Bank Name", { exact: true }).fill(BANK.bankName);
    await saveSettings(page);
    await expectSaved(page);
    expect(await cardValues(page, "Bank Transfer")).toMatchObject({ "Bank Name": BANK.bankName, "Account Number": BANK.masked });
    expect(storedSettings("isolated").version).toBe(before.version + 1);
  } finally {
    await context.close();
  }
});

test("disabling cash on delivery removes it from checkout, and a forged post with it is refused", async ({ page, browser, baseURL }) => {
  await signInAdmin(page);
  await openSettingsForm(page);
  await enabled(page, "Cash on Delivery").uncheck();
  await saveSettings(page);
  await expectSaved(page);
  expect(await cardValues(page, "Cash on Delivery")).toEqual({ Status: "Disabled" });

  const shopper = await shopperAtPayment(browser, baseURL);
  try {
    expect(await offeredMethods(shopper)).toEqual(["Credit / Debit Card", "UPI", "Bank Transfer"]);
    await expect(paymentSection(shopper).getByRole("radio", { name: "Credit / Debit Card" })).toBeChecked();

    // The browser is made to post "cod" anyway: the server refuses, on the payment step.
    await choosePayment(shopper, "UPI");
    await fillUpi(shopper, UPI.pays);
    await paymentSection(shopper).getByRole("radio", { name: "UPI" }).evaluate((el) => ((el as HTMLInputElement).value = "cod"));
    await placeOrderButton(shopper).click();
    await expect(paymentSection(shopper).getByText(MESSAGES.codUnavailable)).toBeVisible();
    await expect(stepSection(shopper, "Payment").getByRole("button", { name: "Place Order" })).toBeVisible();

    // A tool's post, without the page: refused the same way.
    const response = await shopper.request.post("/checkout", {
      form: { ...FORGED, paymentMethod: "cod", idempotencyKey: crypto.randomUUID() },
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain(MESSAGES.codUnavailable);

    await shopper.goto("/orders");
    await expect(shopper.getByText("You haven't placed any orders yet.")).toBeVisible();
  } finally {
    await shopper.context().close();
  }
});

test("bank transfer: offered at checkout, and the confirmation and order page show the account to pay into", async ({ browser, baseURL }) => {
  const shopper = await shopperAtPayment(browser, baseURL);
  try {
    const bankRadio = paymentSection(shopper).getByRole("radio", { name: "Bank Transfer" });
    await bankRadio.check();
    await expect(bankRadio).toBeChecked();
    await expect(paymentSection(shopper)).toContainText("Pay by NEFT, RTGS or IMPS after placing your order");
    await placeOrderButton(shopper).click();
    const number = await expectConfirmation(shopper);
    await expect(main(shopper)).toContainText("Payment: BANK TRANSFER");
    const details = shopper.getByRole("region", { name: "Pay by bank transfer" });
    await expect(details).toContainText("Transfer ₹4,227.82 by NEFT, RTGS or IMPS");
    for (const text of [BANK.accountName, BANK.accountNumber, BANK.bankName, BANK.ifsc, number]) await expect(details).toContainText(text);

    await shopper.goto(`/orders/${number}`);
    const onOrderPage = shopper.getByRole("region", { name: "Pay by bank transfer" });
    await expect(onOrderPage).toContainText(BANK.accountNumber);
    await expect(onOrderPage).toContainText(number);
    await shopper.goto("/orders");
    await expect(main(shopper)).toContainText("BANK TRANSFER");
  } finally {
    await shopper.context().close();
  }
});

test("with only Stripe enabled, which checkout does not use, the payment step says payments are unavailable and nothing can be placed", async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAdmin(page);
  await openSettingsForm(page);
  for (const legend of ["Razorpay", "Cash on Delivery", "Bank Transfer"] as const) await enabled(page, legend).uncheck();
  await enabled(page, "Stripe").check();
  await saveSettings(page);
  await expectSaved(page);
  expect(await cardValues(page, "Stripe")).toMatchObject({ Status: "Enabled" });
  await expect(
    main(page).getByText("No payment method is enabled: customers can't place orders until you enable one. Stripe is enabled, but checkout does not use it."),
  ).toBeVisible();

  const shopper = await shopperAtPayment(browser, baseURL);
  try {
    await expect(paymentSection(shopper).getByText(MESSAGES.unavailable)).toBeVisible();
    await expect(paymentSection(shopper).getByRole("radio")).toHaveCount(0);
    await expect(placeOrderButton(shopper)).toHaveCount(0);
    // Not even a card, which Stripe could take: checkout takes cards through Razorpay only.
    const response = await shopper.request.post("/checkout", {
      form: { ...FORGED, paymentMethod: "card", paidOnline: "1", idempotencyKey: crypto.randomUUID() },
    });
    expect(response.status()).toBe(409);
    expect(await response.text()).toContain(MESSAGES.unavailable);
    await shopper.goto("/orders");
    await expect(shopper.getByText("You haven't placed any orders yet.")).toBeVisible();
  } finally {
    await shopper.context().close();
  }

  // Back to the demo's methods, for whoever looks at this server next.
  await openSettingsForm(page);
  for (const legend of ["Razorpay", "Cash on Delivery"] as const) await enabled(page, legend).check();
  await enabled(page, "Stripe").uncheck();
  await saveSettings(page);
  await expectSaved(page);
  await expect(settingsForm(page)).toHaveCount(0);
});
