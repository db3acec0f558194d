import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createManagedProduct, deleteManagedProduct, updateManagedProduct, type ProductScope } from "~/modules/catalog/manage.server";
import type { ProductFields } from "~/modules/catalog/product-form.server";
import { catalogPage } from "~/modules/catalog/listing.server";
import { refreshListing, setProductStatus } from "~/modules/catalog/products.server";
import { parseCatalogQuery } from "~/modules/catalog/catalog-query";
import { indexAllProductSpecs } from "~/modules/catalog/spec-index.server";
import { VALID_DECLARATIONS } from "../support/declarations";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const laptop = (over: Partial<ProductFields> = {}): ProductFields => ({
  name: "Typed Laptop",
  description: "A laptop with typed specifications.",
  pricePaise: 65_000_00,
  category: "Laptop",
  stock: 5,
  featured: false,
  specifications: { brand: "ASUS", ram: "16", storage: "1000", operatingSystem: "Windows 11 Home", weight: "Light enough", warranty: "1 year" },
  vendorId: "",
  declarations: VALID_DECLARATIONS,
  ...over,
});

describe.each(testDatabaseKinds)("typed specifications on %s", (kind) => {
  let t: TestDatabase;
  const V: ProductScope = { kind: "vendor", vendorId: "vendor-typed" };

  const specRows = (productId: string) =>
    t.db
      .selectFrom("product_specs")
      .select(["attribute", "value", "category", "listed", "price_paise"])
      .where("product_id", "=", productId)
      .orderBy("attribute")
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, listed: Number(r.listed), price_paise: Number(r.price_paise) })));

  async function create(over: Partial<ProductFields> = {}) {
    const r = await createManagedProduct(t.db, V, laptop(over), null);
    if (!r.ok) throw new Error(r.message);
    return r.id;
  }

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await t.db
      .insertInto("vendors")
      .values({ id: "vendor-typed", name: "Typed Traders", status: "approved", gstin: null, phone: null, address: null, city: null, state: null, owner_user_id: null, created_at: new Date().toISOString() })
      .execute();
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it("indexes a saved product's valid typed values with its category, listing and price; free rows and old text are not", async () => {
    const id = await create();
    const base = { category: "Laptop", listed: 1, price_paise: 65_000_00 };
    expect(await specRows(id)).toEqual([
      { attribute: "brand", value: "ASUS", ...base },
      { attribute: "operatingSystem", value: "Windows 11 Home", ...base },
      { attribute: "ram", value: "16", ...base },
      { attribute: "storage", value: "1000", ...base },
    ]);
  });

  it("follows an edit (values, category, price), the listing and the product's deletion", async () => {
    const id = await create({ name: "Edited Typed Laptop" });
    await updateManagedProduct(t.db, V, id, laptop({ category: "Monitor", pricePaise: 20_000_00, specifications: { brand: "LG", refreshRate: "165", ram: "16" } }), undefined);
    expect(await specRows(id)).toEqual([
      { attribute: "brand", value: "LG", category: "Monitor", listed: 1, price_paise: 20_000_00 },
      { attribute: "refreshRate", value: "165", category: "Monitor", listed: 1, price_paise: 20_000_00 },
    ]);

    await setProductStatus(t.db, id, "archived");
    expect((await specRows(id)).map((r) => r.listed)).toEqual([0, 0]);
    await setProductStatus(t.db, id, "active");
    expect((await specRows(id)).map((r) => r.listed)).toEqual([1, 1]);

    await t.db.updateTable("vendors").set({ status: "suspended" }).where("id", "=", "vendor-typed").execute();
    await refreshListing(t.db, { vendorId: "vendor-typed" });
    expect((await specRows(id)).map((r) => r.listed)).toEqual([0, 0]);
    await t.db.updateTable("vendors").set({ status: "approved" }).where("id", "=", "vendor-typed").execute();
    await refreshListing(t.db, { vendorId: "vendor-typed" });
    expect((await specRows(id)).map((r) => r.listed)).toEqual([1, 1]);

    expect((await deleteManagedProduct(t.db, V, id))?.outcome).toBe("deleted");
    expect(await specRows(id)).toEqual([]);
  });

  it("a search's page follows an edit, the listing and deletion (what its documents copy)", async () => {
    const id = await create({ name: "Zanzibar Typed Laptop" });
    const page = (qs: string) => catalogPage(t.db, parseCatalogQuery(new URLSearchParams(qs)));
    const counts = (p: Awaited<ReturnType<typeof page>>, param: string) =>
      Object.fromEntries(p.facets.find((f) => f.param === param)?.values.map((v) => [v.value, v.count]) ?? []);
    let p = await page("q=zanzibar");
    expect(p.products.map((x) => x.id)).toEqual([id]);
    expect(counts(p, "brand")).toEqual({ ASUS: 1 });
    expect(counts(p, "price")).toEqual({ "50000-75000": 1 });
    expect((await page("q=zanzibar&brand=ASUS&price=50000-75000")).total).toBe(1);

    await updateManagedProduct(t.db, V, id, laptop({ name: "Zanzibar Typed Laptop", category: "Monitor", pricePaise: 20_000_00, specifications: { brand: "LG" } }), undefined);
    p = await page("q=zanzibar&category=Monitor");
    expect(p.products.map((x) => ({ id: x.id, pricePaise: x.pricePaise }))).toEqual([{ id, pricePaise: 20_000_00 }]);
    expect(counts(p, "brand")).toEqual({ LG: 1 });
    expect(counts(p, "price")).toEqual({ "10000-25000": 1 });
    expect((await page("q=zanzibar&category=Laptop")).total).toBe(0);
    expect((await page("q=zanzibar&brand=ASUS")).total).toBe(0);
    expect((await page("q=zanzibar&price=50000-75000")).total).toBe(0);

    await setProductStatus(t.db, id, "archived");
    expect((await page("q=zanzibar")).total).toBe(0);
    await setProductStatus(t.db, id, "active");
    expect((await page("q=zanzibar")).total).toBe(1);
    await t.db.updateTable("vendors").set({ status: "suspended" }).where("id", "=", "vendor-typed").execute();
    await refreshListing(t.db, { vendorId: "vendor-typed" });
    expect((await page("q=zanzibar")).total).toBe(0);
    await t.db.updateTable("vendors").set({ status: "approved" }).where("id", "=", "vendor-typed").execute();
    await refreshListing(t.db, { vendorId: "vendor-typed" });
    expect((await page("q=zanzibar")).total).toBe(1);

    expect((await deleteManagedProduct(t.db, V, id))?.outcome).toBe("deleted");
    expect((await page("q=zanzibar")).total).toBe(0);
  });

  it("fills the index once for products stored before it existed", async () => {
    const id = await create({ name: "Old Typed Laptop" });
    await t.db.deleteFrom("product_specs").execute();
    await t.db.deleteFrom("app_meta").where("key", "=", "product_specs_indexed").execute();
    expect(await indexAllProductSpecs(t.db, 2)).toBeGreaterThanOrEqual(1);
    expect((await specRows(id)).map((r) => r.attribute)).toEqual(["brand", "operatingSystem", "ram", "storage"]);
    await t.db.deleteFrom("product_specs").where("product_id", "=", id).execute();
    expect(await indexAllProductSpecs(t.db)).toBe(0);
    expect(await specRows(id)).toEqual([]);
  });
});
