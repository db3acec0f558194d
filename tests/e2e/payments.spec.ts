import { expect, test, type Page, type Request } from "@playwright/test";
import {
  DECLINED_CARD,
  DELHI_ADDRESS,
  PAYMENT_FAILED,
  ROUTINE,
  TEST_CARD,
  UPI,
  addToCart,
  choosePayment,
  expectConfirmation,
  expectCurrentStep,
  expectNoHorizontalScroll,
  fillCard,
  fillUpi,
  listedOrderNumbers,
  openCheckout,
  orderCard,
  paymentSection,
  paymentStatus,
  placeOrderAndConfirm,
  placeOrderButton,
  postedFields,
  recordCheckoutPosts,
  registerShopper,
  sandboxOrigin,
  shipTo,
  storedOrdersOf,
} from "../support/checkout";
import { withE2eDatabase } from "../support/db";
import { waitForHydration } from "../support/hydration";
import { SEEDED_RAZORPAY } from "../support/payment-settings";

/**
 * Card and UPI payments through the offline Razorpay sandbox the shop runs beside it
 * (docs/decisions/014): the shop's fields, the sandbox's razorpay.js, the server's check of the
 * payment, and what the customer sees after a success, a decline, a retry and a refund.
 * The server is shared by every test, so nothing here changes how the sandbox behaves: of its
 * test controls only the list of webhooks it sent is read.
 */

test.describe.configure({ timeout: 90_000 });

/** A keyboard to Delhi: ₹3,499 + ₹99 shipping + ₹630 GST. */
const KEYBOARD_TOTAL = "₹4,228";

/** A new customer with a keyboard in the cart, on the payment step. */
async function atPayment(page: Page): Promise<string> {
  const shopper = await registerShopper(page);
  await addToCart(page, ROUTINE.keyboard, 1);
  await openCheckout(page);
  await shipTo(page, DELHI_ADDRESS);
  return shopper.email;
}

/** After Place Order with a payment the sandbox refuses: the reason shows, and the Payment step stays. */
async function expectRefused(page: Page, message: string): Promise<void> {
  await expect(paymentSection(page).getByRole("alert")).toHaveText(message);
  await expectCurrentStep(page, "Payment");
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(placeOrderButton(page)).toBeEnabled();
}

/**
 * The shop learns of a failed attempt from Razorpay's payment.failed webhook, which may arrive
 * just after the page has shown the refusal that Razorpay's script gave it.
 */
async function expectFailureStored(email: string): Promise<void> {
  await expect.poll(() => storedOrdersOf(email).map((o) => o.payment_status)).toEqual(["failed"]);
}

function placePosts(posts: Request[]): Record<string, string>[] {
  return posts.map((r) => Object.fromEntries(postedFields(r))).filter((f) => f.intent === "place");
}

