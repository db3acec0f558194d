import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { main, signInVendor, signUp } from "../support/accounts";
import type { DemoItem } from "../support/catalog";
import { withCatalogueLock } from "../support/catalogue-lock";
import { expectNoHorizontalScroll, placeOrder, registerShopper } from "../support/checkout";
import { waitForHydration } from "../support/hydration";
import {
  MESSAGES,
  PNG_1X1,
  addProductByPost,
  fillDeclarations,
  postProduct,
  productById,
  productForm,
  productIdNamed,
  productsNamed,
  registerVendor,
  searchWordsOf,
  setVendorApproval,
  tag,
} from "../support/products";

test.describe.configure({ timeout: 90_000 });

/**
 * /vendor/products and its add, edit and delete screens. Every test registers its own vendors
 * through /vendor/register (pending approval: their products never reach the shop) and makes its
 * own products, mostly by posting the form's action directly, which is quick.
 */

function table(page: Page): Locator {
  return page.getByRole("region", { name: "My products" });
}

async function listedNames(page: Page): Promise<string[]> {
  return (await table(page).getByRole("rowheader").allTextContents()).map((s) => s.trim());
}

function rowOf(page: Page, name: string): Locator {
  return table(page)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name, exact: true }) });
}

/** The confirmation after a post (not the portal's own "under verification" status). */
function notice(page: Page): Locator {
  return main(page).getByRole("status").filter({ hasNotText: "Your vendor account is under verification." });
}

function field(page: Page, label: string): Locator {
  return main(page).getByLabel(label, { exact: true });
}

