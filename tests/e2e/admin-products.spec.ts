import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { signInAdmin, signInVendor, signUp } from "../support/accounts";
import { CATALOG } from "../support/catalog";
import { expectNoHorizontalScroll } from "../support/checkout";
import { waitForHydration } from "../support/hydration";
import { MESSAGES, PNG_1X1, addProductByPost, fillDeclarations, postProduct, productById, productIdNamed, productsNamed, registerVendor, tag, type RegisteredVendor } from "../support/products";

test.describe.configure({ timeout: 90_000 });

/**
 * /admin/products: every vendor's products, with working add, edit and delete. The admin works
 * only on products of vendors the test registers itself (pending approval, so nothing reaches
 * the shop); demo products are only read.
 */

function table(page: Page): Locator {
  return page.getByRole("region", { name: "Products" });
}

function rowOf(page: Page, name: string): Locator {
  return table(page)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name, exact: true }) });
}

function field(page: Page, label: string): Locator {
  return page.getByRole("main").getByLabel(label, { exact: true });
}

function notice(page: Page): Locator {
  return page.getByRole("main").getByRole("status").filter({ hasNotText: "Loading authentication status..." });
}

/** A fresh vendor of the test's own, registered in a browser context of its own. */
async function freshVendor(page: Page): Promise<RegisteredVendor> {
  const context = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    return await registerVendor(await context.newPage(), "va");
  } finally {
    await context.close();
  }
}

test.describe("admin products list", () => {
  test("lists every vendor's products with vendor names and two-decimal prices; search finds by name and id", async ({ page }) => {
    await signInAdmin(page);
    await page.goto("/admin/products");
    await expect(page.getByRole("heading", { level: 1, name: "Manage Products" })).toBeVisible();
    await expect(table(page).getByRole("columnheader")).toHaveText(["ID", "Name", "Category", "Price", "Stock", "Vendor", "Actions"]);
    await expect(page.getByRole("main").getByRole("link", { name: "Add New Product" })).toHaveAttribute("href", "/admin/products/new");

    const search = page.getByRole("main").getByRole("searchbox", { name: "Search products" });
    await search.fill("g213 prodigy");
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/admin\/products\?q=g213\+prodigy$/);
    const g213 = rowOf(page, CATALOG.g213Keyboard.name);
    await expect(table(page).getByRole("rowheader")).toHaveText([CATALOG.g213Keyboard.name]);
    await expect(g213.getByRole("cell")).toHaveText([CATALOG.g213Keyboard.id, "Peripherals", "₹3,499.00", /^\d+$/, "Vardhan Infotech Distributors Pvt. Ltd.", /Edit.*Delete/]);

    await page.goto(`/admin/products?q=${CATALOG.samsungSsd.id}`);
    await expect(table(page).getByRole("rowheader")).toHaveText([CATALOG.samsungSsd.name]);
    await expect(rowOf(page, CATALOG.samsungSsd.name)).toContainText("₹16,999.00");
    await expect(rowOf(page, CATALOG.samsungSsd.name)).toContainText("Shree Lamington Computer Traders");

    await page.goto("/admin/products?q=zzqx-nothing");
    await expect(page.getByRole("main").getByText(MESSAGES.noProducts)).toBeVisible();

    // Every vendor's products together: the demo vendors' and a pending vendor's.
    const vendor = await freshVendor(page);
    const t = tag();
    const pendingName = `Listed ${t} Pending Product`;
    await addProductByPost(page.request, "/admin/products", { name: pendingName, price: "1234.5", stock: "3", category: "Storage", vendorId: vendor.vendorId });
    await page.goto(`/admin/products?q=${t}`);
    await expect(rowOf(page, pendingName)).toContainText("₹1,234.50");
    await expect(rowOf(page, pendingName)).toContainText(vendor.business);
  });

  test("pages through many products, keeping the search", async ({ page }) => {
    await signInAdmin(page);
    const vendor = await freshVendor(page);
    const t = tag();
    for (let i = 1; i <= 21; i++) {
      await addProductByPost(page.request, "/admin/products", { name: `Bulk${t} Item ${String(i).padStart(2, "0")}`, price: "10", stock: "1", category: "Storage", vendorId: vendor.vendorId });
    }
    await page.goto(`/admin/products?q=bulk${t}`);
    await expect(page.getByRole("main").getByText("Showing 1–20 of 21 products")).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(new RegExp(`q=bulk${t}&page=2$`));
    await expect(table(page).getByRole("rowheader")).toHaveText([`Bulk${t} Item 21`]);
  });
});

