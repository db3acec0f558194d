import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import type { RequestHandler, Response } from "express";
import type { ServerBuild } from "react-router";
import { BODY_LIMITS, type BodyLimit } from "~/lib/http-policy";
import { deepestHandle, routeTreeOf, type RouteNode } from "./route-tree";

/**
 * Checks every request before React Router sees it (decision 010): an address must decode to
 * valid UTF-8, and a body must be a web form (URL-encoded, or multipart with a boundary), within
 * the size its route declares (`handle.bodyLimit`, app/lib/http-policy.ts), that parses, in
 * valid UTF-8 and without prototype-polluting field names. What passes is handed to React Router already read (server/request-handler.ts); what
 * does not gets a short plain-text 4xx a person can read.
 */

const MB = 1024 * 1024;

/** After a refusal the rest of a body is read and thrown away up to here (the client then sees the answer); past it the connection is cut. */
const DISCARD_LIMIT = 64 * MB;

const BODYLESS_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORBIDDEN_NAME_PARTS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * The body limit of the route that answers `pathname` (a page, or its `.data` twin): the deepest
 * matched route that declares one, else BODY_LIMITS.form.
 */
export function bodyLimitFor(routes: RouteNode[], pathname: string): BodyLimit {
  return deepestHandle(routes, pathname, "bodyLimit") ?? BODY_LIMITS.form;
}

export interface Refusal {
  status: 400 | 413 | 415;
  message: string;
}

const FORM = "This form could not be read";
export const REFUSALS = {
  contentType: { status: 415, message: `${FORM}: it was not sent as a web form. Please go back, reload the page and try again.` },
  tooLarge: { status: 413, message: `${FORM}: it is too large. Please go back and send less.` },
  encoding: { status: 400, message: `${FORM}: it contains characters that are not valid text. Please go back and check what you typed.` },
  damaged: { status: 400, message: `${FORM}: it arrived incomplete or damaged. Please go back, reload the page and try again.` },
  fieldName: { status: 400, message: `${FORM}: it contains a field name we do not accept. Please go back, reload the page and try again.` },
  address: { status: 400, message: "This address could not be read: it contains characters that are not valid text. Please check the link and try again." },
} as const satisfies Record<string, Refusal>;

export type FormEncoding = { kind: "urlencoded" } | { kind: "multipart"; boundary: string };

/**
 * The two encodings the shop's own pages send (every <Form>, fetcher and useSubmit posts one of
 * them; nothing posts JSON or text). A multipart body needs its boundary (RFC 2046: 1-70 characters).
 */
export function formEncoding(contentType: string | undefined): FormEncoding | null {
  if (!contentType) return null;
  const [type = "", ...params] = contentType.split(";");
  const mediaType = type.trim().toLowerCase();
  if (mediaType === "application/x-www-form-urlencoded") return { kind: "urlencoded" };
  if (mediaType !== "multipart/form-data") return null;
  for (const param of params) {
    const eq = param.indexOf("=");
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== "boundary") continue;
    const boundary = param.slice(eq + 1).trim().replace(/^"(.*)"$/, "$1");
    return boundary.length >= 1 && boundary.length <= 70 ? { kind: "multipart", boundary } : null;
  }
  return null;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

function hexValue(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}

/**
 * Decodes %XX escapes (and, in a form, "+" as a space) and reads the bytes as UTF-8; null when an
 * escape is broken or the bytes are not valid UTF-8.
 */
export function percentDecode(bytes: Uint8Array, { plusIsSpace }: { plusIsSpace: boolean }): string | null {
  const out = new Uint8Array(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0x25) {
      const hi = hexValue(bytes[i + 1]);
      const lo = hexValue(bytes[i + 2]);
      if (hi < 0 || lo < 0) return null;
      out[n++] = hi * 16 + lo;
      i += 2;
    } else out[n++] = plusIsSpace && b === 0x2b ? 0x20 : b;
  }
  try {
    return utf8.decode(out.subarray(0, n));
  } catch {
    return null;
  }
}

/** `__proto__`, `constructor[prototype][x]`, `a.__proto__.b`: names a careless object-building parser would follow into a prototype. */
export function isForbiddenFieldName(name: string): boolean {
  return name.split(/[[\].]/).some((part) => FORBIDDEN_NAME_PARTS.has(part));
}