/** The message beside a field (its aria-describedby). */
async function expectFieldError(page: Page, label: string, message: string) {
  const input = field(page, label);
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

test.describe("vendor products list", () => {
  test("shows only the vendor's products, with search, sort, stock filters and badges", async ({ page }) => {
    const vendor = await registerVendor(page);
    await page.goto("/vendor/products");
    await expect(page.getByRole("heading", { level: 1, name: "My Products" })).toBeVisible();
    await expect(main(page).getByText(MESSAGES.noProducts)).toBeVisible();
    await expect(main(page).getByRole("link", { name: "Add Product" })).toHaveAttribute("href", "/vendor/products/new");

    const t = tag();
    const items = [
      { name: `Zeta ${t} Alpha Keyboard`, price: "1500", stock: "0", category: "Peripherals" },
      { name: `Zeta ${t} Beta Mouse`, price: "700", stock: "3", category: "Peripherals", featured: true },
      { name: `Zeta ${t} Gamma Monitor`, price: "12000", stock: "20", category: "Monitor" },
      { name: `Zeta ${t} Delta Mousepad`, price: "400", stock: "4", category: "Peripherals" },
    ];
    for (const item of items) await addProductByPost(page.request, "/vendor/products", item);
    const [alpha, beta, gamma, delta] = items.map((i) => i.name) as [string, string, string, string];

    await page.goto("/vendor/products");
    await waitForHydration(page);
    // Name: A to Z by default.
    expect(await listedNames(page)).toEqual([alpha, beta, delta, gamma]);
    await expect(rowOf(page, alpha)).toContainText("₹1,500");
    await expect(rowOf(page, alpha).getByText("Out of stock", { exact: true })).toBeVisible();
    await expect(rowOf(page, beta).getByText("Featured", { exact: true })).toBeVisible();
    await expect(rowOf(page, gamma).getByText("Active", { exact: true })).toBeVisible();
    await expect(rowOf(page, gamma)).toContainText("₹12,000");
    await expect(rowOf(page, gamma).getByRole("cell", { name: "Monitor", exact: true })).toBeVisible();
    await expect(rowOf(page, gamma).getByRole("link", { name: `Edit ${gamma}` })).toHaveAttribute("href", `/vendor/products/${productIdNamed(gamma)}/edit`);
    await expect(main(page).getByText("Showing 1–4 of 4 products")).toBeVisible();

    const sort = main(page).getByLabel("Sort by");
    await expect(sort.getByRole("option")).toHaveText([
      "Name: A to Z",
      "Name: Z to A",
      "Price: Low to High",
      "Price: High to Low",
      "Stock: Low to High",
      "Stock: High to Low",
    ]);
    await sort.selectOption({ label: "Price: Low to High" });
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect.poll(() => listedNames(page)).toEqual([delta, beta, alpha, gamma]);
    await sort.selectOption({ label: "Price: High to Low" });
    await expect.poll(() => listedNames(page)).toEqual([gamma, alpha, beta, delta]);
    await sort.selectOption({ label: "Stock: Low to High" });
    await expect.poll(() => listedNames(page)).toEqual([alpha, beta, delta, gamma]);
    await sort.selectOption({ label: "Stock: High to Low" });
    await expect.poll(() => listedNames(page)).toEqual([gamma, delta, beta, alpha]);
    await sort.selectOption({ label: "Name: Z to A" });
    await expect.poll(() => listedNames(page)).toEqual([gamma, delta, beta, alpha]);
    await sort.selectOption({ label: "Name: A to Z" });
    await expect.poll(() => listedNames(page)).toEqual([alpha, beta, delta, gamma]);

    const stock = main(page).getByLabel("Stock", { exact: true });
    await expect(stock.getByRole("option")).toHaveText(["All Stock", "In Stock", "Low Stock", "Out of Stock"]);
    await stock.selectOption({ label: "Low Stock" });
    await expect(page).toHaveURL(/stock=low/);
    await expect.poll(() => listedNames(page)).toEqual([beta, delta]);
    await stock.selectOption({ label: "Out of Stock" });
    await expect.poll(() => listedNames(page)).toEqual([alpha]);
    await stock.selectOption({ label: "In Stock" });
    await expect.poll(() => listedNames(page)).toEqual([beta, delta, gamma]);
    await stock.selectOption({ label: "All Stock" });
    await expect.poll(() => listedNames(page)).toEqual([alpha, beta, delta, gamma]);

    const search = main(page).getByRole("searchbox", { name: "Search products" });
    await search.fill("mouse");
    await main(page).getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/q=mouse/);
    await expect.poll(() => listedNames(page)).toEqual([beta, delta]);
    await search.fill("mousepad");
    await search.press("Enter");
    await expect.poll(() => listedNames(page)).toEqual([delta]);
    await search.fill(`nothing${t}`);
    await search.press("Enter");
    await expect(main(page).getByText(MESSAGES.noProducts)).toBeVisible();
    await expect(table(page)).toHaveCount(0);

    // A demo vendor's product is not among them, searched by name or by id.
    await page.goto("/vendor/products?q=logitech");
    await expect(main(page).getByText(MESSAGES.noProducts)).toBeVisible();
    await page.goto("/vendor/products?q=product-logitech-g213-prodigy");
    await expect(main(page).getByText(MESSAGES.noProducts)).toBeVisible();
    expect(vendor.vendorId).toMatch(/^vendor-/);
  });

  test("pages a long list, keeping the search", async ({ page }) => {
    await registerVendor(page);
    const t = tag();
    for (let i = 1; i <= 22; i++) await addProductByPost(page.request, "/vendor/products", { name: `Paged ${t} Item ${String(i).padStart(2, "0")}`, price: "100", stock: "5", category: "Storage" });
    await addProductByPost(page.request, "/vendor/products", { name: `Other ${t} Thing`, price: "100", stock: "5", category: "Storage" });
    await page.goto(`/vendor/products?q=paged`);
    await expect(main(page).getByText("Showing 1–20 of 22 products")).toBeVisible();
    expect(await listedNames(page)).toHaveLength(20);
    await expect(main(page).getByText("Page 1 of 2")).toBeVisible();
    await main(page).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/vendor\/products\?q=paged&page=2$/);
    await expect.poll(() => listedNames(page)).toEqual([`Paged ${t} Item 21`, `Paged ${t} Item 22`]);
    await expect(main(page).getByText("Showing 21–22 of 22 products")).toBeVisible();
    await main(page).getByRole("link", { name: "Previous" }).click();
    await expect(main(page).getByText("Page 1 of 2")).toBeVisible();
  });

  test("filters and searches without JavaScript", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await registerVendor(page);
    const t = tag();
    await addProductByPost(page.request, "/vendor/products", { name: `Nojs ${t} Empty Drive`, price: "5000", stock: "0", category: "Storage" });
    await addProductByPost(page.request, "/vendor/products", { name: `Nojs ${t} Full Drive`, price: "6000", stock: "9", category: "Storage" });
    await page.goto("/vendor/products");
    await main(page).getByLabel("Stock", { exact: true }).selectOption({ label: "Out of Stock" });
    await main(page).getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/stock=out/);
    await expect.poll(() => listedNames(page)).toEqual([`Nojs ${t} Empty Drive`]);
    await context.close();
  });
});

