import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { compressInBackground, sendBytes } from "./static-files";

/**
 * Answers every visitor shares, kept as they were sent: status, headers (a hash-based
 * CSP among them, server/request-handler.ts) and bytes, with a brotli and a gzip copy made once
 * in the background when the page is asked for a second time. Which answers are shared is the
 * route's to say (its `headers`, read through `sharedMaxAge`), and how long too; a committed
 * change to the catalogue empties the cache at once (server/catalogue-changes.ts). A CDN or reverse proxy in front may hold the same answers
 * for the same time. See docs/decisions/020-cacheable-pages.md.
 */

export interface StoredPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** Weak: the same validator for each encoding of the same bytes. */
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
  /** Whether the compressed copies are made or being made. */
  compressing?: boolean;
  generation: number;
  expiresAt: number;
}

export interface PageCacheOptions {
  maxPages?: number;
  /** Bigger bodies are not kept. */
  maxPageBytes?: number;
  now?: () => number;
}

export type PageCache = ReturnType<typeof createPageCache>;


export function createPageCache({ maxPages = 500, maxPageBytes = 512 * 1024, now = Date.now }: PageCacheOptions = {}) {
  let generation = 0;
  let enabled = true;
  // A Map remembers insertion order: re-inserting on each hit makes the first key the least recently used.
  const pages = new Map<string, StoredPage>();

  return {
    /** Changes whenever the cache is emptied; a page rendered across a change is not kept. */
    get generation() {
      return generation;
    },

    /** Forgets every page, and any page still being rendered from before now. */
    invalidate() {
      generation++;
      pages.clear();
    },

    /** While the shop cannot hear of catalogue changes (a lost connection), nothing is served from here. */
    setEnabled(on: boolean) {
      // Turned back on, pages rendered while it was off (unheard changes) are not kept either.
      this.invalidate();
      enabled = on;
    },

    get(key: string): StoredPage | undefined {
      if (!enabled) return undefined;
      const page = pages.get(key);
      if (!page) return undefined;
      pages.delete(key);
      if (page.generation !== generation || now() >= page.expiresAt) return undefined;
      pages.set(key, page);
      // The best-level copies cost 30 times the page's render (brotli 11: 288 ms on /products): made
      // for a page asked for again, never for each of the one-off addresses a crawler or a
      // scanner invents (?q=anything). Until they are ready the compression middleware compresses
      // per response, as for a private page.
      if (!page.compressing) {
        page.compressing = true;
        compressInBackground(page, page.body);
      }
      return page;
    },

    /** Keeps an answer rendered within the current generation for `maxAgeSeconds`; returns what was kept. */
    set(
      key: string,
      renderedIn: number,
      answer: { status: number; headers: [string, string][]; body: Buffer; maxAgeSeconds: number },
    ): StoredPage | undefined {
      const { body, maxAgeSeconds } = answer;
      if (!enabled || renderedIn !== generation || maxAgeSeconds <= 0 || body.length > maxPageBytes) return undefined;
      const page: StoredPage = {
        status: answer.status,
        headers: answer.headers,
        body,
        etag: `W/"${createHash("sha1").update(body).digest("base64url")}"`,
        generation,
        expiresAt: now() + maxAgeSeconds * 1000,
      };
      pages.delete(key);
      pages.set(key, page);
      while (pages.size > maxPages) pages.delete(pages.keys().next().value!);
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
 * A stored page as it was sent, brotli or gzip when the browser takes it and the copy is ready
 * (then the compression middleware leaves it be), or 304 for a browser that holds it already.
 */
export function sendStoredPage(req: IncomingMessage, res: ServerResponse, page: StoredPage): void {
  for (const [key, value] of page.headers) res.setHeader(key, value);
  sendBytes(req, res, { status: page.status, etag: page.etag, identity: page.body, br: page.br, gzip: page.gzip });
}
