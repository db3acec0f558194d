import { expect, test, type Page, type Request } from "@playwright/test";
import { setStock } from "../support/db";
import {
  DELHI_ADDRESS,
  NOIDA_ADDRESS,
  STOCK_TEST,
  UPI,
  addToCart,
  choosePayment,
  expectConfirmation,
  expectCurrentStep,
  expectSummary,
  fillCard,
  fillUpi,
  getStock,
  listedOrderNumbers,
  openCheckout,
  orderPageAmounts,
  paymentSection,
  placeOrderButton,
  postedFields,
  recordCheckoutPosts,
  registerShopper,
  setPricePaise,
  shipTo,
  withProductLock,
} from "../support/checkout";
import { waitForHydration } from "../support/hydration";

// These tests change the stock or the price of BenQ GW2490 or the HP All-in-One 24, each under a
// lock so they never overlap, and put back what they changed. Waiting for a lock takes time.
test.describe.configure({ timeout: 150_000 });

const monitor = STOCK_TEST.monitor; // ₹8,999
const allInOne = STOCK_TEST.allInOne; // ₹64,990

function isPlace(r: Request): boolean {
  return postedFields(r).some(([k, v]) => k === "intent" && v === "place");
}

async function expectNoOrders(page: Page): Promise<void> {
  await page.goto("/orders");
  await expect(page.getByText("You haven't placed any orders yet.")).toBeVisible();
}

test.describe("placing an order that can no longer be met", () => {
  test("an item sold out after the payment step opened: the order is refused, nothing is placed", async ({ page }) => {
    await registerShopper(page);
    await withProductLock(allInOne, async () => {
      const original = setStock(allInOne.id, 5);
      try {
        await addToCart(page, allInOne, 1);
        await openCheckout(page);
        await shipTo(page, DELHI_ADDRESS);
        await choosePayment(page, "Cash on Delivery");

        setStock(allInOne.id, 0);
        await placeOrderButton(page).click();
        const alert = paymentSection(page).getByRole("alert");
        await expect(alert).toHaveText(`Sorry, “${allInOne.name}” is now out of stock. Please remove it from your cart.`);
        await expectCurrentStep(page, "Payment");
        await expect(page).toHaveURL(/\/checkout$/);
        expect(getStock(allInOne.id)).toBe(0);
        await expectNoOrders(page);
      } finally {
        setStock(allInOne.id, original);
      }
    });
  });

  test("fewer left than the cart holds: the order is refused with how many are left", async ({ page }) => {
    await registerShopper(page);
    await withProductLock(allInOne, async () => {
      const original = setStock(allInOne.id, 5);
      try {
        await addToCart(page, allInOne, 3);
        await openCheckout(page);
        await shipTo(page, NOIDA_ADDRESS);
        await fillCard(page);

        setStock(allInOne.id, 2);
        await placeOrderButton(page).click();
        await expect(paymentSection(page).getByRole("alert")).toHaveText(
          `Sorry, only 2 of “${allInOne.name}” are left. Please lower the quantity in your cart.`,
        );
        await expectCurrentStep(page, "Payment");
        expect(getStock(allInOne.id)).toBe(2);
        await expectNoOrders(page);
      } finally {
        setStock(allInOne.id, original);
      }
    });
  });
});