test.describe("vendor product form", () => {
  test("adds a product with an image that then loads, and it is the vendor's own", async ({ page }) => {
    const vendor = await registerVendor(page);
    await page.goto("/vendor/products");
    await main(page).getByRole("link", { name: "Add Product" }).click();
    await expect(page).toHaveURL(/\/vendor\/products\/new$/);
    await expect(page.getByRole("heading", { level: 1, name: "Add Product" })).toBeVisible();
    await waitForHydration(page);

    const name = `Aurora ${tag()} Wireless Keyboard`;
    await field(page, "Name").fill(name);
    await field(page, "Description").fill("A slim wireless keyboard with backlit keys.");
    await field(page, "Price (₹)").fill("2,499.50");
    await field(page, "Category").selectOption("Peripherals");
    await field(page, "Stock").fill("15");
    await main(page).getByRole("checkbox", { name: "Featured" }).check();
    await field(page, "Specification 1 name").fill("Connectivity");
    await field(page, "Specification 1 value").fill("Bluetooth 5.1");
    await field(page, "Specification 2 name").fill("Battery Life");
    await field(page, "Specification 2 value").fill("10 days");
    await main(page).getByRole("button", { name: "Add row" }).click();
    await expect(field(page, "Specification 4 name")).toBeVisible();
    await main(page).getByRole("button", { name: "Remove specification 3" }).click();
    await expect(field(page, "Specification 4 name")).toHaveCount(0);
    await fillDeclarations(page);
    await main(page).getByLabel(/^Image/).setInputFiles({ name: "keyboard.png", mimeType: "image/png", buffer: PNG_1X1 });
    await expect(main(page).getByRole("img", { name: "Preview of the chosen image" })).toBeVisible();
    await main(page).getByRole("button", { name: "Add Product" }).click();

    await expect(page).toHaveURL(/\/vendor\/products$/);
    await expect(notice(page)).toHaveText(`“${name}” was added.`);
    const row = rowOf(page, name);
    await expect(row).toContainText("₹2,500");
    await expect(row.getByText("Featured", { exact: true })).toBeVisible();

    const stored = productsNamed(name);
    expect(stored).toHaveLength(1);
    const p = stored[0]!;
    expect(p).toMatchObject({ vendor_id: vendor.vendorId, price_paise: 249_950, stock: 15, featured: 1, category: "Peripherals", status: "active", listed: 0 });
    expect(JSON.parse(p.specifications)).toEqual({ Connectivity: "Bluetooth 5.1", "Battery Life": "10 days" });
    expect(p.image_url).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\.png$/);
    expect(p.id).toMatch(/^product-[0-9a-f-]{36}$/);

    // The thumbnail is the uploaded file, served by the shop.
    const thumb = row.locator("img"); // decorative (alt=""): the name is in the next cell
    await expect(thumb).toHaveAttribute("src", p.image_url!);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    const served = await page.request.get(p.image_url!);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/png");
    expect(served.headers()["cache-control"]).toContain("max-age=31536000");
    expect(Buffer.from(await served.body()).equals(PNG_1X1)).toBe(true);

    // A pending vendor's product is not in the shop yet.
    expect((await page.request.get(`/products/${p.id}`, { maxRedirects: 0 })).status()).not.toBe(200);
  });

  test("edits a product; no new file keeps the image", async ({ page }) => {
    await registerVendor(page);
    const name = `Boreal ${tag()} Speaker`;
    const id = await addProductByPost(page.request, "/vendor/products", {
      name,
      price: "3000",
      stock: "8",
      category: "Audio",
      specs: [["Driver", "40 mm"]],
      image: { name: "s.png", mimeType: "image/png", buffer: PNG_1X1 },
    });
    const image = productById(id)!.image_url;
    await page.goto("/vendor/products");
    await rowOf(page, name).getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page).toHaveURL(`/vendor/products/${id}/edit`);
    await expect(page.getByRole("heading", { level: 1, name: "Edit Product" })).toBeVisible();
    await expect(field(page, "Name")).toHaveValue(name);
    await expect(field(page, "Price (₹)")).toHaveValue("3000");
    await expect(field(page, "Stock")).toHaveValue("8");
    await expect(field(page, "Category")).toHaveValue("Audio");
    await expect(field(page, "Specification 1 name")).toHaveValue("Driver");
    await expect(field(page, "Specification 1 value")).toHaveValue("40 mm");
    const current = main(page).getByRole("img", { name: "Current image" });
    await expect(current).toHaveAttribute("src", image!);
    await expect.poll(() => current.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

    await field(page, "Name").fill(`${name} Mk II`);
    await field(page, "Price (₹)").fill("2799");
    await field(page, "Stock").fill("0");
    await field(page, "Specification 1 value").fill("50 mm");
    await main(page).getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/vendor\/products$/);
    await expect(notice(page)).toHaveText(`Your changes to “${name} Mk II” were saved.`);
    await expect(rowOf(page, `${name} Mk II`)).toContainText("₹2,799");
    await expect(rowOf(page, `${name} Mk II`).getByText("Out of stock", { exact: true })).toBeVisible();
    expect(productById(id)).toMatchObject({ name: `${name} Mk II`, price_paise: 279_900, stock: 0, image_url: image, specifications: JSON.stringify({ Driver: "50 mm" }) });
    expect(searchWordsOf(id)).toContain("ii");
  });

  test("shows every validation message beside its field and keeps what was typed", async ({ page }) => {
    await registerVendor(page);
    await page.goto("/vendor/products/new");
    await waitForHydration(page);
    await main(page).getByRole("button", { name: "Add Product" }).click();
    await expect(main(page).getByRole("alert").first()).toHaveText(MESSAGES.form);
    await expectFieldError(page, "Name", MESSAGES.nameRequired);
    await expectFieldError(page, "Description", MESSAGES.descriptionRequired);
    await expectFieldError(page, "Price (₹)", MESSAGES.priceRequired);
    await expectFieldError(page, "Category", MESSAGES.categoryRequired);
    await expectFieldError(page, "Stock", MESSAGES.stockRequired);
    await expect(field(page, "Name")).toBeFocused();

    const cases: [string, string, string][] = [
      ["abc", "-1", MESSAGES.priceNotNumber],
      ["0", "1.5", MESSAGES.pricePositive],
      ["12.345", "100001", MESSAGES.priceDecimals],
      ["10000001", "ten", MESSAGES.priceTooHigh],
    ];
    for (const [price, stock, priceMessage] of cases) {
      await field(page, "Name").fill("x".repeat(121));
      await field(page, "Description").fill("y".repeat(5001));
      await field(page, "Price (₹)").fill(price);
      await field(page, "Stock").fill(stock);
      await field(page, "Category").selectOption("Storage");
      await main(page).getByRole("button", { name: "Add Product" }).click();
      await expectFieldError(page, "Price (₹)", priceMessage);
      await expectFieldError(page, "Stock", MESSAGES.stockWhole);
      await expectFieldError(page, "Name", MESSAGES.nameTooLong);
      await expectFieldError(page, "Description", MESSAGES.descriptionTooLong);
      await expect(field(page, "Price (₹)")).toHaveValue(price);
      await expect(field(page, "Stock")).toHaveValue(stock);
      await expect(field(page, "Category")).toHaveValue("Storage");
    }

    // Specification rows: both halves, no duplicates, lengths; the messages sit beside their row.
    await field(page, "Name").fill("Valid Name");
    await field(page, "Description").fill("Valid description.");
    await field(page, "Price (₹)").fill("999");
    await field(page, "Stock").fill("3");
    await field(page, "Specification 1 name").fill("Colour");
    await field(page, "Specification 2 value").fill("Black");
    await field(page, "Specification 3 name").fill("colour");
    await field(page, "Specification 3 value").fill("Blue");
    await main(page).getByRole("button", { name: "Add row" }).click();
    await field(page, "Specification 4 name").fill("k".repeat(61));
    await field(page, "Specification 4 value").fill("v");
    await main(page).getByRole("button", { name: "Add row" }).click();
    await field(page, "Specification 5 name").fill("Weight");
    await field(page, "Specification 5 value").fill("w".repeat(201));
    await main(page).getByRole("button", { name: "Add Product" }).click();
    await expectFieldError(page, "Specification 1 value", MESSAGES.specValueMissing);
    await expectFieldError(page, "Specification 2 name", MESSAGES.specKeyMissing);
    await expectFieldError(page, "Specification 3 name", MESSAGES.specDuplicate);
    await expectFieldError(page, "Specification 4 name", MESSAGES.specKeyTooLong);
    await expectFieldError(page, "Specification 5 value", MESSAGES.specValueTooLong);
    await expect(field(page, "Specification 3 value")).toHaveValue("Blue");
    await expect(field(page, "Name")).toHaveValue("Valid Name");
    await expect(field(page, "Name")).toHaveAttribute("aria-invalid", "false");

    // The browser checks a chosen image before sending it; the server checks again (below).
    const image = main(page).getByLabel(/^Image/);
    await image.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    await expect(image).toHaveAccessibleDescription(new RegExp(escapeRegExp(MESSAGES.imageType)));
    await image.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.concat([PNG_1X1, Buffer.alloc(2 * 1024 * 1024)]) });
    await expect(image).toHaveAccessibleDescription(new RegExp(escapeRegExp(MESSAGES.imageTooLarge)));
    expect(productsNamed("Valid Name").filter((p) => p.vendor_id)).toHaveLength(0);
  });

  test("adds a product without JavaScript, keeping what was typed after an error", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    const vendor = await registerVendor(page);
    await page.goto("/vendor/products/new");
    // Without JavaScript a few blank specification rows are there to fill.
    await expect(field(page, "Specification 3 name")).toBeVisible();
    await expect(main(page).getByRole("button", { name: "Add row" })).toHaveCount(0);
    const name = `Plain ${tag()} Form Router`;
    await field(page, "Name").fill(name);
    await field(page, "Description").fill("Dual-band router.");
    await field(page, "Price (₹)").fill("3,299");
    await field(page, "Stock").fill("many");
    await field(page, "Category").selectOption("Peripherals");
    await field(page, "Specification 1 name").fill("Bands");
    await field(page, "Specification 1 value").fill("2.4 GHz and 5 GHz");
    await fillDeclarations(page);
    await main(page).getByRole("button", { name: "Add Product" }).click();
    await expectFieldError(page, "Stock", MESSAGES.stockWhole);
    await expect(field(page, "Name")).toHaveValue(name);
    await expect(field(page, "Price (₹)")).toHaveValue("3,299");
    await expect(field(page, "Specification 1 value")).toHaveValue("2.4 GHz and 5 GHz");
    await field(page, "Stock").fill("6");
    await main(page).getByLabel(/^Image/).setInputFiles({ name: "router.png", mimeType: "image/png", buffer: PNG_1X1 });
    await main(page).getByRole("button", { name: "Add Product" }).click();
    await expect(page).toHaveURL(/\/vendor\/products$/);
    await expect(notice(page)).toHaveText(`“${name}” was added.`);
    expect(productsNamed(name)[0]).toMatchObject({ vendor_id: vendor.vendorId, price_paise: 329_900, stock: 6, specifications: JSON.stringify({ Bands: "2.4 GHz and 5 GHz" }) });
    expect(productsNamed(name)[0]?.image_url).toMatch(/^\/uploads\/products\//);
    await context.close();
  });

  test("the server refuses what the browser did not stop: wrong image type, too large, too many rows, blank vendor form", async ({ page }) => {
    await registerVendor(page);
    const base = { name: `Server ${tag()} Checks`, price: "100", stock: "1", category: "Audio" };
    const svg = await postProduct(page.request, "/vendor/products/new", {
      ...base,
      image: { name: "photo.png", mimeType: "image/png", buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
    });
    expect(svg.status()).toBe(400);
    expect(await svg.text()).toContain(MESSAGES.imageType);

    const large = await postProduct(page.request, "/vendor/products/new", {
      ...base,
      image: { name: "big.png", mimeType: "image/png", buffer: Buffer.concat([PNG_1X1, Buffer.alloc(3 * 1024 * 1024)]) },
    });
    expect(large.status()).toBe(400);
    const largeHtml = await large.text();
    expect(largeHtml).toContain(MESSAGES.imageTooLarge);
    expect(largeHtml).toContain(`value="${base.name}"`);

    const many = await postProduct(page.request, "/vendor/products/new", { ...base, specs: Array.from({ length: 31 }, (_, i) => [`Key ${i}`, "v"] as [string, string]) });
    expect(many.status()).toBe(400);
    expect(await many.text()).toContain(MESSAGES.specTooMany);
    expect(productsNamed(base.name)).toEqual([]);
  });
});

