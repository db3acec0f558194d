import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { DEMO, signInVendor } from "../support/accounts";
import { ROUTINE, SELLERS, orderCard } from "../support/checkout";
import { waitForHydration } from "../support/hydration";
import {
  VENDOR_IDS,
  demoPartNumber,
  detailsLink,
  expectEntryStatus,
  expectFieldError,
  flash,
  hideLink,
  itemRows,
  listedOrders,
  markButton,
  markShippedLink,
  newBrowser,
  openVendorOrders,
  orderEntries,
  orderEntry,
  orderTotalRow,
  partsOf,
  postAdvance,
  shipForm,
  shopperPlacesOrder,
  storedOrder,
  timelineOf,
  todayShort,
} from "../support/vendor-orders";

/**
 * A vendor fulfils its own part of a customer's order: Pending → Processing → Shipped (carrier and
 * tracking number) → Delivered, and the customer's order page follows. Every order here is placed
 * by the test's own fresh shopper; the demo orders are only looked at.
 */

// A shopper, two vendors and several round trips each: generous on a busy machine.
test.describe.configure({ timeout: 180_000 });

/** The shipments section of the customer's order page. */
function shipments(page: Page) {
  return page.getByRole("region", { name: /^Shipments?$/ });
}

function shipmentOf(page: Page, seller: string) {
  return shipments(page).getByRole("listitem").filter({ hasText: `Sold by ${seller}` });
}

/** The customer's own status for the order, on their order list. */
async function expectCustomerStatus(page: Page, number: string, status: string): Promise<void> {
  await page.goto("/orders");
  const card = orderCard(page, number);
  await expect(card.getByText(status, { exact: true })).toBeVisible();
  for (const other of ["Pending", "Processing", "Shipped", "Delivered", "Cancelled"].filter((s) => s !== status)) {
    await expect(card.getByText(other, { exact: true })).toHaveCount(0);
  }
}

