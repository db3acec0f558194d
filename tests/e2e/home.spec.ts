import { expect, test } from "@playwright/test";
import { CATALOG } from "../support/catalog";
import { gotoHydrated } from "../support/hydration";
import { cardNames, cardPrices, productCards } from "../support/shop";

test.describe("home page", () => {
  test("has a hero with Shop Now and Learn More", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "/products");
    await expect(page.getByRole("link", { name: "Learn More" })).toHaveAttribute("href", "/about");
  });

  test("Shop Now opens the catalogue and Learn More the about page", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("link", { name: "Shop Now" }).click();
    await expect(page).toHaveURL("/products");
    await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL("/");
    await page.getByRole("link", { name: "Learn More" }).click();
    await expect(page).toHaveURL("/about");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("2015");
  });

  test("Shop by Category links to each category", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Shop by Category" });
    await expect(section.getByRole("heading", { name: "Shop by Category" })).toBeVisible();
    const links = section.getByRole("link");
    await expect(links).toHaveCount(5);
    for (const category of ["Laptop", "Desktop", "Component", "Monitor", "Audio"]) {
      await expect(section.getByRole("link", { name: new RegExp(`^${category}\\b`) })).toHaveAttribute(
        "href",
        `/products?category=${category}`,
      );
    }
  });

  test("a category tile opens the catalogue filtered to it", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("region", { name: "Shop by Category" }).getByRole("link", { name: /^Monitor\b/ }).click();
    await expect(page).toHaveURL("/products?category=Monitor");
    await expect(page.getByRole("heading", { level: 1, name: "Monitor" })).toBeVisible();
    await expect(page.getByText("2 products", { exact: true })).toBeVisible();
  });

  test("Featured Products shows the first four featured products", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Featured Products" });
    await expect(productCards(section)).toHaveCount(4);
    expect(await cardNames(section)).toEqual([
      CATALOG.gamingPc.name,
      CATALOG.lgMonitor.name,
      CATALOG.zotacGpu.name,
      CATALOG.sonyHeadphones.name,
    ]);
    expect(await cardPrices(section)).toEqual([
      CATALOG.gamingPc.price,
      CATALOG.lgMonitor.price,
      CATALOG.zotacGpu.price,
      CATALOG.sonyHeadphones.price,
    ]);
    await expect(section.getByRole("link", { name: CATALOG.gamingPc.name })).toHaveAttribute("href", `/products/${CATALOG.gamingPc.id}`);
    await expect(section.getByRole("link", { name: "View all products" })).toHaveAttribute("href", "/products");
  });

  test("Latest Laptops shows the first four laptops", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Latest Laptops" });
    await expect(productCards(section)).toHaveCount(4);
    expect(await cardNames(section)).toEqual([
      CATALOG.asusTuf.name,
      CATALOG.macbookAir.name,
      CATALOG.lenovoIdeapad.name,
      CATALOG.hpVictus.name,
    ]);
    for (const card of await productCards(section).all()) {
      await expect(card.getByText("Laptop", { exact: true })).toBeVisible();
    }
    await expect(section.getByRole("link", { name: "View all laptops" })).toHaveAttribute("href", "/products?category=Laptop");
  });

  test("has the student offers and Why Choose sections", async ({ page }) => {
    await page.goto("/");
    const offers = page.getByRole("region", { name: "Back to college with the right laptop" });
    await expect(offers.getByText("Student Offers")).toBeVisible();
    await expect(offers.getByRole("link", { name: "Shop Laptops" })).toHaveAttribute("href", "/products?category=Laptop");

    const why = page.getByRole("region", { name: "Why Choose RC Computers?" });
    await expect(why.getByRole("heading", { level: 3 })).toHaveCount(4);
  });

  test("a product card's Add to Cart adds one to the cart", async ({ page }) => {
    await gotoHydrated(page, "/");
    const featured = page.getByRole("region", { name: "Featured Products" });
    const add = featured.getByRole("button", { name: `Add to Cart: ${CATALOG.zotacGpu.name}` });
    await add.click();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await expect(featured.getByText(`Added “${CATALOG.zotacGpu.name}” to your cart.`)).toBeVisible();
    // The page stays where it was.
    await expect(page).toHaveURL("/");

    await add.click();
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
  });

  test("a product card links to its product page", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("region", { name: "Latest Laptops" }).getByRole("link", { name: CATALOG.macbookAir.name }).click();
    await expect(page).toHaveURL(`/products/${CATALOG.macbookAir.id}`);
    await expect(page.getByRole("heading", { level: 1, name: CATALOG.macbookAir.name })).toBeVisible();
  });
});
