// Developer aid: every public page's weight (elements once loaded, HTML and first-load JavaScript
// bytes), as tests/e2e/page-budget.isolated.spec.ts measures it against the budgets in
// tests/support/page-budget.ts. For docs/benchmarks.md ("Page weight").
// Usage: npx tsx scripts/page-weight.ts BASE_URL [DATA_DIR]
// With DATA_DIR (the running shop's, SQLite), first adds products so /products shows a whole page.
import { chromium } from "playwright-core";
import { fillCatalogue, measurePage, PUBLIC_PAGES } from "../tests/support/page-budget";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.mjs";

const [, , base, dataDir] = process.argv;
if (!base) throw new Error("Usage: npx tsx scripts/page-weight.ts BASE_URL [DATA_DIR]");
if (dataDir) await fillCatalogue(dataDir);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const n = (x: number) => x.toLocaleString("en-US");
console.log("| page | elements | HTML raw | HTML brotli | first-load JS raw | first-load JS brotli |");
console.log("| --- | --- | --- | --- | --- | --- |");
for (const { name, path } of PUBLIC_PAGES) {
  const w = await measurePage(page, base, path);
  console.log(`| ${name} (\`${path.length > 40 ? path.slice(0, 37) + "…" : path}\`) | ${n(w.elements)} | ${n(w.htmlBytes)} | ${n(w.htmlBrotliBytes)} | ${n(w.firstLoadJsBytes)} | ${n(w.firstLoadJsBrotliBytes)} |`);
}
await browser.close();
