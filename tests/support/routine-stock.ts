import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { CATALOG } from "./catalog";

/** Plenty for a whole run: its routine orders each take one or two, and none checks the stock. */
export const ROUTINE_STOCK = 100_000;

/**
 * Playwright's global setup, run once the servers are up (Playwright starts its webServers
 * first): gives the products routine orders buy (ROUTINE in checkout.ts) a stock no run uses up.
 * The demo's own figures (58 keyboards) ran out once the suite placed more orders than that, and a
 * test late in the run then found its keyboard gone from the cart.
 */
export default function raiseRoutineStock(): void {
  const ids = [CATALOG.g213Keyboard, CATALOG.mxMaster, CATALOG.samsungSsd, CATALOG.sonyHeadphones].map((p) => p.id);
  for (const dir of [process.env.E2E_DATA_DIR, process.env.E2E_ISOLATED_DATA_DIR]) {
    if (!dir) throw new Error("E2E_DATA_DIR is not set: run browser tests through playwright.config.ts");
    const db = new DatabaseSync(path.join(dir, "shop.db"));
    try {
      db.exec("PRAGMA busy_timeout = 5000");
      const raise = db.prepare("UPDATE products SET stock = ? WHERE id = ?");
      for (const id of ids) {
        if (Number(raise.run(ROUTINE_STOCK, id).changes) !== 1) throw new Error(`routine product ${id} is not in ${dir}`);
      }
    } finally {
      db.close();
    }
  }
}
