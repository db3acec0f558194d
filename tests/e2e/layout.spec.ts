import { expect, test } from "@playwright/test";
import { CATALOG, productPath } from "../support/catalog";
import { gotoHydrated } from "../support/hydration";
import { cartLink } from "../support/shop";

test.describe("header", () => {
  test("shows the brand, the main navigation, the cart and Login", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "RC Computers home" })).toHaveAttribute("href", "/");
    await expect(header.getByText("RC Computers", { exact: true })).toBeVisible();

    const nav = header.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(nav.getByRole("link", { name: "Products" })).toHaveAttribute("href", "/products");
    await expect(nav.getByRole("link", { name: "Services" })).toHaveAttribute("href", "/services");

    await expect(header.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    // The phone menu is not offered on a desktop screen.
    await expect(header.getByLabel("Menu", { exact: true })).toBeHidden();
    await expect(header.getByRole("navigation", { name: "Mobile" })).toBeHidden();

    // Empty cart: the link says so and there is no badge.
    await expect(cartLink(page)).toHaveAccessibleName("Cart, 0 items");
    await expect(cartLink(page)).toHaveAttribute("href", "/cart");
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  });

  test("main navigation links go to their pages", async ({ page }) => {
    await gotoHydrated(page, "/");
    const nav = page.getByRole("navigation", { name: "Main" });

    await nav.getByRole("link", { name: "Products" }).click();
    await expect(page).toHaveURL("/products");
    await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();

    await nav.getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL("/services");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Technology services");

    await nav.getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("link", { name: "Shop Now" })).toBeVisible();

    await page.getByRole("banner").getByRole("link", { name: /^Cart, / }).click();
    await expect(page).toHaveURL("/cart");
    await expect(page.getByRole("heading", { level: 1, name: "Your cart is empty" })).toBeVisible();
  });

  test("is transparent at the top and turns solid once scrolled past 10px", async ({ page }) => {
    await gotoHydrated(page, "/");
    const header = page.getByRole("banner");
    await expect(header).toHaveAttribute("data-scrolled", "false");

    await page.evaluate(() => window.scrollTo(0, 5));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(5);
    await expect(header).toHaveAttribute("data-scrolled", "false");

    await page.evaluate(() => window.scrollTo(0, 50));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(50);
    await expect(header).toHaveAttribute("data-scrolled", "true");
    // Solid: an opaque white background and a shadow.
    await expect
      .poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor))
      .toMatch(/^(rgb\(255, 255, 255\)|rgba\(255, 255, 255, 1\)|oklch\(1 0 0\)|color\(srgb 1 1 1\))$/);
    await expect.poll(() => header.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe("none");

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute("data-scrolled", "false");
  });
});

test.describe("cart badge", () => {
  test("counts one item", async ({ page }) => {
    await gotoHydrated(page, "/");
    const featured = page.getByRole("region", { name: "Featured Products" });
    await featured.getByRole("button", { name: `Add to Cart: ${CATALOG.sonyHeadphones.name}` }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await expect(cartLink(page)).toHaveAccessibleName("Cart, 1 item");
  });

  test('shows "9+" above nine items', async ({ page }) => {
    const product = CATALOG.lgMonitor; // stock 17
    await gotoHydrated(page, productPath(product));
    const quantity = page.getByLabel("Quantity", { exact: true });
    await quantity.fill("9");
    await expect(quantity).toHaveValue("9");
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("9");
    await expect(cartLink(page)).toHaveAccessibleName("Cart, 9 items");

    await quantity.fill("1");
    await expect(quantity).toHaveValue("1");
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("9+");
    await expect(cartLink(page)).toHaveAccessibleName("Cart, 10 items");

    // The badge survives a reload (the cart is kept server-side in a cookie).
    await page.reload();
    await expect(page.getByTestId("cart-badge")).toHaveText("9+");
  });

  test('shows "9+" after adding ten at once', async ({ page }) => {
    const product = CATALOG.g213Keyboard; // stock 58
    await gotoHydrated(page, productPath(product));
    await page.getByLabel("Quantity", { exact: true }).fill("10");
    await expect(page.getByLabel("Quantity", { exact: true })).toHaveValue("10");
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("9+");
    await expect(cartLink(page)).toHaveAccessibleName("Cart, 10 items");
  });
});

test.describe("footer", () => {
  test("has quick links, policies, contact details, social links and Become a Vendor", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");

    const quick = footer.getByRole("navigation", { name: "Quick Links" });
    await expect(quick.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(quick.getByRole("link", { name: "Products" })).toHaveAttribute("href", "/products");
    await expect(quick.getByRole("link", { name: "Services" })).toHaveAttribute("href", "/services");
    await expect(quick.getByRole("link", { name: "About Us" })).toHaveAttribute("href", "/about");
    await expect(quick.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
    await expect(footer.getByRole("link", { name: "Become a Vendor" })).toHaveAttribute("href", "/vendor/register");

    const policies = footer.getByRole("navigation", { name: "Policies" });
    await expect(policies.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    await expect(policies.getByRole("link", { name: "Terms & Conditions" })).toHaveAttribute("href", "/terms");
    await expect(policies.getByRole("link", { name: "Refund Policy" })).toHaveAttribute("href", "/refund");
    await expect(policies.getByRole("link", { name: "Shipping Policy" })).toHaveAttribute("href", "/shipping");

    // The contact address (the registered office, shown below it, is the same place).
    await expect(footer.getByText("B-42, Sector 63, Noida, Uttar Pradesh 201301, India", { exact: true })).toBeVisible();
    await expect(footer.getByRole("link", { name: "+91 120 456 7890" })).toHaveAttribute("href", /^tel:\+?\d+$/);
    await expect(footer.getByRole("link", { name: "support@rccomputers.in" })).toHaveAttribute("href", "mailto:support@rccomputers.in");

    for (const name of ["Facebook", "Instagram", "X (Twitter)", "YouTube"]) {
      const link = footer.getByRole("link", { name, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute("href", /^https:\/\//);
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
  });

  test("footer policy links open their pages", async ({ page }) => {
    await gotoHydrated(page, "/");
    const policies = page.getByRole("contentinfo").getByRole("navigation", { name: "Policies" });
    for (const [name, path] of [
      ["Privacy Policy", "/privacy"],
      ["Terms & Conditions", "/terms"],
      ["Refund Policy", "/refund"],
      ["Shipping Policy", "/shipping"],
    ] as const) {
      await policies.getByRole("link", { name }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    }
  });
});

test.describe("navigation", () => {
  test("scrolls to the top on every route change", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);

    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL("/privacy");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // Also between two pages of the same kind, and from the header.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole("contentinfo").getByRole("link", { name: "Refund Policy" }).click();
    await expect(page).toHaveURL("/refund");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Products" }).click();
    await expect(page).toHaveURL("/products");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("has a skip link to the main content", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await expect(skip).toHaveAttribute("href", "#main");
    await expect(page.getByRole("main")).toHaveAttribute("id", "main");
  });
});
