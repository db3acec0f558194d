import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What a shared page shows, noted while it renders, as keys (`product:<id>` for a product whose
 * stock it shows: app/modules/catalog/products.server.ts, `productKey`). The page cache keeps them
 * with the page, so that a change to one of them refreshes the pages that show it and no others
 * (server/page-cache.ts; docs/decisions/029-a-write-costs-what-it-changes.md). Outside such a
 * render (a private page, a post, a job) noting costs nothing and keeps nothing.
 */
const rendering = new AsyncLocalStorage<Set<string>>();

/** Runs a shared page's render, collecting what it notes it shows. */
export async function noteWhatIsShown<T>(render: () => Promise<T>): Promise<{ result: T; shown: ReadonlySet<string> }> {
  const shown = new Set<string>();
  const result = await rendering.run(shown, render);
  return { result, shown };
}

/** The page being rendered shows this (a product's stock, say): a change to it must refresh the page. */
export function shows(key: string): void {
  rendering.getStore()?.add(key);
}
