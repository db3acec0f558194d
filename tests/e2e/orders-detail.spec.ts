import { expect, test, type Locator, type Page } from "@playwright/test";
import { setStock } from "../support/db";
import {
  DELHI_ADDRESS,
  NOIDA_ADDRESS,
  ROUTINE,
  SELLERS,
  STOCK_TEST,
  definitions,
  getStock,
  invoiceOf,
  orderCard,
  orderPageAmounts,
  placeOrder,
  registerShopper,
  rupees2,
  todayInIndia,
  withProductLock,
} from "../support/checkout";
import { waitForHydration } from "../support/hydration";
import { orderFor } from "../support/e2e-store";

test.describe.configure({ timeout: 120_000 });

/** Today as the status history writes it ("22 Nov 2026, 10:30 am" starts with "22 Nov 2026"). */
function todayShortInIndia(): string {
  return new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" }).format(new Date());
}

function statusHistory(page: Page): Locator {
  return page.getByRole("region", { name: "Status history" });
}

async function expectInvoiceLine(invoice: Locator, cells: string[]): Promise<void> {
  await expect(invoice.getByRole("row").filter({ has: invoice.page().getByRole("cell") }).first().getByRole("cell")).toHaveText(cells);
}

test.describe("an order's page", () => {
  test("shows items, amounts, address, history and a CGST + SGST invoice for a same-state seller", async ({ page }) => {
    const shopper = await registerShopper(page);
    // The keyboard's seller (vendor-1) is in Delhi; shipping to Delhi is an intra-state supply.
    const number = await placeOrder(page, { items: [[ROUTINE.keyboard, 1]], address: DELHI_ADDRESS, method: "card" });
    await page.goto(`/orders/${number}`);
    await waitForHydration(page);

    await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
    await expect(page.getByText(`Placed on ${todayInIndia()}`, { exact: true })).toBeVisible();

    const items = page.getByRole("region", { name: "Items" });
    await expect(items.getByRole("listitem")).toHaveCount(1);
    await expect(items.getByRole("listitem")).toContainText(`₹3,499 × 1 · Sold by ${SELLERS.vendor1.name}`);
    await expect(items.getByRole("link", { name: ROUTINE.keyboard.name })).toHaveAttribute("href", `/products/${ROUTINE.keyboard.id}`);
    expect(await orderPageAmounts(page)).toEqual({ Subtotal: "₹3,499", Shipping: "₹99", "GST (18%)": "₹630", Total: "₹4,228" });

    const address = page.getByRole("region", { name: "Shipping address" });
    for (const line of [shopper.name, DELHI_ADDRESS.addressLine1, DELHI_ADDRESS.addressLine2!, "New Delhi, Delhi 110001", "+91 98765 43210", "Payment: CARD"]) {
      await expect(address).toContainText(line);
    }

    const history = statusHistory(page);
    await expect(history.getByRole("listitem")).toHaveCount(1);
    await expect(history.getByRole("listitem")).toContainText("Pending");
    await expect(history.getByRole("listitem")).toContainText(todayShortInIndia());

    const invoices = page.getByRole("region", { name: "GST Tax Invoices" });
    await expect(invoices.getByRole("heading", { name: "Tax Invoice", exact: true })).toHaveCount(1);
    const invoice = invoiceOf(page, SELLERS.vendor1.name);
    await expect(invoice.getByRole("heading", { name: "Tax Invoice", exact: true })).toBeVisible();
    await expect(invoice).toContainText(`Invoice ${number}-1 · ${todayInIndia()}`);
    await expect(invoice.getByText(`GSTIN: ${SELLERS.vendor1.gstin}`, { exact: true })).toBeVisible();
    await expect(invoice.getByText("State: Delhi", { exact: true })).toBeVisible();
    await expect(invoice).toContainText("Place of supply: Delhi");
    await expectInvoiceLine(invoice, [ROUTINE.keyboard.name, "8471 60 60", "₹3,499.00", "1", "₹3,499.00"]);
    // ₹3,499 × 18% = ₹629.82, half as CGST and half as SGST.
    expect(await definitions(invoice)).toEqual({
      "Taxable value": "₹3,499.00",
      "CGST (9%)": "₹314.91",
      "SGST (9%)": "₹314.91",
      "Invoice total": "₹4,128.82",
    });
    await expect(invoice.getByText(/IGST/)).toHaveCount(0);

    // Print invoice opens the browser's print dialog.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed++;
      };
    });
    await page.getByRole("button", { name: "Print invoice" }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  });

  test("an order from two sellers has one invoice each, with IGST when shipped to another state", async ({ page }) => {
    await registerShopper(page);
    // Shipped to Uttar Pradesh: the keyboard's seller is in Delhi, the SSD's in Maharashtra.
    const number = await placeOrder(page, { items: [[ROUTINE.keyboard, 1], [ROUTINE.ssd, 1]], address: NOIDA_ADDRESS, method: "upi" });
    await page.goto(`/orders/${number}`);

    // ₹20,498, free shipping; GST ₹629.82 + ₹3,059.82 = ₹3,689.64 → ₹3,690; total ₹24,187.64 → ₹24,188.
    expect(await orderPageAmounts(page)).toEqual({ Subtotal: "₹20,498", Shipping: "Free", "GST (18%)": "₹3,690", Total: "₹24,188" });
    await expect(page.getByRole("region", { name: "Items" }).getByRole("listitem")).toHaveCount(2);

    const invoices = page.getByRole("region", { name: "GST Tax Invoices" });
    await expect(invoices.getByRole("heading", { name: "Tax Invoice", exact: true })).toHaveCount(2);

    const delhiSeller = invoiceOf(page, SELLERS.vendor1.name);
    await expect(delhiSeller.getByText(`GSTIN: ${SELLERS.vendor1.gstin}`, { exact: true })).toBeVisible();
    await expect(delhiSeller).toContainText("Place of supply: Uttar Pradesh");
    await expectInvoiceLine(delhiSeller, [ROUTINE.keyboard.name, "8471 60 60", "₹3,499.00", "1", "₹3,499.00"]);
    expect(await definitions(delhiSeller)).toEqual({ "Taxable value": "₹3,499.00", "IGST (18%)": "₹629.82", "Invoice total": "₹4,128.82" });

    const mumbaiSeller = invoiceOf(page, SELLERS.vendor2.name);
    await expect(mumbaiSeller.getByText(`GSTIN: ${SELLERS.vendor2.gstin}`, { exact: true })).toBeVisible();
    await expect(mumbaiSeller.getByText("State: Maharashtra", { exact: true })).toBeVisible();
    await expectInvoiceLine(mumbaiSeller, [ROUTINE.ssd.name, "8471 70 20", rupees2(16_999), "1", rupees2(16_999)]);
    expect(await definitions(mumbaiSeller)).toEqual({ "Taxable value": "₹16,999.00", "IGST (18%)": "₹3,059.82", "Invoice total": "₹20,058.82" });
    await expect(invoices.getByText(/CGST|SGST/)).toHaveCount(0);

    // The invoices are numbered within the order.
    await expect(invoices).toContainText(`Invoice ${number}-1`);
    await expect(invoices).toContainText(`Invoice ${number}-2`);
  });

  test("a pending order can be cancelled: its status becomes Cancelled and the stock comes back", async ({ page }) => {
    const shopper = await registerShopper(page);
    const allInOne = STOCK_TEST.allInOne;
    await withProductLock(allInOne, async () => {
      const original = setStock(allInOne.id, 6);
      try {
        // ₹64,990, free shipping, ₹11,698.20 GST: ₹76,688.20 → ₹76,688.
        const number = await orderFor(shopper.email, [{ productId: allInOne.id, quantity: 2 }], { address: NOIDA_ADDRESS });
        expect(getStock(allInOne.id)).toBe(4);

        await page.goto(`/orders/${number}`);
        await waitForHydration(page);
        await expect(page.getByRole("main").getByText("Pending", { exact: true }).first()).toBeVisible();
        await page.getByRole("button", { name: "Cancel Order" }).click();
        await expect(page).toHaveURL(new RegExp(`/orders/${number}\\?cancelled=1$`));

        await expect(statusHistory(page).getByRole("listitem")).toHaveText([/^Pending/, /^Cancelled/]);
        await expect(page.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);
        expect(getStock(allInOne.id)).toBe(6);
        // The invoice stays available.
        await expect(page.getByRole("region", { name: "GST Tax Invoices" }).getByRole("heading", { name: "Tax Invoice", exact: true })).toHaveCount(1);

        await page.goto("/orders");
        const card = orderCard(page, number);
        await expect(card.getByText("Cancelled", { exact: true })).toBeVisible();
        await expect(card.getByText("Pending", { exact: true })).toHaveCount(0);

        // Cancelling again (a resent form) changes nothing.
        const again = await page.request.post(`/orders/${number}`, { form: {}, maxRedirects: 0 });
        expect(again.status()).toBe(409);
        expect(getStock(allInOne.id)).toBe(6);
      } finally {
        setStock(allInOne.id, original);
      }
    });
  });

  test("another customer's order, an unknown and a malformed number are all “Page Not Found”", async ({ page, browser, baseURL }) => {
    const shopper = await registerShopper(page);
    const number = await orderFor(shopper.email, [{ productId: ROUTINE.keyboard.id, quantity: 1 }]);

    const other = await browser.newContext({ baseURL });
    try {
      const otherPage = await other.newPage();
      await registerShopper(otherPage);
      for (const url of [`/orders/${number}`, "/orders/RC-000001", "/orders/not-an-order"]) {
        const response = await otherPage.goto(url);
        expect(response?.status(), url).toBe(404);
        await expect(otherPage.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
        // Inside the shop's layout, and nothing of the order shows.
        await expect(otherPage.getByRole("banner")).toBeVisible();
        await expect(otherPage.getByText("Tax Invoice")).toHaveCount(0);
        await expect(otherPage.getByText(ROUTINE.keyboard.name)).toHaveCount(0);
      }
      // Nor can they cancel it.
      const cancel = await otherPage.request.post(`/orders/${number}`, { form: {}, maxRedirects: 0 });
      expect(cancel.status()).not.toBe(302);
      expect(cancel.status()).toBeGreaterThanOrEqual(400);
    } finally {
      await other.close();
    }
    // The owner's order is untouched.
    await page.goto(`/orders/${number}`);
    await expect(statusHistory(page).getByRole("listitem")).toHaveText([/^Pending/]);
  });

  test("signed out, an order page asks to sign in first", async ({ page }) => {
    await page.goto("/orders/RC-123456");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Forders%2FRC-123456$/);
  });
});
