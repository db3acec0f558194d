import { fillCatalogue } from "./page-budget";

/**
 * Playwright's global setup, after routine-stock.ts: gives the isolated server's shop a catalogue
 * longer than a page, so tests/e2e/page-budget.isolated.spec.ts weighs /products with a whole page
 * of cards (the demo with its PC parts has one already). The main server keeps the demo catalogue
 * as seeded, which its tests count on; the isolated server's other tests read no listing.
 */
export default async function fillIsolatedCatalogue(): Promise<void> {
  const dir = process.env.E2E_ISOLATED_DATA_DIR;
  if (!dir) throw new Error("E2E_ISOLATED_DATA_DIR is not set: run browser tests through playwright.config.ts");
  await fillCatalogue(dir);
}
