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
  test("a card's kept button works at the first click, and the card's buttons come alive", async ({ page }) => {
    await gotoHydrated(page, "/products?category=Storage");
    await page.evaluate(() => ((window as unknown as { stayedInPage: boolean }).stayedInPage = true));
    const card = page.getByRole("main").locator("article").filter({ hasText: CATALOG.samsungSsd.name });
    await card.getByRole("button", { name: `Add to Cart: ${CATALOG.samsungSsd.name}` }).click();
    await expect(card.getByText(`Added “${CATALOG.samsungSsd.name}” to your cart.`)).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    expect(await page.evaluate(() => (window as unknown as { stayedInPage?: boolean }).stayedInPage)).toBe(true);
    const alive = await elementsReactKnows(page, `main li[data-card="${CATALOG.samsungSsd.id}"] article button`);
    expect(alive.known).toBe(alive.all);
    // The other cards' buttons are still as written.
    const others = await elementsReactKnows(page, `main li[data-card]:not([data-card="${CATALOG.samsungSsd.id}"]) article button`);
    expect(others.all).toBeGreaterThan(0);
    expect(others.known).toBe(0);
  });

  test("a kept button used from the keyboard acts, and keeps the focus", async ({ page }) => {
    await gotoHydrated(page, "/products?category=Storage");
    const card = page.getByRole("main").locator("article").filter({ hasText: CATALOG.samsungSsd.name });
    const compare = card.getByRole("button", { name: `Compare: ${CATALOG.samsungSsd.name}` });
    await compare.focus();
    await page.keyboard.press("Enter");
    await expect(compare).toHaveAttribute("aria-pressed", "true");
    await expect(compare).toBeFocused();
    // One compare change at a time (compare.spec.ts): the next once this one is answered.
    await expect(compare).not.toHaveAttribute("aria-disabled");
    await page.keyboard.press("Enter");
    await expect(compare).toHaveAttribute("aria-pressed", "false");
  });

  test("a review's Report form is kept as written until opened, then posts in the page", async ({ page }) => {
    await gotoHydrated(page, productPath(CATALOG.mxMaster));
    const review = page.locator("#reviews ol > li").first();
    const kept = await elementsReactKnows(page, "#reviews ol > li details form *");
    expect(kept.all).toBeGreaterThan(5);
    expect(kept.known).toBe(0);
    await review.getByText("Report", { exact: true }).click();
    // The details' toggle event comes as a task of its own after the click: the form comes alive then.
    await expect
      .poll(async () => {
        const opened = await elementsReactKnows(page, "#reviews ol > li:first-child details form *");
        return opened.all > 5 && opened.known === opened.all;
      })
      .toBe(true);
  });

  test("a catalogue page hydrates no card's picture, name or price, nor the footer, nor its scripts", async ({ page }) => {
    await gotoHydrated(page, "/products");
    const inside = await elementsReactKnows(page, "[data-static] *");
    expect(inside.all).toBeGreaterThan(16 * 8);
    expect(inside.known).toBe(0);
    // The buttons are kept too, until a card is used (or the visitor's answer presses one of them).
    const buttons = await elementsReactKnows(page, "main article button");
    expect(buttons.all).toBeGreaterThan(16 * 3 - 1);
    expect(buttons.known).toBe(0);
    // The scripts that ran are kept too: no modulepreload link is added for a module already loaded.
    await expect(page.locator('head link[rel="modulepreload"]')).toHaveCount(0);
  });

  test("a product page keeps its specifications, declarations, reviews and questions as written", async ({ page }) => {
    await gotoHydrated(page, productPath(CATALOG.mxMaster));
    await expect(page.locator("#panel-specifications [data-static] dt").first()).toBeAttached();
    const inside = await elementsReactKnows(page, "[data-static] *");
    expect(inside.all).toBeGreaterThan(20);
    expect(inside.known).toBe(0);
    // The reviews' Helpful forms too, for a visitor whose votes are none (reviews.spec.ts votes through one).
    const helpful = await elementsReactKnows(page, 'button[data-kept-action="helpful"]');
    expect(helpful.all).toBeGreaterThan(0);
    expect(helpful.known).toBe(0);
    // The demo's questions and answers are on the monitor's page (questions.spec.ts answers one in the page).
    await gotoHydrated(page, productPath(CATALOG.lgMonitor));
    const questions = await elementsReactKnows(page, "#questions article h3, #questions article li");
    expect(questions.all).toBeGreaterThan(1);
    expect(questions.known).toBe(0);
  });

  test("a kept link navigates within the page, as a Link does, and Back returns", async ({ page }) => {
    await gotoHydrated(page, "/products");
    const cards = await page.getByRole("main").locator("article").count();
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
    await expect(page.getByRole("main").locator("article")).toHaveCount(cards);
  });

  test("the header's plain links move within the page and mark where the visitor is, as NavLinks did", async ({ page }) => {
    await gotoHydrated(page, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");
    await page.evaluate(() => ((window as unknown as { stayedInPage: boolean }).stayedInPage = true));
    await nav.getByRole("link", { name: "Products", exact: true }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(nav.getByRole("link", { name: "Products", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home", exact: true })).not.toHaveAttribute("aria-current");
    // A product's page is within Products, as `end` says.
    await page.getByRole("main").locator("article").first().getByRole("heading").getByRole("link").click();
    await expect(page).toHaveURL(/\/products\/product-/);
    await expect(nav.getByRole("link", { name: "Products", exact: true })).toHaveAttribute("aria-current", "page");
    await page.getByRole("banner").getByRole("link", { name: /^Cart, / }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await page.getByRole("banner").getByRole("link", { name: /home$/ }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => (window as unknown as { stayedInPage?: boolean }).stayedInPage)).toBe(true);
    await page.goBack();
    await expect(page).toHaveURL(/\/cart$/);
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
