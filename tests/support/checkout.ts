import fs from "node:fs/promises";
import path from "node:path";
import { expect, type Locator, type Page, type Request } from "@playwright/test";
import { registerByPost, type Account } from "./accounts";
import { CATALOG, type DemoItem } from "./catalog";
import { openE2eDatabase, withE2eDatabase } from "./db";
import type { OrderAddress } from "./e2e-store";
import { waitForHydration } from "./hydration";
import { addToCartOnProductPage } from "./shop";

/**
 * Helpers for the checkout and orders browser tests (tests/e2e/checkout-*.spec.ts and
 * orders-*.spec.ts).
 *
 * Every test registers its own customer, so its cart and its orders are its own. Products are
 * shared by every test: routine orders buy products with plenty of stock (ROUTINE), and the tests
 * that change stock or prices use only BenQ GW2490 and the HP All-in-One 24, under a per-product
 * lock (withProductLock), putting back what they changed.
 */

/** Products with a large stock, for orders that do not look at stock. */
export const ROUTINE = {
  /** ₹3,499, vendor-1 (GSTIN 07…: Delhi). */
  keyboard: CATALOG.g213Keyboard,
  /** ₹8,995, vendor-3 (Karnataka). */
  mouse: CATALOG.mxMaster,
  /** ₹16,999, vendor-2 (Maharashtra). */
  ssd: CATALOG.samsungSsd,
  /** ₹29,990, vendor-3 (Karnataka). */
  headphones: CATALOG.sonyHeadphones,
} as const;

/** The only products whose stock or price these tests change (always under withProductLock). */
export const STOCK_TEST = {
  /** ₹8,999, vendor-3. */
  monitor: CATALOG.benqMonitor,
  /** ₹64,990, vendor-3. */
  allInOne: CATALOG.hpAllInOne,
} as const;

/** The sellers of the demo catalogue as their invoices name them. */
export const SELLERS = {
  vendor1: { name: "Vardhan Infotech Distributors Pvt. Ltd.", gstin: "07AAHCV4821K1Z2", state: "Delhi" },
  vendor2: { name: "Shree Lamington Computer Traders", gstin: "27AAQFS3947H1ZM", state: "Maharashtra" },
  vendor3: { name: "Silicon Plateau Systems Pvt. Ltd.", gstin: "29AAKCS6125M1ZR", state: "Karnataka" },
} as const;

export const PASSWORD = "secret-pass";

/** A shipping address as a customer types it at checkout (the one type: tests/support/e2e-store.ts). */
export type Address = OrderAddress;

export const DELHI_ADDRESS: Address = {
  phone: "+91 98765 43210",
  addressLine1: "14, Janpath Lane",
  addressLine2: "Near Connaught Place",
  city: "New Delhi",
  state: "Delhi",
  postalCode: "110001",
};

export const NOIDA_ADDRESS: Address = {
  phone: "98111 22334",
  addressLine1: "B-7, Sector 62",
  city: "Noida",
  state: "Uttar Pradesh",
  postalCode: "201309",
};

export const BENGALURU_ADDRESS: Address = {
  phone: "+91 99000 11223",
  addressLine1: "221, 5th Cross, Indiranagar",
  city: "Bengaluru",
  state: "Karnataka",
  postalCode: "560038",
};

export interface Card {
  nameOnCard: string;
  cardNumber: string;
  expiry: string;
  cvv: string;
}

/** The offline Razorpay sandbox's card that pays (sandbox/razorpay/sandbox.ts). */
export const TEST_CARD: Readonly<Card> = { nameOnCard: "PRIYA K SHARMA", cardNumber: "4111 1111 1111 1111", expiry: "12/30", cvv: "123" };
/** The sandbox's card that its bank declines. */
export const DECLINED_CARD: Readonly<Card> = { ...TEST_CARD, cardNumber: "4000 0000 0000 0002" };
/** The sandbox's UPI IDs: one pays, one fails. */
export const UPI = { pays: "success@razorpay", fails: "failure@razorpay" } as const;
/** What the Payment step says when the sandbox refuses a payment. */
export const PAYMENT_FAILED = {
  declined: "Payment failed: Your payment was declined by the bank. Please try another card or payment method.",
  upi: "Payment failed: The UPI payment was declined. Please try again or choose another payment method.",
} as const;

