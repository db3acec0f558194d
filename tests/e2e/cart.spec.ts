import { expect, test, type Page, type Request } from "@playwright/test";
import { CATALOG, formatRupees, productPath, type DemoItem } from "../support/catalog";
import { withCatalogueLock } from "../support/catalogue-lock";
import { withProductLock } from "../support/checkout";
import { setProductStatus, setStock } from "../support/db";
import { gotoHydrated, waitForHydration } from "../support/hydration";
import { addToCartOnProductPage, collectPageErrors } from "../support/shop";

function row(page: Page, p: DemoItem) {
  return page.getByRole("region", { name: "Items in your cart" }).getByRole("listitem").filter({
    has: page.getByRole("link", { name: p.name, exact: true }),
  });
}

function quantityOf(page: Page, p: DemoItem) {
  return page.getByLabel(`Quantity of ${p.name}`, { exact: true });
}

function increase(page: Page, p: DemoItem) {
  return page.getByRole("button", { name: `Increase quantity of ${p.name}`, exact: true });
}

function decrease(page: Page, p: DemoItem) {
  return page.getByRole("button", { name: `Decrease quantity of ${p.name}`, exact: true });
}

/**
 * Puts a cart into local storage the way a returning browser would have it: set on a plain
 * same-origin response (robots.txt) where no shop script runs, so the next shop page starts
 * with it and no cart cookie.
 */
async function seedStoredCart(page: Page, value: string): Promise<void> {
  await page.goto("/robots.txt");
  await page.evaluate((v) => window.localStorage.setItem("cart", v), value);
}

async function storedCart(page: Page): Promise<unknown> {
  const raw = await page.evaluate(() => window.localStorage.getItem("cart"));
  return raw === null ? null : (JSON.parse(raw) as unknown);
}

