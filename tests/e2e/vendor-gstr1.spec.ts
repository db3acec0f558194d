import fs from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_BUSINESS_ORDER } from "~/seed/demo-business";
import { expectNoAxeViolations } from "../support/axe";
import { DEMO, main, signInVendor } from "../support/accounts";
import { expectNoHorizontalScroll } from "../support/checkout";
import { waitForHydration } from "../support/hydration";
import { demoBusinessOrderMonth } from "../support/vendor-payments";

/**
 * A seller's month in the shape of GSTR-1 (docs/product-rules.md, "Business buyers"): the demo
 * business order RC-190101 (app/seed/demo-business.ts) was sold in part by vendor-2, Shree
 * Lamington: its SSD is the order's first line, so its invoice is RC-190101-1, to Joshi
 * Workstations LLP in Maharashtra, CGST + SGST. Its CSV, the month picker without JavaScript, and
 * a phone's width.
 */

test.describe.configure({ timeout: 90_000 });

const GSTIN = "27AAPFU0939F1ZV";
const INVOICE = `${DEMO_BUSINESS_ORDER}-1`;

const b2b = (page: Page) => main(page).getByRole("region", { name: "Business (B2B) invoices", exact: true });

async function openGstr1(page: Page, month: string): Promise<void> {
  await page.goto(`/vendor/payments/gstr1?month=${month}`);
  await expect(page.getByRole("heading", { level: 1, name: "GST return (GSTR-1)" })).toBeVisible();
}

async function expectBusinessInvoice(page: Page): Promise<void> {
  const row = b2b(page).getByRole("row").filter({ has: page.getByRole("rowheader", { name: GSTIN }) });
  await expect(row.getByRole("cell")).toContainText(["Joshi Workstations LLP", INVOICE, /\d{2} \w{3} \d{4}/, "Maharashtra (27)"]);
  // Within Maharashtra: CGST and SGST, no IGST.
  await expect(row.getByRole("cell").nth(5)).toHaveText("₹0.00");
  await expect(row.getByRole("cell").nth(6)).not.toHaveText("₹0.00");
}

test.describe("vendor GSTR-1", () => {
  test("shows the demo business invoice with its GSTIN, and downloads the month as CSV", async ({ page }) => {
    const month = await demoBusinessOrderMonth();
    await signInVendor(page, DEMO.vendor2);
    await page.goto("/vendor/payments");
    await waitForHydration(page);
    await main(page).getByRole("link", { name: "GST return (GSTR-1)" }).click();
    await expect(page).toHaveURL(/\/vendor\/payments\/gstr1\?month=\d{4}-\d{2}$/);
    await expect(page.getByRole("heading", { level: 1, name: "GST return (GSTR-1)" })).toBeVisible();

    // The month of the demo order, picked from the list (with JavaScript the choice shows at once).
    await main(page).getByLabel("Month", { exact: true }).selectOption(month);
    await expect(page).toHaveURL(new RegExp(`\\?month=${month}$`));
    await expectBusinessInvoice(page);
    for (const heading of ["Consumer (B2C) sales", "Credit notes", "HSN summary"]) {
      await expect(main(page).getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    await expect(b2b(page).getByRole("rowheader", { name: "Total" })).toBeVisible();
    await expectNoAxeViolations(page, { where: "the GSTR-1 view" });

    const [download] = await Promise.all([page.waitForEvent("download"), main(page).getByRole("link", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toBe(`gstr1-vendor-2-${month}.csv`);
    const csv = (await fs.readFile((await download.path())!, "utf8")).split("\r\n");
    expect(csv[0]).toBe(
      "Section,Recipient GSTIN,Recipient legal name,Document number,Document date,Original invoice,Place of supply,Rate (%),Invoices,HSN,Description,UQC,Quantity,Taxable value,IGST,CGST,SGST,Value",
    );
    const line = csv.find((l) => l.includes(INVOICE))!;
    expect(line).toMatch(new RegExp(`^B2B invoice,${GSTIN},Joshi Workstations LLP,${INVOICE},${month}-\\d{2},,Maharashtra \\(27\\),18,1,,,,,\\d+\\.\\d{2},0\\.00,\\d+\\.\\d{2},\\d+\\.\\d{2},\\d+\\.\\d{2}$`));
    expect(csv.some((l) => l.startsWith("HSN summary,"))).toBe(true);
    expect(csv.some((l) => l.startsWith("Total,") && l.includes("Invoices less credit notes"))).toBe(true);
    // The invoice is vendor-2's only: vendor-1's invoice of the same order is not in it.
    expect(csv.join("\n")).not.toContain(`${DEMO_BUSINESS_ORDER}-2`);

    const bad = await page.request.get("/vendor/payments/gstr1.csv?month=2026-13");
    expect(bad.status()).toBe(400);
    expect(await bad.text()).toContain("Choose a month as YYYY-MM");
  });

  test("another seller's view holds its own invoice of the order, not vendor-2's", async ({ page }) => {
    const month = await demoBusinessOrderMonth();
    await signInVendor(page, DEMO.vendor1);
    await openGstr1(page, month);
    await expect(b2b(page).getByRole("cell", { name: `${DEMO_BUSINESS_ORDER}-2`, exact: true })).toBeVisible();
    await expect(main(page).getByText(INVOICE, { exact: true })).toHaveCount(0);
  });
});

test.describe("vendor GSTR-1 without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the month form shows the chosen month, and a bad month says why beside the picker", async ({ page }) => {
    const month = await demoBusinessOrderMonth();
    await signInVendor(page, DEMO.vendor2);
    await page.goto("/vendor/payments/gstr1");
    const picker = main(page).getByLabel("Month", { exact: true });
    await picker.selectOption(month);
    await main(page).getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(new RegExp(`/vendor/payments/gstr1\\?month=${month}$`));
    await expect(picker).toHaveValue(month);
    await expectBusinessInvoice(page);
    await expect(main(page).getByRole("link", { name: "Download CSV" })).toHaveAttribute("href", `/vendor/payments/gstr1.csv?month=${month}`);

    const answer = await page.goto("/vendor/payments/gstr1?month=May-2026");
    expect(answer?.status()).toBe(200);
    await expect(picker).toHaveAttribute("aria-invalid", "true");
    await expect(picker).toHaveAccessibleDescription("Choose a month as YYYY-MM, for example 2026-11.");
    await page.goto("/vendor/payments/gstr1?month=2999-12");
    await expect(picker).toHaveAccessibleDescription(/That month has not begun yet/);
  });
});

test.describe("vendor GSTR-1 on a phone", () => {
  test("fits a phone screen, its tables scrolling in their boxes @mobile", async ({ page }) => {
    const month = await demoBusinessOrderMonth();
    await signInVendor(page, DEMO.vendor2);
    await openGstr1(page, month);
    await waitForHydration(page);
    await expect(b2b(page).getByRole("rowheader", { name: GSTIN })).toBeAttached();
    await expectNoHorizontalScroll(page, "vendor GSTR-1");
    await expectNoAxeViolations(page, { where: "the GSTR-1 view on a phone" });
    const [download] = await Promise.all([page.waitForEvent("download"), main(page).getByRole("link", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toBe(`gstr1-vendor-2-${month}.csv`);
    expect((await fs.readFile((await download.path())!, "utf8")).split("\r\n").some((l) => l.startsWith(`B2B invoice,${GSTIN},`))).toBe(true);
  });
});
