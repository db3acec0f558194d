import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import zlib from "node:zlib";
import { NodeSqliteDialect } from "@better-auth/kysely-adapter/node-sqlite-dialect";
import { Kysely } from "kysely";
import type { Page } from "playwright-core";
import { writingFromTheStart } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { saveBuild } from "~/modules/builds/saved-builds.server";
import { saveProduct } from "~/modules/catalog/products.server";
import { PAGE_SIZE } from "~/modules/catalog/search";
import { builderHref } from "~/modules/builds/selection";
import { demoProducts } from "~/seed/demo-catalog";
import { DEMO_BUILDS, PC_PART_IDS } from "~/seed/demo-pc-parts";

/**
 * Every public page's budget, written once: at most this many elements once loaded, this many
 * bytes of HTML, and this much JavaScript at first load. tests/e2e/page-budget.isolated.spec.ts
 * fails when a page exceeds its budget; docs/benchmarks.md ("Page weight") records the figures.
 *
 * Counts, not timings, so they hold on any machine. A feature that needs more says why in its
 * decision record and moves the budget here knowingly, in the same commit. The HTML holds the
 * routes the page matched (lazy route discovery, docs/decisions/028-less-hydration.md "Fourth
 * step"): a few kilobytes more HTML than a manifest module of all 98 routes, which first-load
 * JavaScript no longer counts.
 */
export interface PageBudget {
  /** `document.querySelectorAll("*").length` once hydrated: what Lighthouse's dom-size counts (its warning is at 800). */
  elements: number;
  /** The page's HTML as served, before compression. */
  htmlBytes: number;
  /** The entry and every module the page imports to hydrate, before compression. */
  firstLoadJsBytes: number;
}

export interface PublicPage {
  name: string;
  path: string;
  budget: PageBudget;
}

const PRODUCT = "product-sony-wh-1000xm5";
/** The saved build fillCatalogue keeps at a known address: the demo's AM5 PC, eight parts. */
export const BUDGET_BUILD_ID = "page-budget-am5-build";
const COMPARED = ["product-lg-ultragear-27gr75q", "product-sony-wh-1000xm5", "product-asus-tuf-gaming-a15", "product-apple-macbook-air-13-m4"];

/**
 * The catalogue is weighed full: a whole page of cards (fillCatalogue). A search is the same page
 * with its results, at most as many cards; it is left out because the isolated server's other
 * test breaks search on purpose for a moment (error-reference.isolated.spec.ts).
 */
export const PUBLIC_PAGES: PublicPage[] = [
  { name: "home", path: "/", budget: { elements: 470, htmlBytes: 54_000, firstLoadJsBytes: 430_000 } },
  { name: "catalogue, a full page", path: "/products", budget: { elements: 800, htmlBytes: 105_000, firstLoadJsBytes: 440_000 } },
  { name: "product page", path: `/products/${PRODUCT}`, budget: { elements: 580, htmlBytes: 66_000, firstLoadJsBytes: 460_000 } },
  { name: "product reviews", path: `/products/${PRODUCT}/review`, budget: { elements: 220, htmlBytes: 24_000, firstLoadJsBytes: 405_000 } },
  { name: "product questions", path: `/products/${PRODUCT}/questions`, budget: { elements: 200, htmlBytes: 25_000, firstLoadJsBytes: 405_000 } },
  { name: "seller page", path: "/sellers/vendor-1", budget: { elements: 490, htmlBytes: 65_000, firstLoadJsBytes: 430_000 } },
  { name: "compare, four products", path: `/compare?ids=${COMPARED.join(",")}`, budget: { elements: 200, htmlBytes: 25_000, firstLoadJsBytes: 410_000 } },
  { name: "saved PC build", path: `/builds/${BUDGET_BUILD_ID}`, budget: { elements: 360, htmlBytes: 32_000, firstLoadJsBytes: 435_000 } },
  { name: "static page (about)", path: "/about", budget: { elements: 330, htmlBytes: 35_000, firstLoadJsBytes: 415_000 } },
  { name: "PC builder, empty", path: "/build", budget: { elements: 240, htmlBytes: 26_000, firstLoadJsBytes: 455_000 } },
  { name: "PC builder, a whole build", path: builderHref(DEMO_BUILDS.lga1700.partIds), budget: { elements: 460, htmlBytes: 48_000, firstLoadJsBytes: 455_000 } },
  // The motherboards with the misfits and their reasons: the longest list the demo has.
  { name: "PC builder, a slot's list", path: `${builderHref([PC_PART_IDS.ryzen7_7800x3d])}&slot=motherboard&misfits=1`, budget: { elements: 800, htmlBytes: 100_000, firstLoadJsBytes: 455_000 } },
];

