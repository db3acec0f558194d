import fs from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { DEMO, main, signInVendor } from "../support/accounts";
import { expectNoHorizontalScroll } from "../support/checkout";
import { waitForHydration } from "../support/hydration";
import { rupees } from "../support/vendor-orders";
import { E2E_UTR, paidOut, thisIndiaMonth } from "../support/vendor-payments";

/**
 * A seller's Payments tab: its balances, the payouts made to it (one is made here, for vendor-2,
 * through the ledger's own function; the admin's test pays vendor-3), the month's statement with
 * its CSV, and the commission invoice. A seller reaches only its own payouts.
 */

test.describe.configure({ timeout: 90_000 });

async function openPayments(page: Page, query = ""): Promise<void> {
  await page.goto(`/vendor/payments${query}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
}

const payoutCard = (page: Page, number: string) => main(page).getByRole("article", { name: number });

test.describe("vendor payments", () => {
  test("shows balances, a payout with the orders it paid, the statement, its CSV and the commission invoice", async ({ page }) => {
    const payout = await paidOut("vendor-2");
    await signInVendor(page, DEMO.vendor2);
    await openPayments(page);
    await expect(page.getByRole("navigation", { name: "Vendor" }).getByRole("link")).toHaveText(["Dashboard", "My Products", "Orders", "Returns", "Reviews", "Questions", "Payments", "Dispatch"]);
    const balances = main(page).getByRole("region", { name: "Balances" });
    for (const term of ["On hold", "Payable", "Paid so far"]) await expect(balances.getByText(term, { exact: true })).toBeVisible();
    await expect(balances.getByText("Delivered less than 7 days ago, or with a return still open")).toBeVisible();
    await expect(main(page).getByRole("link", { name: "Payout account" })).toHaveAttribute("href", "/vendor/payments/details");

    const card = payoutCard(page, payout.number);
    await expect(card.getByText("Paid", { exact: true })).toBeVisible();
    await expect(card.getByText("Bank transfer")).toBeVisible();
    await expect(card.getByText(`UTR ${E2E_UTR}`)).toBeVisible();
    await expect(card.getByText(rupees(payout.amount, 2), { exact: true })).toBeVisible();
    await card.getByText(/orders? in this payout/).click();
    await expect(card.getByRole("listitem").first()).toHaveText(/^RC-\d+₹[\d,]+\.\d\d$/);
    await expectNoAxeViolations(page, { where: "the Payments tab" });

    // This month's statement has the payout's column and a totals row.
    const month = thisIndiaMonth();
    const statement = main(page).getByRole("region", { name: /^Statement for / });
    await expect(statement.getByRole("columnheader")).toHaveText(["Order", "Sale", "Refunds", "Commission", "GST on commission", "TCS", "TDS", "Payouts", "Net"]);
    await expect(statement.getByRole("rowheader", { name: "Total" })).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent("download"), main(page).getByRole("link", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toBe(`statement-vendor-2-${month}.csv`);
    const csv = await fs.readFile((await download.path())!, "utf8");
    expect(csv.split("\r\n")[0]).toBe("Order,Products,Sale,Refunds,Commission,GST on commission,TCS,TDS,Payouts,Net");
    expect(csv).toMatch(/\r\nTotal,,/);
    const bad = await page.request.get("/vendor/payments/statement.csv?month=2026-13");
    expect(bad.status()).toBe(400);
    expect(await bad.text()).toContain("Choose a month as YYYY-MM");

    await main(page).getByRole("link", { name: "Commission invoice" }).click();
    await expect(page).toHaveURL(new RegExp(`/vendor/payments/commission-invoice\\?month=${month}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Commission invoice" })).toBeVisible();
    await expect(main(page).getByText(/^Invoice CI\/\d{4}-\d{2}\/vendor-2\/\d{2}$/).or(main(page).getByText(/^No commission this month\./))).toBeVisible();
    await page.goto("/vendor/payments/commission-invoice?month=May-2026");
    await expect(main(page).getByRole("alert")).toContainText("Choose a month as YYYY-MM");
  });

  test("another seller's payout number finds nothing", async ({ page }) => {
    const payout = await paidOut("vendor-2");
    await signInVendor(page, DEMO.vendor1);
    const answer = await page.goto(`/vendor/payments?payout=${payout.number}`);
    expect(answer?.status()).toBe(404);
    await expect(page.getByText(payout.number)).toHaveCount(0);
  });
});

test.describe("vendor payments without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the month picker shows the chosen month's statement", async ({ page }) => {
    await signInVendor(page, DEMO.vendor1);
    await page.goto("/vendor/payments");
    const picker = main(page).getByLabel("Month", { exact: true });
    const options = await picker.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    const chosen = options.at(-1)!;
    await picker.selectOption(chosen);
    await main(page).getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?month=${chosen}$`));
    await expect(picker).toHaveValue(chosen);
    await expect(main(page).getByRole("link", { name: "Download CSV" })).toHaveAttribute("href", `/vendor/payments/statement.csv?month=${chosen}`);

    // A month that cannot be read shows this month's statement and says so, never an error page.
    const answer = await page.goto("/vendor/payments?month=2026-13");
    expect(answer?.status()).toBe(200);
    await expect(main(page).getByRole("status").filter({ hasText: "That month could not be read" })).toBeVisible();
    await expect(picker).toHaveValue(options[0]!);
  });
});

test.describe("vendor payments on a phone", () => {
  test("fits a phone screen with its balances, payouts and statement @mobile", async ({ page }) => {
    await paidOut("vendor-2");
    await signInVendor(page, DEMO.vendor2);
    await openPayments(page);
    await expect(main(page).getByRole("region", { name: "Balances" })).toBeVisible();
    await expect(main(page).getByRole("list", { name: "Payouts" }).getByRole("article").first()).toBeVisible();
    await expectNoHorizontalScroll(page, "vendor payments");
    await expectNoAxeViolations(page, { where: "the Payments tab on a phone" });
  });
});
