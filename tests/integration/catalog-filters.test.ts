import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts, type DemoProduct } from "~/seed/demo-catalog";
import { demoPcParts } from "~/seed/demo-pc-parts";
import { seedDemoCatalog } from "~/seed/seed.server";
import { parseCatalogQuery } from "~/modules/catalog/catalog-query";
import { PRICE_RANGES, type CatalogFilters } from "~/modules/catalog/filters";
import { PAGE_SIZE } from "~/modules/catalog/search";
import { catalogPage, listProducts } from "~/modules/catalog/listing.server";
import { filterableSpecs } from "~/modules/catalog/spec-index.server";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

/**
 * Filters and their counts, checked against a plain reading of the demo catalogue: a product
 * shows when it is in the category and the search, and matches some chosen value of every filter.
 * A value's count is how many products it would show with the other filters as they are.
 */

type Facets = Record<string, Record<string, number>>;

/** The demo catalogue: the 16 products and the PC parts, longer than a page. */
const DEMO = [...demoProducts, ...demoPcParts];
const byPriceThenId = (a: DemoProduct, b: DemoProduct) => a.pricePaise - b.pricePaise || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function valuesOf(p: DemoProduct, filter: string): string[] {
  if (filter === "price") return PRICE_RANGES.filter((r) => p.pricePaise >= r.min * 100 && (r.max === null || p.pricePaise < r.max * 100)).map((r) => r.value);
  return filterableSpecs(p.category, p.specifications)
    .filter((s) => s.attribute === filter)
    .map((s) => s.value);
}

function expected(qs: string, searched: Set<string>) {
  const query = parseCatalogQuery(new URLSearchParams(qs));
  const f: CatalogFilters = query.filters;
  const chosen: [string, string[]][] = [["brand", f.brands], ["price", f.prices], ...Object.entries(f.attributes)];
  const inScope = DEMO.filter((p) => (query.category === "All" || p.category === query.category) && searched.has(p.id));
  const matches = (p: DemoProduct, except: string | null) =>
    chosen.every(([filter, values]) => filter === except || values.length === 0 || valuesOf(p, filter).some((v) => values.includes(v)));
  const facets: Facets = {};
  for (const filter of ["brand", "price", ...Object.keys(f.attributes)]) {
    const counts: Record<string, number> = {};
    for (const p of inScope.filter((p) => matches(p, filter))) for (const v of valuesOf(p, filter)) counts[v] = (counts[v] ?? 0) + 1;
    facets[filter] = counts;
  }
  const shown = inScope.filter((p) => matches(p, null)).sort(byPriceThenId);
  return { query, ids: shown.map((p) => p.id), facets };
}

