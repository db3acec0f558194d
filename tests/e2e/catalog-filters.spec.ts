import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { withCatalogueLock } from "../support/catalogue-lock";
import { gotoHydrated } from "../support/hydration";
import { cardNames, catalogueResults } from "../support/shop";

/**
 * /products' filters (issue 14): brand, price range and the category's attributes, each value
 * with its count, OR inside a filter and AND across, every choice in the URL and a chip. The demo
 * catalogue's laptops: ASUS TUF A15 (512 GB, AMD, ₹82,990), MacBook Air (256 GB, Apple, ₹99,900),
 * IdeaPad Slim 5 (1 TB, AMD, ₹74,990), Victus 15 (512 GB, AMD, ₹71,990), Inspiron 15 (512 GB, Intel, ₹64,990).
 */

function filters(page: Page): Locator {
  return page.getByRole("form", { name: "Filters" });
}

function option(scope: Locator, filter: string, value: string): Locator {
  return scope.getByRole("group", { name: filter, exact: true }).getByRole("checkbox", { name: new RegExp(`^${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(`) });
}

/** "ASUS (1)" → 1: the count beside a value. */
async function countOf(scope: Locator, filter: string, value: string): Promise<number> {
  const id = await option(scope, filter, value).getAttribute("id");
  const text = (await scope.locator(`label[for="${id}"]`).textContent()) ?? "";
  return Number(/\(([\d,]+)\)\s*$/.exec(text)?.[1]?.replace(/,/g, ""));
}

function chips(page: Page): Locator {
  return page.getByLabel("Active filters");
}

/** The page's query parameters, leaving out what forms send as defaults (an empty search, the default sort). */
function params(page: Page): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of new URL(page.url()).searchParams) {
    if ((k === "q" && v === "") || (k === "sort" && v === "price-asc")) continue;
    (out[k] ??= []).push(v);
  }
  for (const values of Object.values(out)) values.sort();
  return out;
}

