import { expect, test } from "@playwright/test";
import {
  BENGALURU_ADDRESS,
  DELHI_ADDRESS,
  ROUTINE,
  definitions,
  listedOrderNumbers,
  orderCard,
  placeOrder,
  registerShopper,
  todayInIndia,
} from "../support/checkout";
import { waitForHydration } from "../support/hydration";
import { orderFor } from "../support/e2e-store";

test.describe.configure({ timeout: 120_000 });

test.describe("Your Orders", () => {
  test("signed out, it asks to sign in first", async ({ page }) => {
    await page.goto("/orders");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Forders$/);
  });

  test("a new customer has none yet, and is sent shopping", async ({ page }) => {
    await registerShopper(page);
    await page.goto("/orders");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Your Orders" })).toBeVisible();
    await expect(page.getByText("You haven't placed any orders yet.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("heading", { name: /^Order RC-/ })).toHaveCount(0);
    await page.getByRole("link", { name: "Start Shopping" }).click();
    await expect(page).toHaveURL(/\/products$/);
  });

  test("lists each order, newest first, with date, status, address, payment (and whether paid) and total", async ({ page }) => {
    const shopper = await registerShopper(page);
    // First a keyboard by card to Delhi (₹4,228), then headphones by UPI to Bengaluru
    // (₹29,990 + free shipping + ₹5,398.20 GST = ₹35,388.20 → ₹35,388).
    const first = await placeOrder(page, { items: [[ROUTINE.keyboard, 1]], address: DELHI_ADDRESS, method: "card" });
    const second = await placeOrder(page, { items: [[ROUTINE.headphones, 1]], address: BENGALURU_ADDRESS, method: "upi" });
    expect(second).not.toBe(first);

    await page.goto("/orders");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Your Orders" })).toBeVisible();
    expect(await listedOrderNumbers(page)).toEqual([second, first]);

    const today = todayInIndia();
    const newer = orderCard(page, second);
    await expect(newer.getByText(`Placed on ${today}`, { exact: true })).toBeVisible();
    await expect(newer.getByText("Pending", { exact: true })).toBeVisible();
    expect(await definitions(newer)).toEqual({
      "Shipping to": `${shopper.name}, ${BENGALURU_ADDRESS.addressLine1}, Bengaluru`,
      Payment: "UPI Paid",
      Total: "₹35,388",
    });

    const older = orderCard(page, first);
    await expect(older.getByText(`Placed on ${today}`, { exact: true })).toBeVisible();
    await expect(older.getByText("Pending", { exact: true })).toBeVisible();
    expect(await definitions(older)).toEqual({
      "Shipping to": `${shopper.name}, ${DELHI_ADDRESS.addressLine1}, New Delhi`,
      Payment: "CARD Paid",
      Total: "₹4,228",
    });

    // Each card links to its order.
    await older.getByRole("link", { name: "View details and invoice" }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${first}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Order ${first}` })).toBeVisible();
    await page.getByRole("link", { name: "← Your Orders" }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await orderCard(page, second).getByRole("link", { name: `Order ${second}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Order ${second}` })).toBeVisible();
  });

  test("a cash-on-delivery order is listed as COD, and other customers' orders are not listed", async ({ page, browser, baseURL }) => {
    const shopper = await registerShopper(page);
    const mine = await orderFor(shopper.email, [{ productId: ROUTINE.mouse.id, quantity: 1 }]);
    await page.goto("/orders");
    expect(await listedOrderNumbers(page)).toEqual([mine]);
    expect(await definitions(orderCard(page, mine))).toMatchObject({ Payment: "COD Pay on delivery", Total: "₹10,713" });

    const other = await browser.newContext({ baseURL });
    try {
      const otherPage = await other.newPage();
      await registerShopper(otherPage);
      await otherPage.goto("/orders");
      await expect(otherPage.getByText("You haven't placed any orders yet.")).toBeVisible();
    } finally {
      await other.close();
    }
  });
});
