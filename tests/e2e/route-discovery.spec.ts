import { expect, test, type Page } from "@playwright/test";
import { CATALOG, productPath } from "../support/catalog";
import { gotoHydrated } from "../support/hydration";

/**
 * The route manifest is found lazily, on intent or use and never on render
 * (docs/decisions/028-less-hydration.md, "Fourth step"; app/lib/route-links.tsx and
 * app/lib/route-intent.ts): a page asks `GET /__manifest` for nothing at load, the pointer over a
 * link asks for its routes, and the navigation that follows finds them in the browser's cache.
 */

interface ManifestRequests {
  /** Each request the page made for the manifest, and whether the browser's cache answered it. */
  list: { url: string; fromCache: boolean }[];
  fromServer(): string[];
}

/** Watches the page's manifest requests through Chromium's own network events (the cache included, which page.route would turn off). */
async function watchManifestRequests(page: Page): Promise<ManifestRequests> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const byId = new Map<string, { url: string; fromCache: boolean }>();
  const list: ManifestRequests["list"] = [];
  cdp.on("Network.requestWillBeSent", ({ requestId, request }) => {
    if (!new URL(request.url).pathname.endsWith("/__manifest")) return;
    const entry = { url: request.url, fromCache: false };
    byId.set(requestId, entry);
    list.push(entry);
  });
  cdp.on("Network.requestServedFromCache", ({ requestId }) => {
    const entry = byId.get(requestId);
    if (entry) entry.fromCache = true;
  });
  cdp.on("Network.responseReceived", ({ requestId, response }) => {
    const entry = byId.get(requestId);
    if (entry && (response.fromDiskCache || response.fromPrefetchCache)) entry.fromCache = true;
  });
  return { list, fromServer: () => list.filter((r) => !r.fromCache).map((r) => r.url) };
}

/** Marks the window, so a document load (which would lose the mark) can be told from a move within the page. */
async function markWindow(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => ((window as unknown as { stayedInPage: boolean }).stayedInPage = true));
  return () => page.evaluate(() => (window as unknown as { stayedInPage?: boolean }).stayedInPage === true);
}

test.describe("routes found on intent, not on render", () => {
  test("a page asks for no routes at load; the pointer over a link asks once, and the click finds them cached", async ({ page }) => {
    const manifest = await watchManifestRequests(page);
    await gotoHydrated(page, "/products?category=Storage");
    await page.waitForLoadState("networkidle");
    expect(manifest.list).toEqual([]);

    const stayed = await markWindow(page);
    const link = page.getByRole("main").getByRole("link", { name: CATALOG.samsungSsd.name }).first();
    await link.hover();
    await expect.poll(() => manifest.fromServer().length).toBe(1);
    const asked = manifest.fromServer()[0]!;
    expect(asked).toContain(encodeURIComponent(productPath(CATALOG.samsungSsd)));

    await link.click();
    await expect(page).toHaveURL(productPath(CATALOG.samsungSsd));
    await expect(page.getByRole("heading", { level: 1, name: CATALOG.samsungSsd.name })).toBeVisible();
    expect(await stayed()).toBe(true);
    // React Router asked again on the navigation, and the browser's cache answered. (The pointer,
    // still there, may be over something new on the product page: that asks for its own routes.)
    expect(manifest.list.filter((r) => r.url === asked).map((r) => r.fromCache)).toEqual([false, true]);
  });

  test("a link used with no intent seen first still moves within the page", async ({ page }) => {
    const manifest = await watchManifestRequests(page);
    await gotoHydrated(page, "/products?category=Storage");
    const stayed = await markWindow(page);
    // A click from script: no pointer over the link, no focus in it.
    await page.getByRole("main").getByRole("link", { name: CATALOG.samsungSsd.name }).first().evaluate((a: HTMLAnchorElement) => a.click());
    await expect(page).toHaveURL(productPath(CATALOG.samsungSsd));
    await expect(page.getByRole("heading", { level: 1, name: CATALOG.samsungSsd.name })).toBeVisible();
    expect(await stayed()).toBe(true);
    expect(manifest.fromServer()).toHaveLength(1);
  });

  test("a link reached from the keyboard asks for its routes when it takes the focus", async ({ page }) => {
    const manifest = await watchManifestRequests(page);
    await gotoHydrated(page, "/products?category=Storage");
    await page.getByRole("main").getByRole("link", { name: CATALOG.samsungSsd.name }).first().focus();
    await expect.poll(() => manifest.fromServer().length).toBe(1);
    const asked = manifest.fromServer()[0]!;
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(productPath(CATALOG.samsungSsd));
    expect(manifest.list.filter((r) => r.url === asked).map((r) => r.fromCache)).toEqual([false, true]);
  });
});