test.describe("paying at checkout", () => {
  test("by card: the confirmation, the order page and Your Orders say Paid", async ({ page }) => {
    const email = await atPayment(page);
    const sandbox = await sandboxOrigin();
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await fillCard(page, TEST_CARD);
    // Razorpay's script is loaded only to pay, and from the sandbox.
    expect(await page.evaluate(() => "Razorpay" in window)).toBe(false);
    const number = await placeOrderAndConfirm(page);
    expect(scripts).toContain(`${sandbox}/v1/razorpay.js`);

    await expect(paymentStatus(page)).toHaveText("Paid");
    await expect(page.getByRole("main")).toContainText(`Total ${KEYBOARD_TOTAL} · Payment: CARD`);
    const [stored] = storedOrdersOf(email);
    expect(stored).toMatchObject({ number, status: "pending", payment_method: "card", payment_status: "paid", payment_error: null, total_paise: 422782 });
    expect(stored!.razorpay_order_id).toMatch(/^order_\w+$/);
    expect(stored!.razorpay_payment_id).toMatch(/^pay_\w+$/);

    await page.getByRole("link", { name: "View Order" }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${number}$`));
    const paymentLine = page.getByRole("region", { name: "Shipping address" });
    await expect(paymentLine).toContainText("Payment: CARD");
    await expect(paymentStatus(paymentLine)).toHaveText("Paid");
    await expect(page.getByRole("link", { name: "Complete Payment" })).toHaveCount(0);

    await page.goto("/orders");
    await expect(paymentStatus(orderCard(page, number))).toHaveText("Paid");
  });

  test("by UPI with success@razorpay: paid", async ({ page }) => {
    const email = await atPayment(page);
    await choosePayment(page, "UPI");
    await fillUpi(page, UPI.pays);
    const number = await placeOrderAndConfirm(page);
    await expect(paymentStatus(page)).toHaveText("Paid");
    await expect(page.getByRole("main")).toContainText(`Total ${KEYBOARD_TOTAL} · Payment: UPI`);
    expect(storedOrdersOf(email)).toMatchObject([{ number, payment_method: "upi", payment_status: "paid" }]);
  });

  test("a declined card, then a good one: the same order, paid, and only one in Your Orders", async ({ page }) => {
    const email = await atPayment(page);
    const posts = recordCheckoutPosts(page);
    await fillCard(page, DECLINED_CARD);
    await placeOrderButton(page).click();
    await expectRefused(page, PAYMENT_FAILED.declined);
    // The order is placed and waits for its payment; the card fields keep what was typed.
    await expectFailureStored(email);
    const [failed] = storedOrdersOf(email);
    expect(failed).toMatchObject({ status: "pending", payment_method: "card", payment_status: "failed" });
    expect(failed!.payment_error).toContain("declined by the bank");
    await expect(paymentSection(page).getByLabel("Card Number", { exact: true })).toHaveValue(DECLINED_CARD.cardNumber);

    await fillCard(page, { cardNumber: TEST_CARD.cardNumber });
    const number = await placeOrderAndConfirm(page);
    expect(number).toBe(failed!.number);
    await expect(paymentStatus(page)).toHaveText("Paid");
    // Both tries were the same order: the same idempotency key, placed once.
    const places = placePosts(posts);
    expect(places).toHaveLength(2);
    expect(places[1]!.idempotencyKey).toBe(places[0]!.idempotencyKey);
    expect(storedOrdersOf(email)).toMatchObject([{ number, payment_status: "paid", payment_error: null }]);

    await page.goto("/orders");
    expect(await listedOrderNumbers(page)).toEqual([number]);
    await expect(paymentStatus(orderCard(page, number))).toHaveText("Paid");
  });

  test("a declined card, then cash on delivery: the same order, paid on delivery", async ({ page }) => {
    const email = await atPayment(page);
    await fillCard(page, DECLINED_CARD);
    await placeOrderButton(page).click();
    await expectRefused(page, PAYMENT_FAILED.declined);
    const [failed] = storedOrdersOf(email);

    await choosePayment(page, "Cash on Delivery");
    const number = await placeOrderAndConfirm(page);
    expect(number).toBe(failed!.number);
    await expect(page.getByRole("main")).toContainText(`Total ${KEYBOARD_TOTAL} · Payment: COD`);
    await expect(paymentStatus(page)).toHaveText("Pay on delivery");
    expect(storedOrdersOf(email)).toMatchObject([{ number, payment_method: "cod", payment_status: "cod", razorpay_payment_id: null }]);

    await page.goto("/orders");
    expect(await listedOrderNumbers(page)).toEqual([number]);
  });

  test("a failed UPI payment says so and stays on the Payment step; success@razorpay then pays", async ({ page }) => {
    const email = await atPayment(page);
    await choosePayment(page, "UPI");
    await fillUpi(page, UPI.fails);
    await placeOrderButton(page).click();
    await expectRefused(page, PAYMENT_FAILED.upi);
    await expect(paymentSection(page).getByRole("radio", { name: "UPI" })).toBeChecked();
    await expectFailureStored(email);
    expect(storedOrdersOf(email)).toMatchObject([{ payment_method: "upi", payment_status: "failed" }]);

    await fillUpi(page, UPI.pays);
    const number = await placeOrderAndConfirm(page);
    await expect(paymentStatus(page)).toHaveText("Paid");
    expect(storedOrdersOf(email)).toMatchObject([{ number, payment_status: "paid" }]);
  });
});

test("cancelling a paid order refunds it: Refund pending, then Refunded", async ({ page, request }) => {
  const email = await atPayment(page);
  await fillCard(page, TEST_CARD);
  const number = await placeOrderAndConfirm(page);
  await expect(paymentStatus(page)).toHaveText("Paid");
  const paymentId = storedOrdersOf(email)[0]!.razorpay_payment_id!;

  await page.goto(`/orders/${number}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Cancel Order" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${number}\\?cancelled=1$`));
  await expect(page.getByRole("status").filter({ hasText: "Your order has been cancelled." })).toHaveText(
    `Your order has been cancelled. The refund of ${KEYBOARD_TOTAL} has started.`,
  );
  const paymentLine = page.getByRole("region", { name: "Shipping address" });
  // The sandbox processes the refund ~300 ms after the shop asks for it; then its webhook arrives.
  await expect(paymentStatus(paymentLine)).toHaveText("Refund pending");
  await expect(page.getByRole("region", { name: "Refund", exact: true })).toContainText(`Refund of ${KEYBOARD_TOTAL} started on`);

  await expect(async () => {
    await page.reload();
    await expect(paymentStatus(paymentLine)).toHaveText("Refunded", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole("region", { name: "Refund", exact: true })).toContainText(`Refunded ${KEYBOARD_TOTAL} on`);
  expect(storedOrdersOf(email)).toMatchObject([{ number, status: "cancelled", payment_status: "refunded" }]);
  const refunds = withE2eDatabase((db) => db.prepare("SELECT status, amount_paise, reason FROM refunds WHERE payment_id = ?").all(paymentId));
  expect(refunds).toEqual([{ status: "processed", amount_paise: 422782, reason: "cancelled" }]);

  // Refunded through Razorpay's refund.processed webhook, which the shop accepted.
  const sent = (await (await request.get(`${await sandboxOrigin()}/__sandbox/webhooks`)).json()) as { event: string; body: string; status: number | null }[];
  const processed = sent.filter((w) => w.event === "refund.processed" && w.body.includes(paymentId));
  expect(processed.map((w) => w.status)).toEqual([200]);

  await page.goto("/orders");
  await expect(paymentStatus(orderCard(page, number))).toHaveText("Refunded");
});

test("an order left unpaid is paid later from Your Orders", async ({ page }) => {
  const email = await atPayment(page);
  await fillCard(page, DECLINED_CARD);
  await placeOrderButton(page).click();
  await expectRefused(page, PAYMENT_FAILED.declined);
  const number = storedOrdersOf(email)[0]!.number;

  // The customer leaves, and finds the order in Your Orders.
  await page.goto("/orders");
  const card = orderCard(page, number);
  await expect(paymentStatus(card)).toHaveText("Payment failed");
  await expect(card.getByRole("link", { name: `Complete Payment: order ${number}` })).toHaveAttribute("href", `/checkout?pay=${number}`);
  await card.getByRole("link", { name: "View details and invoice" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${number}$`));
  await waitForHydration(page);
  await expect(page.getByRole("main")).toContainText("Your last payment attempt failed: Your payment was declined by the bank.");
  await page.getByRole("link", { name: "Complete Payment" }).click();

  await expect(page).toHaveURL(new RegExp(`/checkout\\?pay=${number}$`));
  await waitForHydration(page);
  await expectCurrentStep(page, "Payment");
  await expect(paymentSection(page).getByRole("alert")).toContainText("Your last payment attempt failed: Your payment was declined by the bank.");
  await expect(page.getByTestId("summary-total")).toHaveText(KEYBOARD_TOTAL);
  await fillCard(page, TEST_CARD);
  expect(await placeOrderAndConfirm(page)).toBe(number);
  await expect(paymentStatus(page)).toHaveText("Paid");

  await page.goto("/orders");
  expect(await listedOrderNumbers(page)).toEqual([number]);
  await expect(paymentStatus(orderCard(page, number))).toHaveText("Paid");
  await expect(orderCard(page, number).getByRole("link", { name: /Complete Payment/ })).toHaveCount(0);
});

test("when the payment gateway cannot be reached the order awaits payment, and paying again works", async ({ page }) => {
  const email = await atPayment(page);
  const sandbox = await sandboxOrigin();
  await page.route(`${sandbox}/**`, (route) => route.abort("internetdisconnected"));
  await fillCard(page, TEST_CARD);
  await placeOrderButton(page).click();
  await expectRefused(page, "Payment failed: We could not reach the payment gateway. Please check your connection and try again.");
  const [waiting] = storedOrdersOf(email);
  expect(waiting).toMatchObject({ payment_method: "card", payment_status: "awaiting", razorpay_payment_id: null });

  await page.unrouteAll();
  const number = await placeOrderAndConfirm(page);
  expect(number).toBe(waiting!.number);
  await expect(paymentStatus(page)).toHaveText("Paid");
});

/** Card digits as typed or as sent: grouped by spaces, or not. */
function cardNumberForms(spaced: string): string[] {
  return [spaced, spaced.replace(/\s/g, "")];
}

/** The CVV alone, not as part of a longer number, id or amount (₹1,987.50). */
function holdsCvv(text: string, cvv: string): boolean {
  return new RegExp(`(?<![0-9A-Za-z,.₹])${cvv}(?![0-9A-Za-z,.])`).test(text);
}

/** Everything a request says: where it goes, its headers and its body, URL-decoded. */
function requestText(r: Request): string {
  const body = r.postData() ?? "";
  let decoded = body;
  try {
    decoded = decodeURIComponent(body.replace(/\+/g, " "));
  } catch {
    // Not URL-encoded: searched as it is.
  }
  return [r.url(), JSON.stringify(r.headers()), body, decoded].join("\n");
}

test("card details go to the payment gateway only: never to the shop's server, its answers or its database", async ({ page, baseURL }) => {
  const card = { ...TEST_CARD, cvv: "987" };
  const shop = new URL(baseURL!).origin;
  const sandbox = await sandboxOrigin();
  const toShop: Request[] = [];
  const toSandbox: Request[] = [];
  const answers: Promise<{ url: string; text: string }>[] = [];
  page.on("request", (r) => {
    const origin = new URL(r.url()).origin;
    if (origin === shop) toShop.push(r);
    if (origin === sandbox) toSandbox.push(r);
  });
  // Every answer of the shop (pages, loader and action data, scripts), to search as well.
  page.on("response", (res) => {
    if (new URL(res.url()).origin !== shop) return;
    // A redirect has no body to read: its headers are searched all the same.
    const url = res.url();
    const headers = JSON.stringify(res.headers());
    answers.push(res.text().then((body) => ({ url, text: `${url}\n${headers}\n${body}` }), () => ({ url, text: `${url}\n${headers}` })));
  });

  const email = await atPayment(page);
  await fillCard(page, card);
  const number = await placeOrderAndConfirm(page);
  await expect(paymentStatus(page)).toHaveText("Paid");

  // The sandbox got the card: the test is looking in the right place.
  const paid = toSandbox.find((r) => r.method() === "POST" && new URL(r.url()).pathname === "/v1/checkout/payments");
  expect(paid, "the card payment posted to the sandbox").toBeTruthy();
  expect(paid!.postDataJSON()).toMatchObject({ method: "card", card: { number: "4111111111111111", cvv: card.cvv } });

  // The shop got the place and confirm posts, and never the card.
  expect(placePosts(toShop.filter((r) => r.method() === "POST"))).toHaveLength(1);
  for (const r of toShop) {
    const text = requestText(r);
    for (const digits of cardNumberForms(card.cardNumber)) expect(text.includes(digits), `${r.method()} ${r.url()} carries the card number`).toBe(false);
    expect(holdsCvv(text, card.cvv), `${r.method()} ${r.url()} carries the CVV`).toBe(false);
  }

  // Nor does any answer of the shop hold the card or the demo's Razorpay secrets.
  const secrets = [...cardNumberForms(card.cardNumber), SEEDED_RAZORPAY.keySecret, SEEDED_RAZORPAY.webhookSecret];
  const answered = await Promise.all(answers);
  expect(answered.length, "the shop's answers were recorded").toBeGreaterThan(5);
  for (const { url, text } of answered) {
    for (const secret of secrets) expect(text.includes(secret), `${url} holds ${secret}`).toBe(false);
    // The shop's own scripts are the same for everyone: only what was answered to this customer could hold it.
    if (!new URL(url).pathname.startsWith("/assets/")) expect(holdsCvv(text, card.cvv), `${url} holds the CVV`).toBe(false);
  }

  // Nor does any row of any table hold the card, or the demo's Razorpay secrets in the clear.
  const { tables, found } = withE2eDatabase((db) => {
    const names = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name);
    const hits: string[] = [];
    for (const table of names) {
      for (const row of db.prepare(`SELECT * FROM "${table}"`).all() as Record<string, unknown>[]) {
        for (const [column, value] of Object.entries(row)) {
          const text = value instanceof Uint8Array ? Buffer.from(value).toString("latin1") : String(value);
          for (const secret of secrets) if (text.includes(secret)) hits.push(`${table}.${column} holds ${secret}`);
          if (holdsCvv(text, card.cvv)) hits.push(`${table}.${column} holds the CVV: ${text.slice(0, 200)}`);
        }
      }
    }
    return { tables: names, found: hits };
  });
  expect(tables).toEqual(expect.arrayContaining(["orders", "payment_events", "refunds", "payment_settings", "jobs", "mail"]));
  expect(found).toEqual([]);
  expect(storedOrdersOf(email)).toMatchObject([{ number, payment_status: "paid" }]);
});

test.describe("paying on a phone", () => {
  test("by card: Paid on the confirmation and the order page @mobile", async ({ page }) => {
    await atPayment(page);
    await fillCard(page, TEST_CARD);
    await placeOrderButton(page).tap();
    const number = await expectConfirmation(page);
    await expect(paymentStatus(page)).toHaveText("Paid");
    await expect(paymentStatus(page)).toBeInViewport();
    await expectNoHorizontalScroll(page, "the paid confirmation");

    await page.getByRole("link", { name: "View Order" }).tap();
    await expect(page).toHaveURL(new RegExp(`/orders/${number}$`));
    await expect(paymentStatus(page.getByRole("region", { name: "Shipping address" }))).toHaveText("Paid");
    await expectNoHorizontalScroll(page, "the paid order's page");
  });

  test("by UPI: paid @mobile", async ({ page }) => {
    await atPayment(page);
    await choosePayment(page, "UPI");
    await fillUpi(page, UPI.pays);
    await placeOrderButton(page).tap();
    await expectConfirmation(page);
    await expect(paymentStatus(page)).toHaveText("Paid");
    await expect(page.getByRole("main")).toContainText("Payment: UPI");
  });

  test("a declined card shows why; the good card then pays the same order @mobile", async ({ page }) => {
    const email = await atPayment(page);
    await fillCard(page, DECLINED_CARD);
    await placeOrderButton(page).tap();
    await expectRefused(page, PAYMENT_FAILED.declined);
    // Seen where the person is: the message is brought into view, not left above the fold.
    await expect(page.getByRole("alert").filter({ hasText: "Payment failed" })).toBeInViewport();
    await expectNoHorizontalScroll(page, "the payment step after a decline");

    await fillCard(page, { cardNumber: TEST_CARD.cardNumber });
    await placeOrderButton(page).tap();
    const number = await expectConfirmation(page);
    await expect(paymentStatus(page)).toHaveText("Paid");
    expect(storedOrdersOf(email)).toMatchObject([{ number, payment_status: "paid" }]);
  });
});
