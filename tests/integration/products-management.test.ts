import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createManagedProduct,
  deleteManagedProduct,
  getManagedProduct,
  listManagedProducts,
  managedProductName,
  updateManagedProduct,
  type ProductScope,
} from "~/modules/catalog/manage.server";
import type { ManageQuery } from "~/modules/catalog/manage-options";
import { removeProduct, submitProductForm } from "~/modules/catalog/product-editor.server";
import type { ProductFields } from "~/modules/catalog/product-form.server";
import { parseCatalogQuery } from "~/modules/catalog/catalog-query";
import { listProducts } from "~/modules/catalog/listing.server";
import { getOrderForUser, placeOrder } from "~/modules/orders/orders.server";
import { diskImageStore } from "~/modules/storage/images.server";
import { insertUsers, shippingAddress as address } from "../support/fixtures";
import { VALID_DECLARATION_FORM, VALID_DECLARATIONS } from "../support/declarations";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

function fields(over: Partial<ProductFields> = {}): ProductFields {
  return {
    name: "Test Product",
    description: "A product made by a test.",
    pricePaise: 1_000_00,
    category: "Peripherals",
    stock: 10,
    featured: false,
    specifications: { Colour: "Black" },
    vendorId: "",
    declarations: VALID_DECLARATIONS,
    ...over,
  };
}

const query = (q: Partial<ManageQuery> = {}): ManageQuery => ({ q: "", sort: "name-asc", stock: "all", page: 1, ...q });

