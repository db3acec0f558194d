import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { CATALOG, productPath } from "../support/catalog";
import { gotoHydrated, waitForHydration } from "../support/hydration";
import { addToCartOnProductPage } from "../support/shop";

const PAGES: { name: string; path: string }[] = [
  { name: "home", path: "/" },
  { name: "products", path: "/products" },
  { name: "products, filtered with chips", path: "/products?category=Laptop&q=ryzen" },
  { name: "products, no results", path: "/products?q=zzqqxx" },
  { name: "product page", path: productPath(CATALOG.gamingPc) },
  { name: "empty cart", path: "/cart" },
  { name: "login", path: "/login" },
  { name: "register", path: "/register" },
  { name: "vendor register", path: "/vendor/register" },
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
    test(`${name} has no accessibility violations`, async ({ page }) => {
      await gotoHydrated(page, path);
      await expectNoAxeViolations(page);
    });
  }

  test("filled cart has no accessibility violations", async ({ page }) => {
    await addToCartOnProductPage(page, CATALOG.mxMaster, 2);
    await addToCartOnProductPage(page, CATALOG.ryzenCpu, 1);
    await gotoHydrated(page, "/cart");
    await expect(page.getByRole("heading", { level: 1, name: "Shopping Cart" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("product page Specifications tab has no accessibility violations", async ({ page }) => {
    await gotoHydrated(page, productPath(CATALOG.gamingPc));
    await page.getByRole("tab", { name: "Specifications" }).click();
    await expectNoAxeViolations(page);
  });

  test("contact form with errors has no accessibility violations", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please enter your name")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("scrolled page (solid header) has no accessibility violations", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(page.getByRole("banner")).toHaveAttribute("data-scrolled", "true");
    await expectNoAxeViolations(page);
  });
});

test.describe("accessibility (phone)", () => {
  for (const { name, path } of PAGES) {
    test(`${name} has no accessibility violations @mobile`, async ({ page }) => {
      await gotoHydrated(page, path);
      await expectNoAxeViolations(page);
    });
  }

  test("filled cart has no accessibility violations @mobile", async ({ page }) => {
    await addToCartOnProductPage(page, CATALOG.lgMonitor, 1);
    await gotoHydrated(page, "/cart");
    await expectNoAxeViolations(page);
  });

  test("open menu has no accessibility violations @mobile", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("banner").getByLabel("Menu", { exact: true }).click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("open filter panel has no accessibility violations @mobile", async ({ page }) => {
    await gotoHydrated(page, "/products");
    await page.getByRole("link", { name: "Filters" }).click();
    await expect(page.getByRole("dialog", { name: "Filters" })).toBeVisible();
    await waitForHydration(page);
    await expectNoAxeViolations(page);
  });
});
