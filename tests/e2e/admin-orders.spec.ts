import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { DEMO, signInAdmin, signInVendor, signUp } from "../support/accounts";
import { ROUTINE, STOCK_TEST, expectNoHorizontalScroll, getStock, orderCard, withProductLock } from "../support/checkout";
import {
  adminListedOrders,
  adminOrderRow,
  adminOrderRows,
  adminStatusSelect,
  capitalsOf,
  countOrders,
  countOrdersOf,
  demoOrderNumber,
  expectEntryStatus,
  flash,
  markButton,
  markShippedLink,
  newBrowser,
  openAdminOrders,
  openVendorOrders,
  partsOf,
  postAdminStatus,
  rupees,
  shopperPlacesOrder,
  shortDateKey,
  storedOrder,
  storedOrderRows,
} from "../support/vendor-orders";

/**
 * The admin's Manage Orders: every order of the shop, searched, filtered and paged; the status
 * dropdown really changes an order (the customer and the sellers see it) and a cancellation
 * before shipping returns the stock. Status changes are made only to the test's own orders.
 */

test.describe.configure({ timeout: 150_000 });

const OPTIONS = [
  { label: "Pending Payment", value: "pending" },
  { label: "Processing", value: "processing" },
  { label: "Shipped", value: "shipped" },
  { label: "Delivered", value: "delivered" },
  { label: "Cancelled", value: "cancelled" },
] as const;

function statusFilter(page: Page) {
  return page.getByRole("main").getByRole("combobox", { name: "Status", exact: true });
}

function footer(page: Page) {
  return page.getByRole("main").getByText(/^Showing \d+ of \d+ orders$/);
}

async function footerTotal(page: Page): Promise<number> {
  return Number(/of (\d+) orders$/.exec((await footer(page).innerText()).trim())![1]);
}

/** Reloads until the footer's total equals the database's (other tests add orders meanwhile). */
async function expectTotal(page: Page, expected: () => number): Promise<void> {
  await expect(async () => {
    const want = expected();
    await page.reload();
    expect(await footerTotal(page)).toBe(want);
  }).toPass({ timeout: 20_000 });
}

/** The customer's status for an order, on their order list. */
async function expectCustomerSees(page: Page, number: string, status: string): Promise<void> {
  await page.goto("/orders");
  const card = orderCard(page, number);
  await expect(card.getByText(status, { exact: true })).toBeVisible();
  for (const other of ["Pending", "Processing", "Shipped", "Delivered", "Cancelled"].filter((s) => s !== status)) await expect(card.getByText(other, { exact: true })).toHaveCount(0);
}

/** Picks a status in an order's dropdown (it saves by itself) and waits for the confirmation. */
async function changeStatus(page: Page, number: string, label: string): Promise<void> {
  await adminStatusSelect(page, number).selectOption({ label });
  await expect(flash(page, `Order ${number} status changed to ${label}`)).toBeVisible();
}