test.describe("vendor fulfilment", () => {
  test("a vendor takes its part of a mixed order from Pending to Delivered; the customer follows each step", async ({ page, browser, baseURL }) => {
    // Two keyboards from vendor-1 and an SSD from vendor-2 in one order.
    const order = await shopperPlacesOrder(browser, baseURL, [
      [ROUTINE.keyboard, 2],
      [ROUTINE.ssd, 1],
    ]);
    const { number, shopper } = order;
    const today = todayShort();

    await signInVendor(page, DEMO.vendor1);
    await openVendorOrders(page, `?q=${number}`);
    await expect(orderEntries(page)).toHaveCount(1);
    const entry = orderEntry(page, number);
    const [row] = await listedOrders(page);
    expect(row).toMatchObject({ number, date: today, amount: 6_998_00, status: "Pending" });
    await expect(entry).toContainText(shopper.name);
    await expect(entry).toContainText(shopper.email);

    // The shopper's name and email find it too.
    await openVendorOrders(page, `?q=${encodeURIComponent(shopper.name)}`);
    expect((await listedOrders(page)).map((r) => r.number)).toEqual([number]);
    await openVendorOrders(page, `?q=${encodeURIComponent(shopper.email)}`);
    expect((await listedOrders(page)).map((r) => r.number)).toEqual([number]);

    // Details: only vendor-1's items of the order, its total, and the timeline so far.
    await openVendorOrders(page, `?q=${number}`);
    await expect(detailsLink(page, number)).toHaveAttribute("aria-expanded", "false");
    await detailsLink(page, number).click();
    await expect(page).toHaveURL(new RegExp(`[?&]expand=${number}(&|$)`));
    await expect(hideLink(page, number)).toHaveAttribute("aria-expanded", "true");
    await expect(itemRows(page, number)).toHaveCount(1);
    await expect(itemRows(page, number).first().getByRole("cell")).toHaveText([ROUTINE.keyboard.name, "₹3,499", "2", "₹6,998"]);
    await expect(page.getByRole("main")).not.toContainText(ROUTINE.ssd.name);
    await expect(orderTotalRow(page, number)).toHaveText(/Order total\s*₹6,998/);
    const timeline = timelineOf(page, number).getByRole("listitem");
    await expect(timeline).toHaveText([
      new RegExp(`^Order Placed\\s*${today}$`),
      /^Processing \(not yet\)$/,
      /^Shipped \(not yet\)$/,
      /^Delivered \(not yet\)$/,
    ]);
    await expect(markShippedLink(page, number)).toHaveCount(0);
    await expect(markButton(page, number, "Mark as Delivered")).toHaveCount(0);

    // Pending → Processing.
    await markButton(page, number, "Mark as Processing").click();
    await expect(flash(page, `Order ${number} marked Processing.`)).toBeVisible();
    await expectEntryStatus(page, number, "Processing");
    await expect(timeline).toHaveText([
      new RegExp(`^Order Placed\\s*${today}$`),
      new RegExp(`^Processing\\s*${today}$`),
      /^Shipped \(not yet\)$/,
      /^Delivered \(not yet\)$/,
    ]);
    expect(partsOf(number).map((p) => [p.vendorId, p.status])).toEqual([
      [VENDOR_IDS.vendor1, "processing"],
      [VENDOR_IDS.vendor2, "pending"],
    ]);
    // The order's status is its least advanced part's.
    expect(storedOrder(number).status).toBe("pending");
    await order.page.goto(`/orders/${number}`);
    await expect(shipmentOf(order.page, SELLERS.vendor1.name)).toContainText("Processing");
    await expect(shipmentOf(order.page, SELLERS.vendor2.name)).toContainText("Pending");
    await expectCustomerStatus(order.page, number, "Pending");

    // Processing → Shipped needs a carrier and a valid tracking number.
    await expect(markButton(page, number, "Mark as Processing")).toHaveCount(0);
    await markShippedLink(page, number).click();
    const form = shipForm(page, number);
    await expect(form).toBeVisible();
    const carrier = form.getByLabel("Carrier", { exact: true });
    const tracking = form.getByLabel("Tracking number", { exact: true });
    await expect(carrier).toBeFocused();
    // The browser asks for both before sending anything...
    await expect(carrier).toHaveAttribute("required", "");
    await expect(tracking).toHaveAttribute("required", "");
    // ...and the server refuses what is only blanks.
    await carrier.fill("   ");
    await tracking.fill("   ");
    await form.getByRole("button", { name: "Mark as Shipped" }).click();
    await expectFieldError(carrier, "Enter the carrier.");
    await expectFieldError(tracking, "Enter the tracking number.");
    expect(partsOf(number)[0]!.status).toBe("processing");

    await carrier.fill("Blue Dart");
    await tracking.fill("ab");
    await form.getByRole("button", { name: "Mark as Shipped" }).click();
    await expectFieldError(tracking, "A tracking number is 4 to 40 letters, digits or dashes.");
    await expect(carrier).not.toHaveAttribute("aria-invalid", "true");
    await expect(carrier).toHaveValue("Blue Dart");
    await tracking.fill("BD 1234/5678");
    await form.getByRole("button", { name: "Mark as Shipped" }).click();
    await expectFieldError(tracking, "A tracking number is 4 to 40 letters, digits or dashes.");
    expect(partsOf(number)[0]).toMatchObject({ status: "processing", carrier: null, trackingNumber: null });

    await tracking.fill("bd-12345678in");
    await form.getByRole("button", { name: "Mark as Shipped" }).click();
    await expect(flash(page, `Order ${number} marked Shipped.`)).toBeVisible();
    await expect(shipForm(page, number)).toHaveCount(0);
    await expectEntryStatus(page, number, "Shipped");
    await expect(timeline).toHaveText([
      new RegExp(`^Order Placed\\s*${today}$`),
      new RegExp(`^Processing\\s*${today}$`),
      new RegExp(`^Shipped\\s*${today}\\s*Blue Dart · Tracking BD-12345678IN$`),
      /^Delivered \(not yet\)$/,
    ]);
    expect(partsOf(number)[0]).toMatchObject({ status: "shipped", carrier: "Blue Dart", trackingNumber: "BD-12345678IN" });

    await order.page.goto(`/orders/${number}`);
    await expect(shipmentOf(order.page, SELLERS.vendor1.name)).toContainText("Shipped");
    await expect(shipmentOf(order.page, SELLERS.vendor1.name)).toContainText("Blue Dart · Tracking number BD-12345678IN");
    await expect(shipmentOf(order.page, SELLERS.vendor2.name)).toContainText("Pending");
    await expect(shipmentOf(order.page, SELLERS.vendor2.name)).not.toContainText("Tracking");

    // Shipped → Delivered; then there is nothing left to do.
    await markButton(page, number, "Mark as Delivered").click();
    await expect(flash(page, `Order ${number} marked Delivered.`)).toBeVisible();
    await expectEntryStatus(page, number, "Delivered");
    await expect(timeline).toHaveText([
      new RegExp(`^Order Placed\\s*${today}$`),
      new RegExp(`^Processing\\s*${today}$`),
      new RegExp(`^Shipped\\s*${today}\\s*Blue Dart · Tracking BD-12345678IN$`),
      new RegExp(`^Delivered\\s*${today}$`),
    ]);
    await expect(entry.getByRole("button")).toHaveCount(0);
    await expect(entry.getByRole("link", { name: /Mark/ })).toHaveCount(0);
    await expect(detailsLink(page, number).or(hideLink(page, number))).toBeVisible();

    // A repeated or stale post (the Processing button of an old tab) changes nothing.
    const before = { parts: partsOf(number), order: storedOrder(number) };
    for (const from of ["processing", "shipped", "pending"]) {
      const response = await postAdvance(page, { number, from, carrier: "DTDC", trackingNumber: "X1234567" });
      expect(response.status(), `from ${from}`).toBe(409);
      expect(await response.text()).toContain(`Order ${number} is already Delivered; nothing was changed.`);
    }
    const delivered = await postAdvance(page, { number, from: "delivered" });
    expect(delivered.status()).toBeGreaterThanOrEqual(400);
    expect(partsOf(number)).toEqual(before.parts);
    expect(storedOrder(number)).toEqual(before.order);

    // The customer: vendor-1's part delivered with its tracking; the order itself still Pending.
    await order.page.goto(`/orders/${number}`);
    await expect(shipmentOf(order.page, SELLERS.vendor1.name)).toContainText("Delivered");
    await expect(shipmentOf(order.page, SELLERS.vendor1.name)).toContainText("Blue Dart · Tracking number BD-12345678IN");
    await expectCustomerStatus(order.page, number, "Pending");

    // Vendor-2 sees only its SSD; once it is Processing, so is the customer's order (least advanced part).
    const v2 = await newBrowser(browser, baseURL);
    await signInVendor(v2.page, DEMO.vendor2);
    await openVendorOrders(v2.page, `?q=${number}&expand=${number}`);
    expect(await listedOrders(v2.page)).toEqual([expect.objectContaining({ number, amount: 16_999_00, status: "Pending" })]);
    await expect(itemRows(v2.page, number)).toHaveCount(1);
    await expect(itemRows(v2.page, number).first().getByRole("cell")).toHaveText([ROUTINE.ssd.name, "₹16,999", "1", "₹16,999"]);
    await expect(v2.page.getByRole("main")).not.toContainText(ROUTINE.keyboard.name);
    await expect(v2.page.getByRole("main")).not.toContainText("₹6,998");
    await expect(v2.page.getByRole("main")).not.toContainText("Blue Dart");
    await markButton(v2.page, number, "Mark as Processing").click();
    await expect(flash(v2.page, `Order ${number} marked Processing.`)).toBeVisible();
    expect(storedOrder(number).status).toBe("processing");
    await expectCustomerStatus(order.page, number, "Processing");
    await order.page.goto(`/orders/${number}`);
    await expect(shipmentOf(order.page, SELLERS.vendor2.name)).toContainText("Processing");

    await v2.context.close();
    await order.context.close();
  });

  test("a button from a stale page changes nothing and says why", async ({ page, browser, baseURL }) => {
    const order = await shopperPlacesOrder(browser, baseURL, [[ROUTINE.ssd, 1]]);
    const { number } = order;
    await signInVendor(page, DEMO.vendor2);
    await openVendorOrders(page, `?q=${number}&expand=${number}`);
    await expect(markButton(page, number, "Mark as Processing")).toBeVisible();

    // Meanwhile the order is moved on elsewhere (another tab of the same vendor's).
    const elsewhere = await postAdvance(page, { number, from: "pending" });
    expect(elsewhere.status()).toBe(302);
    const history = storedOrder(number).historyRows;

    await markButton(page, number, "Mark as Processing").click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(`Order ${number} is already Processing; nothing was changed.`);
    expect(partsOf(number).map((p) => p.status)).toEqual(["processing"]);
    expect(storedOrder(number).historyRows).toBe(history);

    // The page shows the real status on reload, with the next step offered.
    await page.reload();
    await expectEntryStatus(page, number, "Processing");
    await expect(markShippedLink(page, number)).toBeVisible();
    await order.context.close();
  });
});

