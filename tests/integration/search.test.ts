import { DatabaseSync } from "node:sqlite";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { NodeSqliteDialect } from "@better-auth/kysely-adapter/node-sqlite-dialect";
import { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/db.server";
import { postgresDialect } from "~/db/postgres-dialect.server";
import { migrationProvider } from "~/db/migrations";
import type { Database } from "~/db/schema";
import { parseCatalogQuery } from "~/modules/catalog/catalog-query";
import { ensureSearchIndex } from "~/modules/catalog/search-index.server";
import { deleteManagedProduct, listManagedProducts, parseManageQuery } from "~/modules/catalog/manage.server";
import { listProducts } from "~/modules/catalog/listing.server";
import { saveProduct, searchSuggestions, setProductStatus, type ProductInput } from "~/modules/catalog/products.server";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const q = (qs: string) => parseCatalogQuery(new URLSearchParams(qs));

const VENDOR = "vendor-search";

/** A small catalogue of its own, each product there for one rule. Prices differ from the ranking on purpose. */
const PRODUCTS: ProductInput[] = [
  product("s-laptop", "Aster Swift 3", "Laptop", { Processor: "Intel Core i5", RAM: "16 GB" }, "A thin laptop for work.", 5_499_000),
  product("s-gpu", "Zotac Twin Edge RTX 4060 Graphics Card", "Component", { Memory: "8GB GDDR6" }, "Plays everything at 1080p.", 3_199_000),
  product("s-gpu-2", "Colorful iGame RTX-4060 Ultra", "Component", { Type: "GPU", Memory: "8 GB" }, "White and quiet.", 3_299_000),
  product("s-ram", "Kingfast Desktop Memory", "Component", { Capacity: "16GB", Speed: "3200 MHz" }, "DDR4 for desktops.", 399_000),
  product("s-pendrive", "SanFlash Ultra USB Flash Drive 64 GB", "Storage", { Interface: "USB 3.2" }, "Small and quick.", 59_900),
  product("s-cabinet", "Antec Airflow PC Case", "Component", { Form: "ATX" }, "Mesh front panel.", 449_900),
  product("s-smps", "Cooler Master MWE 650 Bronze", "Component", { Type: "SMPS", Wattage: "650 W" }, "80 Plus Bronze.", 499_900),
  product("s-psu", "Deepcool PF550 Power Supply", "Component", { Wattage: "550 W" }, "Quiet fan.", 349_900),
  product("s-mouse", "Logitech Pebble Mouse", "Peripherals", { Brand: "Logitech" }, "Silent clicks.", 129_900),
  // Ranking: "zephyr" in the title of the dearest, the specs of the middle, the description of the cheapest.
  product("s-rank-title", "Zephyr Pro Keyboard", "Peripherals", { Switches: "Red" }, "Mechanical.", 900_000),
  product("s-rank-specs", "Windline Keyboard", "Peripherals", { Series: "Zephyr" }, "Mechanical.", 500_000),
  product("s-rank-body", "Calm Keyboard", "Peripherals", { Switches: "Brown" }, "As light as a zephyr.", 100_000),
];

function product(id: string, name: string, category: ProductInput["category"], specifications: Record<string, string>, description: string, pricePaise: number): ProductInput {
  return { id, name, category, specifications, description, pricePaise, image: null, stock: 5, featured: false, vendorId: VENDOR };
}

async function addVendor(db: Kysely<Database>) {
  await db
    .insertInto("vendors")
    .values({ id: VENDOR, name: "Search Traders", status: "approved", gstin: null, phone: null, address: null, city: null, state: null, owner_user_id: null, created_at: new Date().toISOString() })
    .execute();
}

describe.each(testDatabaseKinds)("catalogue search on %s", (kind) => {
  let t: TestDatabase;
  const ids = async (qs: string) => (await listProducts(t.db, q(qs))).products.map((p) => p.id);
  const sorted = async (qs: string) => (await ids(qs)).sort();

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await addVendor(t.db);
    for (const p of PRODUCTS) await saveProduct(t.db, p);
  });
  afterAll(async () => t?.destroy());

  it("forgives one typo in a word of 5+ letters that matches nothing as typed", async () => {
    expect(await ids("q=laptp")).toEqual(["s-laptop"]);
    expect(await ids("q=laptpo")).toEqual(["s-laptop"]);
    expect(await sorted("q=grpahics")).toEqual(["s-gpu"]);
    expect(await ids("q=logitehc")).toEqual(["s-mouse"]);
    // Two typos, or a typo in a short word, are not guessed at.
    expect(await ids("q=lpatp")).toEqual([]);
    expect(await ids("q=mose")).toEqual([]);
  });

  it("finds model numbers written together, apart or hyphenated", async () => {
    const together = await sorted("q=rtx4060");
    expect(together).toEqual(["s-gpu", "s-gpu-2"]);
    expect(await sorted("q=RTX+4060")).toEqual(together);
    expect(await sorted("q=rtx-4060")).toEqual(together);
  });

  it("finds units written together or apart", async () => {
    const together = await sorted("q=16gb");
    expect(together).toEqual(["s-laptop", "s-ram"]);
    expect(await sorted("q=16+GB")).toEqual(together);
    expect(await sorted("q=8gb")).toEqual(["s-gpu", "s-gpu-2"]);
  });

  it("knows the shop's synonyms, both ways", async () => {
    expect(await sorted("q=gpu")).toEqual(["s-gpu", "s-gpu-2"]);
    expect(await sorted("q=graphics+card")).toEqual(["s-gpu", "s-gpu-2"]);
    expect(await sorted("q=pendrive")).toEqual(["s-pendrive"]);
    expect(await sorted("q=usb+flash+drive")).toEqual(["s-pendrive"]);
    expect(await sorted("q=cabinet")).toEqual(["s-cabinet"]);
    expect(await sorted("q=pc+case")).toEqual(["s-cabinet"]);
    expect(await sorted("q=smps")).toEqual(["s-psu", "s-smps"]);
    expect(await sorted("q=power+supply")).toEqual(["s-psu", "s-smps"]);
    // A multi-word synonym is spelt in order: "supply power" is two words, each matched alone.
    expect(await sorted("q=supply+power")).toEqual(["s-psu"]);
  });

  it("ranks title matches before specification matches before description matches", async () => {
    expect(await ids("q=zephyr")).toEqual(["s-rank-title", "s-rank-specs", "s-rank-body"]);
    // Words in the title count once each: both in the title beats one in the title.
    expect(await ids("q=zephyr+keyboard")).toEqual(["s-rank-title", "s-rank-specs", "s-rank-body"]);
    // A chosen sort still sorts.
    expect(await ids("q=zephyr&sort=price-asc")).toEqual(["s-rank-body", "s-rank-specs", "s-rank-title"]);
    expect(await ids("q=zephyr&sort=price-desc")).toEqual(["s-rank-title", "s-rank-specs", "s-rank-body"]);
    expect(await ids("q=zephyr&sort=name-asc")).toEqual(["s-rank-body", "s-rank-specs", "s-rank-title"]);
    // Ties go to the cheaper product.
    expect(await ids("q=keyboard")).toEqual(["s-rank-body", "s-rank-specs", "s-rank-title"]);
  });

  it("suggests the closest search when nothing is found", async () => {
    const page = await listProducts(t.db, q("q=logitek"));
    expect(page.total).toBe(0);
    expect(page.didYouMean).toBe("logitech");
    const two = await listProducts(t.db, q("q=logitek+pebbel"));
    expect(two.didYouMean).toBe("logitech pebble");
    const kept = await listProducts(t.db, q("q=zephyr+xqzv"));
    expect(kept.total).toBe(0);
    expect(kept.didYouMean).toBeNull();
    expect((await listProducts(t.db, q("q=aster"))).didYouMean).toBeNull();
    // Not when the corrected search finds nothing in this category either.
    expect((await listProducts(t.db, q("q=logitek&category=Laptop"))).didYouMean).toBeNull();
  });

  it("suggests the best few products and the categories with matches as the shopper types", async () => {
    const found = await searchSuggestions(t.db, "zeph");
    expect(found.products.map((p) => p.id)).toEqual(["s-rank-title", "s-rank-specs", "s-rank-body"]);
    expect(found.categories).toEqual([{ name: "Peripherals", count: 3 }]);
    const typo = await searchSuggestions(t.db, "kingfsat", 2);
    expect(typo.products.map((p) => p.id)).toEqual(["s-ram"]);
    const many = await searchSuggestions(t.db, "rtx", 1);
    expect(many.products).toHaveLength(1);
    expect(many.categories).toEqual([{ name: "Component", count: 2 }]);
    expect(await searchSuggestions(t.db, "%%")).toEqual({ products: [], categories: [] });
  });

  it("re-indexes a product when it is edited", async () => {
    const p = PRODUCTS.find((x) => x.id === "s-cabinet")!;
    await saveProduct(t.db, { ...p, name: "Antec Nimbus Tower", specifications: { Form: "Micro ATX" } });
    expect(await ids("q=nimbus")).toEqual(["s-cabinet"]);
    expect(await ids("q=airflow")).toEqual([]);
    expect(await ids("q=cabinet")).toEqual([]);
    await saveProduct(t.db, p);
    expect(await ids("q=airflow")).toEqual(["s-cabinet"]);
  });

  it("drops archived and deleted products from the results", async () => {
    await setProductStatus(t.db, "s-psu", "archived");
    expect(await sorted("q=smps")).toEqual(["s-smps"]);
    await setProductStatus(t.db, "s-psu", "active");
    expect(await sorted("q=smps")).toEqual(["s-psu", "s-smps"]);

    await saveProduct(t.db, product("s-doomed", "Ephemeral Speaker", "Audio", {}, "Gone soon.", 10_000));
    expect(await ids("q=ephemeral")).toEqual(["s-doomed"]);
    expect((await deleteManagedProduct(t.db, { kind: "admin" }, "s-doomed"))?.outcome).toBe("deleted");
    expect(await ids("q=ephemeral")).toEqual([]);
    const left = await t.db.selectFrom("search_documents").select("product_id").where("product_id", "=", "s-doomed").execute();
    expect(left).toEqual([]);
  });

  it("searches the management lists the same way", async () => {
    const managed = async (qs: string) =>
      (await listManagedProducts(t.db, { kind: "vendor", vendorId: VENDOR }, parseManageQuery(new URLSearchParams(qs)))).products.map((p) => p.id).sort();
    expect(await managed("q=laptp")).toEqual(["s-laptop"]);
    expect(await managed("q=gpu")).toEqual(["s-gpu", "s-gpu-2"]);
    expect(await managed("q=s-mouse")).toEqual(["s-mouse"]);
    expect(await managed("q=16gb")).toEqual(["s-laptop", "s-ram"]);
    expect(await managed("q=nothing+like+it")).toEqual([]);
  });
});

