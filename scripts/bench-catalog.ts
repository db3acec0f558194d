// Catalogue query benchmark: 100,000 generated products, indexed for search as the shop indexes
// them, the storefront's /products page timed (catalogPage: the listing, its total and every
// filter's counts) for listings, searches (a typo, synonyms, ranked) and filters.
// Run through `npm run bench` (or `npx tsx scripts/bench-catalog.ts`). Set BENCH_DATABASE_URL to
// also run it on PostgreSQL. Prints a table; a benchmark to read, not a test.
import type { Insertable, Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { PRODUCT_CATEGORIES, type ProductCategory } from "~/modules/catalog/categories";
import { catalogPage } from "~/modules/catalog/listing.server";
import { getProduct, searchSuggestions } from "~/modules/catalog/products.server";
import { writeSearchDocuments, type IndexedProduct } from "~/modules/catalog/search-index.server";
import { parseCatalogQuery } from "~/modules/catalog/catalog-query";
import { loadComparison } from "~/modules/compare/compare.server";
import { filterableSpecs } from "~/modules/catalog/spec-index.server";
import { SPEC_SCHEMAS } from "~/modules/catalog/spec-schema";
import { analyze, onEachDatabase, prepareShop, rand, time, type BenchKind } from "./bench-support";

const COUNT = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const BRANDS = ["ASUS", "Lenovo", "HP", "Dell", "Acer", "MSI", "Samsung", "LG", "BenQ", "Logitech", "Corsair", "Kingston", "WD", "Seagate", "Sony", "JBL", "Zebronics", "AMD", "Intel", "NVIDIA"];
const WORDS = ["Pro", "Ultra", "Gaming", "Slim", "Air", "Max", "Plus", "Elite", "Vision", "Core", "Turbo", "Nano", "Prime", "Edge", "Wave", "Storm", "Nova", "Pulse", "Titan", "Zen"];

/** Realistic values for number attributes, by key; others are drawn between the attribute's limits. */
const NUMBERS: Record<string, number[]> = {
  ram: [8, 8, 16, 16, 16, 32, 64],
  storage: [256, 512, 512, 1000, 1000, 2000],
  screenSize: [13.3, 14, 15.6, 15.6, 16, 17.3, 23.8, 27, 31.5],
  refreshRate: [60, 60, 75, 100, 120, 144, 144, 165, 240],
  weight: [0.08, 0.1, 0.25, 1.2, 1.4, 1.65, 1.8, 2.2, 2.5],
  batteryLife: [6, 8, 10, 12, 18, 24, 30, 40],
  powerSupply: [450, 550, 650, 750, 850],
  responseTime: [0.5, 1, 2, 4, 5],
  memory: [4, 6, 8, 12, 16, 24],
  cores: [4, 6, 8, 12, 16],
  boostClock: [2500, 3000, 4400, 4800, 5000, 5600],
  power: [65, 105, 120, 170, 250, 300],
  readSpeed: [120, 550, 3500, 5000, 7450],
  writeSpeed: [100, 500, 3000, 4500, 6900],
  outputPower: [5, 10, 20, 40, 100],
};
const TEXTS: Record<string, string[]> = {
  processor: ["AMD Ryzen 5 7535HS", "AMD Ryzen 7 8845HS", "Intel Core i5-1335U", "Intel Core i7-13620H", "Apple M4"],
  graphicsCard: ["NVIDIA GeForce RTX 4050 6 GB", "NVIDIA GeForce RTX 4060 8 GB", "AMD Radeon 780M (integrated)", "Intel Iris Xe (integrated)"],
  chipset: ["NVIDIA GeForce RTX 4060", "NVIDIA GeForce RTX 5070", "AMD Radeon RX 7600", "AMD Ryzen 7 7800X3D", "Intel Core i5-14400F"],
  socket: ["AM5", "AM4", "LGA1700"],
  adaptiveSync: ["AMD FreeSync", "G-SYNC Compatible"],
  ports: ["2 x HDMI 2.0, 1 x DisplayPort 1.4", "1 x HDMI 1.4, 1 x VGA"],
};

/** A generated product's typed specifications, every attribute of its category filled. */
function typedSpecs(category: ProductCategory, brand: string, pick: <T>(a: readonly T[]) => T): Record<string, string> {
  const out: Record<string, string> = {};
  for (const a of SPEC_SCHEMAS[category]) {
    if (a.key === "brand") out.brand = brand;
    else if (a.kind === "number") out[a.key] = String(pick(NUMBERS[a.key] ?? [a.min, a.max]));
    else if (a.kind === "choice") out[a.key] = pick(a.options);
    else if (a.kind === "boolean") out[a.key] = pick(["Yes", "No"]);
    else out[a.key] = pick(TEXTS[a.key] ?? ["Standard"]);
  }
  return out;
}

async function generate(db: Kysely<Database>, count: number) {
  const r = rand(42);
  const pick = <T,>(a: readonly T[]) => a[Math.floor(r() * a.length)]!;
  const stamp = new Date().toISOString();
  const BATCH = 500;
  for (let start = 0; start < count; start += BATCH) {
    const products: Insertable<Database["products"]>[] = [];
    const indexed: IndexedProduct[] = [];
    const specs: Insertable<Database["product_specs"]>[] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const category = pick(PRODUCT_CATEGORIES);
      const brand = pick(BRANDS);
      const name = `${brand} ${pick(WORDS)} ${pick(WORDS)} ${100 + Math.floor(r() * 9000)}`;
      const specifications = { ...typedSpecs(category, brand, pick), model: `M${i}`, warranty: `${1 + Math.floor(r() * 3)} years` };
      const id = `bench-${i}`;
      const pricePaise = 99_900 + Math.floor(r() * 30_000_000);
      const description = `${name}, a ${category.toLowerCase()} for benchmarking.`;
      products.push({
        id,
        name,
        name_key: name.toLowerCase(),
        description,
        price_paise: pricePaise,
        image_url: null,
        category,
        stock: Math.floor(r() * 50),
        featured: r() < 0.05 ? 1 : 0,
        specifications: JSON.stringify(specifications),
        vendor_id: pick(["vendor-1", "vendor-2", "vendor-3"]),
        status: "active",
        listed: 1,
        created_at: stamp,
        updated_at: stamp,
      });
      indexed.push({ id, name, category, specifications, description });
      for (const spec of filterableSpecs(category, specifications)) specs.push({ product_id: id, ...spec, category, listed: 1, price_paise: pricePaise });
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("products").values(products).execute();
      for (let j = 0; j < indexed.length; j += 100) await writeSearchDocuments(trx, indexed.slice(j, j + 100));
      for (let j = 0; j < specs.length; j += 1000) await trx.insertInto("product_specs").values(specs.slice(j, j + 1000)).execute();
    });
  }
}

