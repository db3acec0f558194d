import { expect, test } from "@playwright/test";
import { DELHI_ADDRESS, ROUTINE, orderCard, registerShopper } from "../support/checkout";
import { waitForHydration } from "../support/hydration";
import { orderFor } from "../support/e2e-store";

test.describe.configure({ timeout: 90_000 });

test("Your Orders says it is loading while the list is on its way (a client-side navigation)", async ({ page }) => {
  const shopper = await registerShopper(page);
  const number = await orderFor(shopper.email, [{ productId: ROUTINE.keyboard.id, quantity: 1 }], { address: DELHI_ADDRESS });
  await page.goto("/");
  await waitForHydration(page);

  // The orders' data request is held until the loading text has been seen, then let through.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(/\/orders\.data(\?|$)/, async (route) => {
    held++;
    await released;
    await route.continue();
  });

  const banner = page.getByRole("banner");
  await banner.getByLabel(`${shopper.name}: account menu`).click();
  await banner.getByRole("link", { name: "My Orders" }).click();

  // The orders' routes may be asked for first (lazy route discovery, decision 028): the data
  // request comes after them, and the page says it is loading all along.
  const loading = page.getByRole("status").filter({ hasText: "Loading your orders..." });
  await expect.poll(() => held).toBe(1);
  await expect(loading).toHaveText("Loading your orders...");
  await expect(page.getByRole("heading", { level: 1, name: "Your Orders" })).toHaveCount(0);

  release();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your Orders" })).toBeVisible();
  await expect(orderCard(page, number)).toBeVisible();
  await expect(page.getByText("Loading your orders...")).toHaveCount(0);
});
