import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { createCustomer, main, signInAdmin } from "../support/accounts";
import { adminCount, adminDate, adminMoney, dashboardFigures, latestOrders, rowWith, statCard, userIdByEmail } from "../support/admin";
import { ROUTINE, expectNoHorizontalScroll } from "../support/checkout";
import { orderFor } from "../support/e2e-store";

/**
 * The dashboard's figures come from the database. Other tests place orders and register accounts
 * meanwhile, so each check reads the database before and after loading the page and compares
 * only when nothing moved in between (and tries again otherwise).
 */
async function expectFiguresMatchDatabase(page: Page, url: string) {
  await expect(async () => {
    const before = dashboardFigures();
    await page.goto(url);
    const after = dashboardFigures();
    expect(after, "the database changed while the page loaded; trying again").toEqual(before);
    await expect(statCard(page, "Total Products")).toHaveText(adminCount(before.products), { timeout: 1000 });
    await expect(statCard(page, "Total Users")).toHaveText(adminCount(before.users), { timeout: 1000 });
    await expect(statCard(page, "Total Sales")).toHaveText(adminMoney(before.salesPaise), { timeout: 1000 });
    await expect(statCard(page, "Total Vendors")).toHaveText(adminCount(before.vendors), { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

/** ₹1,23,456.78 or -₹500.00 as paise. */
const paiseOf = (text: string) => Math.round(Number(text.replace(/[₹,]/g, "")) * 100);

/** A chart's figure, its "Show the numbers" opened (a plain details element: no JavaScript needed). */
async function chartNumbers(page: Page, caption: string) {
  const figure = main(page).getByRole("figure", { name: caption, exact: true });
  await expect(figure.getByRole("img", { name: new RegExp(`^${caption}`) })).toBeVisible();
  await figure.getByText("Show the numbers", { exact: true }).click();
  return figure.getByRole("table", { name: caption });
}

const indiaMonth = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", month: "short", year: "numeric" });

test.describe("admin dashboard", () => {
  test("the four figures are the database's, on /admin and /admin/dashboard", async ({ page }) => {
    await signInAdmin(page);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    // The demo data alone makes every figure non-zero: its products, 5 accounts, 3 approved vendors.
    const figures = dashboardFigures();
    expect(figures.products).toBeGreaterThanOrEqual(15);
    expect(figures.users).toBeGreaterThanOrEqual(5);
    expect(figures.vendors).toBeGreaterThanOrEqual(3);
    await expectFiguresMatchDatabase(page, "/admin/dashboard");
    await expectFiguresMatchDatabase(page, "/admin");
    await expect(statCard(page, "Total Sales")).toHaveText(/^₹[\d,]+\.\d{2}$/);
  });

  test("a new account and its order move the figures and show in Recent Orders", async ({ page, request }) => {
    const account = await createCustomer(request, "dash");
    const number = await orderFor(account.email, [{ productId: ROUTINE.keyboard.id, quantity: 1 }]);

    await signInAdmin(page);
    await expect(async () => {
      const before = latestOrders(5);
      await page.goto("/admin/dashboard");
      const after = latestOrders(5);
      expect(after, "orders were placed while the page loaded; trying again").toEqual(before);
      const table = main(page).getByRole("region", { name: "Recent Orders" }).getByRole("table");
      const rows = table.getByRole("row");
      await expect(rows, "a header row and the latest five orders at most").toHaveCount(before.length + 1, { timeout: 1000 });
      for (const [i, o] of before.entries()) {
        const cells = rows.nth(i + 1).getByRole("cell");
        await expect(cells.nth(0)).toHaveText(o.number, { timeout: 1000 });
        await expect(cells.nth(1)).toHaveText(o.userName, { timeout: 1000 });
        await expect(cells.nth(3)).toHaveText(adminMoney(o.totalPaise), { timeout: 1000 });
        await expect(cells.nth(4)).toHaveText(o.status.charAt(0).toUpperCase() + o.status.slice(1), { timeout: 1000 });
      }
    }).toPass({ timeout: 20_000 });
    await expect(main(page).getByRole("columnheader")).toHaveText(["Order ID", "User", "Date", "Total", "Status"]);

    // Our order is in the database with our name; unless a flood of others pushed it out, it is listed.
    const ours = latestOrders(50).find((o) => o.number === number);
    expect(ours).toMatchObject({ userName: account.name, status: "pending" });
    if (latestOrders(5).some((o) => o.number === number)) {
      const row = rowWith(main(page), number);
      await expect(row.getByRole("cell").nth(2)).toHaveText(adminDate(new Date()));
    }

    // The customer's own page lists the order with its date, two-decimal total and status.
    await page.goto(`/admin/users/${userIdByEmail(account.email)}`);
    const orderRow = rowWith(main(page).getByRole("region", { name: "Orders" }), number);
    await expect(orderRow.getByRole("cell")).toHaveText([number, adminDate(new Date()), adminMoney(ours!.totalPaise), "Pending"]);
    await expect(main(page).getByText("Showing 1 of 1 orders")).toBeVisible();
    await page.goto("/admin/dashboard");

    await main(page).getByRole("link", { name: "View all orders" }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
  });

  test("cards lead to the pending vendors and the unread contact messages", async ({ page }) => {
    await signInAdmin(page);
    await expect(async () => {
      const before = dashboardFigures();
      await page.goto("/admin/dashboard");
      expect(dashboardFigures()).toEqual(before);
      const vendors = main(page).getByRole("link", { name: /^Pending vendors/ });
      await expect(vendors).toContainText(before.pendingVendors === 1 ? "1 vendor is waiting for approval" : `${before.pendingVendors} vendors are waiting for approval`, {
        timeout: 1000,
      });
      const messages = main(page).getByRole("link", { name: /^Contact messages/ });
      await expect(messages).toContainText(before.unreadMessages === 1 ? "1 unread message" : `${before.unreadMessages} unread messages`, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await main(page).getByRole("link", { name: /^Pending vendors/ }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole("heading", { level: 2, name: "Pending vendors" })).toBeVisible();
    await page.goBack();
    await main(page).getByRole("link", { name: /^Contact messages/ }).click();
    await expect(page).toHaveURL(/\/admin\/messages$/);
    await expect(page.getByRole("heading", { level: 1, name: "Contact Messages" })).toBeVisible();
    await page.goBack();
    await main(page).getByRole("link", { name: /^Delivery/ }).click();
    await expect(page).toHaveURL(/\/admin\/delivery$/);
    await main(page).getByRole("link", { name: "delivery calendar" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Delivery calendar" })).toBeVisible();
    // The sidebar keeps its five links; messages, delivery and the rest are reached from the dashboard.
    await expect(page.getByRole("complementary", { name: "Admin" }).getByRole("link")).toHaveCount(6); // the brand + five sections
  });

  test("has no accessibility violations", async ({ page }) => {
    await signInAdmin(page);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("charts sales by month, week and day without JavaScript, agreeing with Total Sales", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInAdmin(page);
    await page.goto("/admin/dashboard");
    const periods = main(page).getByRole("navigation", { name: "Sales period" });
    await expect(periods.getByRole("link", { name: "Months" })).toHaveAttribute("aria-current", "page");

    // The months' sales add up to the Total Sales card (the demo's orders are all within 12 months).
    await expect(async () => {
      await page.reload();
      const months = await chartNumbers(page, "Sales by month");
      await expect(months.getByRole("row"), "a header row and 12 months").toHaveCount(13, { timeout: 1000 });
      await expect(months.getByRole("row").last().getByRole("rowheader")).toHaveText(indiaMonth.format(new Date()), { timeout: 1000 });
      const cells = await months.locator("tbody td").allTextContents();
      const total = paiseOf((await statCard(page, "Total Sales").textContent())!);
      expect(cells.reduce((sum, c) => sum + paiseOf(c), 0)).toBe(total);
      expect(total).toBeGreaterThan(0);
    }).toPass({ timeout: 20_000 });
    await expect(await chartNumbers(page, "Orders by month")).toBeVisible();
    for (const [caption, column] of [["Sales by category", "Category"], ["Sales by seller", "Seller"]] as const) {
      const table = await chartNumbers(page, caption);
      await expect(table.getByRole("columnheader")).toHaveText([column, "Sales"]);
      await expect(table.getByRole("row").nth(1).getByRole("cell")).toHaveText(/^₹[\d,]+\.\d{2}$/);
    }
    await expect(main(page).getByRole("figure", { name: "Sales by seller" }).getByRole("table")).toContainText("Vardhan Infotech Distributors Pvt. Ltd.");

    // Days and weeks are plain links: each loads the page with its own charts.
    for (const [link, caption, rows] of [["Days", "by day", 30], ["Weeks", "by week", 12], ["Months", "by month", 12]] as const) {
      await periods.getByRole("link", { name: link }).click();
      await expect(page).toHaveURL(new RegExp(`\\?period=${link.slice(0, -1).toLowerCase()}#sales$`));
      await expect(periods.getByRole("link", { name: link })).toHaveAttribute("aria-current", "page");
      await expect((await chartNumbers(page, `Sales ${caption}`)).getByRole("row")).toHaveCount(rows + 1);
      await expect(main(page).getByRole("figure", { name: `Orders ${caption}` })).toBeVisible();
    }
    await context.close();
  });

  test("fits a phone: stat cards stacked, tables scroll in their own box @mobile", async ({ page }) => {
    await signInAdmin(page);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    for (const title of ["Total Products", "Total Users", "Total Sales", "Total Vendors"]) await expect(statCard(page, title)).toBeVisible();
    // The charts, their numbers shown, fit too and pass axe.
    for (const caption of ["Sales by month", "Orders by month", "Sales by category", "Sales by seller"]) await expect(await chartNumbers(page, caption)).toBeVisible();
    await expectNoHorizontalScroll(page, "admin dashboard");
    await expectNoAxeViolations(page);
  });
});
