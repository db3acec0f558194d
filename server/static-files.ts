import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json",
};
const COMPRESSIBLE = /^(?:text\/|image\/svg|application\/(?:json|manifest))/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

interface StaticFile {
  type: string;
  etag: string;
  cacheControl: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The built browser files, read into memory once at start-up, so a request never touches the
 * disk (express.static stats the disk for every request that passes it, pages included). Each
 * compressible file is also compressed once, with brotli and gzip at their best levels, in the
 * background; until that is done the compression middleware compresses it per response.
 * Fingerprinted files under `immutablePrefix` are cached by browsers for a year, the rest an hour.
 */
export function staticFiles(root: string, { immutablePrefix = "/assets/" }: { immutablePrefix?: string } = {}): RequestHandler {
  const files = new Map<string, StaticFile>();
  for (const rel of listFiles(root)) {
    const urlPath = "/" + rel.split(path.sep).map(encodeURIComponent).join("/");
    const identity = fs.readFileSync(path.join(root, rel));
    const type = TYPES[path.extname(rel).toLowerCase()] ?? "application/octet-stream";
    const file: StaticFile = {
      type,
      identity,
      etag: `"${createHash("sha1").update(identity).digest("base64url")}"`,
      cacheControl: urlPath.startsWith(immutablePrefix) ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    };
    files.set(urlPath, file);
    if (COMPRESSIBLE.test(type)) compressInBackground(file, identity);
  }

  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = files.get(req.path);
    if (!file) return next();
    res.setHeader("Content-Type", file.type);
    res.setHeader("Cache-Control", file.cacheControl);
    if (COMPRESSIBLE.test(file.type)) res.setHeader("Vary", "Accept-Encoding");
    sendBytes(req, res, { status: 200, etag: file.etag, identity: file.identity, br: file.br, gzip: file.gzip });
  };
}

function listFiles(root: string): string[] {
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile() && !entry.name.startsWith("."))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** Whether If-None-Match names this ETag (weak comparison, as RFC 9110 §13.1.2 asks of it). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === opaque;
  });
}

/**
 * How hard to compress: "best" for what stays (built files; a shared page that has not changed for
 * a while), "fast" for a page that may be replaced within seconds. Measured on /products (101 KB)
 * on 2026-12-07: brotli 11 took 138 ms for 10.8 KB, brotli 5 took 2.5 ms for 12.1 KB; gzip 9 and 6
 * differ by less (1.2 ms, 14.0 and 14.1 KB). On a sale day every order replaces a few pages, and
 * best-level copies of each, on a machine of two cores, took the time the pages needed.
 */
export type Effort = "fast" | "best";

const LEVELS: Record<Effort, { brotli: number; gzip: number }> = {
  fast: { brotli: 5, gzip: 6 },
  best: { brotli: 11, gzip: 9 },
};

/**
 * Brotli and gzip copies of `bytes`, made off the main thread and set on `target` when ready (a
 * better copy replaces a faster one); not worth it under 512 bytes. `done` is called when both are.
 */
export function compressInBackground(target: { br?: Buffer | undefined; gzip?: Buffer | undefined }, bytes: Buffer, effort: Effort = "best", done: () => void = () => {}): void {
  if (bytes.length <= 512) {
    done();
    return;
  }
  const level = LEVELS[effort];
  void Promise.all([
    brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: level.brotli, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
      .then((b) => (target.br = b))
      .catch(() => {}),
    gzip(bytes, { level: level.gzip })
      .then((g) => (target.gzip = g))
      .catch(() => {}),
  ]).then(done);
}

/** Bytes kept in memory with their compressed copies: a built file or a shared page. */
export interface StoredBytes {
  status: number;
  etag: string;
  identity: Buffer;
  br?: Buffer | undefined;
  gzip?: Buffer | undefined;
}

/**
 * Sends stored bytes: 304 to a browser that holds them already, else brotli or gzip when the
 * browser takes it and the copy is ready (the compression middleware then leaves them be), with
 * their length. Headers other than ETag and Content-* are the caller's.
 */
export function sendBytes(req: IncomingMessage, res: ServerResponse, stored: StoredBytes): void {
  res.setHeader("ETag", stored.etag);
  if (matchesEtag(req.headers["if-none-match"], stored.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const encoding = chooseEncoding(req.headers["accept-encoding"], stored);
  const body = encoding ? stored[encoding]! : stored.identity;
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.statusCode = stored.status;
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Brotli, else gzip, when the browser takes it (q above 0) and the compressed copy is ready. */
export function chooseEncoding(header: string | undefined, ready: { br?: Buffer | undefined; gzip?: Buffer | undefined }): "br" | "gzip" | null {
  if (ready.br && takesEncoding(header, "br")) return "br";
  if (ready.gzip && takesEncoding(header, "gzip")) return "gzip";
  return null;
}

/**
 * Whether an Accept-Encoding header takes `encoding`: its own entry's q, else `*`'s, above 0
 * (RFC 9110 §12.5.3: an explicit entry wins over `*`, in any order).
 */
export function takesEncoding(header: string | undefined, encoding: string): boolean {
  if (!header) return false;
  let own: number | undefined;
  let any: number | undefined;
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) || 0 : 1;
    if (name === encoding) own = weight;
    else if (name === "*") any = weight;
  }
  return (own ?? any ?? 0) > 0;
}
