import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type * as express from "express";
import { createRequestHandler as createReactRouterHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { sharedPageContext } from "~/context";
import { PRIVATE_CACHE_CONTROL } from "~/lib/http-policy";
import { guardedBody } from "./body-guard";
import { noteWhatIsShown } from "~/lib/shown.server";
import { maySharePage, sendStoredPage, sharedMaxAge, type PageCache, type StoredPage } from "./page-cache";
import { routeTreeOf, sharedPathMemo } from "./route-tree";
import { dropNonce, hashBasedPolicy, inlineHashes } from "./security-headers";

/**
 * @react-router/express's createRequestHandler (8.4.0), kept as a small copy for two reasons
 * (docs/decisions/020-cacheable-pages.md): the request's body may have been read already by the
 * body guard (server/body-guard.ts), and an answer must be seen whole before its headers go out,
 * to hash its inline scripts into its CSP, to decide whether it may be shared, and to store it.
 *
 * What a route declares decides sharing (`headers = sharedPage()`, app/lib/http-policy.ts), read
 * before rendering: a GET of a shared page reaches React Router without the visitor's cookies and
 * credentials, so it renders the same for everyone (docs/decisions/027-one-page-for-everyone.md),
 * and is kept and served from the page cache. The server only ever narrows: an answer that sets a
 * cookie, and anything but a 200, goes out `private`, and so does anything that declares nothing.
 */
export function createRequestHandler({
  build,
  getLoadContext,
  mode = process.env.NODE_ENV,
  pages,
  admit,
  failed,
}: {
  build: ServerBuild | (() => ServerBuild | Promise<ServerBuild>);
  getLoadContext?: (req: express.Request, res: express.Response) => RouterContextProvider | Promise<RouterContextProvider>;
  mode?: string;
  /** Shared pages: served from and kept in this cache, rendered with a hash-based CSP. Left out in development. */
  pages?: { cache: PageCache; beforeLookup?: () => void };
  /**
   * Before work that costs (a render of a page not in the cache, any post): resolves with the way
   * to leave, or with null when it has answered the request itself (over capacity, the database
   * away). Refusing, it first asks `instead()`, which answers with the page as it was when there
   * is one (true). Pages served fresh from the cache never wait here.
   */
  admit?: (req: express.Request, res: express.Response, instead?: () => boolean) => Promise<(() => void) | null>;
  /** Sees an answer of 500 or more before it goes: true when it has answered instead (the database away). */
  failed?: (req: express.Request, res: express.Response, status: number) => boolean;
}): express.RequestHandler {
  const handleRequest = createReactRouterHandler(build, mode);
  const routesOf = routeTreeOf(build);
  const isShared = sharedPathMemo();
  // Single flight: the render of each shared page under way, which everyone asking for it meanwhile waits for.
  const refreshes = new Map<string, Promise<Rendered>>();
  return async (req, res, next) => {
    let leave: (() => void) | null | undefined;
    let lead: ((page: StoredPage | undefined, standIn?: boolean) => void) | undefined;
    try {
      const shared = (req.method === "GET" || req.method === "HEAD") && isShared(await routesOf(), req.path);
      const mayShare = pages !== undefined && maySharePage(req, shared);
      // A shared page's render is everyone's who waits for it: it goes on if this visitor leaves.
      const request = createRequest(req, res, { withoutCredentials: shared, abortWhenClosed: !mayShare });
      // The key is the address React Router renders, host included (pages carry absolute links).
      const key = request.url;
      let stale: StoredPage | undefined;
      if (mayShare) {
        pages.beforeLookup?.();
        let kept = pages.cache.get(key);
        if (kept && pages.cache.isFresh(kept)) {
          sendStoredPage(req, res, kept, "hit");
          return;
        }
        let underway = refreshes.get(key);
        // Someone is rendering it: the page as it was meanwhile, if it went stale only just now; else wait for theirs.
        if (underway && kept && pages.cache.mayServeStale(kept, "refreshing")) {
          sendStoredPage(req, res, kept, "stale");
          return;
        }
        for (let waits = 0; underway && waits < MAX_WAITS; waits++) {
          const { page, standIn } = await underway;
          // The page as it was, standing in for a render that failed or was refused: the same for all who waited.
          if (page && standIn) {
            sendStoredPage(req, res, page, "stale");
            return;
          }
          if (page && pages.cache.isFresh(page)) {
            sendStoredPage(req, res, page, "waited");
            return;
          }
          // Nothing storable came of it (a redirect), or its render began before a change to what it shows.
          kept = pages.cache.get(key);
          if (kept && pages.cache.isFresh(kept)) {
            sendStoredPage(req, res, kept, "hit");
            return;
          }
          underway = refreshes.get(key);
        }
        if (!underway) lead = followedBy(refreshes, key);
        stale = kept;
        dropNonce(res);
      }
      // A stale copy stands in for a render refused or failed, for this visitor and those waiting on it.
      const instead = () => {
        const served = serveInstead(req, res, pages?.cache, stale);
        if (served) lead?.(stale, true);
        return served;
      };
      if (admit) {
        leave = await admit(req, res, instead);
        if (leave === null) return;
      }
      const renderedFrom = pages?.cache.clock ?? 0;
      const context = await getLoadContext?.(req, res);
      context?.set(sharedPageContext, shared);
      const { result: response, shown } = mayShare ? await noteWhatIsShown(() => handleRequest(request, context)) : { result: await handleRequest(request, context), shown: undefined };
      if (response.status >= 500 && (instead() || failed?.(req, res, response.status))) {
        await response.body?.cancel();
        return;
      }
      const headers = new Headers(response.headers);
      const maxAge = mayShare && response.status === 200 && !headers.has("set-cookie") ? sharedMaxAge(headers.get("cache-control")) : 0;
      // The cookie does not change a shared page: a proxy or CDN may give it to everyone.
      if (maxAge > 0) headers.set("Vary", "Accept-Encoding");
      else if (isRouteManifest(req, response)) {
        // Kept as React Router marks it (immutable): the same for everyone, and keyed by the build's version.
      } else if (!headers.has("cache-control") || sharedMaxAge(headers.get("cache-control")) > 0) headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);

      const type = headers.get("content-type") ?? "";
      if (!response.body || !(maxAge > 0 || WHOLE.test(type))) {
        await sendResponse(res, response, headers);
        return;
      }
      let body: Buffer = Buffer.from(await response.arrayBuffer());
      if (/^text\/html\b/i.test(type)) {
        body = withoutModulePreloads(body);
        if (mayShare) {
          const policy = hashBasedPolicy(res, inlineHashes(body.toString()));
          if (policy) headers.set("Content-Security-Policy", policy);
        }
      }
      // Kept even when this visitor has gone: the others waiting for it have not.
      const page = maxAge > 0 ? pages?.cache.set(key, renderedFrom, { status: response.status, headers: [...headers], body, maxAgeSeconds: maxAge, shows: shown }) : undefined;
      lead?.(page);
      if (isResponseClosed(res)) return;
      if (page) {
        sendStoredPage(req, res, page, "rendered");
        return;
      }
      writeHead(res, response, headers);
      res.end(body);
    } catch (error) {
      next(error);
    } finally {
      lead?.(undefined);
      leave?.();
    }
  };
}