export function uniqueShopperEmail(prefix = "c"): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.in`;
}

/**
 * A fresh customer, the page's browser signed in as them: registered by a plain form post, as
 * tests whose subject is not registration do (registration itself is walked in
 * accounts-register.spec.ts). The page opens nothing.
 */
export async function registerShopper(page: Page, name = `Asha Verma ${Math.random().toString(36).slice(2, 6)}`): Promise<Account> {
  return registerByPost(page.request, { name, email: uniqueShopperEmail(), password: PASSWORD });
}

/** Adds a product through its product page (Quantity + Add to Cart). */
export async function addToCart(page: Page, product: DemoItem, quantity = 1): Promise<void> {
  await addToCartOnProductPage(page, product, quantity);
}

/** Opens /checkout, waits for React, and expects the shipping step. */
export async function openCheckout(page: Page): Promise<void> {
  await page.goto("/checkout");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await expectCurrentStep(page, "Shipping");
}

/** The step list's current step (aria-current="step"). */
export async function expectCurrentStep(page: Page, step: "Shipping" | "Payment" | "Confirmation"): Promise<void> {
  const steps = page.getByRole("list", { name: "Checkout steps" });
  await expect(steps.getByRole("listitem")).toHaveText([/Shipping/, /Payment/, /Confirmation/]);
  const current = steps.locator('[aria-current="step"]');
  await expect(current).toHaveCount(1);
  await expect(current).toContainText(step);
}

/** The shipping or payment step's section. */
export function stepSection(page: Page, step: "Shipping" | "Payment"): Locator {
  return page.getByRole("region", { name: step, exact: true });
}

/** The optional second address line's label. */
export const ADDRESS_LINE_2 = "Address Line 2 (optional)";

export function shippingField(page: Page, label: string | RegExp): Locator {
  return stepSection(page, "Shipping").getByLabel(label, { exact: true });
}

/** Fills the shipping step's fields that are given (Full Name only when given). */
export async function fillShipping(page: Page, a: Partial<Address>): Promise<void> {
  const form = stepSection(page, "Shipping");
  if (a.fullName !== undefined) await form.getByLabel("Full Name", { exact: true }).fill(a.fullName);
  if (a.phone !== undefined) await form.getByLabel("Phone Number", { exact: true }).fill(a.phone);
  if (a.addressLine1 !== undefined) await form.getByLabel("Address Line 1", { exact: true }).fill(a.addressLine1);
  if (a.addressLine2 !== undefined) await form.getByLabel(ADDRESS_LINE_2, { exact: true }).fill(a.addressLine2);
  if (a.city !== undefined) await form.getByLabel("City", { exact: true }).fill(a.city);
  if (a.state !== undefined) await form.getByLabel("State", { exact: true }).selectOption(a.state);
  if (a.postalCode !== undefined) await form.getByLabel("PIN Code", { exact: true }).fill(a.postalCode);
}

/** Continue to Payment, expecting the payment step. */
export async function continueToPayment(page: Page): Promise<void> {
  await stepSection(page, "Shipping").getByRole("button", { name: "Continue to Payment" }).click();
  await expectCurrentStep(page, "Payment");
  await expect(stepSection(page, "Payment").getByRole("button", { name: "Place Order" })).toBeVisible();
}

/** From an open checkout: fills the address and goes on to the payment step. */
export async function shipTo(page: Page, a: Address): Promise<void> {
  await fillShipping(page, a);
  await continueToPayment(page);
}

export function paymentSection(page: Page): Locator {
  return stepSection(page, "Payment");
}

export async function fillCard(page: Page, card: Partial<Card> = TEST_CARD): Promise<void> {
  const form = paymentSection(page);
  if (card.nameOnCard !== undefined) await form.getByLabel("Name on Card", { exact: true }).fill(card.nameOnCard);
  if (card.cardNumber !== undefined) await form.getByLabel("Card Number", { exact: true }).fill(card.cardNumber);
  if (card.expiry !== undefined) await form.getByLabel("Expiry Date (MM/YY)", { exact: true }).fill(card.expiry);
  if (card.cvv !== undefined) await form.getByLabel("CVV", { exact: true }).fill(card.cvv);
}

export async function choosePayment(page: Page, method: "Credit / Debit Card" | "UPI" | "Cash on Delivery"): Promise<void> {
  const radio = paymentSection(page).getByRole("radio", { name: method, exact: true });
  await radio.check();
  await expect(radio).toBeChecked();
}

/**
 * The origin of the Razorpay sandbox beside the shared server (any free port): the shop names it
 * in its log, which playwright.config.ts keeps.
 */
export async function sandboxOrigin(): Promise<string> {
  const dir = process.env.E2E_LOG_DIR;
  if (!dir) throw new Error("E2E_LOG_DIR is not set: run browser tests through playwright.config.ts");
  const log = await fs.readFile(path.join(dir, "main.log"), "utf8");
  const found = /Razorpay sandbox \(offline test payments\) is running at (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
  if (!found) throw new Error("the server's log does not name its Razorpay sandbox");
  return found[1]!;
}

export async function fillUpi(page: Page, upiId: string): Promise<void> {
  await paymentSection(page).getByLabel("UPI ID", { exact: true }).fill(upiId);
}

/** The payment state badge (Paid, Awaiting payment, Refunded, ...) within `scope`. */
export function paymentStatus(scope: Page | Locator): Locator {
  return scope.getByTestId("payment-status");
}

export function placeOrderButton(page: Page): Locator {
  return paymentSection(page).getByRole("button", { name: "Place Order" });
}

/** Clicks Place Order and waits for the confirmation (after the payment, for card and UPI); returns the order number. */
export async function placeOrderAndConfirm(page: Page): Promise<string> {
  await placeOrderButton(page).click();
  return expectConfirmation(page);
}

/** The confirmation step: URL, heading, step list and order number; returns the number. */
export async function expectConfirmation(page: Page): Promise<string> {
  // A card or UPI order is placed, paid at the sandbox and checked by the shop before it shows.
  await expect(page).toHaveURL(/\/checkout\?placed=RC-\d{6}$/, { timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  await expectCurrentStep(page, "Confirmation");
  const number = (await page.getByTestId("order-number").textContent())?.trim() ?? "";
  expect(number).toMatch(/^RC-\d{6}$/);
  expect(page.url()).toContain(`placed=${number}`);
  return number;
}

/** The checkout's Order Summary amounts, as shown. */
export async function expectSummary(page: Page, s: { subtotal: string; shipping: string; tax: string; total: string }): Promise<void> {
  await expect(page.getByTestId("summary-subtotal")).toHaveText(s.subtotal);
  await expect(page.getByTestId("summary-shipping")).toHaveText(s.shipping);
  await expect(page.getByTestId("summary-tax")).toHaveText(s.tax);
  await expect(page.getByTestId("summary-total")).toHaveText(s.total);
}

/**
 * A description list (dt/dd) as term → definition text. The scope must hold one list whose terms
 * and definitions pair up.
 */
export async function definitions(scope: Locator): Promise<Record<string, string>> {
  const terms = (await scope.getByRole("term").allTextContents()).map((t) => t.trim());
  const values = (await scope.getByRole("definition").allTextContents()).map((t) => t.trim());
  expect(values.length, `terms ${JSON.stringify(terms)} and definitions ${JSON.stringify(values)} pair up`).toBe(terms.length);
  return Object.fromEntries(terms.map((t, i) => [t, values[i]!]));
}

/** The amounts of an order page (its Items section). */
export async function orderPageAmounts(page: Page): Promise<Record<string, string>> {
  return definitions(page.getByRole("region", { name: "Items" }));
}

/** One order's card on /orders. */
export function orderCard(page: Page, number: string): Locator {
  return page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: `Order ${number}`, exact: true }) });
}

/** The order numbers listed on /orders, top to bottom. */
export async function listedOrderNumbers(page: Page): Promise<string[]> {
  const headings = await page.getByRole("main").getByRole("heading", { level: 2, name: /^Order RC-\d{6}$/ }).allTextContents();
  return headings.map((h) => h.trim().replace(/^Order /, ""));
}

/** A seller's tax invoice on an order page. */
export function invoiceOf(page: Page, sellerName: string): Locator {
  return page
    .getByRole("region", { name: "GST Tax Invoices" })
    .getByRole("article")
    .filter({ hasText: `Sold by ${sellerName}` });
}

/** Today as the shop writes order dates ("22 November 2026", India time). */
export function todayInIndia(): string {
  return new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Kolkata" }).format(new Date());
}

export function rupees(amount: number): string {
  return new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 }).format(amount);
}

/** "₹1,234.50" as the invoices write amounts. */
export function rupees2(amount: number): string {
  return new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
}

/** Is this the checkout's form post (document or data request)? */
export function isCheckoutPost(r: Request): boolean {
  if (r.method() !== "POST") return false;
  const p = new URL(r.url()).pathname;
  return p === "/checkout" || p === "/checkout.data";
}

/** Records the checkout form posts a page sends. */
export function recordCheckoutPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on("request", (r) => {
    if (isCheckoutPost(r)) posts.push(r);
  });
  return posts;
}

/** The fields of a urlencoded (or multipart) form post body. */
export function postedFields(r: Request): [string, string][] {
  const body = r.postData() ?? "";
  const type = r.headers()["content-type"] ?? "";
  if (type.includes("multipart/form-data")) {
    const fields: [string, string][] = [];
    const re = /name="([^"]*)"\r\n\r\n([\s\S]*?)\r\n--/g;
    for (let m = re.exec(body); m; m = re.exec(body)) fields.push([m[1]!, m[2]!]);
    return fields;
  }
  return [...new URLSearchParams(body).entries()];
}

export interface StoredOrder {
  number: string;
  status: string;
  payment_method: string;
  payment_status: string;
  payment_error: string | null;
  razorpay_order_id: string | null;
  razorpay_payment_id: string | null;
  total_paise: number;
}

/** Every order of a customer, as stored, with its payment. */
export function storedOrdersOf(email: string): StoredOrder[] {
  return withE2eDatabase(
    (db) =>
      db
        .prepare(
          `SELECT o.number, o.status, o.payment_method, o.payment_status, o.payment_error, o.razorpay_order_id, o.razorpay_payment_id, o.total_paise
           FROM orders o JOIN "user" u ON u.id = o.user_id WHERE u.email = ? ORDER BY o.created_at`,
        )
        .all(email) as unknown as StoredOrder[],
  );
}

export function getStock(productId: string): number {
  const db = openE2eDatabase();
  try {
    const row = db.prepare("SELECT stock FROM products WHERE id = ?").get(productId) as { stock: number } | undefined;
    if (!row) throw new Error(`no product ${productId}`);
    return Number(row.stock);
  } finally {
    db.close();
  }
}

/** Sets a product's price (paise); returns the previous one. */
export function setPricePaise(productId: string, pricePaise: number): number {
  const db = openE2eDatabase();
  try {
    const row = db.prepare("SELECT price_paise FROM products WHERE id = ?").get(productId) as { price_paise: number } | undefined;
    if (!row) throw new Error(`no product ${productId}`);
    db.prepare("UPDATE products SET price_paise = ? WHERE id = ?").run(pricePaise, productId);
    return Number(row.price_paise);
  } finally {
    db.close();
  }
}

/**
 * Runs `fn` while no other checkout/orders test holds the same product (an atomic mkdir in the
 * run's DATA_DIR), so tests that count or change that product's stock or price never overlap.
 * A lock left by a killed worker (its pid is gone) is broken.
 */
export async function withProductLock<T>(product: DemoItem, fn: () => Promise<T>, { timeoutMs = 120_000 } = {}): Promise<T> {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run browser tests through playwright.config.ts");
  const lock = path.join(dir, `checkout-product-${product.id}.lock`);
  const owner = path.join(lock, "owner");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fs.mkdir(lock);
      await fs.writeFile(owner, String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (await heldByDeadProcess(owner)) {
        await fs.rm(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`product lock ${product.id} still held after ${timeoutMs} ms`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    return await fn();
  } finally {
    await fs.rm(lock, { recursive: true, force: true });
  }
}

async function heldByDeadProcess(ownerFile: string): Promise<boolean> {
  let pid: number;
  try {
    pid = Number(await fs.readFile(ownerFile, "utf8"));
  } catch {
    return false;
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/** India's 28 states and 8 union territories, alphabetical, as the State list offers them. */
export const INDIAN_STATES_AND_UTS = [
  "Andaman and Nicobar Islands",
  "Andhra Pradesh",
  "Arunachal Pradesh",
  "Assam",
  "Bihar",
  "Chandigarh",
  "Chhattisgarh",
  "Dadra and Nagar Haveli and Daman and Diu",
  "Delhi",
  "Goa",
  "Gujarat",
  "Haryana",
  "Himachal Pradesh",
  "Jammu and Kashmir",
  "Jharkhand",
  "Karnataka",
  "Kerala",
  "Ladakh",
  "Lakshadweep",
  "Madhya Pradesh",
  "Maharashtra",
  "Manipur",
  "Meghalaya",
  "Mizoram",
  "Nagaland",
  "Odisha",
  "Puducherry",
  "Punjab",
  "Rajasthan",
  "Sikkim",
  "Tamil Nadu",
  "Telangana",
  "Tripura",
  "Uttar Pradesh",
  "Uttarakhand",
  "West Bengal",
] as const;

export type Method = "card" | "upi" | "cod";

/**
 * Places an order of `items` for the signed-in customer through the checkout (JavaScript on),
 * and returns its number; the page is left on the confirmation.
 */
export async function placeOrder(
  page: Page,
  { items, address = DELHI_ADDRESS, method = "cod" }: { items: [DemoItem, number][]; address?: Address; method?: Method },
): Promise<string> {
  for (const [product, quantity] of items) await addToCart(page, product, quantity);
  await openCheckout(page);
  await shipTo(page, address);
  if (method === "card") await fillCard(page, TEST_CARD);
  if (method === "upi") {
    await choosePayment(page, "UPI");
    await fillUpi(page, UPI.pays);
  }
  if (method === "cod") await choosePayment(page, "Cash on Delivery");
  return placeOrderAndConfirm(page);
}

/**
 * The page is no wider than the screen (nothing to scroll sideways). Checked softly: the test
 * goes on through its other steps and reports every page that overflows, naming what sticks out.
 */
export async function expectNoHorizontalScroll(page: Page, where: string): Promise<void> {
  const { overflow, culprits } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const culprits: string[] = [];
    for (const el of Array.from(document.querySelectorAll("main *"))) {
      const r = el.getBoundingClientRect();
      const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      if (r.right > width + 1 && culprits.length < 5) culprits.push(`<${el.tagName.toLowerCase()}> "${text}" ends at ${Math.round(r.right)}px`);
    }
    return { overflow: document.documentElement.scrollWidth - width, culprits };
  });
  expect.soft(overflow, `${where} (${page.url()}) is wider than the screen:\n${culprits.join("\n")}`).toBeLessThanOrEqual(0);
}