describe.each(testDatabaseKinds)("catalogue filters on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
  });
  afterAll(async () => t?.destroy());

  /** Every product a search finds, page by page. */
  async function searchedIds(q: string): Promise<Set<string>> {
    const ids = new Set<string>();
    for (let page = 1; ; page++) {
      const found = await listProducts(t.db, parseCatalogQuery(new URLSearchParams({ ...(q ? { q } : {}), page: String(page) })));
      for (const p of found.products) ids.add(p.id);
      if (page >= found.pageCount) {
        expect(ids.size).toBe(found.total);
        return ids;
      }
    }
  }

  it.each([
    "",
    "category=Laptop",
    "category=Laptop&ram=16",
    "category=Laptop&brand=ASUS&brand=HP",
    "category=Laptop&processorBrand=AMD&price=50000-75000&price=75000-100000",
    "category=Laptop&processorBrand=Intel&processorBrand=Apple&refreshRate=60&refreshRate=120",
    "category=Laptop&screenSize=15.6&operatingSystem=Windows+11+Home&brand=Dell",
    "brand=Logitech",
    "brand=Logitech&brand=Sony&price=10000-25000",
    "price=0-10000&price=10000-25000",
    "category=Monitor&refreshRate=165&panelType=IPS",
    "category=Storage&storage=2000",
    "category=Peripherals&connectivity=Wired&rgbLighting=Yes",
    "category=Audio&noiseCancellation=Yes",
    "q=ryzen&category=Laptop&ram=16",
    "q=logitech&price=0-10000",
    "q=ryzen&sort=price-asc&category=Laptop&processorBrand=AMD",
  ])("?%s: the products, and every value's count given the other filters", async (qs) => {
    const q = new URLSearchParams(qs).get("q") ?? "";
    const want = expected(qs, await searchedIds(q));
    const page = await listProducts(t.db, want.query);
    expect(page.products.map((p) => p.id)).toEqual(want.ids.slice(0, PAGE_SIZE));
    expect(page.total).toBe(want.ids.length);

    // The page as /products reads it: the search read once, its ids reused by every statement.
    const { facets, products, total } = await catalogPage(t.db, want.query);
    expect(products.map((p) => p.id)).toEqual(page.products.map((p) => p.id));
    expect(total).toBe(page.total);
    const got: Facets = {};
    for (const facet of facets) {
      got[facet.param] = Object.fromEntries(facet.values.filter((v) => v.count > 0).map((v) => [v.value, v.count]));
      for (const v of facet.values) expect(v.selected, `${facet.param}=${v.value}`).toBe(new URLSearchParams(qs).getAll(facet.param).includes(v.value));
    }
    for (const [filter, counts] of Object.entries(want.facets)) {
      if (Object.keys(counts).length === 0 && !got[filter]) continue;
      expect(got[filter], filter).toEqual(counts);
    }
  });

  it("offers the category's own filters, labelled with units and in a natural order", async () => {
    const facets = (await catalogPage(t.db, parseCatalogQuery(new URLSearchParams("category=Laptop")))).facets;
    expect(facets.map((f) => f.label)).toEqual(["Brand", "Price", "Processor Brand", "RAM", "Storage", "Graphics", "Screen Size", "Resolution", "Refresh Rate", "Operating System"]);
    const storage = facets.find((f) => f.param === "storage")!;
    expect(storage.values.map((v) => [v.label, v.count])).toEqual([
      ["256 GB", 1],
      ["512 GB", 3],
      ["1 TB", 1],
    ]);
    const brand = facets.find((f) => f.param === "brand")!;
    expect(brand.values.map((v) => v.label)).toEqual(["Apple", "ASUS", "Dell", "HP", "Lenovo"]);
    const price = facets.find((f) => f.param === "price")!;
    // Laptops are from ₹64,990 to ₹99,900: the ranges with nothing in them are left out.
    expect(price.values.map((v) => [v.label, v.count])).toEqual([
      ["₹50,000 to ₹75,000", 3],
      ["₹75,000 to ₹1,00,000", 2],
    ]);
    // Across the catalogue: the sixteen products + the PC parts in each range.
    const all = (await catalogPage(t.db, parseCatalogQuery(new URLSearchParams("")))).facets;
    expect(all.find((f) => f.param === "price")!.values.map((v) => [v.label, v.count])).toEqual([
      ["Under ₹10,000", 4 + 13],
      ["₹10,000 to ₹25,000", 2 + 7],
      ["₹25,000 to ₹50,000", 2 + 5],
      ["₹50,000 to ₹75,000", 5 + 1],
      ["₹75,000 to ₹1,00,000", 2],
      ["₹1,00,000 to ₹1,50,000", 1],
      ["₹1,50,000 and above", 0 + 1],
    ]);
  });

  it("keeps a chosen value that nothing matches, with a count of 0, and ignores values no attribute could hold", async () => {
    const query = parseCatalogQuery(new URLSearchParams("category=Laptop&ram=64&ram=lots&refreshRate=144&brand=Nokia&price=5-6&colour=red"));
    expect(query.filters).toEqual({ brands: ["Nokia"], prices: [], attributes: { ram: ["64"], refreshRate: ["144"] } });
    const page = await listProducts(t.db, query);
    expect(page.total).toBe(0);
    const facets = (await catalogPage(t.db, query)).facets;
    expect(facets.find((f) => f.param === "ram")!.values.find((v) => v.value === "64")).toEqual({ value: "64", label: "64 GB", count: 0, selected: true });
    expect(facets.find((f) => f.param === "brand")!.values.find((v) => v.value === "Nokia")).toEqual({ value: "Nokia", label: "Nokia", count: 0, selected: true });
  });

  it("drops a category's attribute filters without that category", async () => {
    expect(parseCatalogQuery(new URLSearchParams("ram=16&brand=HP")).filters).toEqual({ brands: ["HP"], prices: [], attributes: {} });
  });
});