test.describe("prices that change during checkout", () => {
  test("a new price is shown with the new total, and a second Place Order confirms it", async ({ page }) => {
    await registerShopper(page);
    await withProductLock(monitor, async () => {
      const originalStock = setStock(monitor.id, 20);
      let originalPrice: number | undefined;
      try {
        await addToCart(page, monitor, 1);
        await openCheckout(page);
        // ₹8,999 + ₹99 + ₹1,619.82 GST = ₹10,717.82 → ₹10,718.
        await expectSummary(page, { subtotal: "₹8,999", shipping: "₹99", tax: "₹1,620", total: "₹10,718" });
        await shipTo(page, DELHI_ADDRESS);
        await choosePayment(page, "UPI");
        await fillUpi(page, UPI.pays);
        const posts = recordCheckoutPosts(page);

        // ₹8,999 → ₹9,500: ₹9,500 + ₹99 + ₹1,710 GST = ₹11,309.
        originalPrice = setPricePaise(monitor.id, 9_500_00);
        await placeOrderButton(page).click();
        await expect(paymentSection(page).getByRole("alert")).toHaveText(
          "Prices have changed since you added these items to your cart. New total: ₹11,309. Place your order again to confirm.",
        );
        await expectCurrentStep(page, "Payment");
        expect(getStock(monitor.id), "nothing was taken from stock").toBe(20);

        await placeOrderButton(page).click();
        const number = await expectConfirmation(page);
        expect(posts.filter(isPlace)).toHaveLength(2);
        await expect(page.getByRole("main")).toContainText("Total ₹11,309 · Payment: UPI");
        expect(getStock(monitor.id)).toBe(19);

        await page.goto(`/orders/${number}`);
        expect(await orderPageAmounts(page)).toEqual({ Subtotal: "₹9,500", Shipping: "₹99", "GST (18%)": "₹1,710", Total: "₹11,309" });
        await page.goto("/orders");
        expect(await listedOrderNumbers(page)).toEqual([number]);
      } finally {
        if (originalPrice !== undefined) setPricePaise(monitor.id, originalPrice);
        setStock(monitor.id, originalStock);
      }
    });
  });
});

test.describe("placing an order once", () => {
  test("a double click on Place Order places one order and takes the stock once", async ({ page }) => {
    await registerShopper(page);
    await withProductLock(monitor, async () => {
      const originalStock = setStock(monitor.id, 20);
      try {
        await addToCart(page, monitor, 2);
        await openCheckout(page);
        await shipTo(page, DELHI_ADDRESS);
        await choosePayment(page, "Cash on Delivery");
        const posts = recordCheckoutPosts(page);

        // Two clicks in quick succession on the one button (whether the second gets through before
        // the button turns to "Processing" or not, there must be one order).
        await placeOrderButton(page).dblclick();
        const number = await expectConfirmation(page);

        await page.goto("/orders");
        expect(await listedOrderNumbers(page)).toEqual([number]);
        expect(getStock(monitor.id)).toBe(18);

        // The very same form post sent again (a retry, a resubmitted page) is the same order.
        const place = posts.filter(isPlace).at(-1);
        expect(place, "the Place Order post was seen").toBeTruthy();
        const resent = await page.request.post("/checkout", {
          headers: { "content-type": place!.headers()["content-type"] ?? "application/x-www-form-urlencoded" },
          data: place!.postData() ?? "",
          maxRedirects: 0,
        });
        expect(resent.status()).toBe(302);
        expect(resent.headers()["location"]).toBe(`/checkout?placed=${number}`);

        await page.goto("/orders");
        expect(await listedOrderNumbers(page)).toEqual([number]);
        expect(getStock(monitor.id)).toBe(18);
      } finally {
        setStock(monitor.id, originalStock);
      }
    });
  });

  test("the same order posted twice at once is still one order", async ({ page }) => {
    await registerShopper(page);
    await withProductLock(monitor, async () => {
      const originalStock = setStock(monitor.id, 20);
      try {
        await addToCart(page, monitor, 1);
        await openCheckout(page);
        await shipTo(page, DELHI_ADDRESS);
        await choosePayment(page, "Cash on Delivery");
        // Catch the browser's post and send it twice more, at the same time, before it goes through.
        let captured!: Request;
        await page.route(
          (url) => url.pathname === "/checkout" || url.pathname === "/checkout.data",
          async (route) => {
            const r = route.request();
            if (r.method() === "POST" && isPlace(r) && !captured) {
              captured = r;
              const send = () =>
                page.request.post("/checkout", {
                  headers: { "content-type": r.headers()["content-type"] ?? "application/x-www-form-urlencoded" },
                  data: r.postData() ?? "",
                  maxRedirects: 0,
                });
              const [a, b] = await Promise.all([send(), send()]);
              expect(a.status()).toBe(302);
              expect(b.status()).toBe(302);
              expect(a.headers()["location"]).toBe(b.headers()["location"]);
            }
            await route.continue();
          },
        );
        await placeOrderButton(page).click();
        const number = await expectConfirmation(page);
        await page.goto("/orders");
        await waitForHydration(page);
        expect(await listedOrderNumbers(page)).toEqual([number]);
        expect(getStock(monitor.id)).toBe(19);
      } finally {
        setStock(monitor.id, originalStock);
      }
    });
  });
});
