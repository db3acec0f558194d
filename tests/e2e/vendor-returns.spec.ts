import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { DEMO, signInVendor } from "../support/accounts";
import { CATALOG } from "../support/catalog";
import { expectNoHorizontalScroll } from "../support/checkout";
import { expectFieldError, flash, newBrowser } from "../support/vendor-orders";
import { openVendorReturns, requestedReturn, returnCard, stockLedger, storedReturnStatus } from "../support/vendor-returns";

/**
 * A seller answers its customers' return requests on the vendor portal's Returns tab: approves
 * with a pickup, marks it picked up, inspects it, and the refund starts or the replacement is
 * shipped. Each test makes its own request (a fresh customer's delivered order) through the
 * shop's functions; the keyboard is a routine product whose stock no test checks, so taking one
 * and giving it back disturbs no one.
 */

test.describe.configure({ timeout: 120_000 });

const KEYBOARD = CATALOG.g213Keyboard; // vendor-1's

function form(page: Page, name: string) {
  return page.getByRole("form", { name, exact: true });
}

async function approve(page: Page, number: string, carrier = "Delhivery", reference = "DLV123456789") {
  const f = form(page, `Approve return ${number}`);
  await f.getByLabel("Pickup carrier").fill(carrier);
  await f.getByLabel("Pickup reference").fill(reference);
  await f.getByRole("button", { name: "Approve with pickup" }).click();
}

