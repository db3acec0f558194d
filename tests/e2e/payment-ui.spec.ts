import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEMO, signInAdmin, signInVendor } from "../support/accounts";
import { withE2eDatabase } from "../support/db";
import { ROUTINE, definitions, expectCurrentStep, expectNoHorizontalScroll, orderCard, placeOrder, registerShopper, stepSection } from "../support/checkout";
import { waitForHydration } from "../support/hydration";
import { SEEDED_RAZORPAY, URL_PATH, cardValues, editButton, expectNoSecretIn, main, recordResponses, section } from "../support/payment-settings";
import { adminOrderRow, flash, markButton, openAdminOrders, openVendorOrders, orderEntry, postAdvance } from "../support/vendor-orders";

/**
 * Where people see an order's payment: the customer's order list and order page, the admin's
 * Manage Orders and the vendor's. Orders are placed with cash on delivery through the checkout,
 * then given the payment state a test needs directly in the database (no card is paid here).
 */

test.describe.configure({ timeout: 120_000 });

/** A keyboard (₹3,499 + ₹99 shipping + ₹630 GST = ₹4,228), vendor-1's. */
const KEYBOARD_TOTAL = "₹4,228";

type PaymentRow = {
  payment_method?: string;
  payment_status?: string;
  payment_error?: string | null;
  razorpay_payment_id?: string | null;
  paid_at?: string | null;
  status?: string;
};

/** Gives an order the payment (and status) a test needs, as the payment core would have left it. */
function setPayment(number: string, row: PaymentRow): void {
  const columns = Object.keys(row);
  withE2eDatabase((db) => {
    db.prepare(`UPDATE orders SET ${columns.map((c) => `${c} = ?`).join(", ")} WHERE number = ?`).run(...columns.map((c) => row[c as keyof PaymentRow] ?? null), number);
    if (row.status) db.prepare("UPDATE order_parts SET status = ? WHERE order_id = (SELECT id FROM orders WHERE number = ?)").run(row.status, number);
  });
}

function paymentStatusOf(number: string): string {
  return withE2eDatabase((db) => (db.prepare("SELECT payment_status FROM orders WHERE number = ?").get(number) as { payment_status: string }).payment_status);
}

/** The refund of a cancelled paid order, as the refund job records it. */
function setRefund(number: string, refund: { status: string; createdAt: string; updatedAt: string }): void {
  withE2eDatabase((db) => {
    const o = db.prepare("SELECT id, total_paise, razorpay_payment_id FROM orders WHERE number = ?").get(number) as { id: string; total_paise: number; razorpay_payment_id: string };
    db.prepare(
      `INSERT INTO refunds (id, order_id, payment_id, amount_paise, status, razorpay_refund_id, failure, reason, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, NULL, NULL, 'cancelled', ?, ?)
       ON CONFLICT (payment_id) WHERE return_id IS NULL DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at`,
    ).run(crypto.randomUUID(), o.id, o.razorpay_payment_id, o.total_paise, refund.status, refund.createdAt, refund.updatedAt);
  });
}

/** A fresh Razorpay-looking payment id, unique to the run. */
function paymentId(): string {
  return `pay_UI${Math.random().toString(36).slice(2, 12).toUpperCase()}`;
}