test.describe("cart page", () => {
  test("an empty cart says so and links to the products", async ({ page }) => {
    const response = await gotoHydrated(page, "/cart");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Your cart is empty" })).toBeVisible();
    await expect(page.getByTestId("cart-total-items")).toHaveCount(0);
    await page.getByRole("link", { name: "Browse Products" }).click();
    await expect(page).toHaveURL("/products");
  });

  test("lists the items with totals; quantities change, items are removed, the cart is cleared", async ({ page }) => {
    const mouse = CATALOG.mxMaster; // ₹8,995
    const monitor = CATALOG.lgMonitor; // ₹21,999
    await addToCartOnProductPage(page, mouse, 2);
    await addToCartOnProductPage(page, monitor, 1);

    await gotoHydrated(page, "/cart");
    await expect(page.getByRole("heading", { level: 1, name: "Shopping Cart" })).toBeVisible();
    await expect(row(page, mouse)).toHaveCount(1);
    await expect(row(page, monitor)).toHaveCount(1);
    await expect(quantityOf(page, mouse)).toHaveText("2");
    await expect(quantityOf(page, monitor)).toHaveText("1");
    await expect(row(page, mouse).getByText("₹8,995 each")).toBeVisible();
    await expect(row(page, mouse).getByText(formatRupees(2 * mouse.price), { exact: true })).toBeVisible();
    await expect(page.getByTestId("cart-total-items")).toHaveText("3");
    await expect(page.getByTestId("cart-total-price")).toHaveText(formatRupees(2 * mouse.price + monitor.price));
    await expect(page.getByTestId("cart-badge")).toHaveText("3");

    await increase(page, mouse).click();
    await expect(quantityOf(page, mouse)).toHaveText("3");
    await expect(page.getByTestId("cart-total-items")).toHaveText("4");
    await expect(page.getByTestId("cart-total-price")).toHaveText(formatRupees(3 * mouse.price + monitor.price));
    await expect(page.getByTestId("cart-badge")).toHaveText("4");

    await decrease(page, mouse).click();
    await expect(quantityOf(page, mouse)).toHaveText("2");
    await expect(page.getByTestId("cart-total-items")).toHaveText("3");

    await page.getByRole("button", { name: `Remove ${monitor.name} from cart` }).click();
    await expect(row(page, monitor)).toHaveCount(0);
    await expect(page.getByTestId("cart-total-items")).toHaveText("2");
    await expect(page.getByTestId("cart-total-price")).toHaveText(formatRupees(2 * mouse.price));
    await expect(page.getByTestId("cart-badge")).toHaveText("2");

    await page.getByRole("button", { name: "Clear Cart" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your cart is empty" })).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);

    // Cleared for good.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Your cart is empty" })).toBeVisible();
  });

  test("decrease is disabled at 1 and increase at the stock", async ({ page }) => {
    const victus = CATALOG.hpVictus; // stock 1
    const ryzen = CATALOG.ryzenCpu; // stock 2
    await addToCartOnProductPage(page, victus, 1);
    await addToCartOnProductPage(page, ryzen, 1);
    await gotoHydrated(page, "/cart");

    await expect(quantityOf(page, victus)).toHaveText("1");
    await expect(decrease(page, victus)).toBeDisabled();
    await expect(increase(page, victus)).toBeDisabled();

    await expect(decrease(page, ryzen)).toBeDisabled();
    await expect(increase(page, ryzen)).toBeEnabled();
    await increase(page, ryzen).click();
    await expect(quantityOf(page, ryzen)).toHaveText("2");
    await expect(increase(page, ryzen)).toBeDisabled();
    await expect(decrease(page, ryzen)).toBeEnabled();
    await decrease(page, ryzen).click();
    await expect(quantityOf(page, ryzen)).toHaveText("1");
    await expect(decrease(page, ryzen)).toBeDisabled();
  });

  test("links to each product and to checkout", async ({ page }) => {
    await addToCartOnProductPage(page, CATALOG.g213Keyboard);
    await gotoHydrated(page, "/cart");
    await expect(page.getByRole("link", { name: "Proceed to Checkout" })).toHaveAttribute("href", "/checkout");
    await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/products");
    await row(page, CATALOG.g213Keyboard).getByRole("link", { name: CATALOG.g213Keyboard.name }).click();
    await expect(page).toHaveURL(productPath(CATALOG.g213Keyboard));
    await expect(page.getByRole("heading", { level: 1, name: CATALOG.g213Keyboard.name })).toBeVisible();
  });
});

test.describe("cart persistence", () => {
  test("survives a reload and is mirrored in local storage", async ({ page }) => {
    const p = CATALOG.lgMonitor;
    await addToCartOnProductPage(page, p, 2);
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId("cart-badge")).toHaveText("2");

    await expect
      .poll(() => storedCart(page))
      .toEqual([
        {
          product: { id: p.id, name: p.name, price: p.price, image: expect.any(String), category: p.category, stock: p.stock },
          quantity: 2,
        },
      ]);

    await page.goto("/cart");
    await expect(quantityOf(page, p)).toHaveText("2");
  });

  test("is restored from local storage when the cookie is lost", async ({ page, context }) => {
    const p = CATALOG.lgMonitor;
    await addToCartOnProductPage(page, p, 3);
    await expect.poll(async () => ((await storedCart(page)) as unknown[] | null)?.length).toBe(1);

    await context.clearCookies();
    await gotoHydrated(page, "/cart");
    await expect(page.getByLabel(`Quantity of ${p.name}`, { exact: true })).toHaveText("3");
    await expect(page.getByTestId("cart-badge")).toHaveText("3");
    await expect(page.getByTestId("cart-total-price")).toHaveText(formatRupees(3 * p.price));

    // Restored on the server too: a fresh page load (cookie only) still has it.
    await page.reload();
    await expect(page.getByTestId("cart-badge")).toHaveText("3");
  });

  test("a restored cart takes its prices from the shop, not from local storage", async ({ page }) => {
    const p = CATALOG.g213Keyboard;
    await seedStoredCart(
      page,
      JSON.stringify([{ product: { id: p.id, name: "Cheap", price: 1, image: "", category: "Peripherals", stock: 999 }, quantity: 2 }]),
    );
    await gotoHydrated(page, "/cart");
    await expect(quantityOf(page, p)).toHaveText("2");
    await expect(page.getByTestId("cart-total-price")).toHaveText(formatRupees(2 * p.price));
    await expect(page.getByRole("link", { name: p.name, exact: true })).toBeVisible();
  });

  test("a saved cart is not lost when the page is left before it has been restored", async ({ page }) => {
    const p = CATALOG.g213Keyboard;
    await seedStoredCart(page, JSON.stringify([{ product: { id: p.id }, quantity: 2 }]));
    // The first restore request never gets an answer: the customer leaves (here: reloads) first.
    const isRestore = (r: Request) => r.method() === "POST" && /(^|&)intent=restore(&|$)/.test(r.postData() ?? "");
    let held = 0;
    await page.route("**/*", async (route) => {
      if (!isRestore(route.request()) || held > 0) return route.fallback();
      held++; // never answered
    });
    const restoring = page.waitForRequest(isRestore);
    await page.goto("/");
    await restoring;

    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
    await page.goto("/cart");
    await expect(quantityOf(page, p)).toHaveText("2");
  });

  test("a huge quantity in a saved cart is cut to the stock", async ({ page }) => {
    const p = CATALOG.ryzenCpu; // stock 2
    await seedStoredCart(page, JSON.stringify([{ product: { id: p.id }, quantity: 1e308 }]));
    await gotoHydrated(page, "/cart");
    await expect(quantityOf(page, p)).toHaveText("2");
    await expect(page.getByTestId("cart-total-items")).toHaveText("2");
  });

  test("a restored cart that had to be corrected says what changed, with the note the cookie cart shows", async ({ page }) => {
    const p = CATALOG.ryzenCpu; // stock 2
    await seedStoredCart(
      page,
      JSON.stringify([
        { product: { id: p.id }, quantity: 5 },
        { product: { id: "product-no-longer-sold" }, quantity: 1 },
      ]),
    );
    await gotoHydrated(page, "/cart");
    const note = page.getByRole("status").filter({ hasText: "Your cart was updated" });
    await expect(note).toBeVisible();
    await expect(note).toContainText(`Only 2 of “${p.name}” left in stock, so we changed the quantity to 2.`);
    await expect(note).toContainText("An item in your cart is no longer available and was removed.");
    await expect(quantityOf(page, p)).toHaveText("2");
    await expect(page.getByTestId("cart-total-items")).toHaveText("2");
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
    await expect.poll(async () => storedCart(page)).toEqual([expect.objectContaining({ quantity: 2 })]);

    // Said once: the corrected cart is what the shop now keeps.
    await page.reload();
    await expect(quantityOf(page, p)).toHaveText("2");
    await expect(page.getByText("Your cart was updated")).toHaveCount(0);
  });

  const tamperedCarts: Record<string, string> = {
    "garbage text": "this is {not json",
    "a JSON object": '{"product":"x"}',
    "a JSON string": '"cart"',
    "junk entries": '[null, 5, "x", [], {"quantity": 2}, {"product": null, "quantity": 1}]',
    "negative and fractional quantities": `[{"product":{"id":"${CATALOG.mxMaster.id}"},"quantity":-3},{"product":{"id":"${CATALOG.benqMonitor.id}"},"quantity":1.5},{"product":{"id":"${CATALOG.g213Keyboard.id}"},"quantity":"lots"}]`,
    "unknown product ids": '[{"product":{"id":"product-does-not-exist"},"quantity":2},{"product":{"id":"<script>"},"quantity":1}]',
    "Infinity and NaN quantities": `[{"product":{"id":"${CATALOG.samsungSsd.id}"},"quantity":"Infinity"},{"product":{"id":"${CATALOG.mxMaster.id}"},"quantity":"NaN"}]`,
    "a huge string": `[{"product":{"id":"${"x".repeat(50_000)}"},"quantity":1}]`,
  };

  for (const [label, value] of Object.entries(tamperedCarts)) {
    test(`a tampered local storage cart (${label}) never breaks the page`, async ({ page }) => {
      const errors = collectPageErrors(page);
      await seedStoredCart(page, value);

      const response = await gotoHydrated(page, "/cart");
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: "Your cart is empty" })).toBeVisible();
      await expect(page.getByText("Something went wrong")).toHaveCount(0);
      await expect(page.getByTestId("cart-badge")).toHaveCount(0);

      if (label === "garbage text") {
        // The shop keeps working: add something and it shows up, in local storage too.
        await addToCartOnProductPage(page, CATALOG.mxMaster);
        await expect(page.getByTestId("cart-badge")).toHaveText("1");
        await expect.poll(async () => ((await storedCart(page)) as unknown[] | null)?.length).toBe(1);
      }
      expect(errors.map((e) => e.message)).toEqual([]);
    });
  }

  test("a tampered cart keeps its valid lines and drops the rest", async ({ page }) => {
    const errors = collectPageErrors(page);
    await seedStoredCart(
      page,
      JSON.stringify([
        { product: { id: CATALOG.mxMaster.id }, quantity: 2 },
        { product: { id: CATALOG.benqMonitor.id }, quantity: -1 },
        { product: { id: "product-nope" }, quantity: 4 },
        "junk",
      ]),
    );
    await gotoHydrated(page, "/cart");
    await expect(quantityOf(page, CATALOG.mxMaster)).toHaveText("2");
    await expect(page.getByTestId("cart-total-items")).toHaveText("2");
    await expect(page.getByRole("link", { name: CATALOG.benqMonitor.name, exact: true })).toHaveCount(0);
    expect(errors.map((e) => e.message)).toEqual([]);
  });
});

