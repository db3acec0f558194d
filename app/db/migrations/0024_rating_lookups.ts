import type { Kysely } from "kysely";

// Frozen. "4★ & above" read from an index alone (docs/benchmarks.md, "Reviews"): the listed
// products rated 4.0 or more, with their category, price and id, so the filter's price counts are
// one pass over it and its id list needs no table lookups (the listing's other filters and the
// counts over product_specs check ids against that list); and a category sorted by Customer Rating
// read in its order.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("products_category_rating").on("products").columns(["listed", "category", "rating_score", "rating_count", "id"]).execute();
  await db.schema.createIndex("products_listed_rating").on("products").columns(["listed", "rating_score", "category", "price_paise", "id"]).execute();
}
