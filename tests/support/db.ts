import path from "node:path";
import { DatabaseSync } from "node:sqlite";

/**
 * Direct access to the browser tests' embedded database (the server's DATA_DIR), for fixtures
 * that must change what the shop sells (stock, a removed product) and put it back afterwards.
 */
export function openE2eDatabase(): DatabaseSync {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run browser tests through playwright.config.ts");
  const db = new DatabaseSync(path.join(dir, "shop.db"));
  db.exec("PRAGMA busy_timeout = 5000");
  return db;
}

/** Runs `fn` on a connection of its own to the e2e database, closed afterwards whatever happens. */
export function withE2eDatabase<T>(fn: (db: DatabaseSync) => T): T {
  const db = openE2eDatabase();
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

export function setStock(productId: string, stock: number): number {
  const db = openE2eDatabase();
  try {
    const row = db.prepare("SELECT stock FROM products WHERE id = ?").get(productId) as { stock: number } | undefined;
    if (!row) throw new Error(`no product ${productId}`);
    db.prepare("UPDATE products SET stock = ? WHERE id = ?").run(stock, productId);
    return row.stock;
  } finally {
    db.close();
  }
}

export function setProductStatus(productId: string, status: "active" | "archived"): void {
  const db = openE2eDatabase();
  try {
    const columns = db.prepare("SELECT name FROM pragma_table_info('products')").all() as { name: string }[];
    if (columns.some((c) => c.name === "listed")) {
      // The shop lists products by a `listed` flag (active product of an approved vendor) that the
      // catalogue module keeps up to date; a fixture changing the status directly must keep it too.
      db.prepare(
        `UPDATE products SET status = ?,
           listed = CASE WHEN ? = 'active' AND vendor_id IN (SELECT id FROM vendors WHERE status = 'approved') THEN 1 ELSE 0 END
         WHERE id = ?`,
      ).run(status, status, productId);
      db.prepare("UPDATE product_specs SET listed = (SELECT listed FROM products WHERE id = ?) WHERE product_id = ?").run(productId, productId);
      db.prepare("UPDATE part_figures SET listed = (SELECT listed FROM products WHERE id = ?) WHERE product_id = ?").run(productId, productId);
    } else {
      db.prepare("UPDATE products SET status = ? WHERE id = ?").run(status, productId);
    }
  } finally {
    db.close();
  }
}

export interface StoredContactMessage {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  created_at: string;
}

/** Contact messages whose text is exactly `message` (tests use a unique text per run). */
export function contactMessagesWithText(message: string): StoredContactMessage[] {
  const db = openE2eDatabase();
  try {
    return db
      .prepare("SELECT id, name, email, phone, subject, message, created_at FROM contact_messages WHERE message = ?")
      .all(message) as unknown as StoredContactMessage[];
  } finally {
    db.close();
  }
}
