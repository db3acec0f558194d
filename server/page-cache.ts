import type { Request } from "express";

/**
 * Rendered pages of the public catalogue, kept for visitors who send no cookie at all: no session
 * and no cart, so every such visitor is shown the same page for the same address. A page is kept
 * as a template: the response's CSP nonce and request id, the only per-response parts of its
 * HTML, are cut out and each later response gets its own. Any committed change to the catalogue
 * empties the cache (server/catalogue-changes.ts); the time limit is a backstop only.
 * See docs/decisions/015-speed.md.
 */

/** Addresses whose pages, for a visitor without cookies, depend only on the address and the catalogue. */
const CACHEABLE_PATH =
  /^\/(?:|_root\.data|products(?:\.data)?|products\/[^/]+|services|about|contact|privacy|terms|refund|shipping|robots\.txt|sitemap\.xml)$/;
const CACHEABLE_TYPE = /^(?:text\/html|text\/x-script|text\/plain|application\/xml)\b/i;

/** The per-response values cut out of a stored page. */
export interface PageTokens {
  nonce: string;
  requestId: string;
}

/** A literal piece of a stored body, or the place of a token (an object, so no text can pass for one). */
type Segment = string | { token: keyof PageTokens };

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The body, split at each token: strings are literal, the names are filled in per response. */
  segments: Segment[];
  generation: number;
  storedAt: number;
}

export interface PageCacheOptions {
  /** How long a page is served without a change to the catalogue (the footer's year, say). */
  ttlMs?: number;
  maxPages?: number;
  /** Bigger bodies are not kept. */
  maxPageBytes?: number;
  now?: () => number;
}

export type PageCache = ReturnType<typeof createPageCache>;

export function createPageCache({ ttlMs = 60_000, maxPages = 1_000, maxPageBytes = 512 * 1024, now = Date.now }: PageCacheOptions = {}) {
  let generation = 0;
  let enabled = true;
  // A Map remembers insertion order: re-inserting on each hit makes the first key the least recently used.
  const pages = new Map<string, CachedPage>();

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

    get(key: string): CachedPage | undefined {
      if (!enabled) return undefined;
      const page = pages.get(key);
      if (!page) return undefined;
      pages.delete(key);
      if (page.generation !== generation || now() - page.storedAt > ttlMs) return undefined;
      pages.set(key, page);
      return page;
    },

    /** Keeps a rendered response body, if it was rendered within the current generation. */
    set(key: string, renderedIn: number, response: { status: number; headers: [string, string][] }, body: string, tokens: PageTokens): void {
      if (!enabled || renderedIn !== generation || body.length > maxPageBytes) return;
      pages.delete(key);
      pages.set(key, { ...response, segments: toSegments(body, tokens), generation, storedAt: now() });
      while (pages.size > maxPages) pages.delete(pages.keys().next().value!);
    },

    get size() {
      return pages.size;
    },
  };
}

/** The cache key for a request whose page may be shared, or null. */
export function pageCacheKey(req: Request): string | null {
  if (req.method !== "GET" || req.headers.cookie !== undefined || req.headers.authorization !== undefined) return null;
  if (!CACHEABLE_PATH.test(req.path)) return null;
  // The host is part of the key: pages carry absolute links (canonical, sitemap) built from it.
  return `${req.protocol}://${req.get("host") ?? ""}${req.originalUrl}`;
}

/** Whether a rendered response is the same for every visitor: a plain success that sets no cookie. */
export function isShareable(status: number, headers: Headers): boolean {
  if (status !== 200 || headers.has("set-cookie")) return false;
  if (!CACHEABLE_TYPE.test(headers.get("content-type") ?? "")) return false;
  return !/\b(?:no-store|private)\b/i.test(headers.get("cache-control") ?? "");
}

export function toSegments(body: string, tokens: PageTokens): Segment[] {
  const names = (Object.keys(tokens) as (keyof PageTokens)[]).filter((name) => tokens[name] !== "");
  const segments: Segment[] = [body];
  for (const name of names) {
    for (let i = segments.length - 1; i >= 0; i--) {
      const s = segments[i]!;
      if (typeof s !== "string") continue;
      const parts = s.split(tokens[name]);
      if (parts.length === 1) continue;
      const replaced: Segment[] = [];
      parts.forEach((part, j) => {
        if (j > 0) replaced.push({ token: name });
        if (part !== "") replaced.push(part);
      });
      segments.splice(i, 1, ...replaced);
    }
  }
  return segments;
}

export function fillSegments(segments: readonly Segment[], tokens: PageTokens): string {
  let out = "";
  for (const s of segments) out += typeof s === "string" ? s : tokens[s.token];
  return out;
}