test.describe("admin product form", () => {
  test("adds a product for a chosen vendor, edits it and deletes it", async ({ page }) => {
    await signInAdmin(page);
    const vendor = await freshVendor(page);
    const other = await freshVendor(page);
    await page.goto("/admin/products");
    await page.getByRole("main").getByRole("link", { name: "Add New Product" }).click();
    await expect(page).toHaveURL(/\/admin\/products\/new$/);
    await expect(page.getByRole("heading", { level: 1, name: "Add New Product" })).toBeVisible();
    await waitForHydration(page);

    const name = `Admin ${tag()} Tower Case`;
    await field(page, "Name").fill(name);
    await field(page, "Description").fill("A mid-tower case with mesh front.");
    await field(page, "Price (₹)").fill("5499");
    await field(page, "Category").selectOption("Component");
    await field(page, "Stock").fill("12");
    await field(page, "Vendor").selectOption({ label: `${vendor.business} (pending)` });
    await field(page, "Specification 1 name").fill("Form Factor");
    await field(page, "Specification 1 value").fill("ATX");
    await fillDeclarations(page);
    await page.getByRole("main").getByLabel(/^Image/).setInputFiles({ name: "case.png", mimeType: "image/png", buffer: PNG_1X1 });
    await page.getByRole("main").getByRole("button", { name: "Add Product" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(notice(page)).toHaveText(`“${name}” was added.`);
    const id = productIdNamed(name);
    expect(productById(id)).toMatchObject({ vendor_id: vendor.vendorId, price_paise: 549_900, stock: 12, category: "Component", listed: 0 });
    expect(productById(id)?.image_url).toMatch(/^\/uploads\/products\//);

    await page.goto(`/admin/products?q=${id}`);
    await expect(rowOf(page, name)).toContainText("₹5,499.00");
    await expect(rowOf(page, name)).toContainText(vendor.business);
    await rowOf(page, name).getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page).toHaveURL(`/admin/products/${id}/edit`);
    await expect(field(page, "Vendor")).toHaveValue(vendor.vendorId);
    await expect(field(page, "Price (₹)")).toHaveValue("5499");
    await expect.poll(() => page.getByRole("main").getByRole("img", { name: "Current image" }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await field(page, "Price (₹)").fill("5249.75");
    await field(page, "Vendor").selectOption(other.vendorId);
    await page.getByRole("main").getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(notice(page)).toHaveText(`Your changes to “${name}” were saved.`);
    expect(productById(id)).toMatchObject({ vendor_id: other.vendorId, price_paise: 524_975 });
    await page.goto(`/admin/products?q=${id}`);
    await expect(rowOf(page, name)).toContainText("₹5,249.75");
    await expect(rowOf(page, name)).toContainText(other.business);

    await waitForHydration(page);
    page.once("dialog", (d) => void d.accept());
    await rowOf(page, name).getByRole("button", { name: `Delete ${name}` }).click();
    await expect(notice(page)).toHaveText(`“${name}” was deleted.`);
    expect(productById(id)).toBeUndefined();
  });

  test("shows the validation messages, the Vendor one included, and keeps what was typed", async ({ page }) => {
    await signInAdmin(page);
    await page.goto("/admin/products/new");
    await waitForHydration(page);
    await field(page, "Name").fill("Half Filled");
    await field(page, "Price (₹)").fill("0");
    await page.getByRole("main").getByRole("button", { name: "Add Product" }).click();
    const expectations: [string, string][] = [
      ["Description", MESSAGES.descriptionRequired],
      ["Price (₹)", MESSAGES.pricePositive],
      ["Category", MESSAGES.categoryRequired],
      ["Stock", MESSAGES.stockRequired],
      ["Vendor", MESSAGES.vendorRequired],
    ];
    for (const [label, message] of expectations) {
      await expect(field(page, label)).toHaveAttribute("aria-invalid", "true");
      await expect(field(page, label)).toHaveAccessibleDescription(new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    }
    await expect(field(page, "Name")).toHaveValue("Half Filled");

    // A vendor id that does not exist, posted by hand, is refused the same way.
    const forged = await postProduct(page.request, "/admin/products/new", { name: `Forged ${tag()}`, price: "10", stock: "1", category: "Audio", vendorId: "vendor-does-not-exist" });
    expect(forged.status()).toBe(400);
    expect(await forged.text()).toContain(MESSAGES.vendorRequired);
  });

  test("an unknown product's edit and delete pages are not found", async ({ page }) => {
    await signInAdmin(page);
    const response = await page.goto("/admin/products/product-does-not-exist/edit");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Product Not Found" })).toBeVisible();
    expect((await page.goto("/admin/products/product-does-not-exist/delete"))?.status()).toBe(404);
  });
});

test.describe("admin products are for administrators only", () => {
  const pages = (id: string) => ["/admin/products", "/admin/products/new", `/admin/products/${id}/edit`, `/admin/products/${id}/delete`];

  async function expectRefused(page: Page, id: string) {
    for (const url of pages(id)) {
      await page.goto(url);
      await expect(page, url).toHaveURL(new RegExp(`/admin/login\\?redirectTo=${encodeURIComponent(url).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    }
    const before = productById(id);
    const responses = [
      await postProduct(page.request, "/admin/products/new", { name: `Intruder ${tag()}`, price: "1", stock: "1", category: "Audio", vendorId: before!.vendor_id }),
      await postProduct(page.request, `/admin/products/${id}/edit`, { name: "Intruded", price: "1", stock: "1", category: "Audio", vendorId: before!.vendor_id }),
      await page.request.post(`/admin/products/${id}/delete`, { form: { confirmed: "1" }, maxRedirects: 0 }),
    ];
    for (const r of responses) {
      expect(r.status()).toBe(302);
      expect(r.headers().location).toMatch(/^\/admin\/login\?redirectTo=/);
    }
    expect(productById(id)).toEqual(before);
    expect(productsNamed("Intruded")).toEqual([]);
  }

  test("a visitor, a customer and a vendor are sent to the admin login and change nothing", async ({ page, browser, baseURL }) => {
    // The target: a product of a vendor of the test's own.
    const owner = await freshVendor(page);
    const ownerContext = await browser.newContext({ baseURL });
    const ownerPage = await ownerContext.newPage();
    await signInVendor(ownerPage, { email: owner.email, password: owner.password });
    const id = await addProductByPost(ownerPage.request, "/vendor/products", { name: `Guarded ${tag()} Product`, price: "777", stock: "7", category: "Audio" });
    await ownerContext.close();

    await expectRefused(page, id);

    await signUp(page, "cust");
    await expectRefused(page, id);

    const vendorContext = await browser.newContext({ baseURL });
    const vendorPage = await vendorContext.newPage();
    await registerVendor(vendorPage, "vx");
    await expectRefused(vendorPage, id);
    await vendorContext.close();
  });
});

test.describe("admin products on a phone and for assistive technology", () => {
  test("the list and the form fit a phone @mobile", async ({ page }) => {
    await signInAdmin(page);
    await page.goto("/admin/products");
    await expect(table(page)).toBeVisible();
    await expectNoHorizontalScroll(page, "admin products list");
    await expectNoAxeViolations(page);
    await page.goto("/admin/products/new");
    // Before the scripts load, the browser's own check of the required fields stops the post.
    await waitForHydration(page);
    await page.getByRole("main").getByRole("button", { name: "Add Product" }).click();
    await expect(field(page, "Vendor")).toHaveAttribute("aria-invalid", "true");
    await expectNoHorizontalScroll(page, "admin add product form");
    await expectNoAxeViolations(page);
    await page.goto(`/admin/products/${CATALOG.g213Keyboard.id}/edit`);
    await expect(field(page, "Name")).toHaveValue(CATALOG.g213Keyboard.name);
    await expectNoHorizontalScroll(page, "admin edit product form");
    await page.goto(`/admin/products/${CATALOG.g213Keyboard.id}/delete`);
    await expect(page.getByRole("heading", { level: 1, name: "Delete Product" })).toBeVisible();
    await expectNoHorizontalScroll(page, "admin delete confirmation");
  });

  test("no serious accessibility problems on the list, the forms and the confirmation", async ({ page }) => {
    await signInAdmin(page);
    await page.goto("/admin/products");
    await expect(table(page)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/admin/products/new");
    await waitForHydration(page);
    await page.getByRole("main").getByRole("button", { name: "Add Product" }).click();
    await expect(field(page, "Vendor")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
    await page.goto(`/admin/products/${CATALOG.g213Keyboard.id}/edit`);
    await expect(field(page, "Name")).toHaveValue(CATALOG.g213Keyboard.name);
    await expectNoAxeViolations(page);
    await page.goto(`/admin/products/${CATALOG.g213Keyboard.id}/delete`);
    await expect(page.getByRole("heading", { level: 1, name: "Delete Product" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
