import { expect, test, type Page } from "@playwright/test";
import { DEMO, signInVendor } from "../support/accounts";
import {
  VENDOR_IDS,
  countVendorParts,
  countVendorPartsOfCustomer,
  demoOrderWithout,
  demoPartNumber,
  listedOrders,
  oldestPartNumbers,
  openVendorOrders,
  orderEntries,
  partsOf,
  shortDateKey,
  showing,
  showingCounts,
} from "../support/vendor-orders";

/**
 * The vendor's Manage Orders list over the demo orders (read only): search, status filter, sorting,
 * paging and the empty state. Other tests add orders while these run, so counts are compared with
 * the database read just before the page, retried until the two agree.
 */

test.describe.configure({ timeout: 90_000 });

const FILTERS = [
  { label: "All Orders", value: "all" },
  { label: "Pending", value: "pending" },
  { label: "Processing", value: "processing" },
  { label: "Shipped", value: "shipped" },
  { label: "Delivered", value: "delivered" },
] as const;

function statusFilter(page: Page) {
  return page.getByRole("main").getByRole("combobox", { name: "Status", exact: true });
}

function searchBox(page: Page) {
  return page.getByRole("main").getByRole("searchbox", { name: "Search orders" });
}

function isNonIncreasing(xs: number[]): boolean {
  return xs.every((x, i) => i === 0 || xs[i - 1]! >= x);
}

function isNonDecreasing(xs: number[]): boolean {
  return xs.every((x, i) => i === 0 || xs[i - 1]! <= x);
}

/** Reloads until the footer's total equals what the database says (other tests add orders meanwhile). */
async function expectTotal(page: Page, expected: () => number): Promise<void> {
  await expect(async () => {
    const want = expected();
    await page.reload();
    expect((await showingCounts(page)).total).toBe(want);
  }).toPass({ timeout: 20_000 });
}

