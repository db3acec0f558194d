import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, isRouteErrorResponse, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { requestContext } from "~/context";
import { isDatabaseUnavailable } from "~/db/errors.server";
import { logger } from "~/lib/logger.server";
import { RequestMetaProvider } from "~/lib/request-meta";

// React Router's default Node entry, waiting for all content for everyone (see onAllReady), plus the request's
// CSP nonce on every inline script of a private page and its id on error pages; errors go to the shop's log.

export const streamTimeout = 5_000;

function logError(error: unknown, request: Request, requestId: string | undefined) {
  logger.error({ err: error, requestId, method: request.method, path: new URL(request.url).pathname }, "request failed");
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const meta = loadContext.get(requestContext);
  // A page rendered to be shared has no nonce (its CSP hashes its inline scripts, server/request-handler.ts).
  const nonce = meta?.nonce || undefined;
  // The request id is for a person quoting an error page; no other page carries it, so a shared page is the same for all.
  const requestId = routerContext.staticHandlerContext.errors ? (meta?.id ?? "") : "";

  return new Promise((resolve, reject) => {
    let shellRendered = false;

    // Abort the rendering stream after `streamTimeout` so it has time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <RequestMetaProvider value={meta ? { id: requestId, nonce: meta.nonce } : null}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </RequestMetaProvider>,
      {
        nonce,
        // Never outline a finished Suspense boundary into a later chunk revealed by script (React
        // does so past ~12 KB): the page is sent whole anyway, and without JavaScript it would stay hidden.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // Pages are sent whole (server/request-handler.ts), so React may as well finish first: what
        // waits behind Suspense (the checkout's confirmation) is then in place in the HTML, as a
        // browser without JavaScript needs, for people and crawlers alike.
        onAllReady() {
          shellRendered = true;
          // The page whole, as React's bytes: no web stream of ~60 chunks for the request handler
          // to read back (server/request-handler.ts sends pages whole anyway).
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set("Content-Type", "text/html");
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject and are logged by handleError; these happen while streaming.
          if (shellRendered) logError(error, request, meta?.id);
        },
      },
    );
  });
}

/**
 * Every error a loader, action or render throws, once, with its stack and the request id. React
 * Router's own 4xx answers (no such route, no action) get a warning without a stack.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const requestId = context?.get(requestContext)?.id;
  // React Router's ErrorResponse keeps the error it stands for in `error`, untyped.
  const inner = isRouteErrorResponse(error) ? (error as unknown as { error?: unknown }).error : undefined;
  if (isRouteErrorResponse(error) && error.status < 500) {
    const message = inner instanceof Error ? inner.message : error.statusText;
    logger.warn({ requestId, status: error.status, method: request.method, path: new URL(request.url).pathname }, message);
    return;
  }
  // The database went away mid-request: said once where it is noticed (app/db/db.server.ts), and
  // the request is answered "back in a few seconds" (server/admission.ts), not as a fault of its own.
  if (isDatabaseUnavailable(inner ?? error)) {
    const message = (inner ?? error) instanceof Error ? ((inner ?? error) as Error).message : String(inner ?? error);
    logger.warn({ requestId, method: request.method, path: new URL(request.url).pathname, err: { message } }, "request failed: database unreachable");
    return;
  }
  logError(inner ?? error, request, requestId);
};
