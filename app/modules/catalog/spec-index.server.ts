import type { Kysely } from "kysely";
import { isDone, markDone } from "~/db/meta.server";
import type { Database } from "~/db/schema";
import { isProductCategory, type ProductCategory } from "./categories";
import { checkSpecValue, specSchema } from "./spec-schema";
import { parseSpecifications, type Specifications } from "./specifications";

type Db = Kysely<Database>;

/**
 * The typed values of a product that catalogue filters match and count: each of the category's
 * attributes whose stored value is valid as it stands. Old free text kept under an attribute's
 * key (a value no form check would pass) is shown on the product page but not filtered by.
 */
export function filterableSpecs(category: ProductCategory, specs: Specifications): { attribute: string; value: string }[] {
  return specSchema(category).flatMap((attribute) => {
    const stored = specs[attribute.key];
    if (stored === undefined) return [];
    const checked = checkSpecValue(attribute, stored);
    return checked.ok && checked.value === stored ? [{ attribute: attribute.key, value: stored }] : [];
  });
}

/**
 * Rewrites a product's rows in product_specs from the product as stored. Call it in the same
 * transaction as anything that changes the product's specifications, category or price.
 */
export async function indexProductSpecs(db: Db, productId: string): Promise<void> {
  await db.deleteFrom("product_specs").where("product_id", "=", productId).execute();
  const p = await db
    .selectFrom("products")
    .select(["category", "specifications", "listed", "price_paise"])
    .where("id", "=", productId)
    .executeTakeFirst();
  if (!p || !isProductCategory(p.category)) return;
  const rows = filterableSpecs(p.category, parseSpecifications(p.specifications)).map((s) => ({
    product_id: productId,
    ...s,
    category: p.category,
    listed: Number(p.listed),
    price_paise: Number(p.price_paise),
  }));
  if (rows.length > 0) await db.insertInto("product_specs").values(rows).execute();
}

/** Copies products' `listed` flag to their product_specs rows (see refreshListing). */
export async function refreshSpecsListing(db: Db, where: { productId: string } | { vendorId: string }): Promise<void> {
  await db
    .updateTable("product_specs")
    .set((eb) => ({
      listed: eb.selectFrom("products").select("products.listed").whereRef("products.id", "=", "product_specs.product_id"),
    }))
    .where(
      "product_specs.product_id",
      "in",
      "productId" in where
        ? [where.productId]
        : db.selectFrom("products").select("products.id").where("products.vendor_id", "=", where.vendorId),
    )
    .execute();
}

const INDEXED_KEY = "product_specs_indexed";

/**
 * Fills product_specs for products saved before it existed (migration 0008), once per database,
 * in batches. Later saves keep it up to date themselves.
 */
export async function indexAllProductSpecs(db: Db, batch = 500): Promise<number> {
  if (await isDone(db, INDEXED_KEY)) return 0;
  let count = 0;
  let after = "";
  for (;;) {
    const ids = await db.selectFrom("products").select("id").where("id", ">", after).orderBy("id").limit(batch).execute();
    if (ids.length === 0) break;
    await db.transaction().execute(async (trx) => {
      for (const { id } of ids) await indexProductSpecs(trx, id);
    });
    count += ids.length;
    after = ids[ids.length - 1]!.id;
  }
  await markDone(db, INDEXED_KEY);
  return count;
}
