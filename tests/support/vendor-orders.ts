import { expect, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import type { Account } from "./accounts";
import type { DemoItem } from "./catalog";
import { DELHI_ADDRESS, placeOrder, registerShopper, type Method } from "./checkout";
import { orderFor } from "./e2e-store";
import { openE2eDatabase } from "./db";
import { waitForHydration } from "./hydration";

/**
 * Helpers for the vendor dashboard, vendor orders and admin orders browser tests
 * (tests/e2e/vendor-dashboard*.spec.ts, vendor-orders*.spec.ts, admin-orders*.spec.ts).
 *
 * Tests change only orders they placed themselves (a fresh shopper each); they read the e2e
 * database to compare the screens with it. Other tests place orders at the same time, so anything
 * counted over a demo vendor's orders is compared with the database read just before, retried.
 */

export const VENDOR_IDS = { vendor1: "vendor-1", vendor2: "vendor-2", vendor3: "vendor-3" } as const;

export const STATUS_LABELS = ["Pending", "Processing", "Shipped", "Delivered", "Cancelled"] as const;

function withDb<T>(fn: (db: ReturnType<typeof openE2eDatabase>) => T): T {
  const db = openE2eDatabase();
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

export interface StoredPart {
  vendorId: string;
  status: string;
  amountPaise: number;
  carrier: string | null;
  trackingNumber: string | null;
  updatedAt: string;
}

/** Every vendor's part of an order, as stored now (ordered by vendor). */
export function partsOf(number: string): StoredPart[] {
  return withDb((db) =>
    (
      db
        .prepare(
          `SELECT vendor_id, status, amount_paise, carrier, tracking_number, updated_at
             FROM order_parts WHERE order_number = ? ORDER BY vendor_id`,
        )
        .all(number) as { vendor_id: string; status: string; amount_paise: number; carrier: string | null; tracking_number: string | null; updated_at: string }[]
    ).map((r) => ({
      vendorId: r.vendor_id,
      status: r.status,
      amountPaise: Number(r.amount_paise),
      carrier: r.carrier,
      trackingNumber: r.tracking_number,
      updatedAt: r.updated_at,
    })),
  );
}

/** The order's own status and its history rows, as stored now. */
export function storedOrder(number: string): { status: string; updatedAt: string; historyRows: number } {
  return withDb((db) => {
    const o = db.prepare("SELECT id, status, updated_at FROM orders WHERE number = ?").get(number) as { id: string; status: string; updated_at: string } | undefined;
    if (!o) throw new Error(`no order ${number}`);
    const h = db.prepare("SELECT count(*) AS n FROM order_status_history WHERE order_id = ?").get(o.id) as { n: number };
    return { status: o.status, updatedAt: o.updated_at, historyRows: Number(h.n) };
  });
}

export interface StoredOrderRow {
  number: string;
  status: string;
  totalPaise: number;
  paymentMethod: string;
  stockReleased: number;
}

/** Orders as stored now, by number. */
export function storedOrderRows(numbers: string[]): Map<string, StoredOrderRow> {
  return withDb((db) => {
    const stmt = db.prepare("SELECT number, status, total_paise, payment_method, stock_released FROM orders WHERE number = ?");
    const rows = new Map<string, StoredOrderRow>();
    for (const n of numbers) {
      const r = stmt.get(n) as { number: string; status: string; total_paise: number; payment_method: string; stock_released: number } | undefined;
      if (r) rows.set(n, { number: r.number, status: r.status, totalPaise: Number(r.total_paise), paymentMethod: r.payment_method, stockReleased: Number(r.stock_released) });
    }
    return rows;
  });
}

/** How many orders there are (in one status, or all). */
export function countOrders(status?: string): number {
  return withDb((db) => {
    const row = (status ? db.prepare("SELECT count(*) AS n FROM orders WHERE status = ?").get(status) : db.prepare("SELECT count(*) AS n FROM orders").get()) as { n: number };
    return Number(row.n);
  });
}

/** How many orders a customer (by email) has. */
export function countOrdersOf(email: string): number {
  return withDb((db) => {
    const row = db.prepare(`SELECT count(*) AS n FROM orders o JOIN "user" u ON u.id = o.user_id WHERE lower(u.email) = lower(?)`).get(email) as { n: number };
    return Number(row.n);
  });
}

/** A demo order (placed by a demo shopper) in this status, the oldest. */
export function demoOrderNumber(status: string): string {
  return withDb((db) => {
    const row = db
      .prepare(`SELECT o.number AS n FROM orders o JOIN "user" u ON u.id = o.user_id WHERE o.status = ? AND u.email LIKE '%@example.com' ORDER BY o.created_at LIMIT 1`)
      .get(status) as { n: string } | undefined;
    if (!row) throw new Error(`no demo order in status ${status}`);
    return row.n;
  });
}

/** The vendor (business) id of a vendor account. */
export function vendorIdOf(email: string): string {
  return withDb((db) => {
    const row = db.prepare(`SELECT v.id AS id FROM vendors v JOIN "user" u ON u.id = v.owner_user_id WHERE lower(u.email) = lower(?)`).get(email) as
      | { id: string }
      | undefined;
    if (!row) throw new Error(`no vendor for ${email}`);
    return row.id;
  });
}

/** How many parts of a vendor's orders match (status, or every status). */
export function countVendorParts(vendorId: string, status?: string): number {
  return withDb((db) => {
    const row = (
      status
        ? db.prepare("SELECT count(*) AS n FROM order_parts WHERE vendor_id = ? AND status = ?").get(vendorId, status)
        : db.prepare("SELECT count(*) AS n FROM order_parts WHERE vendor_id = ?").get(vendorId)
    ) as { n: number };
    return Number(row.n);
  });
}

/** How many of a vendor's parts belong to orders of the customer with this exact name. */
export function countVendorPartsOfCustomer(vendorId: string, customerName: string): number {
  return withDb((db) => {
    const row = db
      .prepare(`SELECT count(*) AS n FROM order_parts p JOIN "user" u ON u.id = p.customer_user_id WHERE p.vendor_id = ? AND u.name = ?`)
      .get(vendorId, customerName) as { n: number };
    return Number(row.n);
  });
}

/** The order number of one of a vendor's oldest parts (orders only get newer, so this one stays first by date). */
export function oldestPartNumbers(vendorId: string, limit: number): string[] {
  return withDb((db) =>
    (
      db
        .prepare("SELECT order_number FROM order_parts WHERE vendor_id = ? ORDER BY order_created_at ASC, order_id ASC LIMIT ?")
        .all(vendorId, limit) as { order_number: string }[]
    ).map((r) => r.order_number),
  );
}

/** A demo order with a part of `vendorId` in this status (a demo order: created by the seed, not by a test). */
export function demoPartNumber(vendorId: string, status: string): string {
  return withDb((db) => {
    const row = db
      .prepare(
        `SELECT p.order_number AS n FROM order_parts p JOIN "user" u ON u.id = p.customer_user_id
          WHERE p.vendor_id = ? AND p.status = ? AND u.email LIKE '%@example.com' ORDER BY p.order_created_at LIMIT 1`,
      )
      .get(vendorId, status) as { n: string } | undefined;
    if (!row) throw new Error(`no demo order of ${vendorId} in status ${status}`);
    return row.n;
  });
}

/** A demo order of two or more sellers, `vendorId` one of them. */
export function demoMixedOrder(vendorId: string): string {
  return withDb((db) => {
    const row = db
      .prepare(
        `SELECT p.order_number AS n FROM order_parts p JOIN "user" u ON u.id = p.customer_user_id
          WHERE p.vendor_id = ? AND u.email LIKE '%@example.com'
            AND EXISTS (SELECT 1 FROM order_parts q WHERE q.order_id = p.order_id AND q.vendor_id <> p.vendor_id)
          ORDER BY p.order_created_at LIMIT 1`,
      )
      .get(vendorId) as { n: string } | undefined;
    if (!row) throw new Error(`no demo order of ${vendorId} with another seller`);
    return row.n;
  });
}

/** A demo order in which `vendorId` has no part (its sellers are others). */
export function demoOrderWithout(vendorId: string): string {
  return withDb((db) => {
    const row = db
      .prepare(
        `SELECT o.number AS n FROM orders o JOIN "user" u ON u.id = o.user_id
          WHERE u.email LIKE '%@example.com'
            AND NOT EXISTS (SELECT 1 FROM order_parts p WHERE p.order_id = o.id AND p.vendor_id = ?)
          ORDER BY o.created_at LIMIT 1`,
      )
      .get(vendorId) as { n: string } | undefined;
    if (!row) throw new Error(`no demo order without ${vendorId}`);
    return row.n;
  });
}

export interface Figures {
  revenue: number;
  thisMonth: number;
  lastMonth: number;
  orders: number;
  customers: number;
}

/** Midnight on the first of the month `offset` months from now's, in India (UTC+5:30), as an ISO instant. */
function indiaMonthStart(now: Date, offset: number): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit" }).formatToParts(now);
  const year = Number(parts.find((p) => p.type === "year")!.value);
  const month = Number(parts.find((p) => p.type === "month")!.value);
  return new Date(Date.UTC(year, month - 1 + offset, 1, 0, 0) - (5 * 60 + 30) * 60_000).toISOString();
}

/**
 * The dashboard figures of a vendor as the database has them now: the money from its ledger (sale
 * and refund entries, GST included, by the India month each is dated), the orders and customers
 * from its parts of orders not cancelled.
 */
export function vendorFiguresFromDb(vendorId: string, now = new Date()): Figures {
  const thisStart = indiaMonthStart(now, 0);
  const lastStart = indiaMonthStart(now, -1);
  const nextStart = indiaMonthStart(now, 1);
  return withDb((db) => {
    const parts = db.prepare("SELECT customer_user_id FROM order_parts WHERE vendor_id = ? AND status <> 'cancelled'").all(vendorId) as { customer_user_id: string }[];
    const sales = db.prepare("SELECT amount_paise, created_at FROM ledger_entries WHERE vendor_id = ? AND kind IN ('sale', 'refund')").all(vendorId) as {
      amount_paise: number;
      created_at: string;
    }[];
    const sum = (from: string, to: string) => sales.filter((e) => e.created_at >= from && e.created_at < to).reduce((s, e) => s + Number(e.amount_paise), 0);
    return {
      revenue: sales.reduce((s, e) => s + Number(e.amount_paise), 0),
      thisMonth: sum(thisStart, nextStart),
      lastMonth: sum(lastStart, thisStart),
      orders: parts.length,
      customers: new Set(parts.map((p) => p.customer_user_id)).size,
    };
  });
}

/** The vendor's active products with fewer than 5 in stock, fewest first (then by name). */
export function lowStockFromDb(vendorId: string): { name: string; stock: number }[] {
  return withDb(
    (db) =>
      db
        .prepare("SELECT name, stock FROM products WHERE vendor_id = ? AND status = 'active' AND stock < 5 ORDER BY stock, name_key")
        .all(vendorId) as { name: string; stock: number }[],
  ).map((r) => ({ name: r.name, stock: Number(r.stock) }));
}

/** The names of every product of a vendor's. */
export function productNamesOf(vendorId: string): string[] {
  return withDb((db) => (db.prepare("SELECT name FROM products WHERE vendor_id = ?").all(vendorId) as { name: string }[]).map((r) => r.name));
}

/** A vendor's active products as stored now. */
export function activeProductCount(vendorId: string): number {
  return withDb((db) => Number((db.prepare("SELECT count(*) AS n FROM products WHERE vendor_id = ? AND status = 'active'").get(vendorId) as { n: number }).n));
}

export function rupees(paise: number, decimals: 0 | 2 = 0): string {
  return new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(paise / 100);
}

/** Today as the vendor's tables write dates ("05 Nov 2026", India time). */
export function todayShort(): string {
  return new Intl.DateTimeFormat("en-IN", { day: "2-digit", month: "short", year: "numeric", timeZone: "Asia/Kolkata" }).format(new Date());
}

/** "05 Nov 2026" → a sortable number (yyyymmdd). */
export function shortDateKey(text: string): number {
  const months = Array.from({ length: 12 }, (_, m) =>
    new Intl.DateTimeFormat("en-IN", { month: "short", timeZone: "UTC" }).format(new Date(Date.UTC(2026, m, 15))),
  );
  const match = /^(\d{2}) (\S+) (\d{4})$/.exec(text.trim());
  const month = match ? months.indexOf(match[2]!) : -1;
  if (!match || month < 0) throw new Error(`not a short date: ${JSON.stringify(text)}`);
  return Number(match[3]) * 10_000 + (month + 1) * 100 + Number(match[1]);
}

/** "₹1,49,990" or "₹1,49,990.00" → paise. */
export function paiseOf(text: string): number {
  const m = /^₹([\d,]+)(?:\.(\d{2}))?$/.exec(text.trim());
  if (!m) throw new Error(`not a rupee amount: ${JSON.stringify(text)}`);
  return Number(m[1]!.replace(/,/g, "")) * 100 + Number(m[2] ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Orders placed by the tests themselves

export interface PlacedOrder {
  number: string;
  shopper: Account;
  /** The shopper's own browser, still signed in (close it with `context.close()`). */
  page: Page;
  context: BrowserContext;
}

/**
 * A fresh shopper, in a browser of their own, has placed an order of `items`. Paid on delivery,
 * it is placed through the orders module (tests/support/e2e-store.ts), as the subject of these
 * tests is what comes after; paid online, through checkout and the payment sandbox.
 */
export async function shopperPlacesOrder(
  browser: Browser,
  baseURL: string | undefined,
  items: [DemoItem, number][],
  { method = "cod" as Method, name }: { method?: Method; name?: string } = {},
): Promise<PlacedOrder> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, javaScriptEnabled: true });
  const page = await context.newPage();
  const shopper = await registerShopper(page, name);
  const number =
    method === "cod"
      ? await orderFor(shopper.email, items.map(([product, quantity]) => ({ productId: product.id, quantity })), { address: DELHI_ADDRESS })
      : await placeOrder(page, { items, method });
  return { number, shopper, page, context };
}

