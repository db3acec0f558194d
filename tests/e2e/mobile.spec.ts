import { expect, test, type Page } from "@playwright/test";
import { CATALOG, formatRupees } from "../support/catalog";
import { gotoHydrated } from "../support/hydration";
import { addToCartOnProductPage, cardPrices, catalogueResults, expectCatalogueQuery } from "../support/shop";

// Every test here runs in the "phone" project (390×844, touch) only: their titles carry @mobile.

function menuToggle(page: Page) {
  return page.getByRole("banner").getByLabel("Menu", { exact: true });
}

function mobileNav(page: Page) {
  return page.getByRole("navigation", { name: "Mobile" });
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "page is wider than the screen").toBeLessThanOrEqual(0);
}

test.describe("phone header and menu", () => {
  test("the desktop navigation is replaced by a Menu button @mobile", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(menuToggle(page)).toBeVisible();
    await expect(mobileNav(page)).toBeHidden();
    // The cart stays reachable from the header.
    await expect(page.getByRole("banner").getByRole("link", { name: /^Cart, / })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });

  test("the menu offers Home, Products, Services, Login, Register and Vendor Login @mobile", async ({ page }) => {
    await gotoHydrated(page, "/");
    await menuToggle(page).click();
    const nav = mobileNav(page);
    await expect(nav).toBeVisible();
    const expected: [string, string][] = [
      ["Home", "/"],
      ["Products", "/products"],
      ["Services", "/services"],
      ["Login", "/login"],
      ["Register", "/register"],
      ["Vendor Login", "/vendor/login"],
    ];
    for (const [name, href] of expected) {
      const link = nav.getByRole("link", { name, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute("href", href);
    }
    // Tapping the button again closes it.
    await menuToggle(page).click();
    await expect(nav).toBeHidden();
  });

  test("choosing a menu link navigates and closes the menu @mobile", async ({ page }) => {
    await gotoHydrated(page, "/");
    await menuToggle(page).click();
    await mobileNav(page).getByRole("link", { name: "Products", exact: true }).click();
    await expect(page).toHaveURL("/products");
    await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
    await expect(mobileNav(page)).toBeHidden();

    await menuToggle(page).click();
    await mobileNav(page).getByRole("link", { name: "Services", exact: true }).click();
    await expect(page).toHaveURL("/services");
    await expect(mobileNav(page)).toBeHidden();
  });

  test("the header turns solid once scrolled past 10px @mobile", async ({ page }) => {
    await gotoHydrated(page, "/");
    const header = page.getByRole("banner");
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 5));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(5);
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 50));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(50);
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute("data-scrolled", "false");
  });

  test("the header turns solid when the page is scrolled by touch @mobile", async ({ page }) => {
    await gotoHydrated(page, "/");
    const header = page.getByRole("banner");
    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(10);
    await expect(header).toHaveAttribute("data-scrolled", "true");
  });
});

