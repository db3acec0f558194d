import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { DEMO, fillVendorRegistration, main, newVendor, signInVendor, type Account } from "../support/accounts";
import { definitions, expectNoHorizontalScroll } from "../support/checkout";
import { openE2eDatabase } from "../support/db";
import { waitForHydration } from "../support/hydration";
import { VENDOR_IDS, activeProductCount, lowStockFromDb, rupees, vendorFiguresFromDb, vendorIdOf, type Figures } from "../support/vendor-orders";

/**
 * The vendor dashboard's figures come from the vendor's real parts of orders. Other tests place
 * and change orders all the while, so the page is compared with the database read just before it,
 * retried until the two agree.
 */

test.describe.configure({ timeout: 90_000 });

function figuresRegion(page: Page) {
  return page.getByRole("region", { name: "Sales figures" });
}

function shown(f: Figures): Record<string, string> {
  return {
    "Total Revenue": rupees(f.revenue),
    "This Month": rupees(f.thisMonth),
    "Last Month": rupees(f.lastMonth),
    "Total Orders": f.orders.toLocaleString("en-IN"),
    Customers: f.customers.toLocaleString("en-IN"),
  };
}

async function openDashboard(page: Page): Promise<void> {
  await page.goto("/vendor/dashboard");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
}

async function expectFiguresMatchDb(page: Page, vendorId: string): Promise<Figures> {
  let expected!: Figures;
  await expect(async () => {
    expected = vendorFiguresFromDb(vendorId);
    await openDashboard(page);
    expect(await definitions(figuresRegion(page))).toEqual(shown(expected));
  }).toPass({ timeout: 30_000 });
  return expected;
}

function lowStockList(page: Page) {
  return page.getByRole("region", { name: "Low Stock Products" });
}

/** A chart's figure, its "Show the numbers" opened. */
async function chartNumbers(page: Page, caption: string) {
  const figure = main(page).getByRole("figure", { name: caption, exact: true });
  await expect(figure.getByRole("img", { name: new RegExp(`^${caption}`) })).toBeVisible();
  await figure.getByText("Show the numbers", { exact: true }).click();
  return figure.getByRole("table", { name: caption });
}

async function registerPendingVendor(page: Page): Promise<Account> {
  const vendor = newVendor("vdash");
  await page.goto("/vendor/register");
  await fillVendorRegistration(page, vendor);
  await main(page).getByRole("button", { name: "Register as Vendor" }).click();
  await expect(page).toHaveURL(/\/vendor\/dashboard$/);
  return vendor;
}

