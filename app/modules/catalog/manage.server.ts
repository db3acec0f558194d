import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "~/db/schema";
import type { Outbox } from "~/modules/jobs/outbox.server";
import { pageNumber, searchText } from "~/lib/list-query";
import { isProductCategory } from "./categories";
import { DEFAULT_MANAGE_SORT, MANAGE_PAGE_SIZE, MANAGE_SORT_OPTIONS, STOCK_FILTER_OPTIONS, type ManageQuery } from "./manage-options";
import { PRODUCT_MESSAGES } from "./product-form";
import type { ProductFields } from "./product-form.server";
import { DECLARATION_COLUMNS, declarationsFromRow, missingDeclarations } from "./declarations";
import { INDIA } from "./countries";
import { PLACEHOLDER_IMAGE, refreshListing, saveProduct } from "./products.server";
import { MAX_QUERY_LENGTH } from "./search";
import { matchingProductIds, prepareSearch, removeSearchDocument } from "./search-index.server";
import { parseSpecifications } from "./specifications";
import { LOW_STOCK_BELOW } from "./stock";

type Db = Kysely<Database>;

/**
 * Who is managing products: a vendor sees and changes only its own, an administrator every
 * vendor's. Every function here takes the scope and applies it in the query itself, so an id
 * from another vendor behaves exactly like an id that does not exist.
 */
export type ProductScope = { kind: "vendor"; vendorId: string } | { kind: "admin" };

const MAX_ID_LENGTH = 200;
const MAX_PAGE = 100_000;

const manageQuerySchema = z.object({
  q: searchText(MAX_QUERY_LENGTH),
  sort: z
    .string()
    .nullish()
    .transform((v) => MANAGE_SORT_OPTIONS.find((o) => o.value === v)?.value ?? DEFAULT_MANAGE_SORT),
  stock: z
    .string()
    .nullish()
    .transform((v) => STOCK_FILTER_OPTIONS.find((o) => o.value === v)?.value ?? "all"),
  page: pageNumber(MAX_PAGE),
});

/** Reads a management list's query string; anything unknown falls back to the default. */
export function parseManageQuery(params: URLSearchParams): ManageQuery {
  return manageQuerySchema.parse({
    q: params.get("q"),
    sort: params.get("sort"),
    stock: params.get("stock"),
    page: params.get("page") ?? 1,
  });
}

/** The products a scope may manage: active ones (archived products stay only for past orders). */
function managed(db: Db, scope: ProductScope) {
  let qb = db.selectFrom("products").where("products.status", "=", "active");
  if (scope.kind === "vendor") qb = qb.where("products.vendor_id", "=", scope.vendorId);
  return qb;
}

function validId(id: string | undefined): id is string {
  return typeof id === "string" && id.length > 0 && id.length <= MAX_ID_LENGTH;
}

/** A product as the vendor and admin lists show it. */
export interface ProductListRow {
  id: string;
  name: string;
  category: string;
  pricePaise: number;
  stock: number;
  featured: boolean;
  /** the stored image, or the placeholder */
  image: string;
}

export function toProductListRow(r: { id: string; name: string; category: string; price_paise: number; stock: number; featured: number; image_url: string | null }): ProductListRow {
  return {
    id: r.id,
    name: r.name,
    category: r.category,
    pricePaise: Number(r.price_paise),
    stock: Number(r.stock),
    featured: Number(r.featured) === 1,
    image: r.image_url || PLACEHOLDER_IMAGE,
  };
}

export interface ManagedProductRow extends ProductListRow {
  vendorId: string;
  vendorName: string;
  /** Saved before declarations were required and still lacking some: flagged, still on sale. */
  declarationsMissing: boolean;
}

export interface ManagedProductPage {
  products: ManagedProductRow[];
  total: number;
  page: number;
  pageCount: number;
}