test.describe("phone filter panel", () => {
  test("the category list is replaced by a Filters button @mobile", async ({ page }) => {
    await gotoHydrated(page, "/products");
    await expect(page.getByRole("navigation", { name: "Categories" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Filters" })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Filters" })).toBeHidden();
    await expectNoHorizontalScroll(page);
  });

  test("opens, applies a category and sort, and closes @mobile", async ({ page }) => {
    await gotoHydrated(page, "/products");
    await page.getByRole("link", { name: "Filters" }).click();
    const dialog = page.getByRole("dialog", { name: "Filters" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("radio", { name: "All" })).toBeChecked();

    await dialog.getByRole("radio", { name: "Laptop" }).check();
    await dialog.getByLabel("Sort by").selectOption({ label: "Price: High to Low" });
    await dialog.getByRole("button", { name: "Apply Filters" }).click();

    await expectCatalogueQuery(page, { category: "Laptop", sort: "price-desc" });
    await expect(page.getByRole("heading", { level: 1, name: "Laptop" })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("5 products", { exact: true })).toBeVisible();
    const prices = await cardPrices(catalogueResults(page));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(prices[0]).toBe(CATALOG.macbookAir.price);

    // Reopened, it shows what is applied.
    await page.getByRole("link", { name: "Filters" }).click();
    await expect(dialog.getByRole("radio", { name: "Laptop" })).toBeChecked();
    await expect(dialog.getByLabel("Sort by")).toHaveValue("price-desc");
  });

  test("Clear All removes the category and sort @mobile", async ({ page }) => {
    await gotoHydrated(page, "/products?category=Monitor&sort=name-desc");
    await page.getByRole("link", { name: "Filters" }).click();
    const dialog = page.getByRole("dialog", { name: "Filters" });
    await expect(dialog.getByRole("radio", { name: "Monitor" })).toBeChecked();
    await dialog.getByRole("link", { name: "Clear All" }).click();
    await expectCatalogueQuery(page, {});
    await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test("keeps the search when filtering @mobile", async ({ page }) => {
    await gotoHydrated(page, "/products?q=logitech");
    await page.getByRole("link", { name: "Filters" }).click();
    const dialog = page.getByRole("dialog", { name: "Filters" });
    await dialog.getByRole("radio", { name: "Peripherals" }).check();
    await dialog.getByRole("button", { name: "Apply Filters" }).click();
    await expectCatalogueQuery(page, { category: "Peripherals", q: "logitech" });
    await expect(page.getByText("2 products", { exact: true })).toBeVisible();
  });

  test("closes with the close button and with Escape @mobile", async ({ page }) => {
    await gotoHydrated(page, "/products");
    const dialog = page.getByRole("dialog", { name: "Filters" });
    await page.getByRole("link", { name: "Filters" }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Close filters" })).toBeFocused();
    await dialog.getByRole("link", { name: "Close filters" }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole("link", { name: "Filters" }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expectCatalogueQuery(page, {});
  });
});

test.describe("phone cart", () => {
  test("the cart page is usable on a phone @mobile", async ({ page }) => {
    const mouse = CATALOG.mxMaster;
    const keyboard = CATALOG.g213Keyboard;
    await addToCartOnProductPage(page, mouse, 1);
    await addToCartOnProductPage(page, keyboard, 2);
    await expect(page.getByTestId("cart-badge")).toHaveText("3");

    await page.getByRole("banner").getByRole("link", { name: /^Cart, / }).click();
    await expect(page).toHaveURL("/cart");
    await expect(page.getByRole("heading", { level: 1, name: "Shopping Cart" })).toBeVisible();
    await expectNoHorizontalScroll(page);

    const increase = page.getByRole("button", { name: `Increase quantity of ${mouse.name}`, exact: true });
    const decrease = page.getByRole("button", { name: `Decrease quantity of ${mouse.name}`, exact: true });
    const remove = page.getByRole("button", { name: `Remove ${keyboard.name} from cart`, exact: true });
    for (const control of [increase, decrease, remove]) {
      await control.scrollIntoViewIfNeeded();
      await expect(control).toBeInViewport({ ratio: 1 });
      // Comfortable to tap.
      const box = await control.boundingBox();
      expect(box!.width, "tap target width").toBeGreaterThanOrEqual(24);
      expect(box!.height, "tap target height").toBeGreaterThanOrEqual(24);
    }

    await increase.tap();
    await expect(page.getByLabel(`Quantity of ${mouse.name}`, { exact: true })).toHaveText("2");
    await expect(page.getByTestId("cart-total-items")).toHaveText("4");
    await expect(page.getByTestId("cart-total-price")).toHaveText(formatRupees(2 * mouse.price + 2 * keyboard.price));

    await decrease.tap();
    await expect(page.getByLabel(`Quantity of ${mouse.name}`, { exact: true })).toHaveText("1");

    await remove.tap();
    await expect(page.getByRole("link", { name: keyboard.name, exact: true })).toHaveCount(0);
    await expect(page.getByTestId("cart-total-items")).toHaveText("1");
    await expect(page.getByTestId("cart-total-price")).toHaveText(formatRupees(mouse.price));

    const checkout = page.getByRole("link", { name: "Proceed to Checkout" });
    await checkout.scrollIntoViewIfNeeded();
    await expect(checkout).toBeInViewport();
    await expectNoHorizontalScroll(page);
  });

  test("the product page fits the screen and adds to the cart @mobile", async ({ page }) => {
    await gotoHydrated(page, `/products/${CATALOG.sonyHeadphones.id}`);
    await expectNoHorizontalScroll(page);
    await page.getByRole("button", { name: "Increase quantity" }).tap();
    await page.getByRole("button", { name: "Add to Cart", exact: true }).tap();
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
  });

  test("the home page and catalogue fit the screen @mobile", async ({ page }) => {
    for (const path of ["/", "/products", "/contact", "/services", "/about", "/privacy"]) {
      await page.goto(path);
      await expectNoHorizontalScroll(page);
    }
  });
});
