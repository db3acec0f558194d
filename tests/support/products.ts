import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { newVendor } from "./accounts";
import { registerVendorByPost } from "./admin";
import { VALID_DECLARATION_FORM } from "./declarations";
import { withE2eDatabase as withDb } from "./db";

/**
 * Helpers for the product management browser tests (tests/e2e/vendor-products.spec.ts and
 * admin-products.spec.ts). Every test registers its own vendors (pending approval, so their
 * products never reach the shop) and makes its own products; demo products are only read.
 */

/** A valid 1×1 PNG. */
export const PNG_1X1 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

export const MESSAGES = {
  form: "Please correct the highlighted fields.",
  nameRequired: "Please enter the product name.",
  nameTooLong: "The name can be at most 120 characters.",
  descriptionRequired: "Please enter a description.",
  descriptionTooLong: "The description can be at most 5000 characters.",
  priceRequired: "Please enter the price.",
  priceNotNumber: "Please enter the price in rupees, for example 1499 or 1499.50.",
  pricePositive: "The price must be more than ₹0.",
  priceDecimals: "The price can have at most 2 decimal places.",
  priceTooHigh: "The price can be at most ₹1,00,00,000.",
  categoryRequired: "Please choose a category.",
  stockRequired: "Please enter the stock.",
  stockWhole: "Stock must be a whole number from 0 to 100000.",
  vendorRequired: "Please choose a vendor.",
  specKeyMissing: "Please enter a name for this specification.",
  specValueMissing: "Please enter a value for this specification.",
  specDuplicate: "This specification is already listed.",
  specKeyTooLong: "A specification name can be at most 60 characters.",
  specValueTooLong: "A specification value can be at most 200 characters.",
  specTooMany: "You can add at most 30 specifications.",
  imageType: "The image must be a JPEG, PNG or WebP file.",
  imageTooLarge: "The image must be 2 MB or smaller.",
  noProducts: "No products found matching your criteria.",
} as const;

export function tag(): string {
  return Math.random().toString(36).slice(2, 8);
}

export interface RegisteredVendor {
  email: string;
  password: string;
  business: string;
  vendorId: string;
}

/**
 * A new vendor, the page's browser signed in as it: registered by a plain form post (the form
 * itself is walked in accounts-vendor.spec.ts). The page opens nothing.
 */
export async function registerVendor(page: Page, prefix = "vp"): Promise<RegisteredVendor> {
  const v = await registerVendorByPost(page.request, newVendor(prefix));
  return { email: v.email, password: v.password, business: v.business, vendorId: vendorIdOf(v.email) };
}

export function vendorIdOf(email: string): string {
  return withDb((db) => {
    const row = db.prepare('SELECT v.id FROM vendors v JOIN "user" u ON u.id = v.owner_user_id WHERE u.email = ?').get(email) as { id: string } | undefined;
    if (!row) throw new Error(`no vendor for ${email}`);
    return row.id;
  });
}

export interface StoredProduct {
  id: string;
  name: string;
  description: string;
  price_paise: number;
  category: string;
  stock: number;
  featured: number;
  specifications: string;
  image_url: string | null;
  vendor_id: string;
  status: string;
  listed: number;
  updated_at: string;
}

export function productById(id: string): StoredProduct | undefined {
  return withDb((db) => db.prepare("SELECT * FROM products WHERE id = ?").get(id) as StoredProduct | undefined);
}

export function productsNamed(name: string): StoredProduct[] {
  return withDb((db) => db.prepare("SELECT * FROM products WHERE name = ?").all(name) as unknown as StoredProduct[]);
}

export function productIdNamed(name: string): string {
  const rows = productsNamed(name);
  expect(rows, `one product named ${name}`).toHaveLength(1);
  return rows[0]!.id;
}

/** The words of a product's search document (all three fields), as the index holds them. */
export function searchWordsOf(id: string): string[] {
  return withDb((db) => {
    const rows = db.prepare("SELECT title || ' ' || specs || ' ' || body AS text FROM search_documents WHERE product_id = ?").all(id) as { text: string }[];
    return [...new Set(rows.flatMap((r) => r.text.split(" ").filter(Boolean)))];
  });
}