/** Search (the catalogue's search, or an exact product id), stock filter, sort and paging, all in the query. */
export async function listManagedProducts(db: Db, scope: ProductScope, query: ManageQuery): Promise<ManagedProductPage> {
  let qb = managed(db, scope).innerJoin("vendors", "vendors.id", "products.vendor_id");
  if (query.q) {
    const search = await prepareSearch(db, query.q);
    qb = qb.where((eb) => {
      const byId = eb("products.id", "=", query.q);
      return search ? eb.or([byId, eb("products.id", "in", matchingProductIds(db, search))]) : byId;
    });
  }
  if (query.stock === "in") qb = qb.where("products.stock", ">", 0);
  if (query.stock === "low") qb = qb.where("products.stock", ">=", 1).where("products.stock", "<", LOW_STOCK_BELOW);
  if (query.stock === "out") qb = qb.where("products.stock", "=", 0);

  const countRow = await qb.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
  const total = Number(countRow?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / MANAGE_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);

  let list = qb.select([
    "products.id",
    "products.name",
    "products.category",
    "products.price_paise",
    "products.stock",
    "products.featured",
    "products.image_url",
    "products.vendor_id",
    "vendors.name as vendor_name",
    ...DECLARATION_COLUMNS.map((c) => `products.${c}` as const),
  ]);
  const [column, direction] = {
    "name-asc": ["products.name_key", "asc"],
    "name-desc": ["products.name_key", "desc"],
    "price-asc": ["products.price_paise", "asc"],
    "price-desc": ["products.price_paise", "desc"],
    "stock-asc": ["products.stock", "asc"],
    "stock-desc": ["products.stock", "desc"],
  }[query.sort] as ["products.name_key" | "products.price_paise" | "products.stock", "asc" | "desc"];
  list = list.orderBy(column, direction);
  if (column !== "products.name_key") list = list.orderBy("products.name_key", "asc");
  list = list.orderBy("products.id", direction);

  const rows = await list
    .limit(MANAGE_PAGE_SIZE)
    .offset((page - 1) * MANAGE_PAGE_SIZE)
    .execute();
  return {
    products: rows.map((r) => ({
      ...toProductListRow(r),
      vendorId: r.vendor_id,
      vendorName: r.vendor_name,
      declarationsMissing: missingDeclarations(declarationsFromRow(r)).length > 0,
    })),
    total,
    page,
    pageCount,
  };
}

/** A stored product as the edit form shows it: the form's fields, plus what the form does not post. */
export interface ManagedProduct extends ProductFields {
  id: string;
  /** The stored image, or null when the product has none (the shop then shows a placeholder). */
  imageUrl: string | null;
  vendorName: string;
}

/** One product for the edit form, or null: unknown, archived and another vendor's ids all look the same. */
export async function getManagedProduct(db: Db, scope: ProductScope, id: string | undefined): Promise<ManagedProduct | null> {
  if (!validId(id)) return null;
  const row = await managed(db, scope)
    .innerJoin("vendors", "vendors.id", "products.vendor_id")
    .select([
      "products.id",
      "products.name",
      "products.description",
      "products.price_paise",
      "products.category",
      "products.stock",
      "products.featured",
      "products.specifications",
      "products.image_url",
      "products.vendor_id",
      "vendors.name as vendor_name",
      ...DECLARATION_COLUMNS.map((c) => `products.${c}` as const),
    ])
    .where("products.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    pricePaise: Number(row.price_paise),
    category: isProductCategory(row.category) ? row.category : "Component",
    stock: Number(row.stock),
    featured: Number(row.featured) === 1,
    specifications: parseSpecifications(row.specifications),
    imageUrl: row.image_url || null,
    vendorId: row.vendor_id,
    vendorName: row.vendor_name,
    declarations: declarationsFromRow(row),
  };
}

/** A product's name in this scope, archived ones included (for the confirmation after archiving). */
export async function managedProductName(db: Db, scope: ProductScope, id: string | undefined): Promise<string | null> {
  if (!validId(id)) return null;
  let qb = db.selectFrom("products").select("name").where("id", "=", id);
  if (scope.kind === "vendor") qb = qb.where("vendor_id", "=", scope.vendorId);
  return (await qb.executeTakeFirst())?.name ?? null;
}

export interface VendorChoice {
  id: string;
  name: string;
  status: string;
}

/** The admin form's Vendor select: every vendor, by name. */
export async function vendorChoices(db: Db): Promise<VendorChoice[]> {
  return db.selectFrom("vendors").select(["id", "name", "status"]).orderBy("name").orderBy("id").execute();
}

export type SaveOutcome = { ok: true; id: string; previousImage: string | null } | { ok: false; field: "vendorId"; message: string };

/** The vendor a product goes to: a vendor's own, whatever was posted; for an admin, an existing vendor. */
async function ownerFor(db: Db, scope: ProductScope, fields: ProductFields): Promise<string | null> {
  if (scope.kind === "vendor") return scope.vendorId;
  const vendor = await db.selectFrom("vendors").select("id").where("id", "=", fields.vendorId).executeTakeFirst();
  return vendor?.id ?? null;
}

function newProductId(): string {
  return `product-${crypto.randomUUID()}`;
}

