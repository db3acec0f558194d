import { expect, type Locator, type Page } from "@playwright/test";
import { productPath, type DemoItem } from "./catalog";
import { waitForHydration } from "./hydration";

/** The header's cart link ("Cart, N items"). */
export function cartLink(page: Page): Locator {
  return page.getByRole("link", { name: /^Cart, \d+ items?$/ });
}

/**
 * Adds `quantity` of a product through its product page (JavaScript on) and waits for the
 * shop to confirm it.
 */
export async function addToCartOnProductPage(page: Page, product: DemoItem, quantity = 1): Promise<void> {
  await page.goto(productPath(product));
  await waitForHydration(page);
  if (quantity !== 1) await page.getByLabel("Quantity", { exact: true }).fill(String(quantity));
  await expect(page.getByLabel("Quantity", { exact: true })).toHaveValue(String(quantity));
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByText(`Added “${product.name}” to your cart.`)).toBeVisible();
  // The page then asks the visitor's answer again (GET /visitor), which checks the cart against the
  // catalogue: let it arrive, so that a change the test makes next is seen by the next page.
  await page.waitForLoadState("networkidle");
}

/** The product cards of a listing (the catalogue's "Products" region, a home page section...). */
export function productCards(scope: Locator): Locator {
  return scope.getByRole("listitem").filter({ has: scope.page().getByRole("heading", { level: 3 }) });
}

/** Card names in display order. */
export async function cardNames(scope: Locator): Promise<string[]> {
  return (await scope.getByRole("heading", { level: 3 }).allTextContents()).map((s) => s.trim());
}

/** Card prices in display order, in rupees. */
export async function cardPrices(scope: Locator): Promise<number[]> {
  const texts = await scope.getByText(/^₹[\d,]+$/).allTextContents();
  return texts.map((t) => Number(t.replace(/[^\d]/g, "")));
}

/** The catalogue's product list region on /products. */
export function catalogueResults(page: Page): Locator {
  return page.getByRole("region", { name: "Products" });
}

/** Collects uncaught page errors so a test can assert that none happened. */
export function collectPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on("pageerror", (e) => errors.push(e));
  return errors;
}

export interface CatalogueQuery {
  category?: string;
  q?: string;
  sort?: string;
  page?: string;
}

/** The catalogue view a /products URL asks for, defaults filled in (a GET form may or may not send them). */
export function catalogueQueryOf(url: string): Required<CatalogueQuery> & { pathname: string } {
  const u = new URL(url);
  const p = u.searchParams;
  return {
    pathname: u.pathname,
    category: p.get("category") || "All",
    q: p.get("q") ?? "",
    sort: p.get("sort") || "price-asc",
    page: p.get("page") || "1",
  };
}

/** Waits until the page shows /products with this query (defaults for what is left out). */
export async function expectCatalogueQuery(page: Page, expected: CatalogueQuery): Promise<void> {
  await expect
    .poll(() => catalogueQueryOf(page.url()))
    .toEqual({ pathname: "/products", category: "All", q: "", sort: "price-asc", page: "1", ...expected });
}