test.describe("vendor returns", () => {
  test("the seller finds a request, approves it with a pickup, and accepts it back into stock", async ({ page }) => {
    const r = await requestedReturn(KEYBOARD.id, { askedHoursAgo: 50 });
    await signInVendor(page, DEMO.vendor1);

    // The tab sits after Orders; a mail's deep link finds the request.
    const tabs = page.getByRole("navigation", { name: "Vendor" }).getByRole("link");
    await openVendorReturns(page, `?q=${r.returnNumber}`);
    await expect(tabs).toHaveText(["Dashboard", "My Products", "Orders", "Returns", "Reviews", "Questions", "Payments", "Dispatch"]);
    const card = returnCard(page, r.returnNumber);
    await expect(card).toBeVisible();
    await expect(page.getByText("Showing 1 of 1 returns")).toBeVisible();
    await expect(card.getByText(`Order ${r.orderNumber}`)).toBeVisible();
    await expect(card.getByText(`${KEYBOARD.name} × 1`)).toBeVisible();
    await expect(card.getByText("Defective or not working")).toBeVisible();
    await expect(card.getByText("Refund", { exact: true }).first()).toBeVisible();
    await expect(card.getByText("SN-E2E-0042")).toBeVisible();
    await expect(card.getByText("Two keys stopped working after a day.")).toBeVisible();
    await expect(card.getByText(r.customerName)).toBeVisible();
    await expect(card.getByText("Requested", { exact: true }).first()).toBeVisible();
    // Asked 50 hours ago and not answered.
    await expect(card.getByText("Awaiting your answer for over 48 hours")).toBeVisible();
    await expectNoAxeViolations(page, { where: "a request to answer" });

    // The search box finds it by order number, customer name and product; the filter narrows it.
    const search = page.getByRole("searchbox", { name: "Search returns" });
    for (const q of [r.orderNumber, r.customerName, r.returnNumber.toLowerCase()]) {
      await search.fill(q);
      await search.press("Enter");
      await expect(returnCard(page, r.returnNumber)).toBeVisible();
    }
    await page.getByLabel("Status").selectOption("Refunded");
    await expect(page).toHaveURL(/status=refunded/);
    await expect(page.getByText("No return requests found matching your criteria.")).toBeVisible();
    await expect(page.getByText("Showing 0 of 0 returns")).toBeVisible();
    await page.getByLabel("Status").selectOption("Requested");
    await expect(returnCard(page, r.returnNumber)).toBeVisible();
    await openVendorReturns(page, `?q=${r.returnNumber}`);

    // Approve needs the pickup's carrier and reference, checked as an order's shipment is.
    const approveForm = form(page, `Approve return ${r.returnNumber}`);
    await approveForm.getByLabel("Pickup carrier").fill("Delhivery");
    await approveForm.getByLabel("Pickup reference").fill("no spaces allowed");
    await approveForm.getByRole("button", { name: "Approve with pickup" }).click();
    await expectFieldError(approveForm.getByLabel("Pickup reference"), "A tracking number is 4 to 40 letters, digits or dashes.");
    await expect(card.getByRole("alert")).toHaveText("Enter the pickup carrier and reference to approve the return.");
    expect(storedReturnStatus(r.returnNumber)).toBe("requested");

    await approve(page, r.returnNumber);
    await expect(flash(page, `Return ${r.returnNumber} approved.`)).toBeVisible();
    await expect(card.getByText("Approved", { exact: true }).first()).toBeVisible();
    await expect(card.getByText("Delhivery · Reference DLV123456789")).toBeVisible();
    await expect(card.getByText("Awaiting your answer for over 48 hours")).toHaveCount(0);

    await form(page, `Mark return ${r.returnNumber} picked up`).getByRole("button", { name: "Mark picked up" }).click();
    await expect(flash(page, `Return ${r.returnNumber} marked picked up.`)).toBeVisible();

    // Refusing needs a reason; accepting with "can be sold again" puts it back into stock.
    const refuse = form(page, `Refuse return ${r.returnNumber}`);
    await expect(refuse.getByLabel("Reason for refusing")).toHaveAttribute("required", "");
    const before = stockLedger(KEYBOARD.id);
    const accept = form(page, `Accept return ${r.returnNumber}`);
    await accept.getByLabel("Item can be sold again").check();
    await accept.getByRole("button", { name: "Accept" }).click();
    await expect(flash(page, `Return ${r.returnNumber} accepted: the refund has started.`)).toBeVisible();
    expect(stockLedger(KEYBOARD.id)).toBe(before + 1);

    await expect(card.getByText("Refunded", { exact: true }).first()).toBeVisible();
    await expect(card.getByText(/^Credit note CN\/\d{4}-\d{2}\/\d{4}/)).toBeVisible();
    await expect(card.getByText("Refund status: To be paid by bank transfer")).toBeVisible();
    const refund = card.getByRole("definition");
    await expect(refund.filter({ hasText: KEYBOARD.priceText })).not.toHaveCount(0);
    const history = card.getByRole("list").filter({ hasText: "Requested" }).getByRole("listitem");
    await expect(history).toHaveCount(5);
    await expect(history.nth(1)).toContainText("Pickup by Delhivery, reference DLV123456789");
    await expect(card.getByRole("form")).toHaveCount(0);
    await expectNoAxeViolations(page, { where: "a refunded request" });
  });

  test("a replacement is shipped and delivered through its own steps", async ({ page }) => {
    const r = await requestedReturn(KEYBOARD.id, { resolution: "replacement" });
    await signInVendor(page, DEMO.vendor1);
    await openVendorReturns(page, `?q=${r.returnNumber}`);
    const card = returnCard(page, r.returnNumber);
    await expect(card.getByText("Replacement", { exact: true }).first()).toBeVisible();
    await approve(page, r.returnNumber);
    await expect(flash(page, `Return ${r.returnNumber} approved.`)).toBeVisible();
    await form(page, `Mark return ${r.returnNumber} picked up`).getByRole("button", { name: "Mark picked up" }).click();
    await expect(flash(page, `Return ${r.returnNumber} marked picked up.`)).toBeVisible();
    await form(page, `Accept return ${r.returnNumber}`).getByRole("button", { name: "Accept" }).click();
    await expect(flash(page, `Return ${r.returnNumber} accepted: ship the replacement from the Returns list.`)).toBeVisible();

    await form(page, `Replacement of ${r.returnNumber}`).getByRole("button", { name: "Mark Processing" }).click();
    await expect(flash(page, `Replacement for ${r.returnNumber} marked Processing.`)).toBeVisible();
    const ship = form(page, `Ship the replacement of ${r.returnNumber}`);
    await ship.getByRole("button", { name: "Mark Shipped" }).click();
    // The browser's own check stops an empty form; the fields say what they need.
    await expect(ship.getByLabel("Carrier")).toHaveAttribute("required", "");
    await ship.getByLabel("Carrier").fill("Ekart");
    await ship.getByLabel("Tracking number").fill("EK998877");
    await ship.getByRole("button", { name: "Mark Shipped" }).click();
    await expect(flash(page, `Replacement for ${r.returnNumber} marked Shipped.`)).toBeVisible();
    await expect(card.getByText("Replacement shipped", { exact: true }).first()).toBeVisible();
    await expect(card.getByText("Shipped · Ekart · Tracking EK998877")).toBeVisible();
    await form(page, `Replacement of ${r.returnNumber}`).getByRole("button", { name: "Mark Delivered" }).click();
    await expect(flash(page, `Replacement for ${r.returnNumber} marked Delivered.`)).toBeVisible();
    await expect(card.getByText("Closed", { exact: true }).first()).toBeVisible();
    expect(storedReturnStatus(r.returnNumber)).toBe("closed");
  });

  test("another seller neither sees nor changes the request", async ({ page }) => {
    const r = await requestedReturn(KEYBOARD.id);
    await signInVendor(page, DEMO.vendor2);
    await openVendorReturns(page, `?q=${r.returnNumber}`);
    await expect(page.getByText("No return requests found matching your criteria.")).toBeVisible();
    const response = await page.request.post("/vendor/returns", {
      form: { intent: "approve", number: r.returnNumber, from: "requested", carrier: "Delhivery", trackingNumber: "DLV123456789" },
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(404);
    expect(storedReturnStatus(r.returnNumber)).toBe("requested");
  });

  test("a stale second click changes nothing and says so", async ({ page, browser, baseURL }) => {
    const r = await requestedReturn(KEYBOARD.id);
    await signInVendor(page, DEMO.vendor1);
    await openVendorReturns(page, `?q=${r.returnNumber}`);
    const other = await newBrowser(browser, baseURL);
    try {
      await signInVendor(other.page, DEMO.vendor1);
      await openVendorReturns(other.page, `?q=${r.returnNumber}`);
      await approve(page, r.returnNumber);
      await expect(flash(page, `Return ${r.returnNumber} approved.`)).toBeVisible();

      // The other tab still shows it Requested; its Reject arrives too late.
      const reject = form(other.page, `Reject return ${r.returnNumber}`);
      await reject.getByLabel("Reason for rejecting").fill("Outside the return window");
      const answer = other.page.waitForResponse((res) => res.request().method() === "POST" && new URL(res.url()).pathname.startsWith("/vendor/returns"));
      await reject.getByRole("button", { name: "Reject" }).click();
      expect((await answer).status()).toBe(409);
      const card = returnCard(other.page, r.returnNumber);
      await expect(card.getByRole("alert")).toHaveText(`Return ${r.returnNumber} is already Approved; nothing was changed.`);
      // The page is read again: the request shows as it is now.
      await expect(card.getByText("Approved", { exact: true }).first()).toBeVisible();
      expect(storedReturnStatus(r.returnNumber)).toBe("approved");
    } finally {
      await other.context.close();
    }
  });

  test("approving works without JavaScript", async ({ browser, baseURL }) => {
    const r = await requestedReturn(KEYBOARD.id);
    const { context, page } = await newBrowser(browser, baseURL, { javaScriptEnabled: false });
    try {
      await signInVendor(page, DEMO.vendor1);
      await page.goto(`/vendor/returns?q=${r.returnNumber}`);
      await approve(page, r.returnNumber);
      await expect(flash(page, `Return ${r.returnNumber} approved.`)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/vendor/returns\\?q=${r.returnNumber}$`));
      expect(storedReturnStatus(r.returnNumber)).toBe("approved");
    } finally {
      await context.close();
    }
  });

  test("on a phone the requests are cards that fit the screen @mobile", async ({ page }) => {
    const r = await requestedReturn(KEYBOARD.id);
    await signInVendor(page, DEMO.vendor1);
    await openVendorReturns(page);
    await expect(returnCard(page, r.returnNumber)).toBeVisible();
    await expectNoHorizontalScroll(page, "the Returns list");
    await openVendorReturns(page, `?q=${r.returnNumber}`);
    await expectNoHorizontalScroll(page, "a request to answer");
    await expectNoAxeViolations(page, { where: "Returns on a phone" });
  });
});
