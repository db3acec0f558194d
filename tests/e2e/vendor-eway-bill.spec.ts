import { expect, test, type Browser, type Page } from "@playwright/test";
import { EWAY_BILL_MESSAGES } from "~/modules/gst/eway-bill";
import { expectNoAxeViolations } from "../support/axe";
import { DEMO, main, signInVendor } from "../support/accounts";
import { ROUTINE, SELLERS, expectNoHorizontalScroll, invoiceOf } from "../support/checkout";
import { withE2eDatabase } from "../support/db";
import { waitForHydration } from "../support/hydration";
import { desktopOnly } from "../support/widths";
import { flash, markButton, markShippedLink, orderEntry, partsOf, postAdvance, shipForm, shopperPlacesOrder } from "../support/vendor-orders";

/**
 * The e-way bill (docs/product-rules.md, "E-way bill"): a seller's part worth more than ₹50,000
 * with tax shows "E-way bill required" with Part A filled in; Shipped then asks for the bill's
 * 12-digit number, refused beside its field when it is not one, and the number shows on the
 * customer's order page and on the seller's tax invoice. Three Samsung SSDs from vendor-2 (₹50,997
 * + 18% GST = ₹60,176.46) make the big order: the routine stock never runs out. At both widths,
 * with and without JavaScript.
 */
test.describe.configure({ timeout: 180_000 });

const SSDS = 3;
const VALUE = "₹60,176.46";
const EWAY_BILL = "151234567890";

/** Today in India as the portal writes a document's date: 29/11/2026. */
function todayOnThePortal(): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Kolkata", day: "2-digit", month: "2-digit", year: "numeric" }).format(new Date());
}

function ewayBillOf(page: Page, number: string) {
  return main(page).getByRole("region", { name: `E-way bill required for order ${number}` });
}

/** Part A as the page lists it: each term with its value. */
async function expectPartA(page: Page, number: string): Promise<void> {
  const partA = ewayBillOf(page, number).locator("dl");
  const hsn = withE2eDatabase((db) => (db.prepare("SELECT hsn_code FROM products WHERE id = ?").get(ROUTINE.ssd.id) as { hsn_code: string }).hsn_code);
  for (const [term, value] of [
    ["Supplier GSTIN", SELLERS.vendor2.gstin],
    ["Dispatch PIN", "400007"],
    ["Recipient GSTIN", "URP"],
    ["Delivery PIN", "110001"],
    ["Document", `Tax invoice ${number}-1 dated ${todayOnThePortal()}`],
    ["Value with tax", VALUE],
    ["HSN", hsn],
    ["Reason", "Supply"],
  ] as const) {
    const dt = partA.locator("dt").filter({ hasText: new RegExp(`^${term}$`) });
    await expect(dt, term).toBeVisible();
    await expect(dt.locator("xpath=following-sibling::dd[1]"), term).toHaveText(value);
  }
}

async function openOrders(page: Page, js: boolean, search: string): Promise<void> {
  await page.goto(`/vendor/orders${search}`);
  if (js) await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Manage Orders" })).toBeVisible();
}

