import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { compressInBackground, sendBytes, type Effort } from "./static-files";

/**
 * Answers every visitor shares, kept as they were sent: status, headers (a hash-based
 * CSP among them, server/request-handler.ts) and bytes, with a brotli and a gzip copy made once
 * in the background when the page is asked for a second time. Which answers are shared is the
 * route's to say (its `headers`, read through `sharedMaxAge`), and how long too. A CDN or reverse
 * proxy in front may hold the same answers for the same time. See docs/decisions/020-cacheable-pages.md.
 *
 * A page is fresh until its time is up or something it shows changes, and stale after: a change
 * names what it changed (`product:<id>` when an order takes a product's stock), and only the pages
 * that noted they show it go stale (app/lib/shown.server.ts); a change it cannot name so narrowly
 * makes every page stale (server/catalogue-changes.ts). A stale page is not thrown away: while its
 * refresh is being rendered, for a bounded time, others are given it meanwhile, and it stands in
 * when the refresh fails (the database away). See docs/decisions/029-a-write-costs-what-it-changes.md.
 */

export interface StoredPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** Weak: the same validator for each encoding of the same bytes. */
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
  /** Which compressed copies are made or being made. */
  compressing?: Effort;
  /** When it was kept: best-level copies are made only for a page that has stayed a while. */
  storedAt: number;
  /** What the page noted it shows: a change to one of them makes it stale. */
  shows: ReadonlySet<string>;
  /** Until when it may be served as the latest, as its route allows. */
  expiresAt: number;
  /** When something it shows changed; unset while nothing has. */
  changedAt?: number;
}

export interface PageCacheOptions {
  maxPages?: number;
  /** Bigger bodies are not kept. */
  maxPageBytes?: number;
  now?: () => number;
  /** How long after going stale a page is still given to others while one request renders its refresh. */
  serveStaleMs?: number;
  /** How long after going stale a page stands in for a refresh that failed (the database away). */
  staleIfErrorMs?: number;
  /** How long a page must stay unchanged before its best-level copies are made (fast ones until then). */
  bestCopiesAfterMs?: number;
  /** 0 to 1: a page is held for its time up to this much less, at random (`expiresAt`). */
  random?: () => number;
}

/** What changed: some keys pages noted they show, or everything. */
export type PageChange = { keys: Iterable<string> } | "everything";

export type PageCache = ReturnType<typeof createPageCache>;

const EXPIRY_JITTER = 0.1;