test.describe("admin Manage Orders", () => {
  test("lists every order, newest first, with two-decimal totals and the payment method in capitals", async ({ page }) => {
    await signInAdmin(page);
    await openAdminOrders(page);
    const main = page.getByRole("main");
    await expect(main.getByRole("columnheader")).toHaveText(["Order ID", "Customer", "Date", "Total", "Status", "Payment Method"]);
    await expect(statusFilter(page).getByRole("option")).toHaveText(["All statuses", ...OPTIONS.map((o) => o.label)]);
    await expectTotal(page, () => countOrders());
    await expect(adminOrderRows(page)).toHaveCount(25);
    await expect(footer(page)).toHaveText(/^Showing 25 of \d+ orders$/);

    const rows = await adminListedOrders(page);
    const stored = storedOrderRows(rows.map((r) => r.number));
    for (const row of rows) {
      const s = stored.get(row.number)!;
      expect(s, row.number).toBeDefined();
      expect(row.total, row.number).toMatch(/^₹[\d,]+\.\d{2}$/);
      expect(row.total, row.number).toBe(rupees(s.totalPaise, 2));
      // The method in capitals on the cell's first line; its payment state (a badge) under it.
      const [method, paymentState] = row.paymentMethod.split("\n").map((line) => line.trim());
      expect(method, row.number).toBe(capitalsOf(s.paymentMethod));
      expect(method).toMatch(/^[A-Z ]+$/);
      expect(paymentState, row.number).toBeTruthy();
      // Other tests change their own orders meanwhile; the demo shoppers' orders stay as they are.
      if (row.customer.endsWith("@example.com")) expect(row.status, row.number).toBe(s.status);
      expect(row.date).toMatch(/^\d{2} [A-Z][a-z]{2,3} \d{4}$/);
      expect(row.customer).toMatch(/@/);
    }
    // Each row's dropdown offers every status.
    for (const row of rows.slice(0, 5)) {
      await expect(adminStatusSelect(page, row.number).getByRole("option")).toHaveText(OPTIONS.map((o) => o.label));
    }

    // Paging.
    const pages = main.getByRole("navigation", { name: "Pages" });
    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(pages.getByText(/^Page 2 of \d+$/)).toBeVisible();
    const second = await adminListedOrders(page);
    expect(second.length).toBeGreaterThan(0);
    // Older orders than page 1's (orders placed meanwhile may push a few of page 1's down).
    expect(shortDateKey(second[0]!.date)).toBeLessThanOrEqual(shortDateKey(rows.at(-1)!.date));
    expect(second.map((r) => r.number)).not.toContain(rows[0]!.number);
    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(pages.getByText(/^Page 1 of \d+$/)).toBeVisible();
  });

  test("search by order number, customer name or email; filter by each status", async ({ page }) => {
    await signInAdmin(page);
    await openAdminOrders(page);
    const main = page.getByRole("main");
    const search = main.getByRole("searchbox", { name: "Search orders" });
    await expect(search).toHaveAttribute("placeholder", "Search by order ID or customer...");

    const number = demoOrderNumber("delivered");
    await search.fill(number);
    await main.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${number}`));
    await expect(adminOrderRows(page)).toHaveCount(1);
    await expect(adminOrderRow(page, number)).toBeVisible();
    await expect(footer(page)).toHaveText("Showing 1 of 1 orders");

    // Part of the name, any case (the whole name: other tests ship to a "Kavya Iyer").
    await openAdminOrders(page, "?q=kavya%20PATEL");
    const byName = await adminListedOrders(page);
    expect(byName.length).toBe(countOrdersOf("kavya.patel@example.com"));
    for (const row of byName) expect(row.customer).toContain("Kavya Patel");

    await openAdminOrders(page, "?q=SNEHA.BANERJEE%40example.com");
    const byEmail = await adminListedOrders(page);
    expect(byEmail.length).toBe(countOrdersOf("sneha.banerjee@example.com"));
    for (const row of byEmail) expect(row.customer).toContain("sneha.banerjee@example.com");

    await openAdminOrders(page, "?q=nobody-like-this-zqx");
    await expect(main.getByText("No orders found.", { exact: true })).toBeVisible();
    await expect(footer(page)).toHaveText("Showing 0 of 0 orders");

    await openAdminOrders(page);
    for (const option of OPTIONS) {
      await statusFilter(page).selectOption({ label: option.label });
      await main.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]status=${option.value}(&|$)`));
      await expectTotal(page, () => countOrders(option.value));
      const rows = await adminListedOrders(page);
      expect(rows.length, option.label).toBeGreaterThan(0);
      for (const row of rows) expect(row.status, `${row.number} under ${option.label}`).toBe(option.value);
    }
  });

  test("changing a status saves it, confirms, and shows it to the customer and to the sellers", async ({ page, browser, baseURL }) => {
    const order = await shopperPlacesOrder(browser, baseURL, [
      [ROUTINE.keyboard, 1],
      [ROUTINE.ssd, 1],
    ]);
    const { number } = order;
    await signInAdmin(page);
    await openAdminOrders(page, `?q=${number}`);
    const row = adminOrderRow(page, number);
    await expect(row).toContainText(order.shopper.name);
    await expect(row).toContainText("COD");
    // ₹3,499 + ₹16,999, free shipping, 18% GST (₹3,689.64).
    await expect(row).toContainText("₹24,187.64");
    await expect(adminStatusSelect(page, number)).toHaveValue("pending");
    // With JavaScript the dropdown saves by itself: no Save button.
    await expect(row.getByRole("button", { name: "Save" })).toHaveCount(0);

    await changeStatus(page, number, "Processing");
    await expect(adminStatusSelect(page, number)).toHaveValue("processing");
    await page.reload();
    await expect(flash(page, "status changed")).toHaveCount(0);
    await expect(adminStatusSelect(page, number)).toHaveValue("processing");
    expect(storedOrder(number).status).toBe("processing");
    expect(partsOf(number).map((p) => p.status)).toEqual(["processing", "processing"]);

    await expectCustomerSees(order.page, number, "Processing");
    const vendor = await newBrowser(browser, baseURL);
    await signInVendor(vendor.page, DEMO.vendor1);
    await openVendorOrders(vendor.page, `?q=${number}`);
    await expectEntryStatus(vendor.page, number, "Processing");
    await expect(markShippedLink(vendor.page, number)).toBeVisible();

    // Any status in any order: Delivered, then back to Pending Payment.
    await changeStatus(page, number, "Delivered");
    await openVendorOrders(vendor.page, `?q=${number}`);
    await expectEntryStatus(vendor.page, number, "Delivered");
    await expect(markButton(vendor.page, number, "Mark as Delivered")).toHaveCount(0);
    await expect(markShippedLink(vendor.page, number)).toHaveCount(0);
    await expectCustomerSees(order.page, number, "Delivered");

    await changeStatus(page, number, "Pending Payment");
    expect(storedOrder(number).status).toBe("pending");
    await expectCustomerSees(order.page, number, "Pending");
    await openVendorOrders(vendor.page, `?q=${number}`);
    await expectEntryStatus(vendor.page, number, "Pending");

    // The customer's order page records each change.
    await order.page.goto(`/orders/${number}`);
    await expect(order.page.getByRole("region", { name: "Status history" }).getByRole("listitem")).toHaveText([
      /^Pending/,
      /^Processing/,
      /^Delivered/,
      /^Pending/,
    ]);
    await vendor.context.close();
    await order.context.close();
  });

  test("cancelling a pending order returns its stock; reinstating it takes the stock again", async ({ page, browser, baseURL }) => {
    const monitor = STOCK_TEST.monitor;
    await withProductLock(monitor, async () => {
      const before = getStock(monitor.id);
      const order = await shopperPlacesOrder(browser, baseURL, [[monitor, 2]]);
      const { number } = order;
      expect(getStock(monitor.id)).toBe(before - 2);

      await signInAdmin(page);
      await openAdminOrders(page, `?q=${number}`);
      await changeStatus(page, number, "Cancelled");
      await expect(adminStatusSelect(page, number)).toHaveValue("cancelled");
      expect(getStock(monitor.id)).toBe(before);
      expect(storedOrderRows([number]).get(number)).toMatchObject({ status: "cancelled", stockReleased: 1 });
      await expectCustomerSees(order.page, number, "Cancelled");

      // Choosing Cancelled again changes nothing more.
      const resent = await postAdminStatus(page, { number, status: "cancelled" });
      expect(resent.status()).toBe(302);
      expect(getStock(monitor.id)).toBe(before);

      await openAdminOrders(page, `?q=${number}`);
      await changeStatus(page, number, "Processing");
      expect(getStock(monitor.id)).toBe(before - 2);
      expect(storedOrderRows([number]).get(number)).toMatchObject({ status: "processing", stockReleased: 0 });
      await order.context.close();
    });
  });

  test("a status that is not on the list is refused", async ({ page }) => {
    await signInAdmin(page);
    const number = demoOrderNumber("delivered");
    const before = storedOrder(number);
    const response = await postAdminStatus(page, { number, status: "refunded" });
    // An unknown status is a bad request (400), not a clash with the order's state (409).
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Choose one of the listed statuses.");
    const missing = await postAdminStatus(page, { number: "RC-000000", status: "processing" });
    expect(missing.status()).toBe(404);
    expect(storedOrder(number)).toEqual(before);
  });
});

