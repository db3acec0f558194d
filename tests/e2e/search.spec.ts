import { expect, test, type Page } from "@playwright/test";
import { CATALOG, PC_PARTS } from "../support/catalog";
import { expectNoAxeViolations } from "../support/axe";
import { gotoHydrated } from "../support/hydration";
import { cardNames, catalogueResults, expectCatalogueQuery } from "../support/shop";

function searchBox(page: Page) {
  return page.getByRole("search").getByLabel("Search products");
}

function sortSelect(page: Page) {
  return page.getByRole("search").getByLabel("Sort by");
}

const LAPTOPS = [CATALOG.asusTuf, CATALOG.macbookAir, CATALOG.lenovoIdeapad, CATALOG.hpVictus, CATALOG.dellInspiron].map((p) => p.name);

test.describe("forgiving, ranked search", () => {
  test("forgives a typo", async ({ page }) => {
    await page.goto("/products?q=laptp");
    const names = await cardNames(catalogueResults(page));
    for (const laptop of LAPTOPS) expect(names).toContain(laptop);
    await expect(page.getByRole("heading", { name: "No products found" })).toHaveCount(0);
  });

  test("finds a model number written together", async ({ page }) => {
    await page.goto("/products?q=rtx4060");
    // Both have "RTX 4060" in their names; the cheaper ranks first.
    expect(await cardNames(catalogueResults(page))).toEqual([PC_PARTS.rtx4060Ti.name, CATALOG.asusTuf.name]);
  });

  test("ranks name matches first, cheapest first among equals", async ({ page }) => {
    await page.goto("/products?q=gaming");
    const names = await cardNames(catalogueResults(page));
    // "Gaming" is in these products' names, in price order; any product with it only in its
    // specifications or description comes after them.
    expect(names.slice(0, 5)).toEqual([CATALOG.g213Keyboard, CATALOG.lgMonitor, CATALOG.zotacGpu, CATALOG.asusTuf, CATALOG.gamingPc].map((p) => p.name));
  });

  test("offers Relevance while searching, and the four sorts still sort", async ({ page }) => {
    await gotoHydrated(page, "/products?q=ryzen");
    await expect(sortSelect(page)).toHaveValue("relevance");
    await expect(sortSelect(page).locator("option")).toHaveText(["Relevance", "Price: Low to High", "Price: High to Low", "Name: A to Z", "Name: Z to A", "Customer Rating"]);
    await sortSelect(page).selectOption({ label: "Price: Low to High" });
    await expect(page).toHaveURL("/products?q=ryzen&sort=price-asc");
    await expect(sortSelect(page)).toHaveValue("price-asc");

    // Without a search there is no Relevance, and the default stays price-asc.
    await gotoHydrated(page, "/products");
    await expect(sortSelect(page).locator("option")).toHaveText(["Price: Low to High", "Price: High to Low", "Name: A to Z", "Name: Z to A", "Customer Rating"]);
    await expect(sortSelect(page)).toHaveValue("price-asc");
    // A search started there ranks by relevance.
    await searchBox(page).fill("ryzen");
    await searchBox(page).press("Enter");
    await expect(page).toHaveURL("/products?q=ryzen");
    await expect(sortSelect(page)).toHaveValue("relevance");
  });

  test("suggests the closest search when nothing is found", async ({ page }) => {
    await gotoHydrated(page, "/products?q=logitek");
    await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
    const suggestion = catalogueResults(page).getByRole("link", { name: "“logitech”" });
    await expect(suggestion).toBeVisible();
    await expect(catalogueResults(page).getByText("Did you mean")).toBeVisible();
    await suggestion.click();
    await expectCatalogueQuery(page, { q: "logitech", sort: "price-asc" });
    await expect(page).toHaveURL("/products?q=logitech");
    // The URL changes before the new results are in: read them until they are.
    await expect.poll(async () => (await cardNames(catalogueResults(page))).sort()).toEqual([CATALOG.g213Keyboard.name, CATALOG.mxMaster.name].sort());
  });

  test("suggests products as you type, operable by keyboard and announced", async ({ page }) => {
    await gotoHydrated(page, "/products");
    const box = page.getByRole("combobox", { name: "Search products" });
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await box.pressSequentially("logi");
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await expect(box).toHaveAttribute("aria-controls", (await list.getAttribute("id"))!);
    const options = list.getByRole("option");
    // Two Logitech products, and the category holding them.
    await expect(options).toHaveCount(3);
    await expect(options.nth(2)).toHaveText(/logi in Peripherals/);
    await expect(page.getByRole("status").filter({ hasText: "suggestions" })).toHaveText("3 suggestions");
    await expectNoAxeViolations(page, { where: "search suggestions open" });

    await box.press("ArrowDown");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await options.first().getAttribute("id"))!);
    await box.press("ArrowDown");
    await box.press("ArrowUp");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");

    await box.press("Escape");
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(box).toHaveValue("logi");

    await box.press("ArrowDown");
    await expect(list).toBeVisible();
    const first = await options.first().textContent();
    // The cheaper of the two Logitech products ranks first (both have the word in their name).
    expect(first).toContain(CATALOG.g213Keyboard.name);
    await box.press("Enter");
    await expect(page).toHaveURL(`/products/${CATALOG.g213Keyboard.id}`);
    await expect(page.getByRole("heading", { level: 1, name: CATALOG.g213Keyboard.name })).toBeVisible();
  });

  test("Enter without a highlighted suggestion searches", async ({ page }) => {
    await gotoHydrated(page, "/products");
    const box = page.getByRole("combobox", { name: "Search products" });
    await box.pressSequentially("procesor");
    await expect(page.getByRole("listbox", { name: "Suggestions" })).toBeVisible();
    await box.press("Enter");
    await expect(page).toHaveURL("/products?q=procesor");
    await expect.poll(() => cardNames(catalogueResults(page))).toContain(CATALOG.ryzenCpu.name);
  });

  test("suggestions can be tapped on a phone @mobile", async ({ page }) => {
    await gotoHydrated(page, "/products");
    const box = page.getByRole("combobox", { name: "Search products" });
    await box.pressSequentially("samsng");
    const option = page.getByRole("option", { name: new RegExp(CATALOG.samsungSsd.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) });
    await expect(option).toBeVisible();
    await option.tap();
    await expect(page).toHaveURL(`/products/${CATALOG.samsungSsd.id}`);
  });
});

test.describe("search without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("is a plain GET search, typos forgiven, no suggestion list", async ({ page }) => {
    await page.goto("/products");
    const box = searchBox(page);
    await expect(box).not.toHaveAttribute("role", "combobox");
    await expect(page.getByRole("listbox")).toHaveCount(0);
    await box.fill("laptp");
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    await expectCatalogueQuery(page, { q: "laptp" });
    // The address changes when the new page starts to arrive, before its results are parsed.
    await expect.poll(() => cardNames(catalogueResults(page))).toEqual(expect.arrayContaining([...LAPTOPS]));
    await page.goto("/products?q=logitek");
    await page.getByRole("link", { name: "“logitech”" }).click();
    await expect(page).toHaveURL("/products?q=logitech");
  });
});