export function createPageCache({
  maxPages = 500,
  maxPageBytes = 512 * 1024,
  now = Date.now,
  serveStaleMs = 10_000,
  staleIfErrorMs = 60_000,
  bestCopiesAfterMs = 30_000,
  random = Math.random,
}: PageCacheOptions = {}) {
  // Counts changes: a render notes it when it begins, and its page is kept fresh only if nothing it
  // shows changed after that (a change heard while it was rendering makes it stale at once).
  let clock = 0;
  let everythingAt = 0;
  const changedAt = new Map<string, number>();
  // While changes cannot be heard (another instance's, on a lost LISTEN connection), nothing is kept fresh.
  let hearing = true;
  // A Map remembers insertion order: re-inserting on each hit makes the first key the least recently used.
  const pages = new Map<string, StoredPage>();
  // Which pages show each key.
  const showing = new Map<string, Set<string>>();
  let bestCopying = false;

  const staleSince = (page: StoredPage): number | undefined => page.changedAt ?? (now() >= page.expiresAt ? page.expiresAt : undefined);

  const forget = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    for (const shown of page.shows) {
      const keys = showing.get(shown);
      keys?.delete(key);
      if (keys?.size === 0) showing.delete(shown);
    }
  };

  const markStale = (page: StoredPage | undefined) => {
    if (page && page.changedAt === undefined) page.changedAt = now();
  };

  return {
    /** Now, as renders see it: pass it to `set` with what the render made. */
    get clock() {
      return clock;
    },

    /** Something pages may show changed: the pages that show it go stale; "everything": all of them. */
    changed(change: PageChange) {
      clock++;
      if (change === "everything") {
        everythingAt = clock;
        changedAt.clear();
        for (const page of pages.values()) markStale(page);
        return;
      }
      for (const key of change.keys) {
        changedAt.set(key, clock);
        for (const pageKey of showing.get(key) ?? []) markStale(pages.get(pageKey));
      }
    },

    /**
     * Whether changes can be heard. Going deaf or hearing again, every page goes stale (what
     * changed meanwhile is unknown); while deaf, pages are kept stale, so each is rendered again
     * when next asked for, and given to others meanwhile.
     */
    hearing(on: boolean) {
      hearing = on;
      this.changed("everything");
    },

    /** The page kept under `key`, fresh or stale (`isFresh`); none once it is too stale to serve at all. */
    get(key: string): StoredPage | undefined {
      const page = pages.get(key);
      if (!page) return undefined;
      const since = staleSince(page);
      if (since !== undefined && now() - since >= Math.max(serveStaleMs, staleIfErrorMs)) {
        forget(key);
        return undefined;
      }
      pages.delete(key);
      pages.set(key, page);
      // Compressed copies are made for a page asked for again, never for each of the one-off
      // addresses a crawler or a scanner invents (?q=anything); until they are ready the
      // compression middleware compresses per response, as for a private page. Fast ones first:
      // on a sale day an order replaces a product's pages within seconds, and best-level ones
      // (brotli 11: 138 ms of /products) are made only for a page that has stayed unchanged a while.
      if (!page.compressing) {
        page.compressing = "fast";
        compressInBackground(page, page.body, "fast");
      } else if (page.compressing === "fast" && page.changedAt === undefined && now() - page.storedAt >= bestCopiesAfterMs && !bestCopying) {
        // One page at a time: pages kept together reach the age together, and brotli 11 of each
        // at once took both cores of the sale bench's machine from the pages' renders.
        page.compressing = "best";
        bestCopying = true;
        compressInBackground(page, page.body, "best", () => (bestCopying = false));
      }
      return page;
    },

    /** True while nothing the page shows has changed and its time is not up. */
    isFresh(page: StoredPage): boolean {
      return staleSince(page) === undefined;
    },

    /** Whether a stale page may be given out: while its refresh renders, or in place of a refresh that failed. */
    mayServeStale(page: StoredPage, why: "refreshing" | "refresh failed"): boolean {
      const since = staleSince(page);
      return since === undefined || now() - since < (why === "refreshing" ? serveStaleMs : staleIfErrorMs);
    },

    /**
     * Keeps an answer for `maxAgeSeconds` with what it shows; returns what was kept. `renderedFrom`
     * is the `clock` when its render began: if something it shows changed since, it is kept stale.
     */
    set(
      key: string,
      renderedFrom: number,
      answer: { status: number; headers: [string, string][]; body: Buffer; maxAgeSeconds: number; shows?: ReadonlySet<string> },
    ): StoredPage | undefined {
      const { body, maxAgeSeconds, shows = new Set<string>() } = answer;
      if (maxAgeSeconds <= 0 || body.length > maxPageBytes) return undefined;
      const page: StoredPage = {
        status: answer.status,
        headers: answer.headers,
        body,
        etag: `W/"${createHash("sha1").update(body).digest("base64url")}"`,
        shows,
        storedAt: now(),
        // Up to a tenth sooner, at random: pages kept at the same moment (the warm-up, a change to
        // everything) would otherwise all be rendered again at the same moment too.
        expiresAt: now() + maxAgeSeconds * 1000 * (1 - EXPIRY_JITTER * random()),
      };
      const changedSince = !hearing || everythingAt > renderedFrom || [...shows].some((shown) => (changedAt.get(shown) ?? 0) > renderedFrom);
      if (changedSince) page.changedAt = now();
      forget(key);
      pages.set(key, page);
      for (const shown of shows) {
        let keys = showing.get(shown);
        if (!keys) showing.set(shown, (keys = new Set()));
        keys.add(key);
      }
      while (pages.size > maxPages) forget(pages.keys().next().value!);
      return page;
    },

    get size() {
      return pages.size;
    },
  };
}

/**
 * Whether an answer to this request may be one every visitor shares: a GET of a page its route
 * declares shared (`isShared`, server/route-tree.ts). Cookies and credentials do not matter: the
 * page is rendered without them (server/request-handler.ts), so it is the same whoever asks. Such
 * a request is rendered without a CSP nonce.
 */
export function maySharePage(req: IncomingMessage, isShared: boolean): boolean {
  return req.method === "GET" && isShared;
}

/**
 * How many seconds a shared cache may keep an answer by its `Cache-Control`: its s-maxage, else
 * its max-age, when it is `public`; 0 when it is private, no-store, no-cache or says nothing.
 */
export function sharedMaxAge(cacheControl: string | null): number {
  if (!cacheControl) return 0;
  const directives = new Map(
    cacheControl.split(",").map((d) => {
      const [name = "", value] = d.trim().toLowerCase().split("=");
      return [name, value] as const;
    }),
  );
  if (!directives.has("public") || ["private", "no-store", "no-cache"].some((d) => directives.has(d))) return 0;
  const seconds = Number(directives.get("s-maxage") ?? directives.get("max-age"));
  return Number.isSafeInteger(seconds) && seconds > 0 ? seconds : 0;
}

/**
 * How a shared page was answered, in its `Server-Timing` header (which browsers' developer tools
 * show): "hit", fresh from the cache; "stale", the page as it was, while its refresh renders or in
 * place of one that failed; "rendered" (or "waited", for someone else's render) for this request.
 */
export type PageSource = "hit" | "stale" | "rendered" | "waited";

/**
 * A stored page as it was sent, brotli or gzip when the browser takes it and the copy is ready
 * (then the compression middleware leaves it be), or 304 for a browser that holds it already.
 */
export function sendStoredPage(req: IncomingMessage, res: ServerResponse, page: StoredPage, source: PageSource = "hit"): void {
  for (const [key, value] of page.headers) res.setHeader(key, value);
  res.setHeader("Server-Timing", `page;desc="${source}"`);
  sendBytes(req, res, { status: page.status, etag: page.etag, identity: page.body, br: page.br, gzip: page.gzip });
}
