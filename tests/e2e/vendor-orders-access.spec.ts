import { expect, test, type Page } from "@playwright/test";
import { DEMO, fillVendorRegistration, main, newVendor, signInVendor, signUp } from "../support/accounts";
import { ROUTINE } from "../support/checkout";
import {
  VENDOR_IDS,
  demoOrderWithout,
  demoMixedOrder,
  demoPartNumber,
  detailsLink,
  itemRows,
  itemsOf,
  listedOrders,
  newBrowser,
  openVendorOrders,
  orderTotalRow,
  orderEntries,
  partsOf,
  postAdvance,
  productNamesOf,
  rupees,
  showing,
  shopperPlacesOrder,
  storedOrder,
  timelineOf,
} from "../support/vendor-orders";

/**
 * Each vendor sees and changes only its own part of an order, whatever it types into the address
 * bar or posts by hand; the vendor pages and their form posts refuse everyone else.
 */

test.describe.configure({ timeout: 150_000 });

const EMPTY = "No orders found matching your criteria.";

async function registerPendingVendor(page: Page) {
  const vendor = newVendor("vord");
  await page.goto("/vendor/register");
  await fillVendorRegistration(page, vendor);
  await main(page).getByRole("button", { name: "Register as Vendor" }).click();
  await expect(page).toHaveURL(/\/vendor\/dashboard$/);
  await expect(page.getByText("Your vendor account is under verification.", { exact: true })).toBeVisible();
  return vendor;
}

/** Nothing of the order is on the page: no row, no details, none of its items. */
async function expectNothingOf(page: Page, number: string, itemNames: string[]) {
  await expect(orderEntries(page).filter({ hasText: number })).toHaveCount(0);
  await expect(itemsOf(page, number)).toHaveCount(0);
  await expect(timelineOf(page, number)).toHaveCount(0);
  for (const name of itemNames) await expect(page.getByRole("main")).not.toContainText(name);
}