test.describe("vendor product delete", () => {
  test("deletes after the browser asks, and not when the vendor says no", async ({ page }) => {
    await registerVendor(page);
    const name = `Cirrus ${tag()} Cable`;
    const id = await addProductByPost(page.request, "/vendor/products", { name, price: "199", stock: "40", category: "Peripherals", image: { name: "c.png", mimeType: "image/png", buffer: PNG_1X1 } });
    const image = productById(id)!.image_url!;
    await page.goto("/vendor/products");
    await waitForHydration(page);

    page.once("dialog", (d) => void d.dismiss());
    await rowOf(page, name).getByRole("button", { name: `Delete ${name}` }).click();
    await expect(rowOf(page, name)).toBeVisible();
    expect(productById(id)).toBeDefined();

    page.once("dialog", (d) => {
      expect(d.message()).toContain(name);
      void d.accept();
    });
    await rowOf(page, name).getByRole("button", { name: `Delete ${name}` }).click();
    await expect(notice(page)).toHaveText(`“${name}” was deleted.`);
    await expect(rowOf(page, name)).toHaveCount(0);
    expect(productById(id)).toBeUndefined();
    expect(searchWordsOf(id)).toEqual([]);
    expect((await page.request.get(image)).status()).toBe(404);
  });

  test("asks on a page of its own without JavaScript", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await registerVendor(page);
    const name = `Nimbus ${tag()} Hub`;
    const id = await addProductByPost(page.request, "/vendor/products", { name, price: "1299", stock: "4", category: "Peripherals" });
    await page.goto("/vendor/products");
    await rowOf(page, name).getByRole("button", { name: `Delete ${name}` }).click();
    await expect(page).toHaveURL(`/vendor/products/${id}/delete`);
    await expect(page.getByRole("heading", { level: 1, name: "Delete Product" })).toBeVisible();
    await expect(main(page)).toContainText(`Delete ${name}?`);
    expect(productById(id)).toBeDefined();
    await main(page).getByRole("link", { name: "Cancel" }).click();
    await expect(rowOf(page, name)).toBeVisible();

    await page.goto(`/vendor/products/${id}/delete`);
    await main(page).getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page).toHaveURL(/\/vendor\/products$/);
    await expect(notice(page)).toHaveText(`“${name}” was deleted.`);
    expect(productById(id)).toBeUndefined();
    await context.close();
  });

  test("archives a product that a customer has ordered; the order still shows it", async ({ page, browser, baseURL }) => {
    const vendor = await registerVendor(page);
    // A Desktop: no storefront test counts the Desktop category by itself.
    const name = `Archivetest ${tag()} Workstation`;
    const id = await addProductByPost(page.request, "/vendor/products", { name, price: "45000", stock: "5", category: "Desktop" });
    const item: DemoItem = { id, name, category: "Desktop", price: 45000, priceText: "₹45,000", stock: 5, featured: false };

    const shopperContext = await browser.newContext({ baseURL });
    const shopper = await shopperContext.newPage();
    await registerShopper(shopper);
    let orderNumber = "";
    // The product is in the shop only while the customer orders it, under the catalogue lock.
    await withCatalogueLock(async () => {
      setVendorApproval(vendor.vendorId, "approved");
      try {
        orderNumber = await placeOrder(shopper, { items: [[item, 1]], method: "cod" });
      } finally {
        setVendorApproval(vendor.vendorId, "pending");
      }
    }, { timeoutMs: 60_000 });

    await page.goto("/vendor/products");
    await waitForHydration(page);
    page.once("dialog", (d) => void d.accept());
    await rowOf(page, name).getByRole("button", { name: `Delete ${name}` }).click();
    await expect(notice(page)).toContainText(`“${name}” appears in past orders, so it was archived instead of deleted`);
    await expect(rowOf(page, name)).toHaveCount(0);
    expect(productById(id)).toMatchObject({ status: "archived", listed: 0, name, price_paise: 4_500_000 });
    expect((await page.request.get(`/vendor/products/${id}/edit`)).status()).toBe(404);

    await shopper.goto(`/orders/${orderNumber}`);
    await expect(shopper.getByRole("main")).toContainText(name);
    await expect(shopper.getByRole("main")).toContainText("₹45,000");
    await shopperContext.close();
  });
});