describe.each(testDatabaseKinds)("the search migration on %s", (kind) => {
  let db: Kysely<Database>;
  let cleanup: () => Promise<void>;
  // PostgreSQL: the schema Kysely keeps its migration tables in (as migrateToLatest tells it).
  let migrationTableSchema: string | undefined;

  beforeAll(async () => {
    if (kind === "sqlite") {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-search-migration-"));
      const sqlite = new DatabaseSync(path.join(dir, "shop.db"));
      sqlite.exec("PRAGMA foreign_keys = ON");
      db = new Kysely<Database>({ dialect: new NodeSqliteDialect({ database: sqlite }) });
      cleanup = async () => {
        await db.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      };
    } else {
      const url = process.env.TEST_DATABASE_URL!;
      const schema = `t_${process.pid}_mig_${Math.random().toString(36).slice(2, 8)}`;
      const admin = new pg.Pool({ connectionString: url, max: 1 });
      await admin.query(`CREATE SCHEMA "${schema}"`);
      migrationTableSchema = schema;
      db = new Kysely<Database>({ dialect: postgresDialect(new pg.Pool({ connectionString: url, max: 4, options: `-c search_path="${schema}"` })) });
      cleanup = async () => {
        await db.destroy();
        await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
        await admin.end();
      };
    }
  });
  afterAll(async () => cleanup?.());

  it("indexes the products already in the shop", async () => {
    const migrator = new Migrator({ db, provider: migrationProvider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
    const before = await migrator.migrateTo("0007_payments");
    expect(before.error).toBeUndefined();
    await addVendor(db);
    await db.insertInto("categories").values({ name: "Component", position: 0 }).execute();
    const stamp = new Date().toISOString();
    await db
      .insertInto("products")
      .values({
        id: "old-1",
        name: "Velocity RTX4060 Graphics Card",
        name_key: "velocity rtx4060 graphics card",
        description: "From before search was rebuilt.",
        price_paise: 100,
        image_url: null,
        category: "Component",
        stock: 1,
        featured: 0,
        specifications: JSON.stringify({ brand: "Velocity", memory: "8GB" }),
        vendor_id: VENDOR,
        status: "active",
        listed: 1,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await migrateToLatest(db);
    const doc = await db.selectFrom("search_documents").select(["title", "specs", "body"]).where("product_id", "=", "old-1").executeTakeFirst();
    // 0008 stored the memory as typed ("8", in GB); 0009's frozen copy indexes what is stored.
    expect(doc).toEqual({ title: "velocity rtx 4060 graphics card velocity", specs: "component 8", body: "from before search was rebuilt" });
    const found = await listProducts(db, q("q=gpu+veloctiy"));
    expect(found.products.map((p) => p.id)).toEqual(["old-1"]);
    expect((await listProducts(db, q("q=8gb"))).total).toBe(0);

    // At start-up the shop re-indexes once with today's searchDocument: values as shown.
    expect(await ensureSearchIndex(db)).toBe(1);
    const again = await db.selectFrom("search_documents").select("specs").where("product_id", "=", "old-1").executeTakeFirst();
    expect(again?.specs).toBe("component 8 gb");
    expect((await listProducts(db, q("q=8gb"))).products.map((p) => p.id)).toEqual(["old-1"]);
    expect(await ensureSearchIndex(db)).toBe(0);
  });
});

describe.each(testDatabaseKinds)("paging a search on %s", (kind) => {
  let t: TestDatabase;
  const widgets = Array.from({ length: 30 }, (_, i) => `s-page-${String(i).padStart(2, "0")}`);
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await addVendor(t.db);
    for (const [i, id] of widgets.entries()) {
      await saveProduct(t.db, product(id, `Paginated Widget ${i}`, "Peripherals", {}, "A widget to page through.", 1_000_00 + i * 100));
    }
  });
  afterAll(async () => t?.destroy());

  it("pages the matches in order, by relevance or price; a page past the end shows the last", async () => {
    const first = await listProducts(t.db, q("q=paginated"));
    expect([first.total, first.page, first.pageCount]).toEqual([30, 1, 2]);
    const second = await listProducts(t.db, q("q=paginated&page=2"));
    // Equally relevant (each in its title): cheapest first.
    expect([...first.products, ...second.products].map((p) => p.id)).toEqual(widgets);
    const past = await listProducts(t.db, q("q=paginated&page=7"));
    expect(past.page).toBe(2);
    expect(past.products.map((p) => p.id)).toEqual(second.products.map((p) => p.id));
    expect((await listProducts(t.db, q("q=paginated&sort=price-desc&page=2"))).products.map((p) => p.id)).toEqual(widgets.slice(0, 6).reverse());
    expect((await listProducts(t.db, q("q=paginated&sort=name-desc"))).products[0]?.id).toBe("s-page-09");
  });
});
