import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { DEMO, signInVendor } from "../support/accounts";
import { ROUTINE, expectNoHorizontalScroll } from "../support/checkout";
import {
  VENDOR_IDS,
  demoPartNumber,
  detailsLink,
  expectEntryStatus,
  flash,
  itemRows,
  listedOrders,
  markButton,
  markShippedLink,
  openVendorOrders,
  orderEntries,
  orderEntry,
  partsOf,
  shipForm,
  shopperPlacesOrder,
  shortDateKey,
  timelineOf,
  todayShort,
} from "../support/vendor-orders";

/** On a phone (390 px) the vendor's orders are cards with the same actions as the desktop table. */

test.describe.configure({ timeout: 180_000 });

test.describe("vendor orders on a phone", () => {
  test("each order is a card with its details and actions, taken from Pending to Delivered @mobile", async ({ page, browser, baseURL }) => {
    const order = await shopperPlacesOrder(browser, baseURL, [[ROUTINE.keyboard, 3]]);
    const { number } = order;
    await order.context.close();

    await signInVendor(page, DEMO.vendor1);
    await openVendorOrders(page, `?q=${number}`);
    // Cards, not a table that would hide columns off-screen.
    await expect(page.getByRole("main").getByRole("table")).toHaveCount(0);
    const card = page.getByRole("main").getByRole("list", { name: "Orders", exact: true }).getByRole("listitem").filter({ hasText: number });
    await expect(card).toBeVisible();
    expect(await listedOrders(page)).toEqual([expect.objectContaining({ number, date: todayShort(), amount: 10_497_00, status: "Pending" })]);
    await expect(card).toContainText(order.shopper.name);
    await expect(card).toContainText(order.shopper.email);
    await expectNoHorizontalScroll(page, "orders list");

    await detailsLink(page, number).click();
    await expect(itemRows(page, number)).toHaveCount(1);
    await expect(itemRows(page, number).first().getByRole("cell")).toHaveText([ROUTINE.keyboard.name, "₹3,499", "3", "₹10,497"]);
    await expect(timelineOf(page, number).getByRole("listitem")).toHaveCount(4);
    await expectNoHorizontalScroll(page, "order details");
    await expectNoAxeViolations(page);

    await markButton(page, number, "Mark as Processing").click();
    await expect(flash(page, `Order ${number} marked Processing.`)).toBeVisible();
    await expectEntryStatus(page, number, "Processing");

    await markShippedLink(page, number).click();
    const form = shipForm(page, number);
    await expect(form).toBeVisible();
    await expectNoHorizontalScroll(page, "shipping form");
    await expectNoAxeViolations(page);
    await form.getByLabel("Carrier", { exact: true }).fill("India Post");
    await form.getByLabel("Tracking number", { exact: true }).fill("EE123456789IN");
    await form.getByRole("button", { name: "Mark as Shipped" }).click();
    await expect(flash(page, `Order ${number} marked Shipped.`)).toBeVisible();
    await expect(timelineOf(page, number)).toContainText("India Post · Tracking EE123456789IN");

    await markButton(page, number, "Mark as Delivered").click();
    await expect(flash(page, `Order ${number} marked Delivered.`)).toBeVisible();
    await expectEntryStatus(page, number, "Delivered");
    await expect(orderEntry(page, number).getByRole("button")).toHaveCount(0);
    expect(partsOf(number)).toEqual([expect.objectContaining({ vendorId: VENDOR_IDS.vendor1, status: "delivered", carrier: "India Post", trackingNumber: "EE123456789IN" })]);
    await expectNoHorizontalScroll(page, "delivered order");
  });

  test("the list, its filter, sorting and paging fit the screen @mobile", async ({ page }) => {
    await signInVendor(page, DEMO.vendor2);
    await openVendorOrders(page);
    await expect(orderEntries(page)).toHaveCount(20);
    await expectNoHorizontalScroll(page, "orders list");
    await expectNoAxeViolations(page);

    // No column headers on a phone: the sort buttons above the cards toggle the same way.
    const sort = page.getByRole("navigation", { name: "Sort orders" });
    await sort.getByRole("link", { name: /^Order Date/ }).click();
    await expect(page).toHaveURL(/dir=asc/);
    // The URL changes before the re-sorted cards are in: read them until they are.
    await expect
      .poll(async () => {
        const dates = (await listedOrders(page)).map((r) => shortDateKey(r.date));
        return dates.every((d, i) => i === 0 || dates[i - 1]! <= d);
      })
      .toBe(true);
    await sort.getByRole("link", { name: /^Amount/ }).click();
    await expect(page).toHaveURL(/sort=amount/);
    await expect(sort.getByRole("link", { name: "Amount, descending" })).toBeVisible();
    await expect
      .poll(async () => {
        const amounts = (await listedOrders(page)).map((r) => r.amount);
        return amounts.every((a, i) => i === 0 || amounts[i - 1]! >= a);
      })
      .toBe(true);

    await page.getByRole("main").getByRole("combobox", { name: "Status", exact: true }).selectOption({ label: "Shipped" });
    await expect(page).toHaveURL(/status=shipped/);
    // As with sorting, the filtered cards arrive after the URL: read them until they are in.
    await expect.poll(async () => [...new Set((await listedOrders(page)).map((r) => r.status))]).toEqual(["Shipped"]);

    const shipped = demoPartNumber(VENDOR_IDS.vendor2, "shipped");
    await openVendorOrders(page, `?q=${shipped}&expand=${shipped}`);
    await expect(timelineOf(page, shipped)).toContainText("Tracking");
    await expectNoHorizontalScroll(page, "shipped order details");
    await expectNoAxeViolations(page);

    await openVendorOrders(page);
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(orderEntries(page).first()).toBeVisible();
    await expectNoHorizontalScroll(page, "page 2");
  });
});
