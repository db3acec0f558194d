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
  /** How long past that a CDN may serve it while fetching a fresh one (never a browser: see `sharedCacheControl`). */
  staleWhileRevalidate?: number;
  /** How long a browser may reuse it without asking (0: it asks each time, an ETag answers). */
  maxAge?: number;
}

/**
 * `Cache-Control` for an answer every visitor shares. The catalogue can change at any moment; the
 * shop's own cache is emptied at that commit, outside caches within `sMaxAge`. No
 * `stale-while-revalidate` here: browsers honour it too (Chromium does), and would show a visitor
 * the page as it was before their own review, vote or order; a CDN gets it in `CDN-Cache-Control`.
 */
export function sharedCacheControl({ sMaxAge = 60, maxAge = 0 }: SharedPageOptions = {}): string {
  return `public, max-age=${maxAge}, s-maxage=${sMaxAge}`;
}

/** `CDN-Cache-Control` (RFC 9213): what a CDN may do with a shared page, which browsers never read. */
export function cdnCacheControl({ sMaxAge = 60, staleWhileRevalidate = 60 }: SharedPageOptions = {}): string {
  return `max-age=${sMaxAge}, stale-while-revalidate=${staleWhileRevalidate}`;
}

/** What marks a route's `headers` as made by `sharedPage`, so the server can tell before rendering. */
const SHARED = "sharedPage";

/**
 * A route's `headers` for a page that is the same for every visitor, whoever asks: the server
 * renders it without the visitor's cookies (server/request-handler.ts), so its loaders and
 * components see a visitor nobody knows, and what is the visitor's (the header's name, the cart
 * badge, hearts, votes) arrives after load from GET /visitor
 * (docs/decisions/027-one-page-for-everyone.md). The server still never shares an answer that
 * sets a cookie or is not a 200: those go out private, whatever is declared here.
 */
export function sharedPage(options?: SharedPageOptions): HeadersFunction {
  const headers = { "Cache-Control": sharedCacheControl(options), "CDN-Cache-Control": cdnCacheControl(options) };
  return Object.assign(() => headers, { [SHARED]: true });
}

/** Whether a route module declares a shared page (its `headers` came from `sharedPage`). */
export function isSharedPage(module: { headers?: unknown }): boolean {
  return typeof module.headers === "function" && (module.headers as unknown as Record<string, unknown>)[SHARED] === true;
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
