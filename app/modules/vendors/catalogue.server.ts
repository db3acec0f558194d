import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { toProductListRow, type ProductListRow } from "~/modules/catalog/manage.server";
import { LOW_STOCK_BELOW } from "~/modules/catalog/stock";

export interface VendorProductRow extends ProductListRow {
  status: string;
}

/** A vendor's own products (SPEC §6: only those whose vendorId is the vendor's), archived ones left out. */
export async function vendorProducts(db: Kysely<Database>, vendorId: string): Promise<VendorProductRow[]> {
  const rows = await db
    .selectFrom("products")
    .select(["id", "name", "category", "price_paise", "stock", "featured", "image_url", "status"])
    .where("vendor_id", "=", vendorId)
    .where("status", "=", "active")
    .orderBy("name_key")
    .execute();
  return rows.map((r) => ({ ...toProductListRow(r), status: r.status }));
}

/** SPEC §9: the dashboard lists up to 4 products with stock below 5, lowest first. */
export async function lowStockProducts(db: Kysely<Database>, vendorId: string, limit = 4): Promise<VendorProductRow[]> {
  return (await vendorProducts(db, vendorId))
    .filter((p) => p.stock < LOW_STOCK_BELOW)
    .sort((a, b) => a.stock - b.stock)
    .slice(0, limit);
}
