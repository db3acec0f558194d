import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { NOIDA_ADDRESS, ROUTINE, placeOrder, registerShopper } from "../support/checkout";
import { waitForHydration } from "../support/hydration";

test.describe.configure({ timeout: 120_000 });

test("Your Orders, empty and with orders, and an order page have no accessibility violations", async ({ page }) => {
  await registerShopper(page);
  await page.goto("/orders");
  await waitForHydration(page);
  await expect(page.getByText("You haven't placed any orders yet.")).toBeVisible();
  await expectNoAxeViolations(page, { where: "Your Orders (empty)", soft: true });

  // Two sellers, so the page shows two invoices.
  const number = await placeOrder(page, { items: [[ROUTINE.keyboard, 1], [ROUTINE.ssd, 1]], address: NOIDA_ADDRESS, method: "card" });
  await page.goto("/orders");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
  await expectNoAxeViolations(page, { where: "Your Orders", soft: true });

  await page.goto(`/orders/${number}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
  await expectNoAxeViolations(page, { where: "an order page", soft: true });

  await page.getByRole("button", { name: "Cancel Order" }).click();
  await expect(page.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);
  await waitForHydration(page);
  await expectNoAxeViolations(page, { where: "a cancelled order's page", soft: true });
});
