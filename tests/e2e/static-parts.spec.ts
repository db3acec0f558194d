import { expect, test, type Page } from "@playwright/test";
import { CATALOG, productPath } from "../support/catalog";
import { gotoHydrated } from "../support/hydration";

/**
 * Less hydration (docs/decisions/028-less-hydration.md): the markup of cards, the footer, a
 * product's specifications, declarations and reviews is kept as the server wrote it when the page
 * loads (app/components/ui/Static.tsx), yet its links still move within the page like any link.
 */

/** How many elements in the page React hydrated or rendered (each carries a `__reactFiber$` key). */
function elementsReactKnows(page: Page, selector: string): Promise<{ all: number; known: number }> {
  return page.evaluate((s) => {
    const els = [...document.querySelectorAll(s)];
    return { all: els.length, known: els.filter((el) => Object.keys(el).some((k) => k.startsWith("__reactFiber$"))).length };
  }, selector);
}

test.describe("parts kept as the server wrote them", () => {
  test("a catalogue page hydrates no card's picture, name or price, nor the footer", async ({ page }) => {
    await gotoHydrated(page, "/products");
    const inside = await elementsReactKnows(page, "[data-static] *");
    expect(inside.all).toBeGreaterThan(16 * 8);
    expect(inside.known).toBe(0);
    // The buttons beside them are React's: they show busy states and the visitor's hearts.
    const buttons = await elementsReactKnows(page, "main article button");
    expect(buttons.known).toBe(buttons.all);
  });

  test("a product page keeps its specifications, declarations and reviews as written", async ({ page }) => {
    await gotoHydrated(page, productPath(CATALOG.mxMaster));
    await expect(page.locator("#panel-specifications [data-static] dt").first()).toBeAttached();
    const inside = await elementsReactKnows(page, "[data-static] *");
    expect(inside.all).toBeGreaterThan(20);
    expect(inside.known).toBe(0);
  });

  test("a kept link navigates within the page, as a Link does, and Back returns", async ({ page }) => {
    await gotoHydrated(page, "/products");
    await page.evaluate(() => ((window as unknown as { stayedInPage: boolean }).stayedInPage = true));
    const card = page.getByRole("main").locator("article").filter({ hasText: "Logitech MX Master 3S" });
    await card.getByRole("link", { name: /Logitech MX Master 3S/ }).click();
    await expect(page).toHaveURL(new RegExp(`${productPath(CATALOG.mxMaster)}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Logitech MX Master 3S/);
    expect(await page.evaluate(() => (window as unknown as { stayedInPage?: boolean }).stayedInPage)).toBe(true);
    // The footer's links too.
    await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about$/);
    expect(await page.evaluate(() => (window as unknown as { stayedInPage?: boolean }).stayedInPage)).toBe(true);
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole("main").locator("article")).toHaveCount(16);
  });

  test("a link opened in a new tab is left to the browser", async ({ page, context }) => {
    await gotoHydrated(page, "/products");
    const link = page.getByRole("main").locator("article").first().getByRole("heading").getByRole("link");
    const opened = context.waitForEvent("page");
    await link.click({ modifiers: ["Control"] });
    const tab = await opened;
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toMatch(/^\/products\/product-/);
    await tab.close();
    await expect(page).toHaveURL(/\/products$/);
  });
});
