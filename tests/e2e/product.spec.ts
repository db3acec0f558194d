import { expect, test, type Page } from "@playwright/test";
import { CATALOG, productPath } from "../support/catalog";
import { gotoHydrated } from "../support/hydration";
import { cardNames, productCards } from "../support/shop";

function quantityInput(page: Page) {
  return page.getByLabel("Quantity", { exact: true });
}

function addButton(page: Page) {
  return page.getByRole("button", { name: "Add to Cart", exact: true });
}

async function productJsonLd(page: Page): Promise<Record<string, unknown>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const products = blocks.map((b) => JSON.parse(b) as Record<string, unknown>).filter((b) => b["@type"] === "Product");
  expect(products, "exactly one Product JSON-LD block").toHaveLength(1);
  return products[0]!;
}

test.describe("product page", () => {
  test("shows the name, price, stock and vendor", async ({ page }) => {
    const p = CATALOG.gamingPc;
    const response = await page.goto(productPath(p));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: p.name })).toBeVisible();
    await expect(page.getByRole("main").getByText("₹1,49,990", { exact: true })).toBeVisible();
    await expect(page.getByText("In Stock (4 available)", { exact: true })).toBeVisible();
    await expect(page.getByRole("img", { name: p.name })).toBeVisible();
    await expect(page.getByText(/^Sold by .+/)).toBeVisible();
    await expect(addButton(page)).toBeEnabled();
    await expect(page).toHaveTitle(`${p.name} | RC Computers`);
  });

  test("prices use Indian digit grouping without decimals", async ({ page }) => {
    for (const p of [CATALOG.lgMonitor, CATALOG.g213Keyboard, CATALOG.macbookAir]) {
      await page.goto(productPath(p));
      await expect(page.getByRole("main").getByText(p.priceText, { exact: true }).first()).toBeVisible();
    }
    expect(CATALOG.lgMonitor.priceText).toBe("₹21,999");
    expect(CATALOG.macbookAir.priceText).toBe("₹99,900");
  });

  test("has a breadcrumb back to the catalogue and the category", async ({ page }) => {
    await page.goto(productPath(CATALOG.zotacGpu));
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("link", { name: "Products" })).toHaveAttribute("href", "/products");
    await expect(crumbs.getByRole("link", { name: "Component" })).toHaveAttribute("href", "/products?category=Component");
  });

  test("Description and Specifications tabs", async ({ page }) => {
    await gotoHydrated(page, productPath(CATALOG.gamingPc));
    const description = page.getByRole("tab", { name: "Description" });
    const specifications = page.getByRole("tab", { name: "Specifications" });
    await expect(description).toHaveAttribute("aria-selected", "true");
    await expect(specifications).toHaveAttribute("aria-selected", "false");
    const panel = page.getByRole("tabpanel");
    await expect(panel).toHaveCount(1);
    await expect(panel).toContainText("Our own assembled gaming tower");

    await specifications.click();
    await expect(specifications).toHaveAttribute("aria-selected", "true");
    await expect(description).toHaveAttribute("aria-selected", "false");
    await expect(page.getByRole("tabpanel")).toHaveCount(1);
    const specs = page.getByRole("tabpanel", { name: "Specifications" });
    // The category's attributes first, in the schema's order, with readable names and units;
    // then the vendor's own rows.
    const terms = (await specs.getByRole("term").allTextContents()).map((t) => t.trim());
    expect(terms.slice(0, 11)).toEqual([
      "Brand",
      "Form Factor",
      "Processor Brand",
      "Processor",
      "RAM",
      "Storage",
      "Storage Type",
      "Graphics",
      "Power Supply",
      "Operating System",
      "Memory",
    ]);
    expect(terms.at(-1)).toBe("Warranty");
    const valueOf = (term: string) => specs.locator("div").filter({ has: page.getByRole("term").filter({ hasText: new RegExp(`^${term}$`) }) }).getByRole("definition");
    await expect(valueOf("RAM")).toHaveText("32 GB");
    await expect(valueOf("Storage")).toHaveText("1 TB");
    await expect(valueOf("Power Supply")).toHaveText("750 W");
    await expect(valueOf("Graphics")).toHaveText("NVIDIA GeForce RTX 5070 12 GB GDDR7");
    await expect(valueOf("Power Supply Rating")).toHaveText("80 Plus Gold, fully modular");
    await expect(specs.getByText("graphicsCard")).toHaveCount(0);
    await expect(page.getByText("Our own assembled gaming tower")).toBeHidden();

    // Arrow keys move between the tabs.
    await specifications.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(description).toHaveAttribute("aria-selected", "true");
    await expect(description).toBeFocused();
    await expect(page.getByRole("tabpanel", { name: "Description" })).toBeVisible();
  });

  test("Related Products shows up to four others from the same category", async ({ page }) => {
    const p = CATALOG.asusTuf;
    await page.goto(productPath(p));
    const related = page.getByRole("region", { name: "Related Products" });
    const cards = productCards(related);
    await expect(cards).toHaveCount(4);
    const names = await cardNames(related);
    expect(names).not.toContain(p.name);
    for (const card of await cards.all()) {
      await expect(card.getByText("Laptop", { exact: true })).toBeVisible();
    }
    expect(names).toEqual([CATALOG.macbookAir.name, CATALOG.lenovoIdeapad.name, CATALOG.hpVictus.name, CATALOG.dellInspiron.name]);
  });

  test("a related product opens its page", async ({ page }) => {
    await gotoHydrated(page, productPath(CATALOG.sonyHeadphones));
    // Audio has a single product: nothing related to show.
    await expect(page.getByRole("region", { name: "Related Products" })).toHaveCount(0);

    await gotoHydrated(page, productPath(CATALOG.lgMonitor));
    const related = page.getByRole("region", { name: "Related Products" });
    await expect(productCards(related)).toHaveCount(1);
    await related.getByRole("link", { name: CATALOG.benqMonitor.name }).click();
    await expect(page).toHaveURL(productPath(CATALOG.benqMonitor));
    await expect(page.getByRole("heading", { level: 1, name: CATALOG.benqMonitor.name })).toBeVisible();
  });

  test("Add to Cart adds the chosen quantity and says so", async ({ page }) => {
    const p = CATALOG.zotacGpu; // stock 11
    await gotoHydrated(page, productPath(p));
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await expect(quantityInput(page)).toHaveValue("3");
    await addButton(page).click();
    await expect(page.getByText(`Added “${p.name}” to your cart.`)).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveText("3");
    await expect(page).toHaveURL(productPath(p));

    await page.goto("/cart");
    await expect(page.getByLabel(`Quantity of ${p.name}`, { exact: true })).toHaveText("3");
  });

  test("cannot add more than the stock", async ({ page }) => {
    const p = CATALOG.ryzenCpu; // stock 2
    await gotoHydrated(page, productPath(p));
    await expect(page.getByText("In Stock (2 available)")).toBeVisible();
    await quantityInput(page).fill("2");
    await addButton(page).click();
    await expect(page.getByText(`Added “${p.name}” to your cart.`)).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveText("2");

    await quantityInput(page).fill("1");
    await addButton(page).click();
    await expect(page.getByText(`You already have all 2 available of “${p.name}” in your cart.`)).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
  });

  test("the quantity stepper stays between 1 and the stock", async ({ page }) => {
    const p = CATALOG.macbookAir; // stock 3
    await gotoHydrated(page, productPath(p));
    const input = quantityInput(page);
    const decrease = page.getByRole("button", { name: "Decrease quantity" });
    const increase = page.getByRole("button", { name: "Increase quantity" });

    await expect(input).toHaveValue("1");
    await expect(decrease).toBeDisabled();
    await expect(increase).toBeEnabled();

    await input.fill("999");
    await expect(input).toHaveValue("3");
    await expect(increase).toBeDisabled();
    await expect(decrease).toBeEnabled();

    await decrease.click();
    await expect(input).toHaveValue("2");
    await decrease.click();
    await expect(input).toHaveValue("1");
    await expect(decrease).toBeDisabled();

    await input.fill("0");
    await expect(input).toHaveValue("1");
    await input.fill("-4");
    await expect(input).toHaveValue("1");

    await increase.click();
    await increase.click();
    await expect(input).toHaveValue("3");
    await expect(increase).toBeDisabled();

    // What was chosen is what gets added.
    await addButton(page).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("3");
  });

  test("an out-of-stock product cannot be added", async ({ page }) => {
    const p = CATALOG.wdPassport; // stock 0
    await gotoHydrated(page, productPath(p));
    await expect(page.getByText("Out of Stock", { exact: true })).toBeVisible();
    await expect(page.getByText(/In Stock \(/)).toHaveCount(0);
    await expect(addButton(page)).toBeDisabled();
    await expect(quantityInput(page)).toBeDisabled();
    await expect(page.getByRole("button", { name: "Increase quantity" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  });

  test("describes the product to search engines (JSON-LD)", async ({ page }) => {
    const p = CATALOG.gamingPc;
    await page.goto(productPath(p));
    const ld = await productJsonLd(page);
    expect(ld["@context"]).toBe("https://schema.org");
    expect(ld.name).toBe(p.name);
    const offers = ld.offers as Record<string, unknown>;
    expect(offers.priceCurrency).toBe("INR");
    expect(Number(offers.price)).toBe(p.price);
    expect(offers.availability).toBe("https://schema.org/InStock");

    await page.goto(productPath(CATALOG.dellInspiron));
    const outOfStock = await productJsonLd(page);
    expect(outOfStock.name).toBe(CATALOG.dellInspiron.name);
    expect((outOfStock.offers as Record<string, unknown>).availability).toBe("https://schema.org/OutOfStock");
  });

  test("an unknown product id shows Product Not Found with HTTP 404", async ({ page }) => {
    const response = await page.goto("/products/product-that-does-not-exist");
    expect(response?.status()).toBe(404);
    expect(new URL(page.url()).pathname).toBe("/not-found");
    expect(new URL(page.url()).searchParams.has("product")).toBe(true);
    await expect(page.getByText("The product you're looking for doesn't exist or has been removed")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Back to Products" }).click();
    await expect(page).toHaveURL("/products");
    await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
  });

  test("odd product ids never cause a server error", async ({ request }) => {
    for (const id of ["%00", "..%2F..%2Fetc%2Fpasswd", "a".repeat(3000), "%F0%9F%98%80", "'%20OR%201=1--", "product-asus-tuf-gaming-a15%20"]) {
      const response = await request.get(`/products/${id}`);
      expect(response.status(), id.slice(0, 40)).toBeLessThan(500);
    }
  });
});
