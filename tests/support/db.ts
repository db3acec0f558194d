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
    db.prepare("UPDATE products SET status = ? WHERE id = ?").run(status, productId);
  } finally {
    db.close();
  }
}