test.describe("cart kept in step with the catalogue", () => {
  test("a quantity above the remaining stock is lowered, with a note", async ({ page }) => {
    const p = CATALOG.asusTuf; // stock 14
    await addToCartOnProductPage(page, p, 3);
    const before = setStock(p.id, 2);
    try {
      await gotoHydrated(page, "/cart");
      const note = page.getByRole("status").filter({ hasText: "Your cart was updated" });
      await expect(note).toBeVisible();
      await expect(note).toContainText(`Only 2 of “${p.name}” left in stock, so we changed the quantity to 2.`);
      await expect(quantityOf(page, p)).toHaveText("2");
      await expect(page.getByTestId("cart-total-items")).toHaveText("2");
      await expect(page.getByTestId("cart-total-price")).toHaveText(formatRupees(2 * p.price));
      await expect(page.getByTestId("cart-badge")).toHaveText("2");
      await expect(increase(page, p)).toBeDisabled();

      // The note is shown once; the corrected cart stays.
      await page.reload();
      await expect(page.getByText("Your cart was updated")).toHaveCount(0);
      await expect(quantityOf(page, p)).toHaveText("2");
    } finally {
      setStock(p.id, before);
    }
  });

  test("a product that sold out is removed, with a note", async ({ page }) => {
    const p = CATALOG.lenovoIdeapad; // stock 21
    const other = CATALOG.g213Keyboard;
    await addToCartOnProductPage(page, p, 1);
    await addToCartOnProductPage(page, other, 1);
    const before = setStock(p.id, 0);
    try {
      await gotoHydrated(page, "/cart");
      const note = page.getByRole("status").filter({ hasText: "Your cart was updated" });
      await expect(note).toContainText(`“${p.name}” is out of stock and was removed from your cart.`);
      await expect(page.getByRole("link", { name: p.name, exact: true })).toHaveCount(0);
      await expect(quantityOf(page, other)).toHaveText("1");
      await expect(page.getByTestId("cart-total-items")).toHaveText("1");
      await expect(page.getByTestId("cart-badge")).toHaveText("1");
    } finally {
      setStock(p.id, before);
    }
  });

  test("a product no longer sold is removed, with a note", async ({ page }) => {
    // The HP All-in-One is the product the other suites' stock and price tests use (under their
    // per-product lock), and hiding it changes catalogue-wide counts (the catalogue lock): hold both.
    const p = CATALOG.hpAllInOne;
    await withProductLock(p, async () => {
      await addToCartOnProductPage(page, p, 2);
      await withCatalogueLock(async () => {
        setProductStatus(p.id, "archived");
        try {
          await page.goto("/");
          const note = page.getByRole("status").filter({ hasText: "Your cart was updated" });
          await expect(note).toContainText("An item in your cart is no longer available and was removed.");
          await expect(page.getByTestId("cart-badge")).toHaveCount(0);
        } finally {
          setProductStatus(p.id, "active");
        }
      });
    });
    await page.goto("/cart");
    await expect(page.getByRole("heading", { level: 1, name: "Your cart is empty" })).toBeVisible();
    await expect(page.getByText("Your cart was updated")).toHaveCount(0);
  });
});