/** A URL-encoded body: every escape well formed, every name and value valid UTF-8, no forbidden names. Repeated and `name[]` fields pass: actions read the first value. */
export function urlencodedRefusal(body: Uint8Array): Refusal | null {
  let start = 0;
  while (start <= body.length) {
    let end = body.indexOf(0x26, start);
    if (end < 0) end = body.length;
    const pair = body.subarray(start, end);
    start = end + 1;
    if (pair.length === 0) continue;
    const eq = pair.indexOf(0x3d);
    const name = percentDecode(eq < 0 ? pair : pair.subarray(0, eq), { plusIsSpace: true });
    const value = eq < 0 ? "" : percentDecode(pair.subarray(eq + 1), { plusIsSpace: true });
    if (name === null || value === null) return REFUSALS.encoding;
    if (isForbiddenFieldName(name)) return REFUSALS.fieldName;
  }
  return null;
}

/** A multipart body: parsed as React Router will parse it (undici), no forbidden names. */
export async function multipartRefusal(body: Uint8Array, contentType: string): Promise<Refusal | null> {
  let form: FormData;
  try {
    form = await new Response(body as BodyInit, { headers: { "content-type": contentType } }).formData();
  } catch {
    return REFUSALS.damaged;
  }
  for (const name of form.keys()) if (isForbiddenFieldName(name)) return REFUSALS.fieldName;
  return null;
}

function latin1Bytes(text: string): Uint8Array | null {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0xff) return null;
    out[i] = c;
  }
  return out;
}

/** An address whose path or query has a broken %-escape or decodes to invalid UTF-8 (`/%c0%ae`, `?q=%ZZ`). */
export function addressRefusal(url: string): Refusal | null {
  const bytes = latin1Bytes(url);
  return bytes && percentDecode(bytes, { plusIsSpace: false }) !== null ? null : REFUSALS.address;
}

const guarded = new WeakMap<IncomingMessage, Uint8Array | Readable>();

/** The body the guard read (or, past a streaming limit, began to read) for this request; undefined when it read none. */
export function guardedBody(req: IncomingMessage): Uint8Array | Readable | undefined {
  return guarded.get(req);
}

type Read = { kind: "complete"; body: Uint8Array } | { kind: "over"; chunks: Buffer[] } | { kind: "failed" };

function readUpTo(req: IncomingMessage, limit: number): Promise<Read> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (read: Read) => {
      req.off("data", onData).off("end", onEnd).off("error", onError);
      resolve(read);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > limit) {
        req.pause();
        done({ kind: "over", chunks });
      }
    };
    const onEnd = () => done({ kind: "complete", body: new Uint8Array(Buffer.concat(chunks, size)) });
    const onError = () => done({ kind: "failed" });
    req.on("data", onData).on("end", onEnd).on("error", onError);
  });
}

/** Reads the rest of a refused body and throws it away, so the client sees the answer, up to DISCARD_LIMIT. */
function discardRest(req: IncomingMessage, alreadyRead = 0) {
  if (req.readableEnded) return;
  let seen = alreadyRead;
  req.on("data", (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > DISCARD_LIMIT) req.socket.destroy();
  });
  req.on("error", () => {});
  req.resume();
}

function refuse(req: IncomingMessage, res: Response, refusal: Refusal, alreadyRead = 0) {
  discardRest(req, alreadyRead);
  res.status(refusal.status).set("Cache-Control", "no-store").type("text/plain; charset=utf-8").send(refusal.message);
}

/** The chunks already read, then the rest of the request, as one stream. */
function continued(chunks: Buffer[], req: IncomingMessage): Readable {
  return Readable.from(
    (async function* () {
      yield* chunks;
      yield* req;
    })(),
    { objectMode: false },
  );
}

/** The guard for a build (in development, a function that loads the current one). */
export function bodyGuard(build: ServerBuild | (() => ServerBuild | Promise<ServerBuild>)): RequestHandler {
  const routesOf = routeTreeOf(build);
  return async (req, res, next) => {
    const addressProblem = addressRefusal(req.originalUrl);
    if (addressProblem) return refuse(req, res, addressProblem);
    if (BODYLESS_METHODS.has(req.method)) return next();

    const contentType = req.headers["content-type"];
    const encoding = formEncoding(contentType);
    if (!encoding) return refuse(req, res, REFUSALS.contentType);

    const limit = bodyLimitFor(await routesOf(), req.path);
    const declared = Number(req.headers["content-length"]);
    if (limit.over === "refuse" && declared > limit.bytes) return refuse(req, res, REFUSALS.tooLarge);

    const read = await readUpTo(req, limit.bytes);
    if (read.kind === "failed") {
      res.destroy();
      return;
    }
    if (read.kind === "over") {
      if (limit.over === "refuse") return refuse(req, res, REFUSALS.tooLarge, limit.bytes);
      guarded.set(req, continued(read.chunks, req));
      return next();
    }
    const problem = encoding.kind === "urlencoded" ? urlencodedRefusal(read.body) : await multipartRefusal(read.body, contentType ?? "");
    if (problem) return refuse(req, res, problem);
    guarded.set(req, read.body);
    next();
  };
}
