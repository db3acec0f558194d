import { expect, test } from "@playwright/test";

test("home page renders the hero and its sections", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "/products");
});
