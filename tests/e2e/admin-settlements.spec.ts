import { expect, test, type Page } from "@playwright/test";
import { main, signInAdmin } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";
import { expectNoHorizontalScroll } from "../support/checkout";

/**
 * The admin's Settlements pages (issue 23). The demo's delivered orders leave every seller money
 * payable from the start. Only the first test pays anyone, and only the demo seller Silicon
 * Plateau Systems (vendor-3), whose balance no other test reads; the rest only look.
 */

const SELLER = "Silicon Plateau Systems Pvt. Ltd.";

/** Today in India, moved by `days`, as YYYY-MM-DD. */
function indiaDay(days = 0): string {
  return new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
}

async function openSettlements(page: Page, path = "/admin/settlements", heading = "Settlements") {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

test.describe("admin Settlements", () => {
  test("pays a seller by bank transfer once, however often the form is posted", async ({ page, baseURL }) => {
    await signInAdmin(page);
    await page.goto("/admin/dashboard");
    await expect(main(page).getByRole("link", { name: /^Settlements/ })).toContainText(/payable to sellers/);
    await main(page).getByRole("link", { name: /^Settlements/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Settlements" })).toBeVisible();
    await expect(main(page).getByText("The figures agree")).toBeVisible();

    const row = main(page).getByRole("region", { name: "Sellers' balances" }).getByRole("row", { name: new RegExp(SELLER) });
    const pay = row.getByRole("button", { name: /^Mark ₹[\d,]+\.\d{2} paid$/ });
    const amount = (await pay.textContent())!.replace(/^Mark | paid$/g, "");
    const form = row.getByRole("form", { name: `Pay ${SELLER} by bank transfer` });
    const key = await form.locator('input[name="idempotencyKey"]').inputValue();
    const utr = `E2E${Date.now()}`;

    // A UTR that is not one is refused beside the field, and nothing is paid.
    await row.getByLabel("UTR of the bank transfer").fill("12-34");
    await pay.click();
    await expect(main(page).getByRole("alert").first()).toContainText("Enter the bank's UTR");
    await expect(row.getByLabel("UTR of the bank transfer")).toHaveAttribute("aria-invalid", "true");

    await row.getByLabel("UTR of the bank transfer").fill(utr);
    await row.getByRole("button", { name: `Mark ${amount} paid` }).click();
    await expect(main(page).getByRole("status")).toContainText(new RegExp(`Payout PO-\\d{6} recorded: paid by bank transfer, UTR ${utr}\\.`));
    await expect(row).toContainText("Nothing payable now");
    await expect(row.getByRole("cell").nth(2)).toHaveText(amount);
    const payouts = main(page).getByRole("region", { name: "Payouts" });
    await expect(payouts.getByRole("row", { name: new RegExp(utr) })).toContainText(amount);

    // The same form posted again (a double click, a reload of the post) pays nothing more.
    const again = await page.request.post(`${baseURL}/admin/settlements`, {
      headers: { Origin: baseURL! },
      form: { intent: "pay-bank", vendorId: "vendor-3", idempotencyKey: key, utr },
    });
    expect(again.status()).toBe(200);
    expect(await again.text()).toContain("was already made; nothing more was paid.");
    await openSettlements(page);
    await expect(payouts.getByRole("row", { name: new RegExp(utr) })).toHaveCount(1);
    await expect(row.getByRole("cell").nth(2)).toHaveText(amount);
    await expect(main(page).getByText("The figures agree")).toBeVisible();
    await expectNoAxeViolations(page, { where: "the Settlements page after a payout" });
  });

  test("offers Razorpay Route only to a seller with a payout account, and refuses one without", async ({ page, baseURL }) => {
    await signInAdmin(page);
    await openSettlements(page);
    const balances = main(page).getByRole("region", { name: "Sellers' balances" });
    // The demo's first seller has a payout account (its number shown masked): Route is offered.
    const withAccount = balances.getByRole("row", { name: /Vardhan Infotech/ });
    const route = withAccount.getByRole("form", { name: "Pay Vardhan Infotech Distributors Pvt. Ltd. through Razorpay Route" });
    await expect(route.getByRole("button", { name: /^Pay ₹[\d,]+\.\d{2} through Razorpay Route$/ })).toBeVisible();
    await expect(route).toContainText(/To HDFC0001234 •+4567/);
    await expect(withAccount).not.toContainText("501001234567");
    // Silicon Plateau has none: the page says so, and a forged post pays nothing.
    const without = balances.getByRole("row", { name: new RegExp(SELLER) });
    await expect(without.getByRole("form", { name: `Pay ${SELLER} through Razorpay Route` })).toHaveCount(0);
    const forged = await page.request.post(`${baseURL}/admin/settlements`, {
      headers: { Origin: baseURL! },
      form: { intent: "pay-route", vendorId: "vendor-3", idempotencyKey: `forged-${Date.now()}` },
    });
    expect(forged.status()).toBe(409);
    expect(await forged.text()).toContain("This seller has no payout bank account yet.");
  });

  test("the tax reports show the month and download as CSV with a header row; the Rates page reads well", async ({ page, baseURL }) => {
    await signInAdmin(page);
    await openSettlements(page, "/admin/settlements/reports", "Tax reports");
    const month = indiaDay().slice(0, 7);
    await expect(main(page).getByRole("heading", { name: `TCS collected, ${month}` })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent("download"), main(page).getByRole("link", { name: "Download TCS (GSTR-8) CSV" }).click()]);
    expect(download.suggestedFilename()).toBe(`tcs-gstr8-${month}.csv`);
    const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"));
    expect(text.split("\r\n")[0]).toBe("GSTIN of supplier,Seller name,Gross value of supplies,Value of supplies returned,Net value of supplies,IGST collected,CGST collected,SGST collected");

    const tds = await page.request.get(`${baseURL}/admin/settlements/tds.csv?month=${month}`);
    expect(tds.headers()["content-disposition"]).toBe(`attachment; filename="tds-194o-${month}.csv"`);
    expect((await tds.text()).split("\r\n")[0]).toBe("Seller name,GSTIN,PAN,Gross amount,TDS deducted");
    const bad = await page.request.get(`${baseURL}/admin/settlements/tcs.csv?month=2026-13`);
    expect(bad.status()).toBe(400);
    expect(await bad.text()).toBe("Choose a month as YYYY-MM, for example 2026-11.");
    await openSettlements(page, "/admin/settlements/reports?month=November", "Tax reports");
    await expect(main(page).getByRole("alert")).toHaveText("Choose a month as YYYY-MM, for example 2026-11.");
    await expectNoAxeViolations(page, { where: "the Tax reports page" });
    await openSettlements(page, "/admin/settlements/rates", "Settlement rates");
    await expectNoAxeViolations(page, { where: "the Rates page" });
  });

  test("fit a phone: sellers as cards with their pay forms, tables that scroll @mobile", async ({ page }) => {
    await signInAdmin(page);
    await openSettlements(page);
    const card = main(page).getByRole("listitem", { name: "Vardhan Infotech Distributors Pvt. Ltd." });
    await expect(card.getByLabel("UTR of the bank transfer")).toBeVisible();
    await expect(card.getByRole("button", { name: /^Mark ₹[\d,]+\.\d{2} paid$/ })).toBeVisible();
    await expect(main(page).getByRole("listitem", { name: "Total" })).toContainText("Payable");
    await expectNoHorizontalScroll(page, "the Settlements page");
    await expectNoAxeViolations(page, { where: "the Settlements page on a phone" });
    for (const [path, heading] of [
      ["/admin/settlements/rates", "Settlement rates"],
      ["/admin/settlements/reports", "Tax reports"],
    ] as const) {
      await openSettlements(page, path, heading);
      await expectNoHorizontalScroll(page, heading);
      await expectNoAxeViolations(page, { where: `${heading} on a phone` });
    }
  });
});

test.describe("admin Settlements without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

    test("the rates form refuses a past day and adds a rate from a later one, without JavaScript", async ({ page }) => {
      await signInAdmin(page);
      await openSettlements(page, "/admin/settlements/rates", "Settlement rates");
      await expect(main(page).getByRole("region", { name: "In force today" }).getByRole("row", { name: /^TDS/ })).toContainText("0.1%");
      const form = main(page).getByRole("region", { name: "Add a rate" });
      await form.getByLabel("Rate", { exact: true }).selectOption("tds");
      await form.getByLabel("Rate in percent").fill("0.2");
      await form.getByLabel("Takes effect on").fill(indiaDay(-1));
      await form.getByRole("button", { name: "Add rate" }).click();
      const past = "Rates never change the past: choose today or a later day (India time).";
      await expect(main(page).getByRole("alert").first()).toHaveText(past);
      await expect(form.getByLabel("Takes effect on")).toHaveAttribute("aria-invalid", "true");
      await expect(form.getByLabel("Rate in percent")).toHaveValue("0.2");

      // Far ahead, so no order placed while the tests run takes this rate.
      const day = indiaDay(3650 + Math.floor(Math.random() * 300));
      await form.getByLabel("Takes effect on").fill(day);
      await form.getByRole("button", { name: "Add rate" }).click();
      await expect(main(page).getByRole("status")).toHaveText(`TDS of 0.2% added, in force from ${day} for parts placed from that day.`);
      const history = main(page).getByRole("region", { name: "History" });
      await expect(history.getByRole("row", { name: /Scheduled/ }).filter({ hasText: "0.2%" })).toHaveCount(1);
      await expect(main(page).getByRole("region", { name: "In force today" }).getByRole("row", { name: /^TDS/ })).toContainText("0.1%");
    });
});
