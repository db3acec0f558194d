import { expect, test } from "@playwright/test";
import { mobileMenuToggle, mobileNav } from "../support/accounts";
import {
  DELHI_ADDRESS,
  NOIDA_ADDRESS,
  ROUTINE,
  definitions,
  expectNoHorizontalScroll,
  listedOrderNumbers,
  orderCard,
  placeOrder,
  registerShopper,
  todayInIndia,
} from "../support/checkout";
import { waitForHydration } from "../support/hydration";

// Phone width (the "phone" project: 390×844, touch). Titles carry @mobile.
test.describe.configure({ timeout: 150_000 });

test("Your Orders on a phone: reached from the menu, newest first, every card readable @mobile", async ({ page }) => {
  expect(page.viewportSize()?.width).toBe(390);
  const shopper = await registerShopper(page);
  const first = await placeOrder(page, { items: [[ROUTINE.keyboard, 1]], address: DELHI_ADDRESS, method: "cod" });
  const second = await placeOrder(page, { items: [[ROUTINE.ssd, 1]], address: NOIDA_ADDRESS, method: "card" });

  await page.goto("/");
  await waitForHydration(page);
  await mobileMenuToggle(page).tap();
  await mobileNav(page).getByRole("link", { name: "My Orders" }).tap();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your Orders" })).toBeVisible();
  await expectNoHorizontalScroll(page, "Your Orders");

  expect(await listedOrderNumbers(page)).toEqual([second, first]);
  const newer = orderCard(page, second);
  await expect(newer).toBeInViewport({ ratio: 0.5 });
  await expect(newer.getByText(`Placed on ${todayInIndia()}`, { exact: true })).toBeVisible();
  await expect(newer.getByText("Pending", { exact: true })).toBeVisible();
  expect(await definitions(newer)).toEqual({
    "Shipping to": `${shopper.name}, ${NOIDA_ADDRESS.addressLine1}, Noida`,
    Payment: "CARD Paid",
    Total: "₹20,059",
  });
  const older = orderCard(page, first);
  await older.scrollIntoViewIfNeeded();
  await expect(older.getByRole("link", { name: "View details and invoice" })).toBeVisible();
  expect(await definitions(older)).toMatchObject({ Payment: "COD Pay on delivery", Total: "₹4,228" });

  await older.getByRole("link", { name: "View details and invoice" }).tap();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${first}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "GST Tax Invoices" }).getByRole("heading", { name: "Tax Invoice", exact: true })).toHaveCount(1);
  await expectNoHorizontalScroll(page, "the order page");
});
