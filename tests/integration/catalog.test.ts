import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalog } from "~/seed/seed.server";
import { demoProducts } from "~/seed/demo-catalog";
import { demoPcParts } from "~/seed/demo-pc-parts";
import { listProducts } from "~/modules/catalog/listing.server";
import { countVisibleProducts, featuredProducts, getProduct, productsByIds, productsInCategory, refreshListing, relatedProducts, saveProduct, setProductStatus, sitemapProducts } from "~/modules/catalog/products.server";
import { parseCatalogQuery } from "~/modules/catalog/catalog-query";
import { PAGE_SIZE } from "~/modules/catalog/search";
import { searchDocument } from "~/modules/catalog/search-text";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const q = (qs: string) => parseCatalogQuery(new URLSearchParams(qs));

/** The demo catalogue: the 16 products and 27 PC parts. */
const DEMO = [...demoProducts, ...demoPcParts];
const DEMO_COUNT = 43;

describe.each(testDatabaseKinds)("catalogue queries on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    expect(await seedDemoCatalog(t.db)).toBe(true);
  });
  afterAll(async () => t?.destroy());

  it("seeds the demo catalogue once, with stable ids", async () => {
    expect(await seedDemoCatalog(t.db)).toBe(false);
    expect(DEMO).toHaveLength(DEMO_COUNT);
    expect(await countVisibleProducts(t.db)).toBe(DEMO_COUNT);
    const p = await getProduct(t.db, demoProducts[0]!.id);
    expect(p?.name).toBe(demoProducts[0]!.name);
    expect(p?.pricePaise).toBe(demoProducts[0]!.pricePaise);
    expect(p?.specifications).toEqual(demoProducts[0]!.specifications);
  });

  it("lists all products cheapest first by default", async () => {
    const page = await listProducts(t.db, q(""));
    expect(page.total).toBe(DEMO_COUNT);
    const prices = page.products.map((p) => p.pricePaise);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("sorts by price descending and by name both ways", async () => {
    const desc = (await listProducts(t.db, q("sort=price-desc"))).products.map((p) => p.pricePaise);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const az = (await listProducts(t.db, q("sort=name-asc"))).products.map((p) => p.name.toLowerCase());
    expect(az).toEqual([...az].sort());
    const za = (await listProducts(t.db, q("sort=name-desc"))).products.map((p) => p.name.toLowerCase());
    expect(za).toEqual([...za].sort().reverse());
    // Each way starts the whole catalogue's first page from its own end.
    const all = DEMO.map((p) => p.name.toLowerCase()).sort();
    expect(az[0]).toBe(all[0]);
    expect(za[0]).toBe(all.at(-1));
  });

  it("filters by category", async () => {
    const laptops = await listProducts(t.db, q("category=Laptop"));
    expect(laptops.total).toBe(demoProducts.filter((p) => p.category === "Laptop").length);
    expect(laptops.products.every((p) => p.category === "Laptop")).toBe(true);
  });

  it("matches a single character only as a whole word, of the name or specifications", async () => {
    const withWord7 = DEMO.filter((p) => { const d = searchDocument(p); return `${d.title} ${d.specs}`.split(" ").includes("7"); }).map((p) => p.id).sort();
    expect(withWord7.length).toBeGreaterThan(0);
    const page = await listProducts(t.db, q("q=7"));
    expect(page.products.map((p) => p.id).sort()).toEqual(withWord7);
  });

  it("searches by word prefixes, every word must match, case-insensitively", async () => {
    const asus = await listProducts(t.db, q("q=ASU"));
    expect(asus.products.map((p) => p.id)).toEqual(["product-asus-tuf-gaming-a15"]);
    const both = await listProducts(t.db, q("q=logitech+mouse"));
    expect(both.products.every((p) => p.name.includes("Logitech"))).toBe(true);
    expect(both.total).toBeGreaterThanOrEqual(1);
    const none = await listProducts(t.db, q("q=asus+sony"));
    expect(none.total).toBe(0);
    const inCategory = await listProducts(t.db, q("q=ryzen&category=Laptop"));
    expect(inCategory.products.every((p) => p.category === "Laptop")).toBe(true);
    expect(inCategory.total).toBeGreaterThan(0);
  });

  it("treats hostile or odd searches as plain text", async () => {
    // Punctuation alone has no words to search by: the whole catalogue shows.
    for (const text of ["%", "_", "\\", "🙂", "\u0000", "'; DROP TABLE products; --"]) {
      const page = await listProducts(t.db, q(`q=${encodeURIComponent(text)}`));
      expect(page.total, text).toBe(text.includes("DROP") ? 0 : DEMO_COUNT);
    }
    for (const text of ["x".repeat(100), "zzzz", "qqq xyzzy"]) {
      expect((await listProducts(t.db, q(`q=${encodeURIComponent(text)}`))).total, text).toBe(0);
    }
    expect(await countVisibleProducts(t.db)).toBe(DEMO_COUNT);
  });

  it("pages past the end land on the last page", async () => {
    const page = await listProducts(t.db, q("page=99"));
    expect(page.page).toBe(2);
    expect(page.pageCount).toBe(2);
    expect(page.products).toHaveLength(DEMO_COUNT - PAGE_SIZE);
  });

  it("gives the home page's featured and laptop rows in catalogue order", async () => {
    const featured = await featuredProducts(t.db, 4);
    expect(featured.map((p) => p.id)).toEqual(demoProducts.filter((p) => p.featured).slice(0, 4).map((p) => p.id));
    const laptops = await productsInCategory(t.db, "Laptop", 4);
    expect(laptops.map((p) => p.id)).toEqual(demoProducts.filter((p) => p.category === "Laptop").slice(0, 4).map((p) => p.id));
  });

  it("finds up to 4 related products of the same category, never the product itself", async () => {
    const laptop = (await getProduct(t.db, "product-asus-tuf-gaming-a15"))!;
    const related = await relatedProducts(t.db, laptop, 4);
    expect(related.length).toBeLessThanOrEqual(4);
    expect(related.length).toBeGreaterThan(0);
    expect(related.every((p) => p.category === "Laptop" && p.id !== laptop.id)).toBe(true);
  });

  it("hides archived products and products of vendors that are not approved", async () => {
    const id = "product-logitech-g213-prodigy";
    await setProductStatus(t.db, id, "archived");
    expect(await getProduct(t.db, id)).toBeNull();
    expect((await productsByIds(t.db, [id])).size).toBe(0);
    expect((await listProducts(t.db, q("q=g213"))).total).toBe(0);
    await setProductStatus(t.db, id, "active");
    expect(await getProduct(t.db, id)).not.toBeNull();

    const vendorId = (await getProduct(t.db, id))!.vendorId;
    await t.db.updateTable("vendors").set({ status: "pending" }).where("id", "=", vendorId).execute();
    await refreshListing(t.db, { vendorId });
    expect(await getProduct(t.db, id)).toBeNull();
    expect(await countVisibleProducts(t.db)).toBeLessThan(DEMO_COUNT);
    await t.db.updateTable("vendors").set({ status: "approved" }).where("id", "=", vendorId).execute();
    await refreshListing(t.db, { vendorId });
    expect(await countVisibleProducts(t.db)).toBe(DEMO_COUNT);
  });

  it("re-indexes search words when a product is saved again", async () => {
    const p = demoProducts.find((d) => d.id === "product-benq-gw2490")!;
    await saveProduct(t.db, { ...p, name: "BenQ Zowie XL2546K" });
    expect((await listProducts(t.db, q("q=zowie"))).total).toBe(1);
    expect((await listProducts(t.db, q("q=gw2490"))).total).toBe(0);
    await saveProduct(t.db, p);
    expect((await listProducts(t.db, q("q=gw2490"))).total).toBe(1);
  });

  it("lists products for the sitemap", async () => {
    const rows = await sitemapProducts(t.db, { limit: 100, offset: 0 });
    expect(rows).toHaveLength(DEMO_COUNT);
    expect(rows[0]?.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});
