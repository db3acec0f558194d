import { expect, test, type Locator, type Page } from "@playwright/test";
import { DEMO, main, signInAdmin, signInVendor, signUp } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";
import { expectNoHorizontalScroll } from "../support/checkout";
import { categoryRule, insertReturnRequest, setCategoryRule, storedReturn, type ReturnFixture } from "../support/returns";

/**
 * The admin's Returns page (issue 22). Each test writes a return request of its own straight into
 * the e2e database (tests/support/returns.ts: a delivered cash on delivery order, asked 72 hours
 * ago, so past the seller's 48 hours) and acts on it as the demo administrator, for the seller.
 */

const BAD_UTR = "Enter the bank transfer's UTR: 12 to 22 letters and digits, without spaces.";

function returnCard(page: Page, r: ReturnFixture): Locator {
  return main(page).getByRole("article", { name: `Return ${r.returnNumber}` });
}

function confirmation(page: Page): Locator {
  return main(page).getByRole("status");
}

async function openReturns(page: Page, query = "") {
  await page.goto(`/admin/returns${query}`);
  await expect(page.getByRole("heading", { level: 1, name: "Returns" })).toBeVisible();
}

test.describe("admin Returns", () => {
  test("the dashboard leads to late requests, filtered by status and seller", async ({ page }) => {
    const r = insertReturnRequest();
    await signInAdmin(page);
    await page.goto("/admin/dashboard");
    const card = main(page).getByRole("link", { name: /^Returns/ });
    await expect(card).toContainText(/open return requests?; \d+ (is|are) past 48 hours without the seller's answer/);
    await card.click();
    await expect(page).toHaveURL(/\/admin\/returns$/);

    await main(page).getByLabel("Status", { exact: true }).selectOption("requested");
    await main(page).getByLabel("Seller", { exact: true }).selectOption("vendor-1");
    await main(page).getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/status=requested/);
    await expect(page).toHaveURL(/vendor=vendor-1/);
    const mine = returnCard(page, r);
    await expect(mine).toContainText("Past 48 hours without the seller's answer");
    await expect(mine).toContainText(`Order ${r.orderNumber}`);
    await expect(mine).toContainText("Logitech G213 Prodigy Gaming Keyboard × 1");
    await expect(mine).toContainText("Defective or not working");
    await expect(mine).toContainText(`Half the keys stopped working (${r.tag}).`);
    // Late requests come first: every card before the first on time is marked late.
    const marks = await main(page)
      .getByRole("article")
      .evaluateAll((cards) => cards.map((c) => (c.textContent ?? "").includes("Past 48 hours without the seller's answer")));
    expect(marks[0]).toBe(true);
    expect(marks.slice(marks.indexOf(false) === -1 ? marks.length : marks.indexOf(false))).not.toContain(true);

    // Another status shows none of it.
    await openReturns(page, "?status=approved&vendor=vendor-1");
    await expect(returnCard(page, r)).toHaveCount(0);
    await expectNoAxeViolations(page, { where: "the filtered list" });
  });

  test("approves for the seller, accepts on inspection and marks the manual refund paid", async ({ page }) => {
    const r = insertReturnRequest();
    await signInAdmin(page);
    await openReturns(page, "?vendor=vendor-1");
    let card = returnCard(page, r);

    await card.getByLabel("Carrier").selectOption("Delhivery");
    await card.getByLabel("Tracking number").fill("DLV987654321");
    await card.getByRole("button", { name: "Approve" }).click();
    await expect(confirmation(page)).toHaveText(`Return ${r.returnNumber} approved.`);
    card = returnCard(page, r);
    await card.getByText(/^History/).click();
    await expect(card.getByRole("listitem").filter({ hasText: "Approved" })).toContainText("Administrator · Pickup by Delhivery, reference DLV987654321 · by an administrator");
    expect(storedReturn(r.returnNumber).history.at(-1)).toEqual({ status: "approved", note: "Pickup by Delhivery, reference DLV987654321 · by an administrator", actorRole: "admin" });

    await card.getByRole("button", { name: "Mark picked up" }).click();
    await expect(confirmation(page)).toHaveText(`Return ${r.returnNumber} marked picked up.`);
    card = returnCard(page, r);
    await card.getByLabel("Put the item back into stock").uncheck();
    await card.getByRole("button", { name: "Accept" }).click();
    await expect(confirmation(page)).toHaveText(`Return ${r.returnNumber} accepted: the refund has started.`);

    card = returnCard(page, r);
    await expect(card).toContainText(/Credit note\s*CN\/\d{4}-\d{2}\/\d{4}/);
    const refunds = card.getByRole("region", { name: `Refunds of return ${r.returnNumber}` });
    await expect(refunds).toContainText("Bank transfer by hand");
    await expect(refunds).toContainText(`Pay to: UPI ID ${r.upiId}`);

    // A bad UTR is refused beside its field, and nothing is paid.
    await refunds.getByLabel("UTR of the bank transfer").fill("12 34");
    await refunds.getByRole("button", { name: "Mark refund paid" }).click();
    await expect(main(page).getByRole("alert")).toHaveText(BAD_UTR);
    const utr = returnCard(page, r).getByRole("textbox", { name: "UTR of the bank transfer" });
    await expect(utr).toHaveAttribute("aria-invalid", "true");
    await expect(utr).toHaveValue("12 34");
    expect(storedReturn(r.returnNumber).refunds).toEqual([{ status: "requested", method: "manual", utr: null }]);

    await utr.fill(`hdfcn5${r.tag}`.slice(0, 16).padEnd(16, "0"));
    await returnCard(page, r).getByRole("button", { name: "Mark refund paid" }).click();
    await expect(confirmation(page)).toContainText("Refund marked as paid by bank transfer");
    const stored = storedReturn(r.returnNumber);
    expect(stored.status).toBe("refunded");
    expect(stored.refunds).toEqual([{ status: "processed", method: "manual", utr: `HDFCN5${r.tag}`.slice(0, 16).padEnd(16, "0") }]);
    expect(stored.history.filter((h) => h.actorRole === "admin").every((h) => h.note?.endsWith("by an administrator"))).toBe(true);
    // Paid: the destination is no longer shown.
    await expect(returnCard(page, r)).not.toContainText(r.upiId);
    await expect(returnCard(page, r)).toContainText("Paid");
  });

  test("sets the Component category's return rule", async ({ page }) => {
    const before = categoryRule("Component");
    try {
      await signInAdmin(page);
      await openReturns(page);
      const rules = main(page).getByRole("region", { name: "Return rules" });
      await expect(rules.getByLabel("Component", { exact: true })).toHaveValue(before);
      await rules.getByLabel("Component", { exact: true }).selectOption("not_returnable");
      await rules.getByRole("button", { name: "Save return rules" }).click();
      await expect(confirmation(page)).toHaveText("Return rules saved.");
      expect(categoryRule("Component")).toBe("not_returnable");
      await expect(main(page).getByRole("region", { name: "Return rules" }).getByLabel("Component", { exact: true })).toHaveValue("not_returnable");

      // A rule the shop does not know is refused, changing nothing.
      const response = await page.request.post("/admin/returns", { form: { intent: "rules", "rule:Component": "forever" }, maxRedirects: 0 });
      expect(response.status()).toBe(400);
      expect(categoryRule("Component")).toBe("not_returnable");
    } finally {
      setCategoryRule("Component", before);
    }
  });

  test("works without JavaScript: a rejection refused, then made", async ({ browser, baseURL }) => {
    const r = insertReturnRequest();
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await signInAdmin(page);
      await openReturns(page, "?vendor=vendor-1");
      await returnCard(page, r).getByLabel("Reason for rejecting").fill("No");
      await returnCard(page, r).getByRole("button", { name: "Reject" }).click();
      await expect(main(page).getByRole("alert")).toHaveText("Give the customer a reason for the rejection.");
      await expect(returnCard(page, r).getByLabel("Reason for rejecting")).toHaveValue("No");
      await returnCard(page, r).getByLabel("Reason for rejecting").fill("The keyboard shows signs of liquid damage.");
      await returnCard(page, r).getByRole("button", { name: "Reject" }).click();
      await expect(confirmation(page)).toHaveText(`Return ${r.returnNumber} rejected.`);
      await expect(page).toHaveURL(/\/admin\/returns\?vendor=vendor-1$/);
      expect(storedReturn(r.returnNumber).status).toBe("rejected");
    } finally {
      await context.close();
    }
  });

  test("fits a phone and passes axe @mobile", async ({ page }) => {
    insertReturnRequest();
    await signInAdmin(page);
    await openReturns(page, "?vendor=vendor-1");
    await expectNoHorizontalScroll(page, "the Returns page");
    await expectNoAxeViolations(page, { where: "the Returns page on a phone" });
  });

  test("passes axe with a refund waiting to be paid", async ({ page }) => {
    const r = insertReturnRequest();
    await signInAdmin(page);
    await openReturns(page, "?vendor=vendor-1");
    const card = returnCard(page, r);
    await card.getByLabel("Carrier").selectOption("Blue Dart");
    await card.getByLabel("Tracking number").fill("BD7654321");
    await card.getByRole("button", { name: "Approve" }).click();
    await expect(confirmation(page)).toBeVisible();
    await returnCard(page, r).getByRole("button", { name: "Mark picked up" }).click();
    await expect(confirmation(page)).toHaveText(`Return ${r.returnNumber} marked picked up.`);
    await returnCard(page, r).getByLabel("Put the item back into stock").uncheck();
    await returnCard(page, r).getByRole("button", { name: "Accept" }).click();
    await expect(returnCard(page, r).getByRole("button", { name: "Mark refund paid" })).toBeVisible();
    await returnCard(page, r).getByText(/^History/).click();
    await expectNoAxeViolations(page, { where: "a refund waiting" });
  });

  test("customers and vendors get no access", async ({ page, browser, baseURL }) => {
    const r = insertReturnRequest();
    await signUp(page, "ret-cust");
    await page.goto("/admin/returns");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Freturns$/);
    const asCustomer = await page.request.post("/admin/returns", { form: { intent: "picked-up", number: r.returnNumber, from: "requested" }, maxRedirects: 0 });
    expect(asCustomer.status()).toBeGreaterThanOrEqual(300);

    const context = await browser.newContext({ baseURL });
    const vendor = await context.newPage();
    try {
      await signInVendor(vendor, DEMO.vendor1);
      await vendor.goto("/admin/returns");
      await expect(vendor).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Freturns$/);
      const asVendor = await vendor.request.post("/admin/returns", {
        form: { intent: "approve", number: r.returnNumber, from: "requested", carrier: "Delhivery", trackingNumber: "DLV111111111" },
        maxRedirects: 0,
      });
      expect(asVendor.status()).toBeGreaterThanOrEqual(300);
      expect(asVendor.status()).toBeLessThan(400);
    } finally {
      await context.close();
    }
    expect(storedReturn(r.returnNumber).status).toBe("requested");
  });
});
