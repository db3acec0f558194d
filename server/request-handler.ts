import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type * as express from "express";
import { createRequestHandler as createReactRouterHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { guardedBody } from "./body-guard";
import { takesEncoding } from "./static-files";
import { isShareable, pageBody, pageCacheKey, type CachedPage, type PageCache, type PageTokens } from "./page-cache";

/**
 * @react-router/express's createRequestHandler (8.4.0), with three changes: a body the body guard
 * already read (server/body-guard.ts) is handed to React Router instead of the request stream,
 * which the guard has consumed; given a page cache, pages every cookieless visitor shares are
 * answered from it (server/page-cache.ts); and pages are written whole, not streamed.
 */
export function createRequestHandler({
  build,
  getLoadContext,
  mode = process.env.NODE_ENV,
  pages,
}: {
  build: ServerBuild | (() => ServerBuild | Promise<ServerBuild>);
  getLoadContext?: (req: express.Request, res: express.Response) => RouterContextProvider | Promise<RouterContextProvider>;
  mode?: string;
  pages?: { cache: PageCache; tokens: (res: express.Response) => PageTokens; beforeLookup?: () => void };
}): express.RequestHandler {
  const handleRequest = createReactRouterHandler(build, mode);
  return async (req, res, next) => {
    try {
      const key = pages ? pageCacheKey(req) : null;
      if (pages && key) {
        pages.beforeLookup?.();
        const page = pages.cache.get(key);
        if (page) {
          sendPage(req, res, page, pages.tokens(res));
          return;
        }
      }
      const renderedIn = pages?.cache.generation ?? 0;
      const request = createRequest(req, res);
      const context = await getLoadContext?.(req, res);
      const response = await handleRequest(request, context);
      if (pages && key && response.body && isShareable(response.status, response.headers)) {
        const body = withoutModulePreloads(response.headers, await response.text());
        const headers = [...response.headers.entries()];
        const tokens = pages.tokens(res);
        const page = pages.cache.set(key, renderedIn, { status: response.status, headers }, body, tokens);
        if (isResponseClosed(res)) return;
        if (page) sendPage(req, res, page, tokens);
        else await sendResponse(res, new Response(body, response));
        return;
      }
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/** A stored page, gzipped when the browser takes it (so the compression middleware leaves it be). */
function sendPage(req: express.Request, res: express.Response, page: CachedPage, tokens: PageTokens): void {
  const gzip = takesEncoding(req.headers["accept-encoding"], "gzip");
  const body = pageBody(page, tokens, gzip ? "gzip" : null);
  res.status(page.status);
  for (const [key, value] of page.headers) res.append(key, value);
  res.setHeader("Vary", "Accept-Encoding");
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

function createHeaders(requestHeaders: express.Request["headers"]): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(requestHeaders)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

function createRequest(req: express.Request, res: express.Response): Request {
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
    headers: createHeaders(req.headers),
    signal: controller.signal,
  };
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());

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

const WHOLE = /^(?:text\/html|text\/x-script)\b/i;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;

/**
 * A page's HTML without React Router's `<link rel="modulepreload">` hints (some 20, for every
 * module the page will hydrate with): on a phone's connection they compete with the page itself
 * for the first paint, which needs no JavaScript, and Lighthouse counts them as render-blocking.
 * The module script at the end of the body still loads them, once the page is painted. After
 * hydration React adds the hints back, for modules already loaded, at no cost.
 */
function withoutModulePreloads(headers: Headers, body: string): string {
  return /^text\/html\b/i.test(headers.get("Content-Type") ?? "") ? body.replace(MODULE_PRELOAD, "") : body;
}

async function sendResponse(res: express.Response, response: Response): Promise<void> {
  if (isResponseClosed(res)) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  if (WHOLE.test(response.headers.get("Content-Type") ?? "")) {
    // Pages are written whole: nothing of the shop's suspends, so React has the whole page at
    // once anyway, and the compression middleware compresses one buffer instead of ~60 chunks
    // (brotli's CPU per rendered /products: 0.05 ms instead of 0.8 ms).
    const body = withoutModulePreloads(response.headers, await response.text());
    if (!isResponseClosed(res)) res.end(body);
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
