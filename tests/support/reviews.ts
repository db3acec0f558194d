import { withE2eDatabase } from "./db";

/**
 * Reviews for the browser tests (tests/e2e/reviews.spec.ts), written straight into the e2e
 * database: `count` customers of their own (no password: they never sign in), each with a
 * published review of `productId` on a demo delivered order, and the product's rating recounted as
 * the reviews module does. Tagged, so nothing of the demo changes.
 */
export function insertReviews(productId: string, ratings: readonly number[]): { tag: string; titles: string[] } {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const titles: string[] = [];
  withE2eDatabase((db) => {
    const order = db.prepare("SELECT id FROM orders ORDER BY created_at LIMIT 1").get() as { id: string };
    db.exec("BEGIN IMMEDIATE");
    try {
      for (const [i, rating] of ratings.entries()) {
        const at = new Date(Date.now() - (ratings.length - i) * 3_600_000).toISOString();
        const userId = `rev-${tag}-${i}`;
        db.prepare(
          `INSERT INTO "user" (id, name, email, emailVerified, image, createdAt, updatedAt, role, banned, banReason, banExpires)
           VALUES (?, ?, ?, 1, NULL, ?, ?, 'customer', NULL, NULL, NULL)`,
        ).run(userId, `Reviewer ${tag}${i} Tester`, `${userId}@reviews.example.in`, at, at);
        const title = `Review ${i + 1} of ${tag}`;
        titles.push(title);
        db.prepare(
          `INSERT INTO reviews (id, product_id, user_id, order_id, rating, title, body, status, helpful_count, report_count, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, 'published', 0, 0, ?, ?)`,
        ).run(crypto.randomUUID(), productId, userId, order.id, rating, title, `A review written for the browser tests, number ${i + 1}.`, at, at);
      }
      db.prepare(
        `UPDATE products SET
           rating_count = (SELECT count(*) FROM reviews WHERE product_id = ? AND status = 'published'),
           rating_sum = (SELECT coalesce(sum(rating), 0) FROM reviews WHERE product_id = ? AND status = 'published')
         WHERE id = ?`,
      ).run(productId, productId, productId);
      db.prepare("UPDATE products SET rating_score = CASE WHEN rating_count > 0 THEN CAST(round(rating_sum * 100.0 / rating_count) AS INTEGER) ELSE 0 END WHERE id = ?").run(productId);
      db.exec("COMMIT");
    } catch (e) {
      db.exec("ROLLBACK");
      throw e;
    }
  });
  return { tag, titles };
}

/** Marks every seller's part of an order delivered, as the sellers' steps would. */
export function deliverOrder(number: string): void {
  const at = new Date(Date.now() - 86_400_000).toISOString();
  withE2eDatabase((db) => {
    db.prepare("UPDATE order_parts SET status = 'delivered', delivered_at = ?, updated_at = ? WHERE order_number = ?").run(at, at, number);
    db.prepare("UPDATE orders SET status = 'delivered' WHERE number = ?").run(number);
  });
}
