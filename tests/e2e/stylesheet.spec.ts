import { expect, test } from "@playwright/test";
import { waitForHydration } from "../support/hydration";

/**
 * The stylesheet is one built file, linked from every page and cached for good (app/root.tsx,
 * docs/decisions/015-speed.md): no page carries it inline, and a visitor's second page fetches no
 * CSS at all.
 */

/** At most this much CSS inline in a page; the whole stylesheet is about 64 KB. */
const INLINE_STYLE_BUDGET = 10 * 1024;

function stylesheetLinks(html: string): string[] {
  return [...html.matchAll(/<link\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => /\brel="stylesheet"/.test(tag))
    .map((tag) => /\bhref="([^"]*)"/.exec(tag)?.[1] ?? "");
}

test.describe("the stylesheet", () => {
  test("is one immutable file under /assets/, not inline in the page", async ({ request }) => {
    const hrefs = new Set<string>();
    // Without a cookie the page is the shared one; with one it is rendered for this visitor.
    for (const headers of [{}, { Cookie: "seen=1" }] as Record<string, string>[]) {
      for (const path of ["/", "/products"]) {
        const what = `${path}${"Cookie" in headers ? " with a cookie" : ""}`;
        const response = await request.get(path, { headers });
        expect(response.status(), what).toBe(200);
        const html = await response.text();
        for (const [, css = ""] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) {
          expect(Buffer.byteLength(css), `${what}: an inline <style>`).toBeLessThanOrEqual(INLINE_STYLE_BUDGET);
        }
        const links = stylesheetLinks(html);
        expect(links, `${what}: one linked stylesheet`).toHaveLength(1);
        expect(links[0], what).toMatch(/^\/assets\/[^/]+\.css$/);
        hrefs.add(links[0]!);
      }
    }
    expect([...hrefs], "the same file on every page").toHaveLength(1);
    const css = await request.get([...hrefs][0]!);
    expect(css.status()).toBe(200);
    expect(css.headers()["content-type"]).toMatch(/^text\/css/);
    expect(css.headers()["cache-control"]).toContain("immutable");
    expect(css.headers()["cache-control"]).toMatch(/max-age=31536000/);
    expect((await css.body()).length).toBeGreaterThan(INLINE_STYLE_BUDGET);
  });

  test("is fetched by a visitor's first page and by no later one", async ({ browser }) => {
    // A context of its own, so the browser's cache starts empty.
    const context = await browser.newContext();
    const page = await context.newPage();
    /** The stylesheets the page used, and the bytes each cost over the network (0: from the cache). */
    const stylesheets = () =>
      page.evaluate(() =>
        (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
          .filter((entry) => new URL(entry.name).pathname.endsWith(".css"))
          .map((entry) => ({ path: new URL(entry.name).pathname, transferSize: entry.transferSize })),
      );
    const applied = () =>
      page.evaluate(() => [...document.styleSheets].filter((sheet) => sheet.href && sheet.cssRules.length > 0).map((sheet) => new URL(sheet.href!).pathname));

    expect((await page.goto("/"))?.status()).toBe(200);
    await waitForHydration(page);
    const [first] = await applied();
    expect(first, "the home page's stylesheet").toMatch(/^\/assets\/[^/]+\.css$/);
    expect(await stylesheets(), "the first page fetches the stylesheet").toEqual([{ path: first, transferSize: expect.any(Number) }]);
    expect((await stylesheets())[0]!.transferSize, "fetched over the network").toBeGreaterThan(0);

    expect((await page.goto("/products"))?.status()).toBe(200);
    await waitForHydration(page);
    expect(await applied(), "the same stylesheet, applied").toEqual([first]);
    // Served from the browser's cache without asking the server (immutable: not even revalidated),
    // or not fetched at all.
    for (const entry of await stylesheets()) expect(entry, "the second page's stylesheet").toEqual({ path: first, transferSize: 0 });
    await context.close();
  });
});
