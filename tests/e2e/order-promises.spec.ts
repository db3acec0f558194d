import { expect, test, type Locator, type Page } from "@playwright/test";
import { DEMO, signIn, signInVendor } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";
import { NOIDA_ADDRESS, ROUTINE, SELLERS, placeOrder } from "../support/checkout";
import { waitForHydration } from "../support/hydration";
import { desktopOnly } from "../support/widths";

// The delivery date promised at the order, kept on each seller's part and shown after it
// (docs/product-rules.md, "Delivery dates"). Each test runs at 1280 px and, tagged @mobile, at 390 px.

test.describe.configure({ timeout: 120_000 });

/** "Delivery Thu 26 – Sat 28 Nov", "Delivery Mon 30 Nov – Wed 2 Dec", "Delivery by Sat, 28 Nov", and across a year. */
const DELIVERY = /^Delivery (\w{3} \d{1,2}( \w{3}( \d{4})?)? – \w{3} \d{1,2} \w{3}( \d{4})?|by \w{3}, \d{1,2} \w{3})$/;

function shipmentOf(page: Page, sellerName: string): Locator {
  return page.getByRole("region", { name: /^Shipments?$/ }).getByRole("listitem").filter({ hasText: `Sold by ${sellerName}` });
}


for (const tag of ["", " @mobile"]) {
  desktopOnly(tag)(`the demo customer's COD order shows each seller's delivery dates on the confirmation and the order page${tag}`, async ({ page }) => {
    await signIn(page, DEMO.customer);
    // Two sellers: a keyboard from Delhi and an SSD from Mumbai.
    const number = await placeOrder(page, { items: [[ROUTINE.keyboard, 1], [ROUTINE.ssd, 1]], address: NOIDA_ADDRESS, method: "cod" });

    const dates = page.getByRole("list", { name: "Delivery dates" });
    await expect(dates.getByRole("listitem")).toHaveCount(2);
    const promised: Record<string, string> = {};
    for (const seller of [SELLERS.vendor1.name, SELLERS.vendor2.name]) {
      const item = dates.getByRole("listitem").filter({ hasText: `Sold by ${seller}` });
      const line = item.getByTestId("arrival");
      await expect(line).toHaveText(DELIVERY);
      promised[seller] = (await line.textContent())!;
    }

    await page.getByRole("link", { name: "View Order" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
    await waitForHydration(page);
    // The same promise beside each part's status.
    for (const [seller, text] of Object.entries(promised)) {
      const part = shipmentOf(page, seller);
      await expect(part.getByText("Pending", { exact: true })).toBeVisible();
      await expect(part.getByTestId("arrival")).toHaveText(text);
    }
  });

  test(`a demo shipment held up past its date reads Delayed on its order page, with no accessibility violations${tag}`, async ({ page }) => {
    await signIn(page, DEMO.customer);
    await page.goto("/orders/RC-190004");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Order RC-190004" })).toBeVisible();
    const part = shipmentOf(page, SELLERS.vendor3.name);
    await expect(part.getByText("Shipped", { exact: true })).toBeVisible();
    await expect(part.getByTestId("arrival")).toHaveText(/^Delayed: expected by \w{3}, \d{1,2} \w{3}$/);
    await expectNoAxeViolations(page, { where: "an order page with a delayed part" });
  });
}

for (const tag of ["", " @mobile"]) {
  test(`the seller of a held-up demo shipment sees the day it promised the customer, marked late${tag}`, async ({ page }) => {
    await signInVendor(page, DEMO.vendor3);
    // Searched for, so newer orders other tests place never push it off the first page.
    await page.goto("/vendor/orders?q=RC-190004&expand=RC-190004");
    await waitForHydration(page);
    const timeline = page.getByRole("region", { name: "Timeline of order RC-190004" });
    await expect(timeline.getByTestId("arrival")).toHaveText(/^Late: promised to the customer by \w{3}, \d{1,2} \w{3}$/);
  });
}
