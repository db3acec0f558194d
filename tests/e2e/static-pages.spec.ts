import { expect, test } from "@playwright/test";

test.describe("services", () => {
  test("shows the four services", async ({ page }) => {
    const response = await page.goto("/services");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const services = page.getByRole("region", { name: "What we can do for you" });
    for (const name of ["Software Development", "Website Development", "Social Media Management", "Digital Marketing"]) {
      await expect(services.getByRole("heading", { level: 3, name })).toBeVisible();
    }
    await expect(services.getByRole("heading", { level: 3 })).toHaveCount(4);
    await expect(page.getByRole("main").getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact");
  });
});

test.describe("about", () => {
  test("tells the shop's story since 2015", async ({ page }) => {
    const response = await page.goto("/about");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("2015");
    await expect(page.getByRole("main").getByText(/Noida/).first()).toBeVisible();
  });
});

const POLICIES = [
  { path: "/privacy", title: "Privacy Policy" },
  { path: "/terms", title: "Terms & Conditions" },
  { path: "/refund", title: "Refund Policy" },
  { path: "/shipping", title: "Shipping Policy" },
] as const;

test.describe("policy pages", () => {
  for (const { path, title } of POLICIES) {
    test(`${title} has its heading and the revision date`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.getByText("Last updated: June 15, 2025")).toBeVisible();
      await expect(page.getByRole("main").getByRole("heading", { level: 2 }).first()).toBeVisible();
    });
  }

  test("the refund policy states the return window and refund times", async ({ page }) => {
    await page.goto("/refund");
    const main = page.getByRole("main");
    await expect(main.getByText(/\b7 days\b/).first()).toBeVisible();
    await expect(main.getByText(/\b48 hours\b/).first()).toBeVisible();
    await expect(main.getByText(/\b5-7 business days\b/).first()).toBeVisible();
  });

  test("the shipping policy states delivery times", async ({ page }) => {
    await page.goto("/shipping");
    const main = page.getByRole("main");
    await expect(main.getByText(/\b2-3 business days\b/).first()).toBeVisible();
    await expect(main.getByText(/\b3-5 business days\b/).first()).toBeVisible();
  });

  test("a policy's table of contents links to its sections", async ({ page }) => {
    await page.goto("/privacy");
    const toc = page.getByRole("navigation", { name: "On this page" });
    const links = toc.getByRole("link");
    expect(await links.count()).toBeGreaterThan(2);
    for (const link of await links.all()) {
      const href = await link.getAttribute("href");
      expect(href).toMatch(/^#[\w-]+$/);
      await expect(page.locator(`[id="${href!.slice(1)}"]`)).toHaveCount(1);
    }
  });
});