test.describe("vendor dashboard", () => {
  for (const key of ["vendor1", "vendor2", "vendor3"] as const) {
    test(`${key}'s five figures: money from its own ledger, orders not cancelled`, async ({ page }) => {
      await signInVendor(page, DEMO[key]);
      await expect(page).toHaveURL(/\/vendor\/dashboard$/);
      const figures = await expectFiguresMatchDb(page, VENDOR_IDS[key]);
      // The demo orders span four months, so every figure has something in it.
      expect(figures.revenue).toBeGreaterThan(figures.thisMonth + figures.lastMonth);
      expect(figures.lastMonth).toBeGreaterThan(0);
      expect(figures.customers).toBeLessThanOrEqual(figures.orders);
      await expect(figuresRegion(page).getByRole("term")).toHaveText(["Total Revenue", "This Month", "Last Month", "Total Orders", "Customers"]);
      // Rupees without decimals.
      for (const amount of await figuresRegion(page).getByRole("definition").allInnerTexts()) expect(amount).not.toMatch(/\.\d/);
      await expect(page.getByRole("main")).not.toContainText("under verification");
    });
  }

  test("the low-stock list holds the vendor's products below 5 in stock, fewest first", async ({ page }) => {
    await signInVendor(page, DEMO.vendor3);
    await expect(async () => {
      const expected = lowStockFromDb(VENDOR_IDS.vendor3).slice(0, 4);
      await openDashboard(page);
      const items = lowStockList(page).getByRole("listitem");
      await expect(items).toHaveCount(expected.length, { timeout: 1_000 });
      expect(expected.length).toBeGreaterThan(0);
      for (const [i, p] of expected.entries()) {
        await expect(items.nth(i)).toContainText(p.name, { timeout: 1_000 });
        await expect(items.nth(i)).toContainText(p.stock === 0 ? "Out of stock" : `${p.stock} left`, { timeout: 1_000 });
      }
      await expect(page.getByText(/^Welcome back, .+\. You have \d+ active products?\.$/)).toHaveText(
        new RegExp(`You have ${activeProductCount(VENDOR_IDS.vendor3)} active products?\\.$`),
        { timeout: 1_000 },
      );
    }).toPass({ timeout: 30_000 });
    for (const text of await lowStockList(page).getByRole("listitem").allInnerTexts()) {
      const left = /(\d+) left/.exec(text);
      expect(left ? Number(left[1]) : text.includes("Out of stock") ? 0 : NaN, text).toBeLessThan(5);
    }
  });

  test("the links lead to Manage Orders and to the vendor's products", async ({ page }) => {
    await signInVendor(page, DEMO.vendor2);
    await openDashboard(page);
    await main(page).getByRole("link", { name: "Manage orders", exact: true }).click();
    await expect(page).toHaveURL(/\/vendor\/orders$/);
    await expect(page.getByRole("heading", { level: 1, name: "Manage Orders" })).toBeVisible();
    await openDashboard(page);
    await main(page).getByRole("link", { name: "Manage products", exact: true }).click();
    await expect(page).toHaveURL(/\/vendor\/products$/);
    await openDashboard(page);
    await expect(lowStockList(page).getByRole("link", { name: "View all products" })).toHaveAttribute("href", "/vendor/products");
  });

  test("a new vendor waiting for approval sees the notice, zero figures and at most 4 low-stock products", async ({ page }) => {
    const vendor = await registerPendingVendor(page);
    await openDashboard(page);
    await expect(page.getByText("Your vendor account is under verification.", { exact: true })).toBeVisible();
    expect(await definitions(figuresRegion(page))).toEqual({
      "Total Revenue": "₹0",
      "This Month": "₹0",
      "Last Month": "₹0",
      "Total Orders": "0",
      Customers: "0",
    });
    await expect(lowStockList(page)).toContainText("All your products are well stocked.");
    await expect(page.getByText(/You have 0 active products\.$/)).toBeVisible();

    // Seven products of its own, six running low (put straight into the database: this vendor is not
    // approved, so the shop never lists them): the dashboard shows the four with the least stock.
    const vendorId = vendorIdOf(vendor.email);
    const tag = Math.random().toString(36).slice(2, 8);
    const stocks = [4, 0, 3, 1, 2, 7, 4];
    const ids = stocks.map((_, i) => `product-e2e-vdash-${tag}-${i}`);
    const db = openE2eDatabase();
    try {
      const now = new Date().toISOString();
      const insert = db.prepare(
        `INSERT INTO products (id, name, name_key, description, price_paise, image_url, category, stock, featured, specifications, vendor_id, status, listed, created_at, updated_at)
         VALUES (?, ?, ?, 'A test product.', 99900, NULL, 'Peripherals', ?, 0, '{}', ?, 'active', 0, ?, ?)`,
      );
      stocks.forEach((stock, i) => {
        const name = `Dashboard Test Cable ${tag} ${String.fromCharCode(65 + i)}`;
        insert.run(ids[i]!, name, name.toLowerCase(), stock, vendorId, now, now);
      });
    } finally {
      db.close();
    }
    try {
      await openDashboard(page);
      const items = lowStockList(page).getByRole("listitem");
      await expect(items).toHaveCount(4);
      await expect(items.nth(0)).toContainText(`Dashboard Test Cable ${tag} B`);
      await expect(items.nth(0)).toContainText("Out of stock");
      await expect(items.nth(1)).toContainText(`Dashboard Test Cable ${tag} D`);
      await expect(items.nth(1)).toContainText("1 left");
      await expect(items.nth(2)).toContainText(`Dashboard Test Cable ${tag} E`);
      await expect(items.nth(2)).toContainText("2 left");
      await expect(items.nth(3)).toContainText(`Dashboard Test Cable ${tag} C`);
      await expect(items.nth(3)).toContainText("3 left");
      await expect(lowStockList(page)).not.toContainText(`${tag} F`);
      await expect(page.getByText(/You have 7 active products\.$/)).toBeVisible();
    } finally {
      const cleanup = openE2eDatabase();
      try {
        for (const id of ids) cleanup.prepare("DELETE FROM products WHERE id = ?").run(id);
      } finally {
        cleanup.close();
      }
    }
  });

  test("charts the last 12 months as This Month and Last Month count them, and the top five products", async ({ page }) => {
    await signInVendor(page, DEMO.vendor1);
    await expect(async () => {
      const expected = vendorFiguresFromDb(VENDOR_IDS.vendor1);
      await openDashboard(page);
      const months = await chartNumbers(page, "Sales by month");
      await expect(months.getByRole("row"), "a header row and 12 months").toHaveCount(13, { timeout: 1_000 });
      await expect(months.getByRole("columnheader")).toHaveText(["Month", "Sales", "Payouts"], { timeout: 1_000 });
      const sales = await months.locator("tbody td:nth-of-type(1)").allTextContents();
      expect(sales.slice(-2)).toEqual([rupees(expected.lastMonth), rupees(expected.thisMonth)]);
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole("figure", { name: "Sales by month" }).getByRole("img")).toHaveAccessibleName(/^Sales by month, \w+ \d{4} to \w+ \d{4}\. Sales: ₹[\d,]+ in all/);

    const top = await chartNumbers(page, "Top products");
    await expect(top.getByRole("columnheader")).toHaveText(["Product", "Sales", "Units sold"]);
    await expect(top.getByRole("row")).toHaveCount(6);
    const amounts = (await top.locator("tbody td:nth-child(2)").allTextContents()).map((t) => Number(t.replace(/[₹,]/g, "")));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    for (const units of await top.locator("tbody td:nth-child(3)").allTextContents()) expect(Number(units)).toBeGreaterThan(0);
  });

  test("has no axe violations", async ({ page }) => {
    await signInVendor(page, DEMO.vendor1);
    await openDashboard(page);
    await expect(figuresRegion(page)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("fits a phone screen with its figures and low-stock list @mobile", async ({ page }) => {
    await signInVendor(page, DEMO.vendor2);
    await expectFiguresMatchDb(page, VENDOR_IDS.vendor2);
    await expect(lowStockList(page).getByRole("listitem").first()).toBeVisible();
    for (const caption of ["Sales by month", "Top products"]) await expect(await chartNumbers(page, caption)).toBeVisible();
    await expectNoHorizontalScroll(page, "vendor dashboard");
    await expectNoAxeViolations(page);
  });

  test("a new vendor's dashboard fits a phone screen too @mobile", async ({ page }) => {
    await registerPendingVendor(page);
    await openDashboard(page);
    await expect(page.getByText("Your vendor account is under verification.", { exact: true })).toBeVisible();
    await expectNoHorizontalScroll(page, "new vendor dashboard");
    await expectNoAxeViolations(page);
  });
});
