import { expect, test } from "@playwright/test";
import { CATALOG, productPath } from "../support/catalog";
import { firstLoadScripts } from "../support/page-budget";

/**
 * The framework's files begin with V8's compile hint, so Chromium compiles them on a background
 * thread as they arrive rather than function by function on the main thread while the page
 * hydrates (vite.config.ts; docs/decisions/028-less-hydration.md, "Fifth step"). The page's own
 * modules, much of whose code a page never runs, do not.
 */

const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";
/** What React's and React Router's production code say in their errors. */
const FRAMEWORK_TEXT = /react\.dev\/errors|React Router/;

for (const path of ["/", "/products", productPath(CATALOG.sonyHeadphones)]) {
  test(`${path}: the framework's files carry the compile hint, the page's own do not`, async ({ request }) => {
    const html = await (await request.get(path)).text();
    const routeModules = new Set([...html.matchAll(/import \* as route\d+ from "([^"]+)"/g)].map((m) => m[1]!));
    expect(routeModules.size, "the page's route modules").toBeGreaterThan(0);

    const hinted: string[] = [];
    for (const file of firstLoadScripts(html)) {
      const source = await (await request.get(file)).text();
      const hint = source.startsWith(COMPILE_HINT);
      if (FRAMEWORK_TEXT.test(source)) {
        expect(hint, `${file} holds React or React Router`).toBe(true);
        hinted.push(file);
      }
      if (routeModules.has(file)) expect(hint, `${file} is a route module`).toBe(false);
    }
    // React DOM with the router's browser half (the entry), and React Router's core.
    expect(hinted.length, "files holding React or React Router").toBeGreaterThanOrEqual(2);
  });
}
