import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { CATALOG, productPath } from "../support/catalog";
import { gotoHydrated, waitForHydration } from "../support/hydration";
import { addToCartOnProductPage } from "../support/shop";

/**
 * The pages axe checks at each width, in groups: one test a group opens its pages one after
 * another in one browser and reports every page's violations (a fresh browser per page cost more
 * than the check itself: docs/testing.md).
 */
const GROUPS: Record<string, { name: string; path: string }[]> = {
  "storefront pages": [
    { name: "home", path: "/" },
    { name: "products", path: "/products" },
    { name: "products, filtered with chips", path: "/products?category=Laptop&q=ryzen" },
    { name: "products, no results", path: "/products?q=zzqqxx" },
    { name: "product page", path: productPath(CATALOG.gamingPc) },
    { name: "empty cart", path: "/cart" },
    { name: "404 page", path: "/no-such-page" },
  ],
  "sign-in and form pages": [
    { name: "login", path: "/login" },
    { name: "register", path: "/register" },
    { name: "vendor register", path: "/vendor/register" },
    { name: "contact", path: "/contact" },
  ],
  "content pages": [
    { name: "services", path: "/services" },
    { name: "about", path: "/about" },
    { name: "privacy", path: "/privacy" },
    { name: "terms", path: "/terms" },
    { name: "refund", path: "/refund" },
    { name: "shipping", path: "/shipping" },
  ],
};

async function expectGroupAccessible(page: Page, pages: { name: string; path: string }[]) {
  for (const { name, path } of pages) {
    await gotoHydrated(page, path);
    await expectNoAxeViolations(page, { where: name, soft: true });
  }
}

test("the checker reports what it is shown: an image without a text alternative, a button without a name", async ({ page }) => {
  await page.setContent('<html lang="en"><head><title>t</title></head><body><main><h1>t</h1><img src="x.png"><button></button></main></body></html>');
  await expect(expectNoAxeViolations(page)).rejects.toThrow(/image-alt[\s\S]*button-name|button-name[\s\S]*image-alt/);
});

test.describe("accessibility (desktop)", () => {
  for (const [group, pages] of Object.entries(GROUPS)) {
    test(`the ${group} have no accessibility violations: ${pages.map((p) => p.name).join(", ")}`, async ({ page }) => {
      await expectGroupAccessible(page, pages);
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
  for (const [group, pages] of Object.entries(GROUPS)) {
    test(`the ${group} have no accessibility violations: ${pages.map((p) => p.name).join(", ")} @mobile`, async ({ page }) => {
      await expectGroupAccessible(page, pages);
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