/**
 * Lists a pending test vendor's products in the shop for a moment (its approval flag and the
 * `listed` flag the catalogue keeps), so that a customer can order one. Only ever a vendor of
 * the test's own, and only under the catalogue lock.
 */
export function setVendorApproval(vendorId: string, status: "approved" | "pending"): void {
  withDb((db) => {
    db.prepare("UPDATE vendors SET status = ? WHERE id = ?").run(status, vendorId);
    db.prepare("UPDATE products SET listed = CASE WHEN status = 'active' AND ? = 'approved' THEN 1 ELSE 0 END WHERE vendor_id = ?").run(status, vendorId);
    db.prepare("UPDATE product_specs SET listed = (SELECT listed FROM products WHERE products.id = product_specs.product_id) WHERE product_id IN (SELECT id FROM products WHERE vendor_id = ?)").run(vendorId);
    db.prepare("UPDATE part_figures SET listed = (SELECT listed FROM products WHERE products.id = part_figures.product_id) WHERE product_id IN (SELECT id FROM products WHERE vendor_id = ?)").run(vendorId);
  });
}

export interface ProductPost {
  name: string;
  description?: string;
  price: string;
  category: string;
  stock: string;
  featured?: boolean;
  vendorId?: string;
  specs?: [string, string][];
  /** The declarations posted; valid ones (tests/support/declarations.ts) unless given, none with false. */
  declarations?: Partial<Record<keyof typeof VALID_DECLARATION_FORM, string>> | false;
  image?: { name: string; mimeType: string; buffer: Buffer };
}

export function productForm(p: ProductPost): FormData {
  const form = new FormData();
  form.append("name", p.name);
  form.append("description", p.description ?? `${p.name}: made by a browser test.`);
  form.append("price", p.price);
  form.append("category", p.category);
  form.append("stock", p.stock);
  if (p.featured) form.append("featured", "1");
  if (p.vendorId !== undefined) form.append("vendorId", p.vendorId);
  for (const [k, v] of p.specs ?? []) {
    form.append("specKey", k);
    form.append("specValue", v);
  }
  if (p.declarations !== false) for (const [k, v] of Object.entries({ ...VALID_DECLARATION_FORM, ...p.declarations })) form.append(k, v);
  if (p.image) form.append("image", new Blob([new Uint8Array(p.image.buffer)], { type: p.image.mimeType }), p.image.name);
  return form;
}

/** Fills the product form's Declarations with valid ones (tests/support/declarations.ts). */
export async function fillDeclarations(page: Page): Promise<void> {
  const d = VALID_DECLARATION_FORM;
  await page.getByLabel("Country of origin").selectOption(d.countryOfOrigin);
  await page.getByLabel("Net quantity").fill(d.netQuantity);
  await page.getByLabel("Manufacturer's name").fill(d.manufacturerName);
  await page.getByLabel("Manufacturer's address").fill(d.manufacturerAddress);
  await page.getByLabel("Importer's name").fill(d.importerName);
  await page.getByLabel("Importer's address").fill(d.importerAddress);
  await page.getByLabel("MRP (₹)").fill(d.mrp);
  await page.getByLabel("HSN code").fill(d.hsnCode);
  await page.getByLabel("Warranty (months)").fill(d.warrantyMonths);
  await page.getByLabel("Warranty given by").selectOption(d.warrantyBy);
  await page.getByLabel("Consumer care").fill(d.consumerCare);
}

/** Posts the product form by hand (as a tool would: no Origin header, so the shop accepts it). */
export async function postProduct(request: APIRequestContext, url: string, p: ProductPost) {
  return request.post(url, { multipart: productForm(p), maxRedirects: 0 });
}

/** Adds a product through the form's action and expects the redirect to the list; returns its id. */
export async function addProductByPost(request: APIRequestContext, base: "/vendor/products" | "/admin/products", p: ProductPost): Promise<string> {
  const response = await postProduct(request, `${base}/new`, p);
  expect(response.status(), await response.text().catch(() => "")).toBe(302);
  expect(response.headers().location).toMatch(new RegExp(`${base}$`));
  return productIdNamed(p.name);
}