/** Adds a product for the scope's vendor (or the admin's chosen one). */
export async function createManagedProduct(db: Db, scope: ProductScope, fields: ProductFields, imageUrl: string | null, now = new Date()): Promise<SaveOutcome> {
  const vendorId = await ownerFor(db, scope, fields);
  if (!vendorId) return { ok: false, field: "vendorId", message: PRODUCT_MESSAGES.vendorRequired };
  const id = newProductId();
  await saveProduct(db, { id, ...fields, image: imageUrl, vendorId }, now);
  return { ok: true, id, previousImage: null };
}

/**
 * Changes a product of the scope; null when the scope has no such product. `imageUrl` undefined
 * keeps the current image. Given the outbox, a lower price or a return to stock is announced to
 * the product's wishlists (saveProduct).
 */
export async function updateManagedProduct(
  db: Db,
  scope: ProductScope,
  id: string | undefined,
  fields: ProductFields,
  imageUrl: string | undefined,
  { stockSeen, now = new Date(), outbox }: { stockSeen?: string | undefined; now?: Date; outbox?: Outbox | undefined } = {},
): Promise<SaveOutcome | null> {
  const existing = await getManagedProduct(db, scope, id);
  if (!existing) return null;
  const vendorId = await ownerFor(db, scope, fields);
  if (!vendorId) return { ok: false, field: "vendorId", message: PRODUCT_MESSAGES.vendorRequired };
  // Stock left as the form showed it keeps the stock of now: orders placed meanwhile took theirs.
  const stock = stockSeen !== undefined && String(fields.stock) === stockSeen.trim() ? existing.stock : fields.stock;
  await saveProduct(db, { id: existing.id, ...fields, stock, image: imageUrl === undefined ? existing.imageUrl : imageUrl, vendorId }, now, outbox);
  return { ok: true, id: existing.id, previousImage: existing.imageUrl };
}

export type DeleteOutcome = { outcome: "deleted"; name: string; imageUrl: string | null } | { outcome: "archived"; id: string; name: string };

function isForeignKeyViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return err?.code === "23503" || /FOREIGN KEY constraint failed/i.test(err?.message ?? "");
}

async function deleteOnce(db: Db, scope: ProductScope, id: string, now: Date): Promise<DeleteOutcome | null> {
  return db.transaction().execute(async (trx) => {
    const row = await managed(trx, scope).select(["products.id", "products.name", "products.image_url"]).where("products.id", "=", id).executeTakeFirst();
    if (!row) return null;
    const ordered = await trx.selectFrom("order_items").select("order_items.id").where("order_items.product_id", "=", id).limit(1).executeTakeFirst();
    if (ordered) {
      // Past orders still point at it: keep the row (their name and price are their own), take it out of the shop.
      await trx.updateTable("products").set({ status: "archived", updated_at: now.toISOString() }).where("id", "=", id).execute();
      await refreshListing(trx, { productId: id });
      return { outcome: "archived" as const, id, name: row.name };
    }
    await removeSearchDocument(trx, id);
    await trx.deleteFrom("products").where("id", "=", id).execute();
    return { outcome: "deleted" as const, name: row.name, imageUrl: row.image_url || null };
  });
}

/**
 * Deletes a product of the scope, or archives it when it appears in past orders; null when the
 * scope has no such product. A delete that loses a race with a new order archives instead.
 */
export async function deleteManagedProduct(db: Db, scope: ProductScope, id: string | undefined, now = new Date()): Promise<DeleteOutcome | null> {
  if (!validId(id)) return null;
  try {
    return await deleteOnce(db, scope, id, now);
  } catch (e) {
    if (!isForeignKeyViolation(e)) throw e;
    return deleteOnce(db, scope, id, now);
  }
}

/**
 * How many of the scope's active products lack a declaration (the same test as
 * missingDeclarations, in SQL): the dashboards' count of products to fix.
 */
export async function countMissingDeclarations(db: Db, scope: ProductScope): Promise<number> {
  const row = await managed(db, scope)
    .where((eb) =>
      eb.or([
        ...(["country_of_origin", "manufacturer_name", "manufacturer_address", "net_quantity", "mrp_paise", "consumer_care", "warranty_months", "warranty_by", "hsn_code"] as const).map(
          (c) => eb(`products.${c}`, "is", null),
        ),
        eb.and([eb("products.country_of_origin", "<>", INDIA), eb.or([eb("products.importer_name", "is", null), eb("products.importer_address", "is", null)])]),
      ]),
    )
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
