import type { Insertable, Kysely } from "kysely";
import { isDone, markDone } from "~/db/meta.server";
import type { Database } from "~/db/schema";
import { partFiguresRow } from "~/modules/builds/part-figures";
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

/** A product as its index rows are written from it. */
export interface IndexedProduct {
  id: string;
  category: string;
  specifications: Specifications;
  listed: number;
  price_paise: number;
}

/**
 * A product's rows in product_specs and, for a PC part, its row in part_figures (the builder's
 * copy of its figures, app/modules/builds/part-figures.ts), from the same checked values.
 */
export function indexRows(p: IndexedProduct): { specs: Insertable<Database["product_specs"]>[]; figures: Insertable<Database["part_figures"]> | null } {
  if (!isProductCategory(p.category)) return { specs: [], figures: null };
  const values = filterableSpecs(p.category, p.specifications);
  return {
    specs: values.map((s) => ({ product_id: p.id, ...s, category: p.category, listed: p.listed, price_paise: p.price_paise })),
    figures: partFiguresRow(p, values),
  };
}

async function storedProduct(db: Db, productId: string): Promise<IndexedProduct | undefined> {
  const p = await db
    .selectFrom("products")
    .select(["category", "specifications", "listed", "price_paise"])
    .where("id", "=", productId)
    .executeTakeFirst();
  return p && { id: productId, category: p.category, specifications: parseSpecifications(p.specifications), listed: Number(p.listed), price_paise: Number(p.price_paise) };
}

/**
 * Rewrites a product's rows in product_specs and part_figures from the product as stored. Call it
 * in the same transaction as anything that changes the product's specifications, category or price.
 */
export async function indexProductSpecs(db: Db, productId: string): Promise<void> {
  await db.deleteFrom("product_specs").where("product_id", "=", productId).execute();
  await db.deleteFrom("part_figures").where("product_id", "=", productId).execute();
  const p = await storedProduct(db, productId);
  if (!p) return;
  const { specs, figures } = indexRows(p);
  if (specs.length > 0) await db.insertInto("product_specs").values(specs).execute();
  if (figures) await db.insertInto("part_figures").values(figures).execute();
}

/** Rewrites a product's part_figures row alone (for products indexed before the table existed). */
async function indexPartFigures(db: Db, productId: string): Promise<void> {
  await db.deleteFrom("part_figures").where("product_id", "=", productId).execute();
  const p = await storedProduct(db, productId);
  const figures = p && indexRows(p).figures;
  if (figures) await db.insertInto("part_figures").values(figures).execute();
}

/** Copies products' `listed` flag to their product_specs and part_figures rows (see refreshListing). */
export async function refreshSpecsListing(db: Db, where: { productId: string } | { vendorId: string }): Promise<void> {
  const ids = "productId" in where ? [where.productId] : db.selectFrom("products").select("products.id").where("products.vendor_id", "=", where.vendorId);
  await db
    .updateTable("product_specs")
    .set((eb) => ({
      listed: eb.selectFrom("products").select("products.listed").whereRef("products.id", "=", "product_specs.product_id"),
    }))
    .where("product_specs.product_id", "in", ids)
    .execute();
  await db
    .updateTable("part_figures")
    .set((eb) => ({
      listed: eb.selectFrom("products").select("products.listed").whereRef("products.id", "=", "part_figures.product_id"),
    }))
    .where("part_figures.product_id", "in", ids)
    .execute();
}

const INDEXED_KEY = "product_specs_indexed";
const FIGURES_KEY = "part_figures_indexed";

/**
 * Fills product_specs and part_figures for products saved before they existed (migrations 0008
 * and 0028), once per database, in batches; part_figures alone where product_specs is already
 * filled. Later saves keep both up to date themselves. Returns the number of products indexed.
 */
export async function indexAllProductSpecs(db: Db, batch = 500): Promise<number> {
  if (!(await isDone(db, INDEXED_KEY))) {
    const count = await eachProduct(db, batch, indexProductSpecs);
    await markDone(db, INDEXED_KEY);
    await markDone(db, FIGURES_KEY);
    return count;
  }
  if (await isDone(db, FIGURES_KEY)) return 0;
  const count = await eachProduct(db, batch, indexPartFigures);
  await markDone(db, FIGURES_KEY);
  return count;
}

async function eachProduct(db: Db, batch: number, index: (trx: Db, productId: string) => Promise<void>): Promise<number> {
  let count = 0;
  let after = "";
  for (;;) {
    const ids = await db.selectFrom("products").select("id").where("id", ">", after).orderBy("id").limit(batch).execute();
    if (ids.length === 0) break;
    await db.transaction().execute(async (trx) => {
      for (const { id } of ids) await index(trx, id);
    });
    count += ids.length;
    after = ids[ids.length - 1]!.id;
  }
  return count;
}
