import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DECLARATION_MESSAGES as DM } from "~/modules/catalog/declarations";
import { countMissingDeclarations, getManagedProduct, listManagedProducts, type ProductScope } from "~/modules/catalog/manage.server";
import type { ManageQuery } from "~/modules/catalog/manage-options";
import { submitProductForm } from "~/modules/catalog/product-editor.server";
import { getProduct, saveProduct } from "~/modules/catalog/products.server";
import { sellerInvoices } from "~/modules/orders/invoice";
import { getOrderForUser, placeOrder } from "~/modules/orders/orders.server";
import type { ImageStore } from "~/modules/storage/images.server";
import { VALID_DECLARATION_FORM, VALID_DECLARATIONS } from "../support/declarations";
import { insertUsers, shippingAddress as address } from "../support/fixtures";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const query: ManageQuery = { q: "", sort: "name-asc", stock: "all", page: 1 };
const noImages: ImageStore = {
  save: () => Promise.reject(new Error("no image expected")),
  remove: () => Promise.resolve(),
} as unknown as ImageStore;

function post(values: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.append(k, v);
  return new Request("http://shop.test/vendor/products/new", { method: "POST", body: form });
}
const product = { name: "Declared Nova Mouse", description: "A wireless mouse.", price: "1,000", category: "Peripherals", stock: "5" };

describe.each(testDatabaseKinds)("product declarations on %s", (kind) => {
  let t: TestDatabase;
  const V: ProductScope = { kind: "vendor", vendorId: "vendor-dec" };

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await t.db
      .insertInto("vendors")
      .values({ id: "vendor-dec", name: "Declaring Traders", status: "approved", gstin: null, phone: null, address: null, city: null, state: null, owner_user_id: null, created_at: new Date().toISOString() })
      .execute();
    await insertUsers(t, [{ id: "buyer-dec", name: "Buyer" }]);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it("refuses a new product without its declarations, with a message per field, and stores nothing", async () => {
    const r = await submitProductForm({ db: t.db, images: noImages, scope: V }, post(product));
    expect(r).toMatchObject({
      ok: false,
      httpStatus: 400,
      reply: {
        fieldErrors: {
          countryOfOrigin: DM.countryRequired,
          manufacturerName: DM.manufacturerNameRequired,
          manufacturerAddress: DM.manufacturerAddressRequired,
          netQuantity: DM.netQuantityRequired,
          mrp: DM.mrpRequired,
          consumerCare: DM.consumerCareRequired,
          warrantyMonths: DM.warrantyMonthsRequired,
          warrantyBy: DM.warrantyByRequired,
          hsnCode: DM.hsnRequired,
        },
      },
    });
    const imported = await submitProductForm({ db: t.db, images: noImages, scope: V }, post({ ...product, ...VALID_DECLARATION_FORM, importerName: "", mrp: "1179.99" }));
    expect(imported).toMatchObject({
      ok: false,
      reply: { fieldErrors: { importerName: DM.importerNameRequired, mrp: "The MRP must be at least ₹1,180, the price with GST." } },
    });
    const n = await t.db.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
    expect(Number(n?.n)).toBe(0);
  });

  it("stores a new product's declarations, shows them in the shop and does not flag it", async () => {
    const r = await submitProductForm({ db: t.db, images: noImages, scope: V }, post({ ...product, ...VALID_DECLARATION_FORM }));
    if (!r?.ok) throw new Error(JSON.stringify(r));
    expect((await getManagedProduct(t.db, V, r.id))?.declarations).toEqual(VALID_DECLARATIONS);
    expect((await getProduct(t.db, r.id))?.declarations).toEqual(VALID_DECLARATIONS);
    const row = (await listManagedProducts(t.db, V, query)).products.find((p) => p.id === r.id);
    expect(row?.declarationsMissing).toBe(false);
  });

  it("flags an older product without declarations, which stays on sale", async () => {
    await saveProduct(t.db, {
      id: "product-old-undeclared",
      name: "Old Undeclared Cable",
      description: "Saved before declarations.",
      pricePaise: 199_00,
      image: null,
      category: "Peripherals",
      stock: 3,
      featured: false,
      specifications: {},
      vendorId: "vendor-dec",
    });
    const rows = (await listManagedProducts(t.db, V, query)).products;
    expect(rows.find((p) => p.id === "product-old-undeclared")?.declarationsMissing).toBe(true);
    expect(await countMissingDeclarations(t.db, V)).toBe(1);
    expect(await countMissingDeclarations(t.db, { kind: "admin" })).toBe(1);
    const shown = await getProduct(t.db, "product-old-undeclared");
    expect(shown?.declarations.countryOfOrigin).toBeNull();
    expect(shown?.name).toBe("Old Undeclared Cable");

    // An imported product without its importer counts as missing too.
    await t.db.updateTable("products").set({ country_of_origin: "CN", manufacturer_name: "M", manufacturer_address: "A", net_quantity: "1 unit", mrp_paise: 1_000_00, consumer_care: "C", warranty_months: 0, warranty_by: "seller", hsn_code: "8544" }).where("id", "=", "product-old-undeclared").execute();
    expect(await countMissingDeclarations(t.db, V)).toBe(1);
    await t.db.updateTable("products").set({ country_of_origin: "IN" }).where("id", "=", "product-old-undeclared").execute();
    expect(await countMissingDeclarations(t.db, V)).toBe(0);
    await t.db.updateTable("products").set({ country_of_origin: "CN", importer_name: "I", importer_address: "IA" }).where("id", "=", "product-old-undeclared").execute();
    expect(await countMissingDeclarations(t.db, V)).toBe(0);
    await t.db.updateTable("products").set({ country_of_origin: null, manufacturer_name: null, manufacturer_address: null, net_quantity: null, mrp_paise: null, consumer_care: null, warranty_months: null, warranty_by: null, hsn_code: null, importer_name: null, importer_address: null }).where("id", "=", "product-old-undeclared").execute();
  });

  it("an order copies each product's HSN code to its line, and the invoice prints it; older lines show none", async () => {
    const declared = (await listManagedProducts(t.db, V, query)).products.find((p) => p.name === "Declared Nova Mouse")!;
    const placed = await placeOrder(t, {
      userId: "buyer-dec",
      lines: [
        { productId: declared.id, quantity: 1 },
        { productId: "product-old-undeclared", quantity: 1 },
      ],
      address,
      paymentMethod: "cod",
      idempotencyKey: `k-${kind}-hsn`,
    });
    if (!placed.ok) throw new Error(placed.message);
    // The product's code changing later leaves the order's line as it was.
    await t.db.updateTable("products").set({ hsn_code: "85176290" }).where("id", "=", declared.id).execute();
    const order = await getOrderForUser(t.db, "buyer-dec", placed.number);
    const hsn = Object.fromEntries(order!.items.map((i) => [i.productId, i.hsnCode]));
    expect(hsn).toEqual({ [declared.id]: "84716060", "product-old-undeclared": null });
    const [invoice] = sellerInvoices(order!.items, order!.address.state);
    expect(invoice!.lines.map((l) => [l.name, l.hsnCode])).toEqual([
      ["Declared Nova Mouse", "84716060"],
      ["Old Undeclared Cable", null],
    ]);
  });
});
