import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { DELHI_ADDRESS, ROUTINE, addToCart, openCheckout, registerShopper, shipTo } from "../support/checkout";
import { gotoHydrated } from "../support/hydration";

// The product page's "Deliver to" box (docs/product-rules.md, "Delivery dates"; decision 024).
const LAPTOP = "/products/product-asus-tuf-gaming-a15";
const SSD = "/products/product-samsung-990-pro-2tb";
const DATES = /^Delivery (\w{3} \d{1,2}( \w{3})? – \w{3} \d{1,2} \w{3}|by \w{3}, \d{1,2} \w{3})$/;

function box(page: Page) {
  return page.getByRole("region", { name: "Delivery" });
}

async function check(page: Page, pin: string): Promise<void> {
  await box(page).getByLabel("Deliver to").fill(pin);
  await box(page).getByRole("button", { name: "Check" }).click();
}

/** The promised dates line: the first bold line of the answer. */
async function promised(page: Page): Promise<string> {
  const line = box(page).getByText(DATES);
  await expect(line).toBeVisible();
  return (await line.textContent()) ?? "";
}

for (const width of ["", " @mobile"]) {
  test.describe(`Deliver to${width}`, () => {
    test(`a metro PIN and a far town get different dates, and the town no cash on delivery${width}`, async ({ page }) => {
      await gotoHydrated(page, LAPTOP);
      await check(page, "400001");
      await expect(box(page).getByRole("status")).toContainText("Delivering to Mumbai, Maharashtra 400001");
      const mumbai = await promised(page);
      await expect(box(page).getByText("Cash on delivery available")).toBeVisible();

      // The demo marks PIN codes starting 792 prepaid only.
      await check(page, "792001");
      await expect(box(page).getByRole("status")).toContainText("Delivering to Lohit, Arunachal Pradesh 792001");
      await expect(box(page).getByText("Cash on delivery is not available for PIN code 792001")).toBeVisible();
      expect(await promised(page)).not.toBe(mumbai);
      await expectNoAxeViolations(page, { where: "the product page with a delivery answer" });

      // Remembered in this browser: the next product page answers at once, at its own address.
      await gotoHydrated(page, SSD);
      await expect(box(page).getByLabel("Deliver to")).toHaveValue("792001");
      await expect(box(page).getByRole("status")).toContainText("Delivering to Lohit");
      expect(new URL(page.url()).search).toBe("");
    });

    test(`a PIN that does not exist, or is not six digits, is said so${width}`, async ({ page }) => {
      await gotoHydrated(page, LAPTOP);
      await check(page, "999999");
      await expect(box(page).getByRole("status")).toHaveText("PIN code 999999 does not exist. Please check it.");
      await check(page, "12");
      await expect(box(page).getByRole("status")).toHaveText("Please enter a valid 6-digit PIN code");
    });
  });
}

test.describe("Deliver to without JavaScript @mobile", () => {
  test.use({ javaScriptEnabled: false });

  test("the form asks the server, which answers in the page at its ?pin= address @mobile", async ({ page }) => {
    await page.goto(LAPTOP);
    await check(page, "400001");
    await expect(page).toHaveURL(/\?pin=400001$/);
    await expect(box(page).getByRole("status")).toContainText("Delivering to Mumbai, Maharashtra 400001");
    await promised(page);
    await expect(box(page).getByLabel("Deliver to")).toHaveValue("400001");
    // That page is the same for everyone who asks it: shareable, like the product page itself.
    const answer = await page.request.get(`${LAPTOP}?pin=400001`);
    expect(answer.headers()["cache-control"]).toMatch(/^public, /);
  });
});

for (const width of ["", " @mobile"]) {
  test.describe(`Delivery in the cart and at checkout${width}`, () => {
    test(`the cart and the payment step say when each seller's parcel arrives${width}`, async ({ page }) => {
      await registerShopper(page);
      await addToCart(page, ROUTINE.keyboard, 1);
      await addToCart(page, ROUTINE.ssd, 1);
      await gotoHydrated(page, "/cart");
      await check(page, "400001");
      await expect(page).toHaveURL(/\/cart\?pin=400001$/);
      const answer = box(page).getByRole("status");
      await expect(answer).toContainText("Delivering to Mumbai, Maharashtra 400001");
      await expect(answer.getByRole("listitem")).toHaveCount(2);
      await expect(answer.getByRole("listitem").first()).toHaveText(/^From Vardhan Infotech Distributors Pvt\. Ltd\.: Delivery /);
      await expect(answer.getByRole("listitem").nth(1)).toHaveText(/^From Shree Lamington Computer Traders: Delivery /);

      await openCheckout(page);
      await shipTo(page, { ...DELHI_ADDRESS });
      const delivery = page.getByRole("region", { name: "Delivery" });
      await expect(delivery).toContainText("Delivering to Delhi 110001");
      await expect(delivery.getByRole("listitem")).toHaveCount(2);
      await expectNoAxeViolations(page, { where: "the payment step with delivery dates" });
    });
  });
}