test.describe("vendors never see each other's products", () => {
  test("list, edit page, and hand-made edit and delete posts are all refused", async ({ browser, baseURL }) => {
    const contextA = await browser.newContext({ baseURL });
    const contextB = await browser.newContext({ baseURL });
    const a = await contextA.newPage();
    const b = await contextB.newPage();
    await registerVendor(a, "va");
    await registerVendor(b, "vb");
    const t = tag();
    const nameA = `Owned ${t} By A`;
    const nameB = `Owned ${t} By B`;
    const idA = await addProductByPost(a.request, "/vendor/products", { name: nameA, price: "1000", stock: "5", category: "Storage" });
    const idB = await addProductByPost(b.request, "/vendor/products", { name: nameB, price: "2000", stock: "6", category: "Storage" });

    await a.goto(`/vendor/products?q=${t}`);
    expect(await listedNames(a)).toEqual([nameA]);
    await b.goto(`/vendor/products?q=${t}`);
    expect(await listedNames(b)).toEqual([nameB]);
    await b.goto(`/vendor/products?q=${idA}`);
    await expect(main(b).getByText(MESSAGES.noProducts)).toBeVisible();

    const before = productById(idA);
    const editPage = await b.goto(`/vendor/products/${idA}/edit`);
    expect(editPage?.status()).toBe(404);
    await expect(b.getByRole("heading", { level: 1, name: "Product Not Found" })).toBeVisible();
    expect((await b.goto(`/vendor/products/${idA}/delete`))?.status()).toBe(404);

    const edit = await postProduct(b.request, `/vendor/products/${idA}/edit`, { name: "Taken Over", price: "1", stock: "0", category: "Audio" });
    expect(edit.status()).toBe(404);
    const del = await b.request.post(`/vendor/products/${idA}/delete`, { form: { confirmed: "1" }, maxRedirects: 0 });
    expect(del.status()).toBe(404);
    // The JavaScript-style (single fetch) posts are refused the same way.
    await b.request.post(`/vendor/products/${idA}/delete.data`, { form: { confirmed: "1" }, maxRedirects: 0 });
    await b.request.post(`/vendor/products/${idA}/edit.data`, { multipart: productForm({ name: "Taken Over", price: "1", stock: "0", category: "Audio" }), maxRedirects: 0 });
    expect(productById(idA)).toEqual(before);

    // And the other way round.
    expect((await postProduct(a.request, `/vendor/products/${idB}/edit`, { name: "Taken Over", price: "1", stock: "0", category: "Audio" })).status()).toBe(404);
    expect((await a.request.post(`/vendor/products/${idB}/delete`, { form: { confirmed: "1" }, maxRedirects: 0 })).status()).toBe(404);
    expect(productById(idB)).toMatchObject({ name: nameB, price_paise: 200_000, status: "active" });
    await contextA.close();
    await contextB.close();
  });

  test("a new product posted with another vendor's id is still the poster's own", async ({ page }) => {
    const vendor = await registerVendor(page);
    const name = `Forged ${tag()} Owner`;
    const id = await addProductByPost(page.request, "/vendor/products", { name, price: "10", stock: "1", category: "Audio", vendorId: "vendor-1" });
    expect(productById(id)?.vendor_id).toBe(vendor.vendorId);
  });

  test("visitors and customers are turned away and nothing is made", async ({ page, request }) => {
    const name = `Visitor ${tag()} Product`;
    const visitor = await postProduct(request, "/vendor/products/new", { name, price: "10", stock: "1", category: "Audio" });
    expect(visitor.status()).toBe(302);
    expect(visitor.headers().location).toMatch(/^\/vendor\/login\?redirectTo=/);
    await signUp(page, "cust");
    await page.goto("/vendor/products/new");
    await expect(page).toHaveURL(/\/$/);
    const customer = await postProduct(page.request, "/vendor/products/new", { name, price: "10", stock: "1", category: "Audio" });
    expect(customer.status()).toBe(302);
    expect(customer.headers().location).toBe("/");
    expect(productsNamed(name)).toEqual([]);
  });
});

