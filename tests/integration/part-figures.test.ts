import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PART_FIGURE_COLUMNS } from "~/modules/builds/part-figures";
import { createManagedProduct, deleteManagedProduct, updateManagedProduct, type ProductScope } from "~/modules/catalog/manage.server";
import type { ProductFields } from "~/modules/catalog/product-form.server";
import { refreshListing, setProductStatus } from "~/modules/catalog/products.server";
import { indexAllProductSpecs } from "~/modules/catalog/spec-index.server";
import { VALID_DECLARATIONS } from "../support/declarations";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

// part_figures, the builder's copy of each PC part's figures (app/modules/builds/part-figures.ts),
// kept in step with the product wherever product_specs is.
const board = (over: Partial<ProductFields> = {}): ProductFields => ({
  name: "Figures Board",
  description: "A motherboard with its figures.",
  pricePaise: 18_999_00,
  category: "Component",
  stock: 5,
  featured: false,
  // biosFlashback is a figure the builder's queries do not read: it has no column.
  specifications: { brand: "ASUS", componentType: "Motherboard", socket: "AM5", ramType: "DDR5", boardFormFactor: "ATX", memorySlots: "4", maxMemory: "192", biosFlashback: "Yes" },
  vendorId: "",
  declarations: VALID_DECLARATIONS,
  ...over,
});

describe.each(testDatabaseKinds)("part_figures on %s", (kind) => {
  let t: TestDatabase;
  const V: ProductScope = { kind: "vendor", vendorId: "vendor-figures" };

  /** A part's row, numbers as numbers (PostgreSQL's numeric comes back as text), only the figures it has. */
  const row = async (productId: string) => {
    const r = await t.db.selectFrom("part_figures").selectAll().where("product_id", "=", productId).executeTakeFirst();
    if (!r) return null;
    const figures = Object.fromEntries(
      PART_FIGURE_COLUMNS.flatMap(({ column, kind }) => (r[column] === null ? [] : [[column, kind === "number" ? Number(r[column]) : r[column]]])),
    );
    return { slot: r.slot, listed: Number(r.listed), price_paise: Number(r.price_paise), brand: r.brand, ...figures };
  };

  async function create(over: Partial<ProductFields> = {}) {
    const r = await createManagedProduct(t.db, V, board(over), null);
    if (!r.ok) throw new Error(r.message);
    return r.id;
  }

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await t.db
      .insertInto("vendors")
      .values({ id: "vendor-figures", name: "Figure Traders", status: "approved", gstin: null, phone: null, address: null, city: null, state: null, owner_user_id: null, created_at: new Date().toISOString() })
      .execute();
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it("holds a saved part's checked figures, its slot, listing, price and brand; a product that is no PC part has no row", async () => {
    const id = await create();
    expect(await row(id)).toEqual({
      slot: "motherboard",
      listed: 1,
      price_paise: 18_999_00,
      brand: "ASUS",
      socket: "AM5",
      ram_type: "DDR5",
      board_form_factor: "ATX",
      memory_slots: 4,
      max_memory: 192,
    });
    const other = await create({ name: "Figures Fan", specifications: { brand: "Noctua", componentType: "Other" } });
    expect(await row(other)).toBeNull();
    const drive = await create({ name: "Figures Drive", category: "Storage", specifications: { brand: "WD", storageKind: "Internal SSD", interface: "PCIe 4.0 NVMe", formFactor: "M.2 2280" } });
    expect(await row(drive)).toMatchObject({ slot: "storage", interface: "PCIe 4.0 NVMe", form_factor: "M.2 2280" });
    const portable = await create({ name: "Figures Portable", category: "Storage", specifications: { brand: "WD", storageKind: "External SSD", interface: "USB-C" } });
    expect(await row(portable)).toBeNull();
  });

  it("follows an edit (price, figures, slot, category), the listing and the product's deletion", async () => {
    const id = await create({ name: "Edited Figures Board" });
    // A figure no longer valid as stored ("lots") is left out, as product_specs leaves it out.
    await updateManagedProduct(t.db, V, id, board({ name: "Edited Figures Board", pricePaise: 15_000_00, specifications: { brand: "MSI", componentType: "Motherboard", socket: "LGA 1700", m2Slots: "3", memorySlots: "lots" } }), undefined);
    expect(await row(id)).toEqual({ slot: "motherboard", listed: 1, price_paise: 15_000_00, brand: "MSI", socket: "LGA 1700", m2_slots: 3 });

    await updateManagedProduct(t.db, V, id, board({ name: "Edited Figures Board", specifications: { brand: "MSI", componentType: "Power Supply", wattage: "850", psuFormFactor: "SFX" } }), undefined);
    expect(await row(id)).toEqual({ slot: "psu", listed: 1, price_paise: 18_999_00, brand: "MSI", wattage: 850, psu_form_factor: "SFX" });

    await setProductStatus(t.db, id, "archived");
    expect(await row(id)).toMatchObject({ listed: 0 });
    await setProductStatus(t.db, id, "active");
    expect(await row(id)).toMatchObject({ listed: 1 });

    await t.db.updateTable("vendors").set({ status: "suspended" }).where("id", "=", "vendor-figures").execute();
    await refreshListing(t.db, { vendorId: "vendor-figures" });
    expect(await row(id)).toMatchObject({ listed: 0 });
    await t.db.updateTable("vendors").set({ status: "approved" }).where("id", "=", "vendor-figures").execute();
    await refreshListing(t.db, { vendorId: "vendor-figures" });
    expect(await row(id)).toMatchObject({ listed: 1 });

    await updateManagedProduct(t.db, V, id, board({ name: "Edited Figures Board", category: "Peripherals", specifications: { brand: "MSI", peripheralType: "Mouse" } }), undefined);
    expect(await row(id)).toBeNull();
    await updateManagedProduct(t.db, V, id, board({ name: "Edited Figures Board" }), undefined);
    expect(await row(id)).toMatchObject({ slot: "motherboard", socket: "AM5" });

    expect((await deleteManagedProduct(t.db, V, id))?.outcome).toBe("deleted");
    expect(await row(id)).toBeNull();
  });

  it("is filled once for parts stored before it existed, product_specs left as it is", async () => {
    const id = await create({ name: "Old Figures Board" });
    const specs = () => t.db.selectFrom("product_specs").select(["attribute", "value"]).where("product_id", "=", id).orderBy("attribute").execute();
    const before = await specs();
    await t.db.deleteFrom("part_figures").execute();
    await t.db.deleteFrom("app_meta").where("key", "=", "part_figures_indexed").execute();
    expect(await indexAllProductSpecs(t.db, 2)).toBeGreaterThanOrEqual(1);
    expect(await row(id)).toMatchObject({ slot: "motherboard", socket: "AM5", max_memory: 192 });
    expect(await specs()).toEqual(before);
    await t.db.deleteFrom("part_figures").where("product_id", "=", id).execute();
    expect(await indexAllProductSpecs(t.db)).toBe(0);
    expect(await row(id)).toBeNull();
  });
});
