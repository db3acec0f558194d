import type { HeadersFunction } from "react-router";

/**
 * What a route declares about its HTTP answers, next to its loader and action: whether its page
 * may be shared by a cache (its `headers`), and how large a body its action accepts (its
 * `handle.bodyLimit`). The server reads these (server/request-handler.ts, server/body-guard.ts);
 * it keeps no list of paths. See docs/decisions/020-cacheable-pages.md.
 */

export interface SharedPageOptions {
  /** How long a shared cache (the shop's own, a CDN, a reverse proxy) may serve the page, in seconds. */
  sMaxAge?: number;
  /** How long past that it may serve it while fetching a fresh one. */
  staleWhileRevalidate?: number;
  /** How long a browser may reuse it without asking (0: it asks each time, an ETag answers). */
  maxAge?: number;
}

/**
 * `Cache-Control` for an answer every cookieless visitor shares. The catalogue can change at any
 * moment; the shop's own cache is emptied at that commit, outside caches within `sMaxAge`.
 */
export function sharedCacheControl({ sMaxAge = 60, staleWhileRevalidate = 60, maxAge = 0 }: SharedPageOptions = {}): string {
  return `public, max-age=${maxAge}, s-maxage=${sMaxAge}, stale-while-revalidate=${staleWhileRevalidate}`;
}

/**
 * A route's `headers` for a page that is the same for every visitor without a cookie. The server
 * still never shares one that sets a cookie, was asked for with a cookie, or is not a 200: those
 * go out private (server/request-handler.ts), whatever is declared here.
 */
export function sharedPage(options?: SharedPageOptions): HeadersFunction {
  const cacheControl = sharedCacheControl(options);
  return () => ({ "Cache-Control": cacheControl });
}

/** What every answer that does not declare itself shared gets: only the browser may keep it, and asks each time. */
export const PRIVATE_CACHE_CONTROL = "private, no-cache";

const KB = 1024;
const MB = 1024 * KB;

/** How much of a request body a route's action accepts, and what happens past it. */
export interface BodyLimit {
  bytes: number;
  /** "refuse": 413 before the route runs; "stream": past the limit the body goes on to the route unread, which answers itself. */
  over: "refuse" | "stream";
}

export const BODY_LIMITS = {
  /** Sign-in, contact, checkout and the other text forms: far above any of them (a contact message is 5,000 characters). The default. */
  form: { bytes: 256 * KB, over: "refuse" },
  /** The cart's restore post carries up to 100,000 characters of stored cart, up to three times that URL-encoded. */
  cart: { bytes: 512 * KB, over: "refuse" },
  /**
   * The product forms: a 2 MB image and the text fields. Past this the body is not buffered but
   * streamed on, so readFormWithFile (storage/form-body.server.ts) answers with the form's own
   * "too large" message instead of a bare refusal.
   */
  productForm: { bytes: 2.5 * MB, over: "stream" },
  /** A return request: up to four 2 MB photos and the text fields, streamed past the limit as the product forms are. */
  returnForm: { bytes: 8.5 * MB, over: "stream" },
} as const satisfies Record<string, BodyLimit>;

/** The shape of a route's `handle` that the server reads. */
export interface RouteHandle {
  bodyLimit?: BodyLimit;
}