async function openOrder(page: Page, number: string): Promise<void> {
  await page.goto(`/orders/${number}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
}

function paymentLine(page: Page) {
  return page.getByRole("region", { name: "Shipping address" });
}

function refundSection(page: Page) {
  return page.getByRole("region", { name: "Refund", exact: true });
}

/** Cash on delivery orders of one keyboard each, placed by a new shopper in a browser context of their own. */
async function ordersOfANewShopper<N extends 1 | 2>(browser: Browser, baseURL: string, count: N): Promise<N extends 1 ? [string] : [string, string]> {
  const shopper = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  try {
    const page = await shopper.newPage();
    await registerShopper(page);
    const numbers: string[] = [];
    for (let i = 0; i < count; i++) numbers.push(await placeOrder(page, { items: [[ROUTINE.keyboard, 1]], method: "cod" }));
    return numbers as N extends 1 ? [string] : [string, string];
  } finally {
    await shopper.close();
  }
}

test.describe("the customer's orders", () => {
  test("a cash-on-delivery order: Pay on delivery beside COD, on the list and on its page", async ({ page }) => {
    await registerShopper(page);
    const number = await placeOrder(page, { items: [[ROUTINE.keyboard, 1]], method: "cod" });

    await page.goto("/orders");
    const card = orderCard(page, number);
    expect(await definitions(card)).toMatchObject({ Payment: "COD Pay on delivery", Total: KEYBOARD_TOTAL });
    await expect(card.getByTestId("payment-status")).toHaveText("Pay on delivery");

    await openOrder(page, number);
    await expect(paymentLine(page)).toContainText("Payment: COD");
    await expect(paymentLine(page).getByTestId("payment-status")).toHaveText("Pay on delivery");
    await expect(page.getByRole("link", { name: "Complete Payment" })).toHaveCount(0);
    await expect(refundSection(page)).toHaveCount(0);
  });

  test("a card order whose payment failed: the reason, and Complete Payment leading to the payment step", async ({ page }) => {
    await registerShopper(page);
    const number = await placeOrder(page, { items: [[ROUTINE.keyboard, 1]], method: "cod" });
    setPayment(number, { payment_method: "card", payment_status: "failed", payment_error: "Your bank declined the payment." });

    await page.goto("/orders");
    await expect(orderCard(page, number).getByTestId("payment-status")).toHaveText("Payment failed");
    expect(await definitions(orderCard(page, number))).toMatchObject({ Payment: "CARD Payment failed" });

    await openOrder(page, number);
    await expect(paymentLine(page)).toContainText("Payment: CARD");
    await expect(paymentLine(page).getByTestId("payment-status")).toHaveText("Payment failed");
    await expect(page.getByText("Your last payment attempt failed: Your bank declined the payment.", { exact: true })).toBeVisible();
    const complete = page.getByRole("link", { name: "Complete Payment" });
    await expect(complete).toHaveAttribute("href", `/checkout?pay=${number}`);

    await complete.click();
    await expect(page).toHaveURL(new RegExp(`/checkout\\?pay=${number}$`));
    await expectCurrentStep(page, "Payment");
    await expect(stepSection(page, "Payment")).toContainText("Your last payment attempt failed: Your bank declined the payment.");
    await expect(page.getByTestId("summary-total")).toHaveText(KEYBOARD_TOTAL);
  });

  test("an order awaiting its first payment offers Complete Payment without a failure; a paid one does not", async ({ page }) => {
    await registerShopper(page);
    const number = await placeOrder(page, { items: [[ROUTINE.keyboard, 1]], method: "cod" });
    setPayment(number, { payment_method: "upi", payment_status: "awaiting" });

    await openOrder(page, number);
    await expect(paymentLine(page).getByTestId("payment-status")).toHaveText("Awaiting payment");
    await expect(page.getByRole("link", { name: "Complete Payment" })).toBeVisible();
    await expect(page.getByText(/Your last payment attempt failed/)).toHaveCount(0);

    setPayment(number, { payment_status: "paid", razorpay_payment_id: paymentId(), paid_at: new Date().toISOString() });
    await openOrder(page, number);
    await expect(paymentLine(page).getByTestId("payment-status")).toHaveText("Paid");
    await expect(page.getByRole("link", { name: "Complete Payment" })).toHaveCount(0);
    await page.goto("/orders");
    expect(await definitions(orderCard(page, number))).toMatchObject({ Payment: "UPI Paid" });
  });

  test("a cancelled paid order's refund: started, refunded, or failed, in words with its amount and date", async ({ page }) => {
    await registerShopper(page);
    const number = await placeOrder(page, { items: [[ROUTINE.keyboard, 1]], method: "cod" });
    setPayment(number, { payment_method: "card", status: "cancelled", payment_status: "refund_pending", razorpay_payment_id: paymentId(), paid_at: "2026-01-05T04:00:00.000Z" });
    // 10:00 in India on 5 January, processed on 9 January.
    setRefund(number, { status: "pending", createdAt: "2026-01-05T04:30:00.000Z", updatedAt: "2026-01-05T04:30:00.000Z" });

    await openOrder(page, number);
    await expect(paymentLine(page).getByTestId("payment-status")).toHaveText("Refund pending");
    await expect(refundSection(page)).toContainText(
      `Refund of ${KEYBOARD_TOTAL} started on 5 January 2026: it is credited to your original payment method in 5-7 business days.`,
    );
    await expect(page.getByRole("link", { name: "Complete Payment" })).toHaveCount(0);

    setRefund(number, { status: "processed", createdAt: "2026-01-05T04:30:00.000Z", updatedAt: "2026-01-09T06:00:00.000Z" });
    setPayment(number, { payment_status: "refunded" });
    await openOrder(page, number);
    await expect(paymentLine(page).getByTestId("payment-status")).toHaveText("Refunded");
    await expect(refundSection(page).getByRole("paragraph")).toHaveText(`Refunded ${KEYBOARD_TOTAL} on 9 January 2026.`);
    await page.goto("/orders");
    await expect(orderCard(page, number).getByTestId("payment-status")).toHaveText("Refunded");

    setRefund(number, { status: "failed", createdAt: "2026-01-05T04:30:00.000Z", updatedAt: "2026-01-06T06:00:00.000Z" });
    setPayment(number, { payment_status: "refund_failed" });
    await openOrder(page, number);
    await expect(paymentLine(page).getByTestId("payment-status")).toHaveText("Refund failed");
    await expect(refundSection(page).getByRole("paragraph")).toHaveText(`The refund of ${KEYBOARD_TOTAL} could not be processed. Our team will contact you.`);
  });

  test("cancelling a paid card order says its refund has started", async ({ page }) => {
    await registerShopper(page);
    const number = await placeOrder(page, { items: [[ROUTINE.keyboard, 1]], method: "cod" });
    setPayment(number, { payment_method: "card", payment_status: "paid", razorpay_payment_id: paymentId(), paid_at: new Date().toISOString() });

    await openOrder(page, number);
    await page.getByRole("button", { name: "Cancel Order" }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${number}\\?cancelled=1$`));
    await expect(page.getByRole("main").getByRole("status")).toHaveText(`Your order has been cancelled. The refund of ${KEYBOARD_TOTAL} has started.`);
    await expect(refundSection(page)).toBeVisible();
    expect(["refund_pending", "refunded", "refund_failed"]).toContain(paymentStatusOf(number));
  });

  test("cancelling an unpaid order says only that it is cancelled", async ({ page }) => {
    await registerShopper(page);
    const number = await placeOrder(page, { items: [[ROUTINE.keyboard, 1]], method: "cod" });
    await openOrder(page, number);
    await page.getByRole("button", { name: "Cancel Order" }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${number}\\?cancelled=1$`));
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Your order has been cancelled.");
    await expect(refundSection(page)).toHaveCount(0);
  });

  test("a bank-transfer order shows where to pay only while its payment is awaited", async ({ page, browser, baseURL }) => {
    await registerShopper(page);
    const number = await placeOrder(page, { items: [[ROUTINE.keyboard, 1]], method: "cod" });
    setPayment(number, { payment_method: "bank_transfer", payment_status: "awaiting" });

    await openOrder(page, number);
    await expect(paymentLine(page)).toContainText("Payment: BANK TRANSFER");
    await expect(paymentLine(page).getByTestId("payment-status")).toHaveText("Awaiting payment");
    await expect(page.getByRole("region", { name: "Pay by bank transfer" })).toBeVisible();
    // Paid by transfer, not online: no Complete Payment.
    await expect(page.getByRole("link", { name: "Complete Payment" })).toHaveCount(0);

    // The admin sees the transfer awaited and marks it received.
    const admin = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    try {
      const adminPage = await admin.newPage();
      await signInAdmin(adminPage);
      await openAdminOrders(adminPage, `?q=${number}`);
      const row = adminOrderRow(adminPage, number);
      const payment = row.getByRole("cell").nth(5);
      await expect(payment).toContainText("BANK TRANSFER");
      await expect(payment.getByTestId("payment-status")).toHaveText("Awaiting payment");
      await payment.getByRole("button", { name: `Mark Transfer Received: order ${number}` }).click();
      await expect(flash(adminPage, `Payment received for order ${number}`)).toBeVisible();
      await expect(payment.getByTestId("payment-status")).toHaveText("Paid");
      await expect(payment.getByRole("button", { name: /Mark Transfer Received/ })).toHaveCount(0);
      // The status dropdown is untouched by it.
      await expect(row.getByRole("combobox")).toHaveValue("pending");
      expect(paymentStatusOf(number)).toBe("paid");

      // Marked again (a second tab, a resent form): refused, nothing changes.
      const again = await adminPage.request.post("/admin/orders", { form: { intent: "transfer-received", number }, maxRedirects: 0 });
      expect(again.status()).toBe(409);
      expect(await again.text()).toContain(`Order ${number} is not awaiting a bank transfer.`);
    } finally {
      await admin.close();
    }

    await openOrder(page, number);
    await expect(paymentLine(page).getByTestId("payment-status")).toHaveText("Paid");
    await expect(page.getByRole("region", { name: "Pay by bank transfer" })).toHaveCount(0);
  });

  test("the order page on a phone: the payment state, the failure and Complete Payment fit the screen @mobile", async ({ page }, testInfo) => {
    await registerShopper(page);
    const number = await placeOrder(page, { items: [[ROUTINE.keyboard, 1]], method: "cod" });
    setPayment(number, { payment_method: "card", payment_status: "failed", payment_error: "The payment was cancelled before it was completed." });

    await openOrder(page, number);
    await expect(page.getByText("Your last payment attempt failed: The payment was cancelled before it was completed.", { exact: true })).toBeInViewport();
    await expect(page.getByRole("link", { name: "Complete Payment" })).toBeInViewport();
    await expect(paymentLine(page).getByTestId("payment-status")).toHaveText("Payment failed");
    await expectNoHorizontalScroll(page, "the order page");
    await page.screenshot({ path: testInfo.outputPath("order-page-phone.png"), fullPage: true });

    await page.getByRole("link", { name: "Complete Payment" }).tap();
    await expectCurrentStep(page, "Payment");
  });
});

test.describe("admin Manage Orders", () => {
  test("the Payment Method column: the method, its payment state and Razorpay's payment id", async ({ page, browser, baseURL }) => {
    const [cod, card] = await ordersOfANewShopper(browser, baseURL!, 2);
    const id = paymentId();
    setPayment(card, { payment_method: "card", payment_status: "paid", razorpay_payment_id: id, paid_at: new Date().toISOString() });

    await signInAdmin(page);
    await openAdminOrders(page, `?q=${cod}`);
    const codCell = adminOrderRow(page, cod).getByRole("cell").nth(5);
    await expect(codCell).toHaveText(/^COD\s*Pay on delivery$/);
    await expect(codCell.getByRole("button")).toHaveCount(0);

    await openAdminOrders(page, `?q=${card}`);
    const cardCell = adminOrderRow(page, card).getByRole("cell").nth(5);
    await expect(cardCell.getByText("CARD", { exact: true })).toBeVisible();
    await expect(cardCell.getByTestId("payment-status")).toHaveText("Paid");
    const idText = cardCell.getByText(id, { exact: true });
    await expect(idText).toBeVisible();
    await expect(idText).toHaveCSS("font-family", /mono/i);
    await expect(cardCell.getByRole("button")).toHaveCount(0);

    // A card order is never marked paid by hand.
    const forged = await page.request.post("/admin/orders", { form: { intent: "transfer-received", number: card }, maxRedirects: 0 });
    expect(forged.status()).toBe(409);
  });

  test("admin orders on a phone: the payment column and its button are reached within the scrolling table @mobile", async ({ page, browser, baseURL }, testInfo) => {
    const [number] = await ordersOfANewShopper(browser, baseURL!, 1);
    setPayment(number, { payment_method: "bank_transfer", payment_status: "awaiting" });

    await signInAdmin(page);
    await openAdminOrders(page);
    await expect(page.getByRole("main").getByTestId("payment-status").first()).toBeAttached();
    await expectNoHorizontalScroll(page, "admin orders");
    await page.screenshot({ path: testInfo.outputPath("admin-orders-phone.png"), fullPage: true });

    await openAdminOrders(page, `?q=${number}`);
    const button = adminOrderRow(page, number).getByRole("button", { name: `Mark Transfer Received: order ${number}` });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport();
    await expectNoHorizontalScroll(page, "admin orders, a transfer awaited");
    await page.screenshot({ path: testInfo.outputPath("admin-orders-phone-payment.png") });
    await button.tap();
    await expect(flash(page, `Payment received for order ${number}`)).toBeVisible();
  });
});

test.describe("vendor Manage Orders", () => {
  test("an order awaiting payment shows its state and no way to move it on, until it is paid", async ({ page, browser, baseURL }) => {
    const [number] = await ordersOfANewShopper(browser, baseURL!, 1);
    setPayment(number, { payment_method: "upi", payment_status: "awaiting" });

    await signInVendor(page, DEMO.vendor1);
    await openVendorOrders(page, `?q=${number}`);
    const entry = orderEntry(page, number);
    await expect(entry.getByTestId("payment-status")).toHaveText("Awaiting payment");
    await expect(entry.getByText("Awaiting payment: ship once it is paid", { exact: true })).toBeVisible();
    await expect(markButton(page, number, "Mark as Processing")).toHaveCount(0);

    // A post made anyway is refused, and the order stays pending.
    const forced = await postAdvance(page, { number, from: "pending" });
    expect(forced.status()).toBe(409);
    expect(await forced.text()).toContain("This order is awaiting payment: ship it once it is paid.");

    setPayment(number, { payment_status: "paid", razorpay_payment_id: paymentId(), paid_at: new Date().toISOString() });
    await openVendorOrders(page, `?q=${number}`);
    await expect(entry.getByTestId("payment-status")).toHaveText("Paid");
    await expect(entry.getByText("Awaiting payment: ship once it is paid")).toHaveCount(0);
    await markButton(page, number, "Mark as Processing").click();
    await expect(flash(page, `Order ${number} marked Processing.`)).toBeVisible();
  });

  test("on a phone, each card shows the payment state and the awaiting text @mobile", async ({ page, browser, baseURL }) => {
    const [number] = await ordersOfANewShopper(browser, baseURL!, 1);
    setPayment(number, { payment_method: "card", payment_status: "failed", payment_error: "Your bank declined the payment." });

    await signInVendor(page, DEMO.vendor1);
    await openVendorOrders(page, `?q=${number}`);
    const card = page.getByRole("list", { name: "Orders", exact: true }).getByRole("listitem").filter({ hasText: number });
    await expect(card.getByTestId("payment-status")).toHaveText("Payment failed");
    await expect(card.getByText("Awaiting payment: ship once it is paid", { exact: true })).toBeVisible();
    await expectNoHorizontalScroll(page, "vendor orders");
  });
});

test.describe("admin Payment Settings (read-only)", () => {
  /** The demo seed's webhook secret (app/seed/demo-payments.ts). */
  const WEBHOOK_SECRET = { value: "FakeDemoWebhookSecret5678", masked: "••••••••5678" };

  test("the Razorpay webhook secret, masked, with where Razorpay should send webhooks; Stripe is not used at checkout", async ({ page, baseURL }) => {
    const recorded = recordResponses(page, baseURL!);
    await signInAdmin(page);
    await waitForHydration(page);
    // Reached by its link, so the page's data arrives as a .data response the recorder keeps.
    await page.getByRole("navigation", { name: "Admin sections", exact: true }).getByRole("link", { name: "Payment Settings", exact: true }).click();
    await expect(page).toHaveURL(URL_PATH);
    await expect(main(page).getByRole("heading", { level: 1, name: "Payment Settings" })).toBeVisible();
    expect(await cardValues(page, "Razorpay")).toEqual({
      Status: "Enabled",
      "Key ID": SEEDED_RAZORPAY.keyId,
      "Key Secret": SEEDED_RAZORPAY.masked,
      "Webhook Secret": WEBHOOK_SECRET.masked,
    });
    await expect(main(page).getByText("Checkout offers: Credit / Debit Card, UPI, Cash on Delivery.")).toBeVisible();
    await expect(main(page)).toContainText(
      "At checkout, Razorpay offers Credit / Debit Card and UPI; Cash on Delivery and Bank Transfer are offered while enabled. Stripe is not used at checkout.",
    );

    await editButton(page).click();
    const webhook = section(page, "Razorpay").getByLabel("Webhook Secret", { exact: true });
    await expect(webhook).toHaveValue("");
    await expect(webhook).toHaveAttribute("type", "password");
    // BASE_URL is not set in these tests: the shop's address is http://localhost:PORT.
    await expect(webhook).toHaveAccessibleDescription(
      `In Razorpay's Dashboard, add a webhook to http://localhost:${new URL(baseURL!).port}/webhooks/razorpay with the events payment.authorized, ` +
        "payment.captured, payment.failed, order.paid, refund.processed, refund.failed, transfer.processed and transfer.failed, and paste its secret here. " +
        `Stored: ${WEBHOOK_SECRET.masked}. Leave blank to keep it.`,
    );
    await expect(section(page, "Stripe")).toContainText(
      "Checkout takes cards and UPI through Razorpay. Stripe's keys are kept here for later; they are not used at checkout.",
    );
    await page.reload();
    await expectNoSecretIn(recorded, [SEEDED_RAZORPAY.keySecret, WEBHOOK_SECRET.value]);
  });
});
