import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "~/db/schema";

/**
 * Writes a product's rating from its published reviews, inside the transaction that changed one
 * (written, edited, hidden, restored), so the product row never disagrees with its reviews and a
 * hidden review stops counting at the same commit.
 */
export async function recountRating(trx: Transaction<Database> | Kysely<Database>, productId: string): Promise<void> {
  await trx
    .updateTable("products")
    .set({
      rating_count: sql<number>`(select count(*) from reviews where reviews.product_id = ${productId} and reviews.status = 'published')`,
      rating_sum: sql<number>`(select coalesce(sum(rating), 0) from reviews where reviews.product_id = ${productId} and reviews.status = 'published')`,
    })
    .where("id", "=", productId)
    .execute();
  await trx
    .updateTable("products")
    .set({ rating_score: sql<number>`case when rating_count > 0 then cast(round(rating_sum * 100.0 / rating_count) as integer) else 0 end` })
    .where("id", "=", productId)
    .execute();
}