export interface PageWeight {
  elements: number;
  htmlBytes: number;
  htmlBrotliBytes: number;
  firstLoadJsBytes: number;
  firstLoadJsBrotliBytes: number;
}

const brotli = (bytes: Buffer) => zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/**
 * The scripts a page runs at first load, read from its HTML as React Router writes it: the entry
 * module and its imports, and each matched route's module and imports. The route manifest is
 * written into the page (react-router.config.ts: `routeDiscovery` "lazy"), with the routes the
 * page matched and a few more (the home page's, say), which load only when used.
 */
export function firstLoadScripts(html: string): string[] {
  const manifestJson = /window\.__reactRouterManifest = (\{[\s\S]*?\n\});\n/.exec(html)?.[1];
  const matched = /window\.__reactRouterRouteModules = \{([^}]*)\}/.exec(html)?.[1];
  if (!manifestJson || matched === undefined) throw new Error("no React Router manifest for the page");
  const manifest = JSON.parse(manifestJson) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, { module: string; imports?: string[] }>;
  };
  const routeIds = [...matched.matchAll(/"([^"]+)":route\d+/g)].map((m) => m[1]!);
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`matched route ${id} is not in the manifest`);
    for (const file of [route.module, ...(route.imports ?? [])]) files.add(file);
  }
  return [...files];
}

/** Measures one page of the shop at `baseURL`, cookieless (the shared page), in `page`'s browser. */
export async function measurePage(page: Page, baseURL: string, pagePath: string): Promise<PageWeight> {
  const response = await fetch(new URL(pagePath, baseURL), { headers: { "Accept-Encoding": "identity" } });
  if (response.status !== 200) throw new Error(`${pagePath} answered ${response.status}`);
  const html = Buffer.from(await response.arrayBuffer());
  let firstLoadJsBytes = 0;
  let firstLoadJsBrotliBytes = 0;
  for (const file of firstLoadScripts(html.toString("utf8"))) {
    const script = await fetch(new URL(file, baseURL), { headers: { "Accept-Encoding": "identity" } });
    if (script.status !== 200) throw new Error(`${file} answered ${script.status}`);
    const bytes = Buffer.from(await script.arrayBuffer());
    firstLoadJsBytes += bytes.length;
    firstLoadJsBrotliBytes += brotli(bytes);
  }
  await page.goto(new URL(pagePath, baseURL).href, { waitUntil: "load" });
  await waitForHydrated(page);
  const elements = await page.evaluate(() => document.querySelectorAll("*").length);
  return { elements, htmlBytes: html.length, htmlBrotliBytes: brotli(html), firstLoadJsBytes, firstLoadJsBrotliBytes };
}

/** As tests/support/hydration.ts, for playwright-core's Page (the measuring script has no test runner). */
async function waitForHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const doc = document as unknown as Record<string, unknown>;
    const key = Object.keys(doc).find((k) => k.startsWith("__reactContainer$"));
    if (!key) return false;
    const fiber = doc[key] as { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } } | undefined;
    return fiber?.stateNode?.current?.memoizedState?.isDehydrated === false;
  });
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

/** The ids fillCatalogue adds: copies of demo products, so that /products shows a whole page of cards. */
export const FILL_PREFIX = "product-fill-";

/**
 * Adds products to the shop in `dataDir` (through the catalogue's own saveProduct) until the
 * catalogue has more than one page, so /products is measured with PAGE_SIZE cards. The demo with
 * its PC parts has that already, and vendor-1's page keeps the 15 products it was measured with.
 * Saves the demo's AM5 build at a known address too (BUDGET_BUILD_ID), for the saved build's page.
 * Written once; a second call finds them there.
 */
export async function fillCatalogue(dataDir: string): Promise<void> {
  const sqlite = new DatabaseSync(path.join(dataDir, "shop.db"));
  sqlite.exec("PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;");
  const db = new Kysely<Database>({ dialect: writingFromTheStart(new NodeSqliteDialect({ database: sqlite })) });
  try {
    const listed = await db.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const extra = PAGE_SIZE + 2 - Number(listed.n);
    for (let i = 0; i < extra; i++) {
      const source = demoProducts[i % demoProducts.length]!;
      await saveProduct(db, {
        ...source,
        id: `${FILL_PREFIX}${i + 1}`,
        name: `${source.name} (listing ${i + 2})`,
        featured: false,
        vendorId: "vendor-1",
      });
    }
    const saved = await db.selectFrom("builds").select("id").where("id", "=", BUDGET_BUILD_ID).executeTakeFirst();
    if (!saved) await saveBuild(db, { id: BUDGET_BUILD_ID, partIds: DEMO_BUILDS.am5.partIds, name: "The demo's AM5 PC", userId: null });
  } finally {
    await db.destroy();
  }
}