/** A signed-in vendor's (or admin's) browser, separate from the test's page. */
export async function newBrowser(browser: Browser, baseURL: string | undefined, options: { javaScriptEnabled?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, javaScriptEnabled: true, ...options });
  return { context, page: await context.newPage() };
}

// ---------------------------------------------------------------------------------------------
// The vendor's Manage Orders page

/** Opens /vendor/orders with a query string (e.g. "?q=RC-123456") and waits for React. */
export async function openVendorOrders(page: Page, search = ""): Promise<void> {
  await page.goto(`/vendor/orders${search}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Manage Orders" })).toBeVisible();
}

/**
 * The listed orders: table rows on a desktop, cards on a phone (whichever is shown: the other is
 * hidden from the accessibility tree). Only rows and cards that name an order number.
 */
export function orderEntries(page: Page): Locator {
  const main = page.getByRole("main");
  return main
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: /^RC-\d{6}$/ }) })
    .or(main.getByRole("list", { name: "Orders", exact: true }).getByRole("listitem").filter({ hasText: /^RC-\d{6}/ }));
}

export function orderEntry(page: Page, number: string): Locator {
  return orderEntries(page).filter({ hasText: number });
}

export interface ListedOrder {
  number: string;
  date: string;
  amount: number;
  status: string;
  text: string;
}

/** Reads one listed order (row or card) from its visible text. */
export function parseEntry(text: string): ListedOrder {
  const number = /RC-\d{6}/.exec(text)?.[0];
  // Not \b: a hidden layout's text runs the email into the date ("…@example.in24 Nov 2026"), and
  // the date into the status and payment badges ("24 Nov 2026PendingPaid"); a phone's card runs
  // the number into it ("RC-31397124 Nov 2026"), so the date is read with the number taken out.
  const date = /(?<!\d)\d{2} [A-Z][a-z]{2,3} \d{4}(?!\d)/.exec(number ? text.replace(number, " ") : text)?.[0];
  const amount = /₹[\d,]+(?:\.\d{2})?/.exec(text)?.[0];
  // The badge comes before the action buttons ("Mark as Shipped") in both layouts.
  const status = new RegExp(`(?<![a-z])(${STATUS_LABELS.join("|")})(?![a-z])`).exec(text.replace(/Mark as \w+/g, ""))?.[1];
  if (!number || !date || !amount || !status) throw new Error(`cannot read the order in ${JSON.stringify(text)}`);
  return { number, date, amount: paiseOf(amount), status, text };
}

/** Waits until the listed order shows this status (its badge, not an action's label). */
export async function expectEntryStatus(page: Page, number: string, status: string): Promise<void> {
  await expect.poll(async () => parseEntry(await orderEntry(page, number).innerText()).status, { message: `status of ${number}` }).toBe(status);
}

export async function listedOrders(page: Page): Promise<ListedOrder[]> {
  return (await orderEntries(page).allInnerTexts()).map(parseEntry);
}

/** The footer's "Showing X of Y orders". */
export function showing(page: Page): Locator {
  return page.getByRole("main").getByText(/^Showing \d+ of \d+ orders$/);
}

export async function showingCounts(page: Page): Promise<{ shown: number; total: number }> {
  const m = /^Showing (\d+) of (\d+) orders$/.exec((await showing(page).innerText()).trim());
  if (!m) throw new Error("no Showing X of Y orders");
  return { shown: Number(m[1]), total: Number(m[2]) };
}

export function detailsLink(page: Page, number: string): Locator {
  return page.getByRole("main").getByRole("link", { name: `Details of order ${number}`, exact: true });
}

export function hideLink(page: Page, number: string): Locator {
  return page.getByRole("main").getByRole("link", { name: `Hide details of order ${number}`, exact: true });
}

export function itemsOf(page: Page, number: string): Locator {
  return page.getByRole("region", { name: `Items of order ${number}`, exact: true });
}

export function timelineOf(page: Page, number: string): Locator {
  return page.getByRole("region", { name: `Timeline of order ${number}`, exact: true });
}

/** The product rows (not the header or the total) of an expanded order's items. */
export function itemRows(page: Page, number: string): Locator {
  return itemsOf(page, number)
    .getByRole("row")
    .filter({ has: page.getByRole("cell") })
    .filter({ hasNotText: "Order total" });
}

export function orderTotalRow(page: Page, number: string): Locator {
  return itemsOf(page, number).getByRole("row").filter({ hasText: "Order total" });
}

export function markButton(page: Page, number: string, label: "Mark as Processing" | "Mark as Delivered"): Locator {
  return page.getByRole("main").getByRole("button", { name: `${label}: order ${number}`, exact: true });
}

export function markShippedLink(page: Page, number: string): Locator {
  return page.getByRole("main").getByRole("link", { name: `Mark as Shipped: order ${number}`, exact: true });
}

export function shipForm(page: Page, number: string): Locator {
  return page.getByRole("form", { name: `Ship order ${number}`, exact: true });
}

/** The page's confirmation (role status, not the portal's verification notice). */
export function flash(page: Page, text: string): Locator {
  return page.getByRole("main").getByRole("status").filter({ hasText: text });
}

/** Expects a field's message beside it: aria-invalid and aria-describedby naming the message. */
export async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(message);
}

/** Posts the vendor's advance form by hand (as a tool or a stale tab would), not following the redirect. */
export async function postAdvance(page: Page, fields: Record<string, string>) {
  return page.request.post("/vendor/orders", { form: fields, maxRedirects: 0 });
}

// ---------------------------------------------------------------------------------------------
// The admin's Manage Orders page

export async function openAdminOrders(page: Page, search = ""): Promise<void> {
  await page.goto(`/admin/orders${search}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Manage Orders" })).toBeVisible();
}

export function adminOrderRows(page: Page): Locator {
  return page.getByRole("main").getByRole("row").filter({ has: page.getByRole("cell", { name: /^RC-\d{6}$/ }) });
}

export function adminOrderRow(page: Page, number: string): Locator {
  return adminOrderRows(page).filter({ hasText: number });
}

export function adminStatusSelect(page: Page, number: string): Locator {
  return page.getByRole("main").getByRole("combobox", { name: `Status of order ${number}`, exact: true });
}

export interface AdminListedOrder {
  number: string;
  customer: string;
  date: string;
  total: string;
  status: string;
  paymentMethod: string;
}

/** The admin table's rows, cell by cell (status: the value its dropdown stands at, e.g. "pending"). */
export async function adminListedOrders(page: Page): Promise<AdminListedOrder[]> {
  const rows = await adminOrderRows(page).all();
  return Promise.all(
    rows.map(async (row) => {
      const cells = row.getByRole("cell");
      return {
        number: (await cells.nth(0).innerText()).trim(),
        customer: (await cells.nth(1).innerText()).trim(),
        date: (await cells.nth(2).innerText()).trim(),
        total: (await cells.nth(3).innerText()).trim(),
        status: await cells.nth(4).getByRole("combobox").inputValue(),
        paymentMethod: (await cells.nth(5).innerText()).trim(),
      };
    }),
  );
}

/** "bank_transfer" → "BANK TRANSFER", as the admin table writes payment methods. */
export function capitalsOf(method: string): string {
  return method.replace(/_/g, " ").toUpperCase();
}

/** Posts the admin's status form by hand, not following the redirect. */
export async function postAdminStatus(page: Page, fields: Record<string, string>) {
  return page.request.post("/admin/orders", { form: fields, maxRedirects: 0 });
}
