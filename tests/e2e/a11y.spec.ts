import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { CATALOG, productPath } from "../support/catalog";
import { gotoHydrated, waitForHydration } from "../support/hydration";
import { addToCartOnProductPage } from "../support/shop";

/** Runs axe and fails on serious or critical violations, listing them. */
async function expectNoSeriousViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(" ")}\n      ${n.failureSummary?.replace(/\n/g, "\n      ")}`)
          .join("\n"),
    )
    .join("\n");
  expect(serious, `axe found serious/critical violations on ${page.url()}:\n${report}`).toEqual([]);
}

const PAGES: { name: string; path: string }[] = [
  { name: "home", path: "/" },
  { name: "products", path: "/products" },
  { name: "products, filtered with chips", path: "/products?category=Laptop&q=ryzen" },
  { name: "products, no results", path: "/products?q=zzqqxx" },
  { name: "product page", path: productPath(CATALOG.gamingPc) },
  { name: "empty cart", path: "/cart" },
  { name: "contact", path: "/contact" },
  { name: "services", path: "/services" },
  { name: "about", path: "/about" },
  { name: "privacy", path: "/privacy" },
  { name: "terms", path: "/terms" },
  { name: "refund", path: "/refund" },
  { name: "shipping", path: "/shipping" },
  { name: "404 page", path: "/no-such-page" },
];

test.describe("accessibility (desktop)", () => {
  for (const { name, path } of PAGES) {
    test(`${name} has no serious accessibility violations`, async ({ page }) => {
      await gotoHydrated(page, path);
      await expectNoSeriousViolations(page);
    });
  }

  test("filled cart has no serious accessibility violations", async ({ page }) => {
    await addToCartOnProductPage(page, CATALOG.mxMaster, 2);
    await addToCartOnProductPage(page, CATALOG.ryzenCpu, 1);
    await gotoHydrated(page, "/cart");
    await expect(page.getByRole("heading", { level: 1, name: "Shopping Cart" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("product page Specifications tab has no serious accessibility violations", async ({ page }) => {
    await gotoHydrated(page, productPath(CATALOG.gamingPc));
    await page.getByRole("tab", { name: "Specifications" }).click();
    await expectNoSeriousViolations(page);
  });

  test("contact form with errors has no serious accessibility violations", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please enter your name")).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("scrolled page (solid header) has no serious accessibility violations", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(page.getByRole("banner")).toHaveAttribute("data-scrolled", "true");
    await expectNoSeriousViolations(page);
  });
});

test.describe("accessibility (phone)", () => {
  for (const { name, path } of [
    { name: "home", path: "/" },
    { name: "products", path: "/products" },
    { name: "product page", path: productPath(CATALOG.gamingPc) },
    { name: "contact", path: "/contact" },
    { name: "404 page", path: "/no-such-page" },
  ]) {
    test(`${name} has no serious accessibility violations @mobile`, async ({ page }) => {
      await gotoHydrated(page, path);
      await expectNoSeriousViolations(page);
    });
  }

  test("filled cart has no serious accessibility violations @mobile", async ({ page }) => {
    await addToCartOnProductPage(page, CATALOG.lgMonitor, 1);
    await gotoHydrated(page, "/cart");
    await expectNoSeriousViolations(page);
  });

  test("open menu has no serious accessibility violations @mobile", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("banner").getByLabel("Menu", { exact: true }).click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("open filter panel has no serious accessibility violations @mobile", async ({ page }) => {
    await gotoHydrated(page, "/products");
    await page.getByRole("link", { name: "Filters" }).click();
    await expect(page.getByRole("dialog", { name: "Filters" })).toBeVisible();
    await waitForHydration(page);
    await expectNoSeriousViolations(page);
  });
});
