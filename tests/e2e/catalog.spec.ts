import { expect, test, type Page } from "@playwright/test";
import { PAGE_SIZE } from "~/modules/catalog/search";
import { ALL_PRODUCTS, CATALOG, PC_PARTS } from "../support/catalog";
import { withCatalogueLock } from "../support/catalogue-lock";
import { gotoHydrated } from "../support/hydration";
import { cardNames, cardPrices, catalogueResults, expectCatalogueQuery, productCards } from "../support/shop";

const byName = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0);
const ascending = (xs: number[]) => [...xs].sort((a, b) => a - b);
const descending = (xs: number[]) => [...xs].sort((a, b) => b - a);

function categoryNav(page: Page) {
  return page.getByRole("navigation", { name: "Categories" });
}

function sortSelect(page: Page) {
  return page.getByRole("search").getByLabel("Sort by");
}

test.describe("catalogue", () => {
  test("lists all 43 products over two pages, cheapest first", async ({ page }) => {
    await withCatalogueLock(async () => {
      const response = await page.goto("/products");
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
      await expect(page.getByText(`${ALL_PRODUCTS.length} products`, { exact: true })).toBeVisible();
      await expect(productCards(catalogueResults(page))).toHaveCount(PAGE_SIZE);
      const first = await cardNames(catalogueResults(page));
      await page.goto("/products?page=2");
      await expect(productCards(catalogueResults(page))).toHaveCount(ALL_PRODUCTS.length - PAGE_SIZE);
      const second = await cardNames(catalogueResults(page));
      expect([...first, ...second].sort()).toEqual(ALL_PRODUCTS.map((p) => p.name).sort());
    });
    // The sixteen products and the PC parts take two pages: the first links to the next only.
    await page.goto("/products");
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination.getByText("Page 1 of 2")).toBeVisible();
    await expect(pagination.getByRole("link", { name: "Next" })).toHaveAttribute("href", "/products?page=2");
    await expect(pagination.getByRole("link", { name: "Previous" })).toHaveCount(0);

    await expect(sortSelect(page)).toHaveValue("price-asc");
    // (Exact prices are checked on category views: other suites may change a product's price.)
    const prices = await cardPrices(catalogueResults(page));
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual(ascending(prices));
    await expect(categoryNav(page).getByRole("link", { name: "All", exact: true })).toHaveAttribute("aria-current", "page");
    // No filters, no chips.
    await expect(page.getByRole("link", { name: /, remove filter$/ })).toHaveCount(0);
  });

  test("shows each card's name, category, price and link", async ({ page }) => {
    await page.goto("/products?category=Audio");
    const cards = productCards(catalogueResults(page));
    await expect(cards).toHaveCount(1);
    const card = cards.first();
    const p = CATALOG.sonyHeadphones;
    await expect(card.getByRole("heading", { level: 3, name: p.name })).toBeVisible();
    await expect(card.getByText("Audio", { exact: true })).toBeVisible();
    await expect(card.getByText(p.priceText, { exact: true })).toBeVisible();
    await expect(card.getByRole("link", { name: p.name })).toHaveAttribute("href", `/products/${p.id}`);
    await expect(card.getByRole("button", { name: `Add to Cart: ${p.name}` })).toBeEnabled();
  });

  test("sorts by price, high to low, from the Sort by select", async ({ page }) => {
    await gotoHydrated(page, "/products");
    await sortSelect(page).selectOption("price-desc");
    await expectCatalogueQuery(page, { sort: "price-desc" });
    await expect(sortSelect(page)).toHaveValue("price-desc");
    // Polled: the listing re-renders once the sorted page has loaded.
    await expect.poll(async () => {
      const prices = await cardPrices(catalogueResults(page));
      return prices.length > 1 && prices.join() === descending(prices).join() && prices.join() !== ascending(prices).join();
    }).toBe(true);
  });

  test("sorts by price, low to high, back from high to low", async ({ page }) => {
    await gotoHydrated(page, "/products?sort=price-desc");
    await sortSelect(page).selectOption({ label: "Price: Low to High" });
    await expectCatalogueQuery(page, { sort: "price-asc" });
    await expect.poll(async () => {
      const prices = await cardPrices(catalogueResults(page));
      return prices.length > 1 && prices.join() === ascending(prices).join() && prices.join() !== descending(prices).join();
    }).toBe(true);
  });

  test("sorts by name, A to Z and Z to A", async ({ page }) => {
    await gotoHydrated(page, "/products");
    await sortSelect(page).selectOption({ label: "Name: A to Z" });
    await expectCatalogueQuery(page, { sort: "name-asc" });
    await expect.poll(async () => (await cardNames(catalogueResults(page)))[0]).toBe(PC_PARTS.ryzen5_5600.name);
    const az = await cardNames(catalogueResults(page));
    expect(az).toEqual([...az].sort(byName));
    expect(az).toEqual(ALL_PRODUCTS.map((p) => p.name).sort(byName).slice(0, PAGE_SIZE));

    await sortSelect(page).selectOption({ label: "Name: Z to A" });
    await expectCatalogueQuery(page, { sort: "name-desc" });
    await expect.poll(async () => (await cardNames(catalogueResults(page)))[0]).toBe(CATALOG.zotacGpu.name);
    const za = await cardNames(catalogueResults(page));
    expect(za).toEqual([...za].sort(byName).reverse());
    expect(za).toEqual(ALL_PRODUCTS.map((p) => p.name).sort(byName).reverse().slice(0, PAGE_SIZE));
  });

  test("sorting keeps the category and search", async ({ page }) => {
    await gotoHydrated(page, "/products?category=Laptop&q=ryzen");
    await sortSelect(page).selectOption("price-desc");
    await expectCatalogueQuery(page, { category: "Laptop", q: "ryzen", sort: "price-desc" });
    await expect.poll(async () => cardPrices(catalogueResults(page))).toEqual([
      CATALOG.asusTuf.price,
      CATALOG.lenovoIdeapad.price,
      CATALOG.hpVictus.price,
    ]);
  });

  test("filters by category from the category list", async ({ page }) => {
    await gotoHydrated(page, "/products");
    await categoryNav(page).getByRole("link", { name: "Laptop", exact: true }).click();
    await expect(page).toHaveURL("/products?category=Laptop");
    await expect(page.getByRole("heading", { level: 1, name: "Laptop" })).toBeVisible();
    await expect(page.getByText("5 products", { exact: true })).toBeVisible();
    await expect(categoryNav(page).getByRole("link", { name: "Laptop", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(categoryNav(page).getByRole("link", { name: "All", exact: true })).not.toHaveAttribute("aria-current", "page");

    const cards = productCards(catalogueResults(page));
    await expect(cards).toHaveCount(5);
    for (const card of await cards.all()) {
      await expect(card.getByText("Laptop", { exact: true })).toBeVisible();
    }
    const laptops = ALL_PRODUCTS.filter((p) => p.category === "Laptop");
    expect((await cardNames(catalogueResults(page))).sort()).toEqual(laptops.map((p) => p.name).sort());
    const prices = await cardPrices(catalogueResults(page));
    expect(prices).toEqual(ascending(laptops.map((p) => p.price)));
    await expect(page.getByRole("link", { name: "Category: Laptop, remove filter" })).toBeVisible();
  });

  test("every category shows only its own products", async ({ page }) => {
    for (const category of ["Monitor", "Component", "Peripherals", "Storage", "Audio"] as const) {
      await page.goto(`/products?category=${category}`);
      await expect(page.getByRole("heading", { level: 1, name: category })).toBeVisible();
      const expected = ALL_PRODUCTS.filter((p) => p.category === category).map((p) => p.name).sort();
      const countText = expected.length === 1 ? "1 product" : `${expected.length} products`;
      await expect(page.getByText(countText, { exact: true })).toBeVisible();
      // Components (the PC parts among them) take more than a page: read them page by page.
      const names: string[] = [];
      for (let n = 1; n <= Math.ceil(expected.length / PAGE_SIZE); n++) {
        if (n > 1) await page.goto(`/products?category=${category}&page=${n}`);
        await expect(productCards(catalogueResults(page))).toHaveCount(Math.min(PAGE_SIZE, expected.length - (n - 1) * PAGE_SIZE));
        names.push(...(await cardNames(catalogueResults(page))));
      }
      expect(names.sort()).toEqual(expected);
    }
  });

  test("search narrows the list and shows a chip", async ({ page }) => {
    await gotoHydrated(page, "/products");
    const search = page.getByRole("search");
    await search.getByLabel("Search products").fill("asus");
    await search.getByRole("button", { name: "Search" }).click();
    await expectCatalogueQuery(page, { q: "asus" });
    // The URL changes before the new results are in: read them until they are.
    await expect.poll(() => cardNames(catalogueResults(page))).toEqual([CATALOG.asusTuf.name]);
    await expect(page.getByText("1 product", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Search: asus, remove filter" })).toBeVisible();
    await expect(search.getByLabel("Search products")).toHaveValue("asus");
  });

  test("search matches word prefixes, case-insensitively", async ({ page }) => {
    await page.goto("/products?q=asu");
    expect(await cardNames(catalogueResults(page))).toEqual([CATALOG.asusTuf.name]);
    await page.goto("/products?q=SAMS");
    expect(await cardNames(catalogueResults(page))).toEqual([CATALOG.samsungSsd.name]);
  });

  test("every search word must match", async ({ page }) => {
    await page.goto("/products?q=logitech");
    await expect(page.getByText("2 products", { exact: true })).toBeVisible();
    expect((await cardNames(catalogueResults(page))).sort()).toEqual([CATALOG.g213Keyboard.name, CATALOG.mxMaster.name].sort());

    await page.goto("/products?q=logitech+mouse");
    await expect(page.getByText("1 product", { exact: true })).toBeVisible();
    expect(await cardNames(catalogueResults(page))).toEqual([CATALOG.mxMaster.name]);

    await page.goto("/products?q=logitech+monitor");
    await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
  });

  test("search within a category", async ({ page }) => {
    await page.goto("/products?category=Laptop&q=ryzen");
    await expect(page.getByText("3 products", { exact: true })).toBeVisible();
    expect((await cardNames(catalogueResults(page))).sort()).toEqual(
      [CATALOG.asusTuf.name, CATALOG.lenovoIdeapad.name, CATALOG.hpVictus.name].sort(),
    );
    await expect(page.getByRole("link", { name: "Category: Laptop, remove filter" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Search: ryzen, remove filter" })).toBeVisible();
  });

  test("shows No products found for a search without results", async ({ page }) => {
    await gotoHydrated(page, "/products");
    await page.getByLabel("Search products").fill("zzqqxx");
    await page.getByLabel("Search products").press("Enter");
    await expectCatalogueQuery(page, { q: "zzqqxx" });
    await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
    await expect(page.getByText("0 products", { exact: true })).toBeVisible();
    await expect(productCards(catalogueResults(page))).toHaveCount(0);
    await catalogueResults(page).getByRole("link", { name: "Clear all" }).click();
    await expect(page).toHaveURL("/products");
    await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
  });

  test("filter chips remove one filter each; Clear all removes all", async ({ page }) => {
    await gotoHydrated(page, "/products?category=Laptop&q=asus");
    await expect(page.getByText("1 product", { exact: true })).toBeVisible();

    await page.getByRole("link", { name: "Search: asus, remove filter" }).click();
    await expect(page).toHaveURL("/products?category=Laptop");
    await expect(page.getByText("5 products", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Search: asus, remove filter" })).toHaveCount(0);
    await expect(page.getByLabel("Search products")).toHaveValue("");

    await page.goto("/products?category=Laptop&q=asus&sort=name-asc");
    await page.getByRole("link", { name: "Category: Laptop, remove filter" }).click();
    await expect(page).toHaveURL("/products?q=asus&sort=name-asc");
    await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
    await expect.poll(() => cardNames(catalogueResults(page))).toEqual([CATALOG.asusTuf.name]);

    await page.goto("/products?category=Laptop&q=asus");
    await page.getByRole("link", { name: "Clear all", exact: true }).click();
    await expect(page).toHaveURL("/products");
    await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
    await expect(page.getByRole("link", { name: /, remove filter$/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Clear all", exact: true })).toHaveCount(0);
    await expect(page.getByLabel("Search products")).toHaveValue("");
  });

  test("Add to Cart on a catalogue card adds one, and is disabled when out of stock", async ({ page }) => {
    await gotoHydrated(page, "/products?category=Storage");
    const results = catalogueResults(page);
    await expect(results.getByRole("button", { name: `Add to Cart: ${CATALOG.wdPassport.name}` })).toBeDisabled();
    await expect(results.getByText("Out of Stock")).toHaveCount(1);
    await results.getByRole("button", { name: `Add to Cart: ${CATALOG.samsungSsd.name}` }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await expect(page).toHaveURL("/products?category=Storage");
  });

  test("a category link from the product page breadcrumb opens the filtered catalogue", async ({ page }) => {
    await gotoHydrated(page, `/products/${CATALOG.benqMonitor.id}`);
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Monitor" }).click();
    await expect(page).toHaveURL("/products?category=Monitor");
    await expect(page.getByRole("heading", { level: 1, name: "Monitor" })).toBeVisible();
  });
});

test.describe("catalogue with bad input", () => {
  test("an unknown category shows all products", async ({ page }) => {
    await withCatalogueLock(async () => {
      const response = await page.goto("/products?category=Toasters");
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
      await expect(page.getByText(`${ALL_PRODUCTS.length} products`, { exact: true })).toBeVisible();
    });
    await expect(page.getByRole("link", { name: /^Category: .*, remove filter$/ })).toHaveCount(0);
  });

  test("a category in another letter case is understood", async ({ page }) => {
    const response = await page.goto("/products?category=laptop");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Laptop" })).toBeVisible();
    await expect(page.getByText("5 products", { exact: true })).toBeVisible();
  });

  test("an unknown sort falls back to price, low to high", async ({ page }) => {
    const response = await page.goto("/products?sort=cheapest-first");
    expect(response?.status()).toBe(200);
    await expect(sortSelect(page)).toHaveValue("price-asc");
    const prices = await cardPrices(catalogueResults(page));
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual(ascending(prices));
  });

  test("a 5000-character search is handled", async ({ page }) => {
    const response = await page.goto(`/products?q=${"a".repeat(5000)}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
    // The search box keeps a bounded value.
    const value = await page.getByLabel("Search products").inputValue();
    expect(value.length).toBeGreaterThan(0);
    expect(value.length).toBeLessThanOrEqual(200);
  });

  test("bad page numbers show the first page, and pages past the end the last", async ({ page }) => {
    await withCatalogueLock(async () => {
      for (const p of ["-1", "abc", "0", "1.5", "99999999999999999999"]) {
        const response = await page.goto(`/products?page=${p}`);
        expect(response?.status(), `page=${p}`).toBe(200);
        await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
        await expect(page.getByText(`${ALL_PRODUCTS.length} products`, { exact: true })).toBeVisible();
        await expect(page.getByRole("navigation", { name: "Pagination" }).getByText("Page 1 of 2")).toBeVisible();
        await expect(productCards(catalogueResults(page))).toHaveCount(PAGE_SIZE);
      }
      // Past the end: the last page.
      for (const p of ["999"]) {
        const response = await page.goto(`/products?page=${p}`);
        expect(response?.status(), `page=${p}`).toBe(200);
        await expect(page.getByRole("navigation", { name: "Pagination" }).getByText("Page 2 of 2")).toBeVisible();
        await expect(productCards(catalogueResults(page))).toHaveCount(ALL_PRODUCTS.length - PAGE_SIZE);
      }
    });
  });

  test("odd query strings never cause a server error", async ({ request }) => {
    const queries = [
      "category=",
      "category=%00",
      "category[]=Laptop",
      "sort=",
      "sort[]=price-desc",
      "q=",
      "q=%25",
      "q=%00%01%02",
      "q=%F0%9F%98%80",
      "q=%27%20OR%201%3D1--",
      "q=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
      "q=a&q=b&q=c",
      "page=",
      "page=%2B1",
      "page=1e9",
      "page=0x10",
      `q=${"%20".repeat(2000)}`,
      `q=${"word ".repeat(500)}`,
    ];
    for (const query of queries) {
      const response = await request.get(`/products?${query}`);
      expect(response.status(), query).toBe(200);
      const html = await response.text();
      expect(html, query).toMatch(/\d+ products?/);
      expect(html, query).not.toContain("<script>alert(1)</script>");
    }
  });

  test("a search with markup is shown as text, not run", async ({ page }) => {
    const errors: string[] = [];
    page.on("dialog", (d) => {
      errors.push(d.message());
      void d.dismiss();
    });
    await gotoHydrated(page, "/products?q=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E");
    await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Search: <img.*, remove filter$/ })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