test.describe("vendors see only their own part of an order", () => {
  test("two vendors of a mixed order, a vendor with no part in it and a new vendor", async ({ page, browser, baseURL }) => {
    const order = await shopperPlacesOrder(browser, baseURL, [
      [ROUTINE.keyboard, 1],
      [ROUTINE.ssd, 1],
    ]);
    const { number } = order;
    await order.context.close();
    const before = { parts: partsOf(number), order: storedOrder(number) };
    expect(before.parts.map((p) => p.vendorId)).toEqual([VENDOR_IDS.vendor1, VENDOR_IDS.vendor2]);

    // Vendor-1: its keyboard and its amount, never the SSD or the order's grand total.
    await signInVendor(page, DEMO.vendor1);
    await openVendorOrders(page, `?q=${number}&expand=${number}`);
    expect(await listedOrders(page)).toEqual([expect.objectContaining({ number, amount: 3_499_00 })]);
    await expect(itemsOf(page, number)).toContainText(ROUTINE.keyboard.name);
    await expect(page.getByRole("main")).not.toContainText(ROUTINE.ssd.name);
    await expect(page.getByRole("main")).not.toContainText("₹16,999");
    await expect(page.getByRole("main")).not.toContainText("₹20,498");

    // Vendor-2, in its own browser: the other way round.
    const v2 = await newBrowser(browser, baseURL);
    await signInVendor(v2.page, DEMO.vendor2);
    await openVendorOrders(v2.page, `?q=${number}&expand=${number}`);
    expect(await listedOrders(v2.page)).toEqual([expect.objectContaining({ number, amount: 16_999_00 })]);
    await expect(itemsOf(v2.page, number)).toContainText(ROUTINE.ssd.name);
    await expect(v2.page.getByRole("main")).not.toContainText(ROUTINE.keyboard.name);
    await expect(v2.page.getByRole("main")).not.toContainText("₹3,499");
    await v2.context.close();

    // Vendor-3 has no part in it: not listed, not searchable, no details by address, no post.
    const v3 = await newBrowser(browser, baseURL);
    await signInVendor(v3.page, DEMO.vendor3);
    await openVendorOrders(v3.page, `?q=${number}`);
    await expect(v3.page.getByRole("main").getByText(EMPTY, { exact: true })).toBeVisible();
    await openVendorOrders(v3.page, `?expand=${number}`);
    await expectNothingOf(v3.page, number, [ROUTINE.keyboard.name, ROUTINE.ssd.name]);
    for (const from of ["pending", "processing", "shipped"]) {
      const response = await postAdvance(v3.page, { number, from, carrier: "DTDC", trackingNumber: "D1234567" });
      expect(response.status(), `vendor-3 advancing from ${from}`).toBe(404);
    }
    await v3.context.close();

    // A vendor waiting for approval has no orders at all.
    const fresh = await newBrowser(browser, baseURL);
    await registerPendingVendor(fresh.page);
    await openVendorOrders(fresh.page);
    await expect(fresh.page.getByRole("main").getByText(EMPTY, { exact: true })).toBeVisible();
    await expect(showing(fresh.page)).toHaveText("Showing 0 of 0 orders");
    await openVendorOrders(fresh.page, `?q=${number}&expand=${number}`);
    await expect(fresh.page.getByRole("main").getByText(EMPTY, { exact: true })).toBeVisible();
    await expectNothingOf(fresh.page, number, [ROUTINE.keyboard.name, ROUTINE.ssd.name]);
    const response = await postAdvance(fresh.page, { number, from: "pending" });
    expect(response.status()).toBe(404);
    await fresh.context.close();

    // Vendor-1 cannot reach an order of others' by address or by post either.
    const others = demoOrderWithout(VENDOR_IDS.vendor1);
    const othersBefore = partsOf(others);
    await openVendorOrders(page, `?expand=${others}`);
    await expectNothingOf(page, others, []);
    await openVendorOrders(page, `?q=${others}&expand=${others}`);
    await expect(page.getByRole("main").getByText(EMPTY, { exact: true })).toBeVisible();
    for (const from of ["pending", "processing", "shipped"]) {
      const r = await postAdvance(page, { number: others, from, carrier: "DTDC", trackingNumber: "D1234567" });
      expect(r.status(), `vendor-1 advancing ${others} from ${from}`).toBe(404);
    }
    expect(partsOf(others)).toEqual(othersBefore);

    // Nothing changed anywhere in the order.
    expect(partsOf(number)).toEqual(before.parts);
    expect(storedOrder(number)).toEqual(before.order);
  });

  test("a demo order shared with another seller shows this vendor only its own items and amount", async ({ page }) => {
    await signInVendor(page, DEMO.vendor2);
    const number = demoMixedOrder(VENDOR_IDS.vendor2);
    const parts = partsOf(number);
    const own = parts.find((p) => p.vendorId === VENDOR_IDS.vendor2)!;
    expect(parts.length).toBeGreaterThan(1);
    await openVendorOrders(page, `?q=${number}`);
    await detailsLink(page, number).click();
    await expect(itemsOf(page, number)).toBeVisible();
    const rows = await itemRows(page, number).allInnerTexts();
    expect(rows.length).toBeGreaterThan(0);
    const names = productNamesOf(VENDOR_IDS.vendor2);
    for (const row of rows) expect(names.some((n) => row.startsWith(n)), row).toBe(true);
    for (const name of [...productNamesOf(VENDOR_IDS.vendor1), ...productNamesOf(VENDOR_IDS.vendor3)]) {
      await expect(page.getByRole("main")).not.toContainText(name);
    }
    await expect(orderTotalRow(page, number)).toHaveText(new RegExp(`Order total\\s*${rupees(own.amountPaise).replace(/[.]/g, "\\.")}$`));
    expect((await listedOrders(page))[0]!.amount).toBe(Math.round(own.amountPaise / 100) * 100);
  });
});

test.describe("vendor pages refuse everyone else", () => {
  for (const path of ["/vendor/orders", "/vendor/dashboard"]) {
    test(`a visitor asking for ${path} is sent to the vendor sign-in`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/vendor/login\\?redirectTo=${encodeURIComponent(path).replace(/[.]/g, "\\.")}$`));
      await expect(page.getByRole("main").getByRole("button", { name: "Sign In" })).toBeVisible();
    });

    test(`a customer asking for ${path} is sent home`, async ({ page }) => {
      await signUp(page, "vord-cust");
      await page.goto(path);
      await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
    });
  }

  test("an order advance posted by a visitor or a customer changes nothing", async ({ page, request }) => {
    const number = demoPartNumber(VENDOR_IDS.vendor1, "pending");
    const before = { parts: partsOf(number), order: storedOrder(number) };

    // A visitor (no session at all).
    const visitor = await request.post("/vendor/orders", { form: { number, from: "pending" }, maxRedirects: 0 });
    expect(visitor.status()).toBe(302);
    expect(visitor.headers()["location"]).toMatch(/^\/vendor\/login\?redirectTo=/);

    // A signed-in customer.
    await signUp(page, "vord-post");
    const customer = await postAdvance(page, { number, from: "pending" });
    expect(customer.status()).toBe(302);
    expect(customer.headers()["location"]).toBe("/");
    const shipped = await postAdvance(page, { number, from: "processing", carrier: "DTDC", trackingNumber: "D1234567" });
    expect(shipped.status()).toBe(302);

    expect(partsOf(number)).toEqual(before.parts);
    expect(storedOrder(number)).toEqual(before.order);
  });
});