test.describe("vendor products on a phone and for assistive technology", () => {
  test("list, form and confirmation fit a phone @mobile", async ({ page }) => {
    await registerVendor(page);
    const name = `Phone ${tag()} Listed Product With A Rather Long Name For A Small Screen`;
    const id = await addProductByPost(page.request, "/vendor/products", { name, price: "149990", stock: "2", category: "Laptop", featured: true });
    await page.goto("/vendor/products");
    await expect(rowOf(page, name)).toBeAttached();
    await expectNoHorizontalScroll(page, "vendor products list");
    await expectNoAxeViolations(page);
    await page.goto("/vendor/products/new");
    await main(page).getByRole("button", { name: "Add Product" }).click();
    await expectFieldError(page, "Name", MESSAGES.nameRequired);
    await expectNoHorizontalScroll(page, "add product form");
    await expectNoAxeViolations(page);
    await page.goto(`/vendor/products/${id}/edit`);
    await expect(field(page, "Name")).toHaveValue(name);
    await expectNoHorizontalScroll(page, "edit product form");
    await page.goto(`/vendor/products/${id}/delete`);
    await expectNoHorizontalScroll(page, "delete confirmation");
    await expectNoAxeViolations(page);
  });

  test("no serious accessibility problems on the list, the forms and the confirmation", async ({ page }) => {
    await registerVendor(page);
    const name = `Axe ${tag()} Product`;
    const id = await addProductByPost(page.request, "/vendor/products", { name, price: "999", stock: "0", category: "Audio", image: { name: "a.png", mimeType: "image/png", buffer: PNG_1X1 } });
    await page.goto("/vendor/products");
    await expect(rowOf(page, name)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/vendor/products?q=none-such");
    await expectNoAxeViolations(page);
    await page.goto("/vendor/products/new");
    await waitForHydration(page);
    await main(page).getByRole("button", { name: "Add Product" }).click();
    await expectFieldError(page, "Name", MESSAGES.nameRequired);
    await expectNoAxeViolations(page);
    await page.goto(`/vendor/products/${id}/edit`);
    await expect(main(page).getByRole("img", { name: "Current image" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(`/vendor/products/${id}/delete`);
    await expectNoAxeViolations(page);
  });

  test("a demo vendor sees its own demo products", async ({ page }) => {
    await signInVendor(page, { email: "vendor2@rccomputers.in", password: "Vendor@123" });
    await page.goto("/vendor/products?q=samsung");
    expect(await listedNames(page)).toEqual(["Samsung 990 PRO 2TB PCIe 4.0 NVMe M.2 SSD"]);
    await expect(rowOf(page, "Samsung 990 PRO 2TB PCIe 4.0 NVMe M.2 SSD")).toContainText("₹16,999");
  });
});