test.describe("vendor orders without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the Mark as buttons and the Mark as Shipped form work as plain form posts", async ({ page, browser, baseURL }) => {
    const order = await shopperPlacesOrder(browser, baseURL, [[ROUTINE.keyboard, 1]]);
    const { number } = order;
    await signInVendor(page, DEMO.vendor1);
    await page.goto(`/vendor/orders?q=${number}`);

    // The status filter has a Search button to apply it.
    await page.getByRole("main").getByRole("combobox", { name: "Status", exact: true }).selectOption({ label: "Pending" });
    await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/status=pending/);
    await expectEntryStatus(page, number, "Pending");

    // Once marked, the order leaves a Pending-only list: work from the unfiltered one.
    await page.goto(`/vendor/orders?q=${number}`);
    await markButton(page, number, "Mark as Processing").click();
    await expect(flash(page, `Order ${number} marked Processing.`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`expand=${number}`));

    await markShippedLink(page, number).click();
    await expect(page).toHaveURL(new RegExp(`ship=${number}`));
    const form = shipForm(page, number);
    await form.getByLabel("Tracking number", { exact: true }).fill("DL-99887766");
    await form.getByLabel("Carrier", { exact: true }).fill(" ");
    await form.getByRole("button", { name: "Mark as Shipped" }).click();
    await expectFieldError(form.getByLabel("Carrier", { exact: true }), "Enter the carrier.");
    await expect(form.getByLabel("Tracking number", { exact: true })).toHaveValue("DL-99887766");
    await form.getByLabel("Carrier", { exact: true }).fill("Delhivery");
    await form.getByRole("button", { name: "Mark as Shipped" }).click();
    await expect(flash(page, `Order ${number} marked Shipped.`)).toBeVisible();
    await expect(timelineOf(page, number)).toContainText("Delhivery · Tracking DL-99887766");

    await markButton(page, number, "Mark as Delivered").click();
    await expect(flash(page, `Order ${number} marked Delivered.`)).toBeVisible();
    expect(partsOf(number)).toEqual([expect.objectContaining({ status: "delivered", carrier: "Delhivery", trackingNumber: "DL-99887766" })]);
    await order.context.close();
  });

  test("Cancel on the shipping form leaves the order as it was", async ({ page }) => {
    await signInVendor(page, DEMO.vendor3);
    // A demo order waiting to be shipped: the form is only opened and cancelled.
    const number = demoPartNumber(VENDOR_IDS.vendor3, "processing");
    const before = partsOf(number);
    await page.goto(`/vendor/orders?q=${number}&ship=${number}`);
    const form = shipForm(page, number);
    await expect(form).toBeVisible();
    await form.getByRole("link", { name: "Cancel" }).click();
    await expect(shipForm(page, number)).toHaveCount(0);
    await expect(timelineOf(page, number)).toBeVisible();
    expect(partsOf(number)).toEqual(before);
  });
});

test.describe("vendor orders accessibility", () => {
  test("the list with an order's details and the shipping form has no axe violations", async ({ page }) => {
    await signInVendor(page, DEMO.vendor1);
    const shipped = demoPartNumber(VENDOR_IDS.vendor1, "shipped");
    await openVendorOrders(page, `?expand=${shipped}&q=${shipped}`);
    await expect(timelineOf(page, shipped)).toContainText("Tracking");
    await expectNoAxeViolations(page);

    const processing = demoPartNumber(VENDOR_IDS.vendor1, "processing");
    await openVendorOrders(page, `?q=${processing}&ship=${processing}&expand=${processing}`);
    await expect(shipForm(page, processing)).toBeVisible();
    await expectNoAxeViolations(page);

    await openVendorOrders(page);
    await waitForHydration(page);
    await expectNoAxeViolations(page);
  });
});
