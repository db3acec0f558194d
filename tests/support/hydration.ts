import type { Page } from "@playwright/test";

/**
 * Resolves once React has hydrated the document and run its effects, so that enhanced
 * behaviour (fetcher forms, the sort select's auto-submit, scroll listeners) is in place.
 * The server-rendered page already works without JavaScript; tests of the enhanced
 * behaviour call this first so they never race the page's scripts.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const doc = document as unknown as Record<string, unknown>;
    const key = Object.keys(doc).find((k) => k.startsWith("__reactContainer$"));
    if (!key) return false;
    const fiber = doc[key] as { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } } | undefined;
    return fiber?.stateNode?.current?.memoizedState?.isDehydrated === false;
  });
  // Passive effects (useEffect) of the hydration commit run in a task after it; let them.
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

/** page.goto, then waitForHydration. */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}