test.describe("vendor Manage Orders list", () => {
  test("lists only the vendor's own orders: number, customer, date, amount and status, 20 to a page", async ({ page }) => {
    await signInVendor(page, DEMO.vendor2);
    await openVendorOrders(page);
    const main = page.getByRole("main");
    await expect(main.getByText("View and manage all customer orders", { exact: true })).toBeVisible();
    await expect(searchBox(page)).toHaveAttribute("placeholder", "Search by order ID or customer...");
    await expect(statusFilter(page).getByRole("option")).toHaveText(FILTERS.map((f) => f.label));
    await expect(statusFilter(page)).toHaveValue("all");
    await expect(main.getByRole("columnheader")).toHaveText([/^Order ID$/, /^Customer$/, /^Order Date/, /^Amount/, /^Status$/, /^Actions$/]);

    await expectTotal(page, () => countVendorParts(VENDOR_IDS.vendor2));
    const { shown, total } = await showingCounts(page);
    expect(total).toBeGreaterThan(20);
    expect(shown).toBe(20);
    const rows = await listedOrders(page);
    expect(rows).toHaveLength(20);
    for (const row of rows) {
      // Every listed order has a part of this vendor's, with this amount and status.
      const part = partsOf(row.number).find((p) => p.vendorId === VENDOR_IDS.vendor2);
      expect(part, `${row.number} is vendor-2's`).toBeDefined();
      expect(row.amount).toBe(Math.round(part!.amountPaise / 100) * 100);
      // Other tests change their own orders meanwhile; the demo shoppers' orders stay as they are.
      if (row.text.includes("@example.com")) expect(row.status.toLowerCase()).toBe(part!.status);
      expect(row.text).toMatch(/₹[\d,]+(?!\.)/);
      expect(row.text).toMatch(/@/);
    }
    // Amounts in rupees without decimals; dates as "05 Nov 2026".
    const firstRow = orderEntries(page).first();
    await expect(firstRow.getByRole("cell").nth(3)).toHaveText(/^₹[\d,]+$/);
    await expect(firstRow.getByRole("cell").nth(2)).toHaveText(/^\d{2} [A-Z][a-z]{2,3} \d{4}$/);
  });

  test("the status filter lists only orders in the chosen status, each option in turn", async ({ page }) => {
    await signInVendor(page, DEMO.vendor1);
    await openVendorOrders(page);
    for (const filter of [...FILTERS.slice(1), FILTERS[0]]) {
      // Choosing submits the search form by itself.
      await statusFilter(page).selectOption({ label: filter.label });
      await expect.poll(() => new URL(page.url()).searchParams.get("status") ?? "all").toBe(filter.value);
      await expect(statusFilter(page)).toHaveValue(filter.value);
      await expectTotal(page, () => countVendorParts(VENDOR_IDS.vendor1, filter.value === "all" ? undefined : filter.value));
      const rows = await listedOrders(page);
      expect(rows.length, filter.label).toBeGreaterThan(0);
      if (filter.value !== "all") for (const row of rows) expect(row.status, `${row.number} under ${filter.label}`).toBe(filter.label);
      else expect(new Set(rows.map((r) => r.status)).size).toBeGreaterThan(1);
    }
  });

  test("sorting by Order Date and by Amount reorders the rows, each click toggling the direction", async ({ page }) => {
    await signInVendor(page, DEMO.vendor1);
    await openVendorOrders(page);
    const main = page.getByRole("main");
    const dateHeader = main.getByRole("columnheader", { name: /Order Date/ });
    const amountHeader = main.getByRole("columnheader", { name: /Amount/ });
    const dates = async () => (await listedOrders(page)).map((r) => shortDateKey(r.date));
    const amounts = async () => (await listedOrders(page)).map((r) => r.amount);

    // Newest first by default.
    await expect(dateHeader).toHaveAttribute("aria-sort", "descending");
    await expect(amountHeader).toHaveAttribute("aria-sort", "none");
    const newestFirst = await dates();
    expect(isNonIncreasing(newestFirst)).toBe(true);

    await main.getByRole("link", { name: "Order Date", exact: true }).click();
    await expect(page).toHaveURL(/[?&]dir=asc(&|$)/);
    await expect(dateHeader).toHaveAttribute("aria-sort", "ascending");
    const oldestFirst = await dates();
    expect(isNonDecreasing(oldestFirst)).toBe(true);
    expect(oldestFirst[0]).toBeLessThan(newestFirst[0]!);
    // The very oldest order of the vendor's comes first (orders only ever get newer).
    expect((await listedOrders(page))[0]!.number).toBe(oldestPartNumbers(VENDOR_IDS.vendor1, 1)[0]);

    await main.getByRole("link", { name: "Order Date", exact: true }).click();
    await expect(page).not.toHaveURL(/dir=asc/);
    await expect(dateHeader).toHaveAttribute("aria-sort", "descending");
    expect(isNonIncreasing(await dates())).toBe(true);

    await main.getByRole("link", { name: "Amount", exact: true }).click();
    await expect(page).toHaveURL(/[?&]sort=amount(&|$)/);
    await expect(amountHeader).toHaveAttribute("aria-sort", "descending");
    await expect(dateHeader).toHaveAttribute("aria-sort", "none");
    const largestFirst = await amounts();
    expect(isNonIncreasing(largestFirst)).toBe(true);

    await main.getByRole("link", { name: "Amount", exact: true }).click();
    await expect(page).toHaveURL(/[?&]sort=amount&dir=asc(&|$)|[?&]dir=asc&sort=amount/);
    await expect(amountHeader).toHaveAttribute("aria-sort", "ascending");
    const smallestFirst = await amounts();
    expect(isNonDecreasing(smallestFirst)).toBe(true);
    expect(smallestFirst[0]).toBeLessThan(largestFirst[0]!);

    // The order is kept while filtering.
    await statusFilter(page).selectOption({ label: "Delivered" });
    await expect(page).toHaveURL(/status=delivered/);
    await expect(page).toHaveURL(/sort=amount/);
    await expect(page).toHaveURL(/dir=asc/);
    // The address changes before the rows do (React renders the new list in a transition): wait for them.
    await expect
      .poll(async () => (await listedOrders(page)).filter((r) => r.status !== "Delivered").map((r) => `${r.number} ${r.status}`))
      .toEqual([]);
    const delivered = await listedOrders(page);
    expect(delivered.length).toBeGreaterThan(0);
    expect(isNonDecreasing(delivered.map((r) => r.amount))).toBe(true);
  });

  test("Next and Previous page through the orders; the footer counts the page and the total", async ({ page }) => {
    await signInVendor(page, DEMO.vendor2);
    // Oldest first: orders placed meanwhile by other tests land on the last page, not between these.
    await openVendorOrders(page, "?dir=asc");
    const main = page.getByRole("main");
    const pages = main.getByRole("navigation", { name: "Pages" });
    await expect(pages.getByText(/^Page 1 of \d+$/)).toBeVisible();
    await expect(pages.getByRole("link", { name: "Previous" })).toHaveCount(0);
    const first = await listedOrders(page);
    expect(first).toHaveLength(20);
    await expect(showing(page)).toHaveText(/^Showing 20 of \d+ orders$/);
    expect(first.map((r) => r.number)).toEqual(oldestPartNumbers(VENDOR_IDS.vendor2, 20));

    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page).toHaveURL(/[?&]dir=asc(&|$)/);
    await expect(pages.getByText(/^Page 2 of \d+$/)).toBeVisible();
    const second = await listedOrders(page);
    // Read after the page: orders placed meanwhile only ever come after these.
    const expectedOldest = oldestPartNumbers(VENDOR_IDS.vendor2, 40);
    const { shown, total } = await showingCounts(page);
    expect(shown).toBe(second.length);
    expect(second.length).toBe(Math.min(20, total - 20));
    expect(second.map((r) => r.number)).toEqual(expectedOldest.slice(20, 20 + second.length));
    expect(second.some((r) => first.some((f) => f.number === r.number))).toBe(false);
    expect(shortDateKey(second[0]!.date)).toBeGreaterThanOrEqual(shortDateKey(first.at(-1)!.date));

    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(pages.getByText(/^Page 1 of \d+$/)).toBeVisible();
    expect((await listedOrders(page)).map((r) => r.number)).toEqual(first.map((r) => r.number));

    // The last page has no Next.
    const last = Number(/of (\d+)$/.exec((await pages.getByText(/^Page 1 of \d+$/).innerText()).trim())![1]);
    await openVendorOrders(page, `?dir=asc&page=${last}`);
    await expect(pages.getByText(`Page ${last} of ${last}`)).toBeVisible();
    await expect(pages.getByRole("link", { name: "Next" })).toHaveCount(0);
    await expect(pages.getByRole("link", { name: "Previous" })).toBeVisible();
  });

  test("search finds orders by number and by customer name or email; no match says so", async ({ page }) => {
    await signInVendor(page, DEMO.vendor2);
    await openVendorOrders(page);
    const main = page.getByRole("main");

    const number = demoPartNumber(VENDOR_IDS.vendor2, "delivered");
    await searchBox(page).fill(number);
    await main.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${number}(&|$)`));
    await expect(orderEntries(page)).toHaveCount(1);
    expect((await listedOrders(page))[0]!.number).toBe(number);
    await expect(showing(page)).toHaveText("Showing 1 of 1 orders");
    await expect(searchBox(page)).toHaveValue(number);

    // The digits alone, or in lower case, find it too.
    await openVendorOrders(page, `?q=${number.slice(3)}`);
    expect((await listedOrders(page)).map((r) => r.number)).toContain(number);
    await openVendorOrders(page, `?q=${number.toLowerCase()}`);
    expect((await listedOrders(page)).map((r) => r.number)).toEqual([number]);

    // By customer name (part of it, any case): only that customer's orders, all of them.
    await openVendorOrders(page);
    await searchBox(page).fill("ananya");
    await main.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/[?&]q=ananya(&|$)/);
    // The URL changes before a loaded machine has rendered the new list: wait for its rows.
    await expect(orderEntries(page).first()).toContainText("Ananya Iyer");
    const byName = await listedOrders(page);
    expect(byName.length).toBeGreaterThan(0);
    for (const row of byName) expect(row.text).toContain("Ananya Iyer");
    expect((await showingCounts(page)).total).toBe(countVendorPartsOfCustomer(VENDOR_IDS.vendor2, "Ananya Iyer"));

    // By email.
    await openVendorOrders(page, "?q=rahul.deshmukh%40example.com");
    const byEmail = await listedOrders(page);
    expect(byEmail.length).toBeGreaterThan(0);
    for (const row of byEmail) expect(row.text).toContain("rahul.deshmukh@example.com");
    expect(byEmail.length).toBe(countVendorPartsOfCustomer(VENDOR_IDS.vendor2, "Rahul Deshmukh"));

    // Search and status filter together.
    await openVendorOrders(page, "?q=ananya&status=delivered");
    for (const row of await listedOrders(page)) {
      expect(row.text).toContain("Ananya Iyer");
      expect(row.status).toBe("Delivered");
    }

    // Nothing found.
    await openVendorOrders(page);
    await searchBox(page).fill("no such customer zqx");
    await main.getByRole("button", { name: "Search", exact: true }).click();
    await expect(main.getByText("No orders found matching your criteria.", { exact: true })).toBeVisible();
    await expect(showing(page)).toHaveText("Showing 0 of 0 orders");
    await expect(orderEntries(page)).toHaveCount(0);
    await expect(main.getByRole("table")).toHaveCount(0);

    // An order with no part of this vendor's is not found by its number either.
    const othersOnly = demoOrderWithout(VENDOR_IDS.vendor2);
    await openVendorOrders(page, `?q=${othersOnly}`);
    await expect(main.getByText("No orders found matching your criteria.", { exact: true })).toBeVisible();
  });
});
