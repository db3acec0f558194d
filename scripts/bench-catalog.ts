// Catalogue query benchmark: 100,000 generated products, indexed for search as the shop indexes
// them, the storefront's listing and search queries timed (a typo, synonyms, ranked searches).
// Run through `npm run bench` (or `npx tsx scripts/bench-catalog.ts`). Set BENCH_DATABASE_URL to
// also run it on PostgreSQL. Prints a table; a benchmark to read, not a test.
import type { Insertable, Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { PRODUCT_CATEGORIES } from "~/modules/catalog/categories";
import { getProduct, listProducts, searchSuggestions } from "~/modules/catalog/products.server";
import { writeSearchDocuments, type IndexedProduct } from "~/modules/catalog/search-index.server";
import { parseCatalogQuery } from "~/modules/catalog/catalog-query";
import { analyze, onEachDatabase, prepareShop, rand, time, type BenchKind } from "./bench-support";

const COUNT = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const BRANDS = ["ASUS", "Lenovo", "HP", "Dell", "Acer", "MSI", "Samsung", "LG", "BenQ", "Logitech", "Corsair", "Kingston", "WD", "Seagate", "Sony", "JBL", "Zebronics", "AMD", "Intel", "NVIDIA"];
const WORDS = ["Pro", "Ultra", "Gaming", "Slim", "Air", "Max", "Plus", "Elite", "Vision", "Core", "Turbo", "Nano", "Prime", "Edge", "Wave", "Storm", "Nova", "Pulse", "Titan", "Zen"];

async function generate(db: Kysely<Database>, count: number) {
  const r = rand(42);
  const pick = <T,>(a: readonly T[]) => a[Math.floor(r() * a.length)]!;
  const stamp = new Date().toISOString();
  const BATCH = 500;
  for (let start = 0; start < count; start += BATCH) {
    const products: Insertable<Database["products"]>[] = [];
    const indexed: IndexedProduct[] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const category = pick(PRODUCT_CATEGORIES);
      const name = `${pick(BRANDS)} ${pick(WORDS)} ${pick(WORDS)} ${100 + Math.floor(r() * 9000)}`;
      const specifications = { model: `M${i}`, warranty: `${1 + Math.floor(r() * 3)} years` };
      const id = `bench-${i}`;
      const description = `${name}, a ${category.toLowerCase()} for benchmarking.`;
      products.push({
        id,
        name,
        name_key: name.toLowerCase(),
        description,
        price_paise: 99_900 + Math.floor(r() * 30_000_000),
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
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("products").values(products).execute();
      for (let j = 0; j < indexed.length; j += 100) await writeSearchDocuments(trx, indexed.slice(j, j + 100));
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

async function bench(label: string, db: Kysely<Database>, kind: BenchKind) {
  await prepareShop(db);
  const t0 = performance.now();
  await generate(db, COUNT);
  await analyze(db, kind);
  console.log(`\n${label}: generated ${COUNT.toLocaleString("en-IN")} products in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log("query".padEnd(44), "rows".padStart(7), "p50 ms".padStart(8), "p95 ms".padStart(8));
  for (const qs of QUERIES) {
    const query = parseCatalogQuery(new URLSearchParams(qs));
    const page = await listProducts(db, query);
    const { p50, p95 } = await time(() => listProducts(db, query));
    console.log(`/products?${qs}`.padEnd(44), String(page.total).padStart(7), p50.toFixed(2).padStart(8), p95.toFixed(2).padStart(8));
  }
  for (const q of ["asu", "gamign"]) {
    const { p50, p95 } = await time(() => searchSuggestions(db, q));
    console.log(`suggestions for ${q}`.padEnd(44), "".padStart(7), p50.toFixed(2).padStart(8), p95.toFixed(2).padStart(8));
  }
  const { p50, p95 } = await time(() => getProduct(db, "bench-54321"));
  console.log("product by id".padEnd(44), "1".padStart(7), p50.toFixed(2).padStart(8), p95.toFixed(2).padStart(8));
}

await onEachDatabase({ dirPrefix: "rc-bench-catalog-", schemaPrefix: "bench_", keepDir: process.env.BENCH_KEEP_DIR }, bench);