/** A fresh shopper's big order, vendor-2's part shipped with its e-way bill after a refused number. */
async function shipWithEwayBill(page: Page, browser: Browser, baseURL: string | undefined, { js, phone }: { js: boolean; phone: boolean }): Promise<void> {
  const order = await shopperPlacesOrder(browser, baseURL, [[ROUTINE.ssd, SSDS]]);
  const { number } = order;
  await signInVendor(page, DEMO.vendor2);
  await openOrders(page, js, `?q=${number}&expand=${number}`);

  // Required from the start: the list says so, the details give Part A to copy into the portal.
  await expect(orderEntry(page, number).getByText("E-way bill required", { exact: true })).toBeVisible();
  const ewayBill = ewayBillOf(page, number);
  await expect(ewayBill).toBeVisible();
  await expect(ewayBill).toContainText("This part is worth more than ₹50,000 with tax.");
  await expectPartA(page, number);
  if (js) await expectNoAxeViolations(page, { where: "Part A of the e-way bill" });
  if (phone) await expectNoHorizontalScroll(page, "the e-way bill's Part A");

  await markButton(page, number, "Mark as Processing").click();
  await expect(flash(page, `Order ${number} marked Processing.`)).toBeVisible();

  // Shipped asks for the number as well; a post without it is refused by the server.
  const without = await postAdvance(page, { number, from: "processing", carrier: "Blue Dart", trackingNumber: "BD-55667788" });
  expect(without.status()).toBe(400);
  expect(await without.text()).toContain(EWAY_BILL_MESSAGES.missing);

  await markShippedLink(page, number).click();
  const form = shipForm(page, number);
  const field = form.getByLabel("E-way bill number", { exact: true });
  await expect(field).toHaveAttribute("required", "");
  await form.getByLabel("Carrier", { exact: true }).fill("Blue Dart");
  await form.getByLabel("Tracking number", { exact: true }).fill("BD-55667788");
  await field.fill("15123456789");
  await form.getByRole("button", { name: "Mark as Shipped" }).click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(`^${EWAY_BILL_MESSAGES.format}`));
  if (js) await expect(field).toBeFocused();
  // What was typed stays; nothing moved.
  await expect(form.getByLabel("Carrier", { exact: true })).toHaveValue("Blue Dart");
  await expect(field).toHaveValue("15123456789");
  expect(partsOf(number)[0]).toMatchObject({ status: "processing", carrier: null });
  if (js) await expectNoAxeViolations(page, { where: "a refused e-way bill number" });
  if (phone) await expectNoHorizontalScroll(page, "the Shipped form with the e-way bill number");

  await field.fill("1512 3456 7890");
  await form.getByRole("button", { name: "Mark as Shipped" }).click();
  await expect(flash(page, `Order ${number} marked Shipped.`)).toBeVisible();
  expect(partsOf(number)[0]).toMatchObject({ status: "shipped", carrier: "Blue Dart" });
  await expect(ewayBillOf(page, number)).toContainText(`Shipped with e-way bill ${EWAY_BILL}.`);
  await expect(orderEntry(page, number).getByText("E-way bill required", { exact: true })).toHaveCount(0);

  // The customer's order page: the shipment and the seller's tax invoice carry the number.
  const customer = order.page;
  if (phone) await customer.setViewportSize({ width: 390, height: 844 });
  await customer.goto(`/orders/${number}`);
  await waitForHydration(customer);
  const shipment = main(customer).getByRole("region", { name: "Shipment" });
  await expect(shipment).toContainText(`Blue Dart · Tracking number BD-55667788`);
  await expect(shipment).toContainText(`E-way bill ${EWAY_BILL}`);
  const invoice = invoiceOf(customer, SELLERS.vendor2.name);
  await expect(invoice).toContainText(`Invoice ${number}-1`);
  await expect(invoice).toContainText(`E-way bill no. ${EWAY_BILL}`);
  await expect(invoice).toContainText(`Invoice total${VALUE}`);
  await expectNoAxeViolations(customer, { where: "the order page with its e-way bill" });
  if (phone) await expectNoHorizontalScroll(customer, "the order page with its e-way bill");
  await order.context.close();
}

for (const width of ["", " @mobile"]) {
  const phone = width !== "";

  test.describe(`e-way bill${width}`, () => {
    test(`a vendor copies Part A and ships a big order with its e-way bill number${width}`, async ({ page, browser, baseURL }) => {
      await shipWithEwayBill(page, browser, baseURL, { js: true, phone });
    });

    desktopOnly(width)(`a part of ₹50,000 or less asks for no e-way bill${width}`, async ({ page, browser, baseURL }) => {
      const order = await shopperPlacesOrder(browser, baseURL, [[ROUTINE.ssd, 1]]);
      const { number } = order;
      await signInVendor(page, DEMO.vendor2);
      await openOrders(page, true, `?q=${number}&expand=${number}`);
      await markButton(page, number, "Mark as Processing").click();
      await expect(flash(page, `Order ${number} marked Processing.`)).toBeVisible();
      await markShippedLink(page, number).click();
      await expect(shipForm(page, number)).toBeVisible();
      await expect(shipForm(page, number).getByLabel("E-way bill number")).toHaveCount(0);
      await expect(main(page)).not.toContainText("E-way bill required");
      await shipForm(page, number).getByLabel("Carrier", { exact: true }).fill("DTDC");
      await shipForm(page, number).getByLabel("Tracking number", { exact: true }).fill("D7654321");
      await shipForm(page, number).getByRole("button", { name: "Mark as Shipped" }).click();
      await expect(flash(page, `Order ${number} marked Shipped.`)).toBeVisible();
      await order.context.close();
    });
  });

  test.describe(`e-way bill without JavaScript${width}`, () => {
    test.use({ javaScriptEnabled: false });

    test(`the Part A details and the e-way bill number work as plain form posts${width}`, async ({ page, browser, baseURL }) => {
      await shipWithEwayBill(page, browser, baseURL, { js: false, phone });
    });
  });
}