/** What a render under way ends with: the page it kept, or the page as it was standing in for it, or nothing storable. */
interface Rendered {
  page: StoredPage | undefined;
  standIn: boolean;
}

/** How many renders under way a request waits for, one after another, before it renders its own. */
const MAX_WAITS = 3;

/**
 * Makes this request the one rendering `key`; returns how to hand its page (or the stale one
 * standing in, or nothing storable) to those who waited for it. Only the first call counts.
 */
function followedBy(refreshes: Map<string, Promise<Rendered>>, key: string): (page: StoredPage | undefined, standIn?: boolean) => void {
  let settle!: (rendered: Rendered) => void;
  const underway = new Promise<Rendered>((resolve) => (settle = resolve));
  refreshes.set(key, underway);
  let settled = false;
  return (page, standIn = false) => {
    if (settled) return;
    settled = true;
    if (refreshes.get(key) === underway) refreshes.delete(key);
    settle({ page, standIn });
  };
}

/**
 * A stale copy of the page, sent in place of a render that failed or was refused (the database
 * away, too busy), if it went stale recently enough (server/page-cache.ts, `staleIfErrorMs`).
 */
function serveInstead(req: express.Request, res: express.Response, cache: PageCache | undefined, stale: StoredPage | undefined): boolean {
  if (!cache || !stale || !cache.mayServeStale(stale, "refresh failed") || isResponseClosed(res)) return false;
  sendStoredPage(req, res, stale, "stale");
  return true;
}

