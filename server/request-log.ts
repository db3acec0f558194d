import { randomUUID } from "node:crypto";
import type { ErrorRequestHandler, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import type { RequestMeta } from "~/context";
import { WARM_UP_AGENT } from "./warm-up";

const QUIET_PATHS = new Set(["/healthz", "/readyz"]);

/** This request's id and the fields its log line reports, made by requestLog. */
export function requestMeta(res: Response): RequestMeta {
  return res.locals.requestMeta as RequestMeta;
}

/** The path without its query string: reset tokens and search words travel there. */
export function logPath(originalUrl: string): string {
  const q = originalUrl.indexOf("?");
  return (q === -1 ? originalUrl : originalUrl.slice(0, q)).slice(0, 2048);
}

/**
 * Gives every request an id (sent back as X-Request-Id) and writes one JSON line when its response
 * is done: method, path, status, duration, request id and the signed-in user's id. Health checks,
 * polled every few seconds by load balancers, and the pages an instance renders before it opens
 * its port (server/warm-up.ts) are logged at debug level when they pass.
 */
export function requestLog(log: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const meta: RequestMeta = { id: randomUUID(), nonce: "", userId: null };
    res.locals.requestMeta = meta;
    res.setHeader("X-Request-Id", meta.id);
    res.once("close", () => {
      const path = logPath(req.originalUrl);
      const line = {
        method: req.method,
        path,
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
        requestId: meta.id,
        ...(meta.userId ? { userId: meta.userId } : {}),
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      if ((QUIET_PATHS.has(path) || req.headers["user-agent"] === WARM_UP_AGENT) && res.statusCode < 400) log.debug(line, "request");
      else log.info(line, "request");
    });
    next();
  };
}

/**
 * Express's last error handler: the error is logged once, with its stack and the request id, and
 * the client gets a plain answer with the id to quote, never the stack.
 */
export function finalErrorHandler(log: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const id = (res.locals.requestMeta as RequestMeta | undefined)?.id;
    const declared = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
    const status = typeof declared === "number" && declared >= 400 && declared < 500 ? declared : 500;
    if (status === 500) log.error({ err: error, requestId: id, path: logPath(req.originalUrl) }, "request failed");
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(status).type("text/plain");
    res.send(status === 500 ? `Something went wrong. Reference: ${id ?? "unknown"}` : "Bad Request");
  };
}