test.describe("catalogue filters", () => {
  test("narrow the laptops with counts, combine OR inside and AND across, and live in the URL", async ({ page }) => {
    await withCatalogueLock(async () => {
      await gotoHydrated(page, "/products?category=Laptop");
      const f = filters(page);
      await expect(page.getByText("5 products")).toBeVisible();
      expect(await countOf(f, "Storage", "512 GB")).toBe(3);
      expect(await countOf(f, "Processor Brand", "AMD")).toBe(3);

      await option(f, "Storage", "512 GB").check();
      await expect.poll(() => params(page)).toEqual({ category: ["Laptop"], storage: ["512"] });
      await expect(page.getByText("3 products")).toBeVisible();
      await expect(chips(page).getByRole("link", { name: "Storage: 512 GB, remove filter" })).toBeVisible();
      // Counts follow the other filters: of the 512 GB laptops, two have AMD and one Intel;
      // the storage filter's own counts do not shrink to the chosen value.
      expect(await countOf(f, "Processor Brand", "AMD")).toBe(2);
      expect(await countOf(f, "Processor Brand", "Intel")).toBe(1);
      expect(await countOf(f, "Storage", "1 TB")).toBe(1);

      // OR inside a filter.
      await option(f, "Storage", "1 TB").check();
      await expect.poll(() => params(page)).toEqual({ category: ["Laptop"], storage: ["1000", "512"] });
      await expect(page.getByText("4 products")).toBeVisible();

      // AND across filters.
      await option(f, "Processor Brand", "AMD").check();
      await expect(page.getByText("3 products")).toBeVisible();
      await option(f, "Brand", "HP").check();
      await expect.poll(() => params(page)).toEqual({ category: ["Laptop"], storage: ["1000", "512"], processorBrand: ["AMD"], brand: ["HP"] });
      await expect(page.getByText("1 product", { exact: true })).toBeVisible();
      expect(await cardNames(catalogueResults(page))).toEqual(["HP Victus 15 (Ryzen 5 8645HS, RTX 4050)"]);

      // The back button goes back one choice, boxes and all.
      await page.goBack();
      await expect(page.getByText("3 products")).toBeVisible();
      await expect(option(f, "Brand", "HP")).not.toBeChecked();
      await expect(option(f, "Processor Brand", "AMD")).toBeChecked();

      // The URL is shareable: a fresh visit shows the same.
      const url = page.url();
      const other = await page.context().newPage();
      await other.goto(url);
      await expect(other.getByText("3 products")).toBeVisible();
      await expect(option(filters(other), "Processor Brand", "AMD")).toBeChecked();
      await other.close();

      // A chip takes its own value away; Clear all takes everything.
      await chips(page).getByRole("link", { name: "Storage: 1 TB, remove filter" }).click();
      await expect.poll(() => params(page)).toEqual({ category: ["Laptop"], storage: ["512"], processorBrand: ["AMD"] });
      await expect(page.getByText("2 products")).toBeVisible();
      await chips(page).getByRole("link", { name: "Clear all" }).click();
      await expect(page).toHaveURL(/\/products$/);
    });
  });

  test("sorting, searching and changing category keep the filters that still apply", async ({ page }) => {
    await gotoHydrated(page, "/products?category=Laptop&processorBrand=AMD&price=50000-75000");
    await page.getByRole("search").getByLabel("Sort by").selectOption("price-desc");
    await expect.poll(() => params(page)).toEqual({ category: ["Laptop"], processorBrand: ["AMD"], price: ["50000-75000"], sort: ["price-desc"] });
    await expect(page.getByText("2 products")).toBeVisible();
    // The count was "2 products" before the sort too: wait for the new order, not the count.
    await expect.poll(() => cardNames(catalogueResults(page))).toEqual(["Lenovo IdeaPad Slim 5 14 OLED (Ryzen 7 8845HS)", "HP Victus 15 (Ryzen 5 8645HS, RTX 4050)"]);

    // A search keeps them too.
    await page.getByRole("search").getByLabel("Search products").fill("ryzen");
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    await expect.poll(() => params(page)).toEqual({ category: ["Laptop"], processorBrand: ["AMD"], price: ["50000-75000"], sort: ["price-desc"], q: ["ryzen"] });
    await expect(page.getByText("2 products")).toBeVisible();
    await page.goBack();
    // Back changes the address at once; the page (and its links) follow once its data has come.
    const desktop = page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Desktop" });
    await expect(desktop).not.toHaveAttribute("href", /[?&]q=/);

    // Another category keeps brand and price, not the laptop's own attributes.
    await desktop.click();
    await expect.poll(() => params(page)).toEqual({ category: ["Desktop"], price: ["50000-75000"], sort: ["price-desc"] });
    await expect(chips(page).getByRole("link", { name: "Price: ₹50,000 to ₹75,000, remove filter" })).toBeVisible();
    await expect(chips(page).getByRole("link", { name: /Processor Brand/ })).toHaveCount(0);
  });

  test("a filter with nothing to show still says so, and the page passes an accessibility check", async ({ page }) => {
    await gotoHydrated(page, "/products?category=Laptop&brand=Nokia");
    await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
    await expect(option(filters(page), "Brand", "Nokia")).toBeChecked();
    expect(await countOf(filters(page), "Brand", "Nokia")).toBe(0);
    await gotoHydrated(page, "/products?category=Monitor&refreshRate=165");
    await expectNoAxeViolations(page);
  });

  test("without JavaScript the filters are a form with an Apply Filters button", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto("/products?category=Monitor");
    const f = filters(page);
    await option(f, "Refresh Rate", "165 Hz").check();
    await f.getByRole("button", { name: "Apply Filters" }).click();
    await expect.poll(() => params(page)).toEqual({ category: ["Monitor"], refreshRate: ["165"] });
    await expect.poll(() => cardNames(catalogueResults(page))).toEqual(["LG UltraGear 27GR75Q 27-inch QHD Gaming Monitor"]);
    await expect(page.getByText("1 product", { exact: true })).toBeVisible();
    await expect(chips(page).getByRole("link", { name: "Refresh Rate: 165 Hz, remove filter" })).toBeVisible();
    await context.close();
  });

  test("the phone panel lists the filters with counts and applies them @mobile", async ({ page }) => {
    await gotoHydrated(page, "/products?category=Laptop");
    await page.getByRole("link", { name: "Filters" }).click();
    const dialog = page.getByRole("dialog", { name: "Filters" });
    await expect(dialog).toBeVisible();
    expect(await countOf(dialog, "Brand", "Apple")).toBe(1);
    await option(dialog, "Brand", "Apple").check();
    await option(dialog, "Brand", "Dell").check();
    await dialog.getByRole("button", { name: "Apply Filters" }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => params(page)).toEqual({ category: ["Laptop"], brand: ["Apple", "Dell"] });
    await expect(chips(page).getByRole("link", { name: "Brand: Apple, remove filter" })).toBeVisible();
    await expect(page.getByText("2 products")).toBeVisible();
  });
});