/**
 * React Router's answer to lazy route discovery (`GET /__manifest?paths=…&version=…`, the default
 * path, react-router.config.ts): the routes those paths match, for the build the version names, the
 * same whoever asks. A browser keeps it, so a navigation after app/lib/route-intent.ts asked for it
 * waits for nothing.
 */
function isRouteManifest(req: express.Request, response: Response): boolean {
  return req.method === "GET" && req.path === "/__manifest" && response.status === 200 && response.headers.get("cache-control") === "public, max-age=31536000, immutable";
}

/** What tells a visitor apart: never handed to a shared page. */
const CREDENTIALS = new Set(["cookie", "authorization"]);

function createHeaders(requestHeaders: express.Request["headers"], withoutCredentials: boolean): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(requestHeaders)) {
    if (!values || (withoutCredentials && CREDENTIALS.has(key))) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

function createRequest(req: express.Request, res: express.Response, { withoutCredentials, abortWhenClosed }: { withoutCredentials: boolean; abortWhenClosed: boolean }): Request {
  const [, hostnamePortStr] = req.app?.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPortStr] = req.get("host")?.split(":") ?? [];
  const hostnamePort = Number.parseInt(hostnamePortStr ?? "", 10);
  const hostPort = Number.parseInt(hostPortStr ?? "", 10);
  const port = Number.isSafeInteger(hostnamePort) ? hostnamePort : Number.isSafeInteger(hostPort) ? hostPort : "";
  const resolvedHost = `${req.hostname.split(/[\\/?#@]/)[0] || "localhost"}${port ? `:${port}` : ""}`;
  const url = new URL(`${req.protocol}://${resolvedHost}${req.originalUrl}`);

  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers: createHeaders(req.headers, withoutCredentials),
    signal: controller.signal,
  };
  res.on("finish", () => (controller = null));
  if (abortWhenClosed) res.on("close", () => controller?.abort());

  if (req.method !== "GET" && req.method !== "HEAD") {
    const body = guardedBody(req);
    if (body instanceof Uint8Array) init.body = body as BodyInit;
    else {
      init.body = createReadableStreamFromReadable(body ?? req);
      init.duplex = "half";
    }
  }
  return new Request(url.href, init);
}

/**
 * Pages and their data are written whole: nothing of the shop's suspends, so React has the whole
 * page at once anyway, and the compression middleware compresses one buffer instead of ~60 chunks.
 */
const WHOLE = /^(?:text\/html|text\/x-script)\b/i;
const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const TAG_END = ">".charCodeAt(0);

/**
 * A page's HTML without React Router's `<link rel="modulepreload">` hints (some 20, for every
 * module the page will hydrate with): on a phone's connection they compete with the page itself
 * for the first paint, which needs no JavaScript, and Lighthouse counts them as render-blocking.
 * The module script at the end of the body still loads them, once the page is painted. After
 * hydration React adds the hints back, for modules already loaded, at no cost.
 *
 * Cut from the bytes as React wrote them (docs/decisions/021-render-cost.md): a page decoded into
 * a string and encoded back cost a tenth of a rendered page's time.
 */
export function withoutModulePreloads(html: Buffer): Buffer {
  let start = html.indexOf(MODULE_PRELOAD);
  if (start < 0) return html;
  const kept: Buffer[] = [];
  let from = 0;
  while (start >= 0) {
    kept.push(html.subarray(from, start));
    const end = html.indexOf(TAG_END, start);
    from = end < 0 ? html.length : end + 1;
    start = html.indexOf(MODULE_PRELOAD, from);
  }
  kept.push(html.subarray(from));
  return Buffer.concat(kept);
}

/** Status and headers; each header replaces what the middleware set (the nonce CSP), cookies are added. */
function writeHead(res: express.Response, response: Response, headers: Headers): void {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of headers) if (key !== "set-cookie") res.setHeader(key, value);
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) res.append("Set-Cookie", cookies);
}

async function sendResponse(res: express.Response, response: Response, headers: Headers): Promise<void> {
  if (isResponseClosed(res)) {
    await response.body?.cancel();
    return;
  }
  writeHead(res, response, headers);
  if (headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (isResponseClosed(res)) return;
    throw error;
  }
}

function isResponseClosed(res: express.Response): boolean {
  return res.destroyed || res.writableEnded;
}