test.describe("admin Manage Orders refuses everyone else", () => {
  test("visitors, customers and vendors are sent to the admin login, and their posts change nothing", async ({ page, request, browser, baseURL }) => {
    // A delivered demo order: even if a refusal failed, cancelling it would not touch the stock.
    const number = demoOrderNumber("delivered");
    const before = { order: storedOrder(number), parts: partsOf(number) };
    const loginFor = /\/admin\/login\?redirectTo=%2Fadmin%2Forders$/;

    await page.goto("/admin/orders");
    await expect(page).toHaveURL(loginFor);
    const visitorPost = await request.post("/admin/orders", { form: { number, status: "cancelled" }, maxRedirects: 0 });
    expect(visitorPost.status()).toBe(302);
    expect(visitorPost.headers()["location"]).toMatch(/^\/admin\/login\?redirectTo=/);

    await signUp(page, "aord-cust");
    await page.goto("/admin/orders");
    await expect(page).toHaveURL(loginFor);
    const customerPost = await postAdminStatus(page, { number, status: "cancelled" });
    expect(customerPost.status()).toBe(302);
    expect(customerPost.headers()["location"]).toMatch(/^\/admin\/login\?redirectTo=/);

    const vendor = await newBrowser(browser, baseURL);
    await signInVendor(vendor.page, DEMO.vendor1);
    await vendor.page.goto("/admin/orders");
    await expect(vendor.page).toHaveURL(loginFor);
    const vendorPost = await postAdminStatus(vendor.page, { number, status: "delivered" });
    expect(vendorPost.status()).toBe(302);
    expect(vendorPost.headers()["location"]).toMatch(/^\/admin\/login\?redirectTo=/);
    await vendor.context.close();

    expect(storedOrder(number)).toEqual(before.order);
    expect(partsOf(number)).toEqual(before.parts);
  });
});