test.describe("cart requests the page never sends", () => {
  test("forged cart posts never cause a server error", async ({ page }) => {
    const forms: Record<string, string>[] = [
      {},
      { intent: "bogus" },
      { intent: "add" },
      { intent: "add", productId: "" },
      { intent: "add", productId: "product-does-not-exist" },
      { intent: "add", productId: CATALOG.wdPassport.id },
      { intent: "add", productId: CATALOG.mxMaster.id, quantity: "abc" },
      { intent: "add", productId: CATALOG.mxMaster.id, quantity: "1e999" },
      { intent: "add", productId: CATALOG.mxMaster.id, quantity: "-5" },
      { intent: "add", productId: "x".repeat(5000) },
      { intent: "update", productId: CATALOG.mxMaster.id, quantity: "NaN" },
      { intent: "update", productId: "product-does-not-exist", quantity: "3" },
      { intent: "remove" },
      { intent: "restore", cart: "{not json" },
      { intent: "restore", cart: "x".repeat(200_000) },
    ];
    for (const form of forms) {
      const response = await page.request.post("/cart", { form, maxRedirects: 0 });
      expect(response.status(), JSON.stringify(form).slice(0, 80)).toBeLessThan(500);
    }
    await page.goto("/cart");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
    // Nothing out of stock or unknown got in; at most the mouse did.
    await expect(page.getByRole("link", { name: CATALOG.wdPassport.name, exact: true })).toHaveCount(0);
    const items = page.getByTestId("cart-total-items");
    if ((await items.count()) > 0) expect(Number(await items.textContent())).toBeLessThanOrEqual(CATALOG.mxMaster.stock);
  });

  test("a forged quantity never goes above the stock", async ({ page }) => {
    const p = CATALOG.ryzenCpu; // stock 2
    await page.request.post("/cart", { form: { intent: "add", productId: p.id, quantity: "50" } });
    await page.goto("/cart");
    await expect(quantityOf(page, p)).toHaveText("2");

    await page.request.post("/cart", { form: { intent: "update", productId: p.id, quantity: "99" } });
    await page.reload();
    await expect(quantityOf(page, p)).toHaveText("2");

    await page.request.post("/cart", { form: { intent: "update", productId: p.id, quantity: "0" } });
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Your cart is empty" })).toBeVisible();
  });

  test("a cart post only ever redirects within the shop", async ({ page, baseURL }) => {
    for (const target of ["https://evil.example/", "//evil.example/", "/\\evil.example/", "javascript:alert(1)"]) {
      const response = await page.request.post("/cart", {
        form: { intent: "add", productId: CATALOG.mxMaster.id, redirectTo: target },
        maxRedirects: 0,
      });
      expect(response.status(), target).toBeGreaterThanOrEqual(300);
      expect(response.status(), target).toBeLessThan(400);
      const location = new URL(response.headers()["location"] ?? "", baseURL);
      expect(location.origin, target).toBe(new URL(baseURL!).origin);
    }
  });
});