const QUERIES = [
  "",
  "sort=price-desc",
  "sort=name-asc",
  "category=Laptop",
  "category=Laptop&sort=name-desc&page=40",
  "q=asus",
  "q=asus+gaming&sort=price-desc",
  "q=a",
  "q=zzzz",
  // Relevance-ranked (no sort given): a narrow search, and one matching a seventh of the catalogue.
  "q=asus+gaming",
  "q=laptop",
  // One typo each, forgiven through the vocabulary's trigram index; then a synonym.
  "q=gamign",
  "q=lenvoo+ultra",
  "q=graphics+card",
  // Nothing found: the "Did you mean" search runs too.
  "q=logitek",
  "category=Audio&q=sony+pro",
  "page=2000",
];

const FILTERED = [
  "",
  "category=Laptop",
  "category=Laptop&ram=16&brand=ASUS&brand=HP",
  "category=Laptop&processorBrand=AMD&storage=512&storage=1000&price=50000-75000",
  "category=Monitor&refreshRate=144&refreshRate=165&panelType=IPS",
  "brand=Logitech&price=0-10000&price=10000-25000",
  "category=Storage&storageKind=Internal+SSD&interface=PCIe+4.0+NVMe",
  "q=asus&category=Laptop&ram=16",
  "q=gaming&price=50000-75000",
];

async function bench(label: string, db: Kysely<Database>, kind: BenchKind) {
  await prepareShop(db);
  const t0 = performance.now();
  await generate(db, COUNT);
  await analyze(db, kind);
  console.log(`\n${label}: generated ${COUNT.toLocaleString("en-IN")} products in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log("/products page, with its counts".padEnd(44), "rows".padStart(7), "p50 ms".padStart(8), "p95 ms".padStart(8));
  for (const qs of QUERIES) {
    const query = parseCatalogQuery(new URLSearchParams(qs));
    const page = await catalogPage(db, query);
    const { p50, p95 } = await time(() => catalogPage(db, query));
    console.log(`/products?${qs}`.padEnd(44), String(page.total).padStart(7), p50.toFixed(2).padStart(8), p95.toFixed(2).padStart(8));
  }
  for (const q of ["asu", "gamign"]) {
    const { p50, p95 } = await time(() => searchSuggestions(db, q));
    console.log(`suggestions for ${q}`.padEnd(44), "".padStart(7), p50.toFixed(2).padStart(8), p95.toFixed(2).padStart(8));
  }
  const { p50, p95 } = await time(() => getProduct(db, "bench-54321"));
  console.log("product by id".padEnd(44), "1".padStart(7), p50.toFixed(2).padStart(8), p95.toFixed(2).padStart(8));
  // The compare page: four laptops' specifications, side by side with differences and best values.
  const laptops = await db.selectFrom("products").select("id").where("category", "=", "Laptop").orderBy("id").limit(4).execute();
  const compared = await time(() => loadComparison(db, laptops.map((l) => l.id)));
  console.log("compare 4 laptops".padEnd(44), "4".padStart(7), compared.p50.toFixed(2).padStart(8), compared.p95.toFixed(2).padStart(8));

  // What the /products loader does with filters: the page of results and every filter's counts.
  console.log("\nfiltered listing with counts".padEnd(75), "rows".padStart(7), "p50 ms".padStart(8), "p95 ms".padStart(8));
  for (const qs of FILTERED) {
    const query = parseCatalogQuery(new URLSearchParams(qs));
    const page = () => catalogPage(db, query);
    const first = await page();
    const { p50, p95 } = await time(page);
    console.log(`/products?${qs}`.padEnd(74), String(first.total).padStart(7), p50.toFixed(2).padStart(8), p95.toFixed(2).padStart(8));
  }
}

await onEachDatabase({ dirPrefix: "rc-bench-catalog-", schemaPrefix: "bench_", keepDir: process.env.BENCH_KEEP_DIR }, bench);
