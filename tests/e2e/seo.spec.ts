import { expect, test, type Page } from "@playwright/test";
import { ALL_PRODUCTS, CATALOG, productPath } from "../support/catalog";
import { gotoHydrated } from "../support/hydration";

const PAGES = [
  "/",
  "/products",
  "/products?category=Laptop",
  productPath(CATALOG.gamingPc),
  productPath(CATALOG.samsungSsd),
  "/cart",
  "/contact",
  "/services",
  "/about",
  "/privacy",
  "/terms",
  "/refund",
  "/shipping",
  "/no-such-page",
];

async function description(page: Page): Promise<string | null> {
  const tags = page.locator('meta[name="description"]');
  await expect(tags).toHaveCount(1);
  return tags.getAttribute("content");
}

test.describe("titles and descriptions", () => {
  test("every page has its own title and meta description", async ({ page }) => {
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const path of PAGES) {
      await page.goto(path);
      const title = await page.title();
      expect(title, path).toMatch(/\S/);
      expect(title, path).toContain("RC Computers");
      const desc = await description(page);
      expect(desc?.trim().length ?? 0, `${path} description`).toBeGreaterThan(20);
      titles.set(path, title);
      descriptions.set(path, desc!);
    }
    const duplicates = (m: Map<string, string>) =>
      [...m].filter(([, v], i, all) => all.findIndex(([, w]) => w === v) !== i).map(([k, v]) => `${k}: ${v}`);
    expect(duplicates(titles), "pages sharing a title").toEqual([]);
    expect(duplicates(descriptions), "pages sharing a description").toEqual([]);
  });

  test("titles name what is shown", async ({ page }) => {
    await page.goto("/products");
    await expect(page).toHaveTitle("All Products | RC Computers");
    await page.goto("/products?category=Laptop");
    await expect(page).toHaveTitle("Laptop Products | RC Computers");
    await page.goto(productPath(CATALOG.macbookAir));
    await expect(page).toHaveTitle(`${CATALOG.macbookAir.name} | RC Computers`);
    await page.goto("/contact");
    await expect(page).toHaveTitle("Contact Us | RC Computers");
    await page.goto("/no-such-page");
    await expect(page).toHaveTitle("Page Not Found | RC Computers");
  });

  test("the title follows client-side navigation", async ({ page }) => {
    await gotoHydrated(page, "/");
    const homeTitle = await page.title();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL("/services");
    await expect(page).toHaveTitle("Our Services | RC Computers");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveTitle(homeTitle);
  });

  test("the document language is Indian English", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
  });

  test("product pages have a canonical URL and Open Graph tags", async ({ page }) => {
    await page.goto(productPath(CATALOG.asusTuf));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/products/${CATALOG.asusTuf.id}$`));
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", `${CATALOG.asusTuf.name} | RC Computers`);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https?:\/\/.+\.(svg|png|jpe?g|webp)$/);
  });

  test("pages not worth indexing say so", async ({ page }) => {
    for (const path of ["/cart", "/no-such-page", "/products?q=asus"]) {
      await page.goto(path);
      await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute("content", /noindex/);
    }
    await page.goto("/products");
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });

  test("product JSON-LD describes price and availability", async ({ page }) => {
    for (const p of [CATALOG.lgMonitor, CATALOG.wdPassport]) {
      await page.goto(productPath(p));
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      type ProductLd = { "@type": string; name: string; offers: { priceCurrency: string; price: string; availability: string } };
      const ld = blocks.map((b) => JSON.parse(b) as ProductLd).find((b) => b["@type"] === "Product");
      expect(ld, p.id).toBeDefined();
      expect(ld!.name).toBe(p.name);
      expect(ld!.offers.priceCurrency).toBe("INR");
      expect(Number(ld!.offers.price)).toBe(p.price);
      expect(ld!.offers.availability).toBe(p.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock");
    }
  });
});

test.describe("crawler files", () => {
  test("sitemap.xml lists the pages and products", async ({ request, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/xml/);
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml /);
    expect(xml).toContain("<urlset");
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    for (const path of ["/", "/products", "/services", "/about", "/contact", "/privacy", "/terms", "/refund", "/shipping"]) {
      expect(locs, path).toContain(`${baseURL}${path}`);
    }
    // Every product of the demo catalogue (the one test that hides a product does so for a moment only).
    const productLocs = locs.filter((l) => l.startsWith(`${baseURL}/products/`));
    for (const p of ALL_PRODUCTS.filter((p) => p !== CATALOG.hpAllInOne)) {
      expect(productLocs, p.id).toContain(`${baseURL}/products/${p.id}`);
    }
    expect(locs).not.toContain(`${baseURL}/cart`);
  });

  test("robots.txt points to the sitemap", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*/m);
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(text).toMatch(/^Disallow: \/cart/m);
  });
});
