import { expect, test } from "@playwright/test";
import { gotoHydrated } from "../support/hydration";

test.describe("404 page", () => {
  test("an unknown route answers 404 with Go Home, Go Back and Contact us", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
    await expect(main.getByRole("link", { name: "Go Back" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact");
    // The shop's header and footer are still there.
    await expect(page.getByRole("banner").getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });

  test("nested unknown paths are 404 too", async ({ request }) => {
    for (const path of ["/a/b/c", "/products/x/y", "/no-such-page/", "/%E2%82%B9", "/..%2F..%2F"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
    }
  });

  test("Go Home goes to the home page", async ({ page }) => {
    await gotoHydrated(page, "/no-such-page");
    await page.getByRole("link", { name: "Go Home" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("link", { name: "Shop Now" })).toBeVisible();
  });

  test("Go Back returns to the previous page", async ({ page }) => {
    await gotoHydrated(page, "/services");
    await page.goto("/no-such-page");
    await page.getByRole("link", { name: "Go Back" }).click();
    await expect(page).toHaveURL("/services");
  });

  test("Contact us opens the contact page", async ({ page }) => {
    await gotoHydrated(page, "/no-such-page");
    await page.getByRole("main").getByRole("link", { name: "Contact us" }).click();
    await expect(page).toHaveURL("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  });

  test("an unknown product shows Product Not Found with Back to Products", async ({ page }) => {
    const response = await page.goto("/products/no-such-product");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL("/not-found?product");
    await expect(page.getByText("The product you're looking for doesn't exist or has been removed")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Products" })).toHaveAttribute("href", "/products");
    await expect(page.getByRole("link", { name: "Go Home" })).toBeVisible();
  });
});
