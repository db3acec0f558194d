import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { toProductListRow, type ProductListRow } from "~/modules/catalog/manage.server";
import { LOW_STOCK_BELOW } from "~/modules/catalog/stock";

/** A vendor's own products (a vendor sees only its own), archived ones left out. */
function ownActiveProducts(db: Kysely<Database>, vendorId: string) {
  return db.selectFrom("products").where("vendor_id", "=", vendorId).where("status", "=", "active");
}

/** How many active products the vendor has. */
export async function countVendorProducts(db: Kysely<Database>, vendorId: string): Promise<number> {
  const row = await ownActiveProducts(db, vendorId)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The vendor dashboard lists up to 4 products with stock below 5, lowest first. */
export async function lowStockProducts(db: Kysely<Database>, vendorId: string, limit = 4): Promise<ProductListRow[]> {
  const rows = await ownActiveProducts(db, vendorId)
    .select(["id", "name", "category", "price_paise", "stock", "featured", "image_url"])
    .where("stock", "<", LOW_STOCK_BELOW)
    .orderBy("stock")
    .orderBy("name_key")
    .limit(limit)
    .execute();
  return rows.map(toProductListRow);
}