describe.each(testDatabaseKinds)("product management on %s", (kind) => {
  let t: TestDatabase;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-products-"));
  const images = diskImageStore(dataDir);
  const A: ProductScope = { kind: "vendor", vendorId: "vendor-a" };
  const B: ProductScope = { kind: "vendor", vendorId: "vendor-b" };
  const LIST: ProductScope = { kind: "vendor", vendorId: "vendor-list" };
  const MANY: ProductScope = { kind: "vendor", vendorId: "vendor-many" };
  const PENDING: ProductScope = { kind: "vendor", vendorId: "vendor-pending" };
  const ADMIN: ProductScope = { kind: "admin" };

  async function create(scope: ProductScope, over: Partial<ProductFields> = {}, image: string | null = null): Promise<string> {
    const r = await createManagedProduct(t.db, scope, fields(over), image);
    if (!r.ok) throw new Error(r.message);
    return r.id;
  }
  const row = (id: string) => t.db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
  const termsOf = async (id: string) => {
    const docs = await t.db.selectFrom("search_documents").select(["title", "specs", "body"]).where("product_id", "=", id).execute();
    return [...new Set(docs.flatMap((d) => `${d.title} ${d.specs} ${d.body}`.split(" ").filter(Boolean)))];
  };

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    const stamp = new Date().toISOString();
    const vendors: [string, string, string][] = [
      ["vendor-a", "Alpha Traders", "approved"],
      ["vendor-b", "Bravo Traders", "approved"],
      ["vendor-list", "Listing Traders", "approved"],
      ["vendor-many", "Many Things Traders", "approved"],
      ["vendor-pending", "Pending Traders", "pending"],
    ];
    await t.db
      .insertInto("vendors")
      .values(vendors.map(([id, name, status]) => ({ id, name, status, gstin: null, phone: null, address: null, city: null, state: null, owner_user_id: null, created_at: stamp })))
      .execute();
    await insertUsers(t, [{ id: "buyer-1", name: "Buyer" }]);
  });
  afterAll(async () => {
    await t?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  describe("scoping", () => {
    it("a vendor's new product is its own, whatever vendor id is posted", async () => {
      const id = await create(A, { name: "Scoped Create Widget", vendorId: "vendor-b" });
      expect((await row(id))?.vendor_id).toBe("vendor-a");
      expect(id).toMatch(/^product-[0-9a-f-]{36}$/);
    });

    it("a vendor can neither read, update nor delete another vendor's product, by any function", async () => {
      const id = await create(A, { name: "Private Alpha Gadget", pricePaise: 4_999_00, stock: 7 });
      const before = await row(id);

      expect(await getManagedProduct(t.db, B, id)).toBeNull();
      expect(await managedProductName(t.db, B, id)).toBeNull();
      expect((await listManagedProducts(t.db, B, query())).products.map((p) => p.id)).not.toContain(id);
      expect((await listManagedProducts(t.db, B, query({ q: id }))).products).toEqual([]);
      expect((await listManagedProducts(t.db, B, query({ q: "private alpha" }))).products).toEqual([]);

      expect(await updateManagedProduct(t.db, B, id, fields({ name: "Stolen", pricePaise: 1 }), undefined)).toBeNull();
      expect(await deleteManagedProduct(t.db, B, id)).toBeNull();
      expect(await removeProduct({ db: t.db, images, scope: B }, id)).toBeNull();

      const form = new FormData();
      for (const [k, v] of Object.entries({ name: "Stolen", description: "x", price: "1", category: "Audio", stock: "1", vendorId: "vendor-b" })) form.append(k, v);
      const request = new Request("http://shop.test/vendor/products/x/edit", { method: "POST", body: form });
      expect(await submitProductForm({ db: t.db, images, scope: B }, request, id)).toBeNull();

      expect(await row(id)).toEqual(before);
      expect((await getManagedProduct(t.db, A, id))?.name).toBe("Private Alpha Gadget");
    });

    it("the owner and the admin can read and change it; the admin can move it to another vendor", async () => {
      const id = await create(A, { name: "Shared Beta Gizmo" });
      expect((await getManagedProduct(t.db, A, id))?.vendorName).toBe("Alpha Traders");
      const r = await updateManagedProduct(t.db, A, id, fields({ name: "Shared Beta Gizmo v2", vendorId: "vendor-b" }), undefined);
      expect(r).toMatchObject({ ok: true, id });
      expect((await row(id))?.vendor_id).toBe("vendor-a");
      expect(await updateManagedProduct(t.db, ADMIN, id, fields({ name: "Moved Gizmo", vendorId: "nobody" }), undefined)).toMatchObject({ ok: false, field: "vendorId" });
      expect(await updateManagedProduct(t.db, ADMIN, id, fields({ name: "Moved Gizmo", vendorId: "vendor-b" }), undefined)).toMatchObject({ ok: true });
      expect(await getManagedProduct(t.db, A, id)).toBeNull();
      expect((await getManagedProduct(t.db, B, id))?.name).toBe("Moved Gizmo");
      expect(await termsOf(id)).toContain("moved");
      expect(await termsOf(id)).not.toContain("shared");
    });

    it("the admin must pick an existing vendor", async () => {
      expect(await createManagedProduct(t.db, ADMIN, fields({ vendorId: "" }), null)).toMatchObject({ ok: false, field: "vendorId" });
      expect(await createManagedProduct(t.db, ADMIN, fields({ vendorId: "vendor-x" }), null)).toMatchObject({ ok: false, field: "vendorId" });
      const r = await createManagedProduct(t.db, ADMIN, fields({ vendorId: "vendor-b", name: "Admin Made Thing" }), null);
      expect(r.ok && (await row(r.id))?.vendor_id).toBe("vendor-b");
    });
  });

  describe("delete and archive", () => {
    it("archives a product that appears in a past order, and the order still reads the same", async () => {
      const id = await create(A, { name: "Ordered Orion Speaker", pricePaise: 2_499_00, stock: 5, category: "Audio" });
      const placed = await placeOrder(t, { userId: "buyer-1", lines: [{ productId: id, quantity: 2 }], address, paymentMethod: "cod", idempotencyKey: `k-${kind}-archive` });
      if (!placed.ok) throw new Error(placed.message);
      const before = await getOrderForUser(t.db, "buyer-1", placed.number);
      expect(before?.items).toEqual([expect.objectContaining({ productId: id, name: "Ordered Orion Speaker", unitPrice: 2_499_00, quantity: 2 })]);

      expect(await deleteManagedProduct(t.db, A, id)).toEqual({ outcome: "archived", id, name: "Ordered Orion Speaker" });
      expect(await row(id)).toMatchObject({ status: "archived", listed: 0 });
      expect(await getOrderForUser(t.db, "buyer-1", placed.number)).toEqual(before);

      expect(await getManagedProduct(t.db, A, id)).toBeNull();
      expect((await listManagedProducts(t.db, A, query())).products.map((p) => p.id)).not.toContain(id);
      expect((await listProducts(t.db, parseCatalogQuery(new URLSearchParams("q=orion")))).products).toEqual([]);
      expect(await managedProductName(t.db, A, id)).toBe("Ordered Orion Speaker");
      expect(await deleteManagedProduct(t.db, A, id)).toBeNull();
      expect(await updateManagedProduct(t.db, A, id, fields(), undefined)).toBeNull();
    });

    it("deletes an unordered product with its search words and its stored image", async () => {
      const image = await images.save(PNG, { ext: "png", mime: "image/png" });
      const file = path.join(dataDir, "uploads", "products", path.basename(image));
      const id = await create(A, { name: "Unordered Umbra Lamp" }, image);
      expect(await termsOf(id)).toContain("umbra");
      expect(fs.existsSync(file)).toBe(true);

      expect(await removeProduct({ db: t.db, images, scope: A }, id)).toEqual({ outcome: "deleted", name: "Unordered Umbra Lamp", imageUrl: image });
      expect(await row(id)).toBeUndefined();
      expect(await termsOf(id)).toEqual([]);
      expect(fs.existsSync(file)).toBe(false);
    });

    it("the admin deletes any vendor's product", async () => {
      const id = await create(B, { name: "Admin Deletes This" });
      expect(await deleteManagedProduct(t.db, ADMIN, id)).toMatchObject({ outcome: "deleted" });
      expect(await row(id)).toBeUndefined();
    });
  });

  describe("listing", () => {
    const made: Record<string, string> = {};
    beforeAll(async () => {
      const items: [string, number, number, boolean][] = [
        ["Alpha Keyboard", 1_000_00, 0, false],
        ["Beta Mouse", 500_00, 3, true],
        ["Gamma Monitor", 20_000_00, 10, false],
        ["Delta Mouse Pad", 300_00, 4, false],
        ["Epsilon Cable", 150_00, 50, false],
      ];
      for (const [name, pricePaise, stock, featured] of items) made[name] = await create(LIST, { name, pricePaise, stock, featured, specifications: {} });
      for (let i = 1; i <= 23; i++) await create(MANY, { name: `Bulk Item ${String(i).padStart(2, "0")}`, stock: i });
    });
    const names = async (q: Partial<ManageQuery>, scope: ProductScope = LIST) => (await listManagedProducts(t.db, scope, query(q))).products.map((p) => p.name);

    it("sorts by each key", async () => {
      expect(await names({ sort: "name-asc" })).toEqual(["Alpha Keyboard", "Beta Mouse", "Delta Mouse Pad", "Epsilon Cable", "Gamma Monitor"]);
      expect(await names({ sort: "name-desc" })).toEqual(["Gamma Monitor", "Epsilon Cable", "Delta Mouse Pad", "Beta Mouse", "Alpha Keyboard"]);
      expect(await names({ sort: "price-asc" })).toEqual(["Epsilon Cable", "Delta Mouse Pad", "Beta Mouse", "Alpha Keyboard", "Gamma Monitor"]);
      expect(await names({ sort: "price-desc" })).toEqual(["Gamma Monitor", "Alpha Keyboard", "Beta Mouse", "Delta Mouse Pad", "Epsilon Cable"]);
      expect(await names({ sort: "stock-asc" })).toEqual(["Alpha Keyboard", "Beta Mouse", "Delta Mouse Pad", "Gamma Monitor", "Epsilon Cable"]);
      expect(await names({ sort: "stock-desc" })).toEqual(["Epsilon Cable", "Gamma Monitor", "Delta Mouse Pad", "Beta Mouse", "Alpha Keyboard"]);
    });

    it("filters by stock: in (any), low (1 to 4), out (0)", async () => {
      expect(await names({ stock: "all" })).toHaveLength(5);
      expect(await names({ stock: "in" })).toEqual(["Beta Mouse", "Delta Mouse Pad", "Epsilon Cable", "Gamma Monitor"]);
      expect(await names({ stock: "low" })).toEqual(["Beta Mouse", "Delta Mouse Pad"]);
      expect(await names({ stock: "out" })).toEqual(["Alpha Keyboard"]);
      expect(await names({ stock: "out", q: "mouse" })).toEqual([]);
    });

    it("searches by word prefixes and by exact id", async () => {
      expect(await names({ q: "mou" })).toEqual(["Beta Mouse", "Delta Mouse Pad"]);
      expect(await names({ q: "MOUSE pad" })).toEqual(["Delta Mouse Pad"]);
      expect(await names({ q: "nothing-like-it" })).toEqual([]);
      expect(await names({ q: made["Gamma Monitor"]! })).toEqual(["Gamma Monitor"]);
    });

    it("returns the rows the page needs: badge inputs, price, vendor name", async () => {
      const [beta] = (await listManagedProducts(t.db, LIST, query({ q: "beta" }))).products;
      expect(beta).toMatchObject({ id: made["Beta Mouse"], pricePaise: 500_00, stock: 3, featured: true, category: "Peripherals", vendorName: "Listing Traders" });
      expect(beta?.image).toBe("/images/products/placeholder.svg");
    });

    it("pages in the query, 20 a page, and clamps a page past the end", async () => {
      const p1 = await listManagedProducts(t.db, MANY, query());
      expect(p1).toMatchObject({ total: 23, page: 1, pageCount: 2 });
      expect(p1.products).toHaveLength(20);
      expect(p1.products[0]?.name).toBe("Bulk Item 01");
      const p2 = await listManagedProducts(t.db, MANY, query({ page: 2 }));
      expect(p2.products.map((p) => p.name)).toEqual(["Bulk Item 21", "Bulk Item 22", "Bulk Item 23"]);
      expect((await listManagedProducts(t.db, MANY, query({ page: 99 }))).page).toBe(2);
    });

    it("the admin lists every vendor's products with their vendor names", async () => {
      const all = await listManagedProducts(t.db, ADMIN, query({ q: "mouse" }));
      expect(all.products.map((p) => [p.name, p.vendorName])).toEqual([
        ["Beta Mouse", "Listing Traders"],
        ["Delta Mouse Pad", "Listing Traders"],
      ]);
      expect((await listManagedProducts(t.db, ADMIN, query())).total).toBeGreaterThan(28);
    });
  });

  describe("shop listing", () => {
    it("a product of an approved vendor is in the shop; one of a pending vendor is not", async () => {
      const shown = await create(A, { name: "Approved Zephyrine Router" });
      const hidden = await create(PENDING, { name: "Pending Zephyrine Switch" });
      const shop = await listProducts(t.db, parseCatalogQuery(new URLSearchParams("q=zephyrine")));
      expect(shop.products.map((p) => p.id)).toEqual([shown]);
      expect((await listManagedProducts(t.db, PENDING, query())).products.map((p) => p.id)).toEqual([hidden]);
    });
  });

  describe("the posted form", () => {
    function post(values: Record<string, string | string[]>, image?: Uint8Array) {
      const form = new FormData();
      for (const [k, v] of Object.entries(values)) for (const one of [v].flat()) form.append(k, one);
      if (image) form.append("image", new Blob([image as BlobPart], { type: "image/png" }), "photo.png");
      return new Request("http://shop.test/vendor/products/new", { method: "POST", body: form });
    }
    const good = { name: "Posted Quasar Webcam", description: "1080p webcam.", price: "2,999.50", category: "Peripherals", stock: "9", featured: "1", specKey: ["Resolution", ""], specValue: ["1080p", ""], ...VALID_DECLARATION_FORM };

    it("saves a valid post with its image, for the posting vendor", async () => {
      const r = await submitProductForm({ db: t.db, images, scope: B }, post({ ...good, vendorId: "vendor-a" }, PNG));
      if (!r?.ok) throw new Error(JSON.stringify(r));
      const p = await getManagedProduct(t.db, B, r.id);
      expect(p).toMatchObject({ name: "Posted Quasar Webcam", pricePaise: 2_999_50, stock: 9, featured: true, specifications: { Resolution: "1080p" }, vendorId: "vendor-b" });
      expect(p?.imageUrl).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\.png$/);
      expect(fs.existsSync(path.join(dataDir, "uploads", "products", path.basename(p!.imageUrl!)))).toBe(true);

      // An edit without a new file keeps the image; with one, the old file goes.
      const kept = await submitProductForm({ db: t.db, images, scope: B }, post({ ...good, name: "Posted Quasar Webcam 2" }), r.id);
      expect(kept?.ok).toBe(true);
      expect((await getManagedProduct(t.db, B, r.id))?.imageUrl).toBe(p?.imageUrl);
      const replaced = await submitProductForm({ db: t.db, images, scope: B }, post(good, PNG), r.id);
      expect(replaced?.ok).toBe(true);
      const now = await getManagedProduct(t.db, B, r.id);
      expect(now?.imageUrl).not.toBe(p?.imageUrl);
      expect(fs.existsSync(path.join(dataDir, "uploads", "products", path.basename(p!.imageUrl!)))).toBe(false);
    });

    it("refuses a file that is not a JPEG, PNG or WebP, keeping the values and storing nothing", async () => {
      const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      const count = async () => Number((await t.db.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst())?.n);
      const before = await count();
      const r = await submitProductForm({ db: t.db, images, scope: B }, post(good, svg));
      expect(r).toMatchObject({
        ok: false,
        httpStatus: 400,
        reply: { status: "error", fieldErrors: { image: "The image must be a JPEG, PNG or WebP file." }, values: { name: "Posted Quasar Webcam", price: "2,999.50" } },
      });
      expect(await count()).toBe(before);
    });
  });

  it("keeps stock sold while the form was open when the stock field was left as it was shown", async () => {
    const id = await create(A, { name: "Stock Race Keyboard", stock: 10 });
    // The form opened showing 10; meanwhile 3 were sold.
    await t.db.updateTable("products").set({ stock: 7 }).where("id", "=", id).execute();
    expect(await updateManagedProduct(t.db, A, id, fields({ name: "Stock Race Keyboard v2", stock: 10 }), undefined, { stockSeen: "10" })).toMatchObject({ ok: true });
    expect(await row(id)).toMatchObject({ name: "Stock Race Keyboard v2", stock: 7 });
    // A stock the vendor typed is the stock they counted: it is saved.
    expect(await updateManagedProduct(t.db, A, id, fields({ name: "Stock Race Keyboard v2", stock: 25 }), undefined, { stockSeen: "7" })).toMatchObject({ ok: true });
    expect((await row(id))?.stock).toBe(25);
  });
});