test.describe("admin Manage Orders without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the Save button beside the dropdown changes the status", async ({ page, browser, baseURL }) => {
    const order = await shopperPlacesOrder(browser, baseURL, [[ROUTINE.mouse, 1]], { method: "upi" });
    const { number } = order;
    await order.context.close();
    await signInAdmin(page);
    await page.goto(`/admin/orders?q=${number}`);
    const row = adminOrderRow(page, number);
    await expect(row).toContainText("UPI");
    await adminStatusSelect(page, number).selectOption({ label: "Shipped" });
    // Nothing is saved until Save is pressed.
    expect(storedOrder(number).status).toBe("pending");
    await row.getByRole("button", { name: "Save", exact: true }).click();
    await expect(flash(page, `Order ${number} status changed to Shipped`)).toBeVisible();
    await expect(adminStatusSelect(page, number)).toHaveValue("shipped");
    expect(storedOrder(number).status).toBe("shipped");

    // The filter works with its Search button.
    await statusFilter(page).selectOption({ label: "Shipped" });
    await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/status=shipped/);
    await expect(adminOrderRow(page, number)).toBeVisible();
  });
});

test.describe("admin Manage Orders accessibility", () => {
  test("has no axe violations", async ({ page }) => {
    await signInAdmin(page);
    await openAdminOrders(page);
    await expect(adminOrderRows(page).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("fits a phone screen and has no axe violations @mobile", async ({ page }) => {
    await signInAdmin(page);
    await openAdminOrders(page);
    await expect(adminOrderRows(page).first()).toBeAttached();
    await expectNoHorizontalScroll(page, "admin orders");
    await expectNoAxeViolations(page);
    await openAdminOrders(page, "?status=shipped");
    await expectNoHorizontalScroll(page, "admin orders, shipped");
  });
});
