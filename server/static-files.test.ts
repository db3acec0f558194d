import fs from "node:fs";
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseEncoding, staticFiles, takesEncoding } from "./static-files";

/** Compressible and over 512 bytes: brotli and gzip copies are made of it. */
const SCRIPT = `export const catalogue = ${JSON.stringify(Array.from({ length: 80 }, (_, i) => ({ id: `product-${i}`, name: `Product ${i}` })))};\n`;
const ROBOTS = "User-agent: *\nAllow: /\n";
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

let root = "";
let server: Server;
let base = "";
/** What reached the handler after staticFiles, by method and path. */
const passedOn: string[] = [];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "rc-static-"));
  fs.mkdirSync(path.join(root, "assets"));
  fs.writeFileSync(path.join(root, "assets", "x.js"), SCRIPT);
  fs.writeFileSync(path.join(root, "robots.txt"), ROBOTS);
  fs.writeFileSync(path.join(root, "logo.png"), PNG);
  fs.writeFileSync(path.join(root, ".hidden"), "secret");
  expect(Buffer.byteLength(SCRIPT)).toBeGreaterThan(512);

  const app = express();
  app.use(staticFiles(root));
  app.use((req, res) => {
    passedOn.push(`${req.method} ${req.path}`);
    res.status(404).type("text/plain").send("passed on");
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

/** Node's fetch asks for gzip/br by itself and decodes; these ask for exactly what they say. */
function get(p: string, headers: Record<string, string> = {}, method = "GET") {
  return fetch(`${base}${p}`, { method, headers: { "accept-encoding": "identity", ...headers } });
}

/** Raw bytes and headers, without fetch's own decoding. */
function raw(p: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = http.request(`${base}${p}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Polls until the background compression has made the copy asked for (a few ms for files this small). */
async function pollUntil<T>(read: () => Promise<T>, ready: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 2_000;
  for (;;) {
    const value = await read();
    if (ready(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("static files from memory", () => {
  it("serves a file with its type, ETag and cache time: a year under /assets/, an hour elsewhere", async () => {
    const script = await get("/assets/x.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(script.headers.get("etag")).toMatch(/^"[\w-]+"$/);
    expect(script.headers.get("vary")).toBe("Accept-Encoding");
    expect(script.headers.get("content-encoding")).toBeNull();
    expect(await script.text()).toBe(SCRIPT);

    const robots = await get("/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(robots.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await robots.text()).toBe(ROBOTS);

    const png = await get("/logo.png");
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(png.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(Buffer.from(await png.arrayBuffer())).toEqual(PNG);
    expect(png.headers.get("etag")).not.toBe(script.headers.get("etag"));
  });

  it("answers a matching If-None-Match with 304 and no body, and a stale one with the file", async () => {
    const etag = (await get("/assets/x.js")).headers.get("etag")!;
    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const r = await get("/assets/x.js", { "if-none-match": tag });
      expect(r.status, tag).toBe(304);
      expect(r.headers.get("etag")).toBe(etag);
      expect(await r.text()).toBe("");
    }
    const stale = await get("/assets/x.js", { "if-none-match": '"not-this-one"' });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe(SCRIPT);
  });

  it("sends the brotli or gzip copy once it is made, and it decodes to the file", async () => {
    const br = await pollUntil(
      () => raw("/assets/x.js", { "accept-encoding": "gzip, deflate, br" }),
      (r) => r.headers["content-encoding"] === "br",
    );
    expect(br.headers["content-encoding"]).toBe("br");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(Buffer.byteLength(SCRIPT));
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

    const gz = await pollUntil(
      () => raw("/assets/x.js", { "accept-encoding": "gzip" }),
      (r) => r.headers["content-encoding"] === "gzip",
    );
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString()).toBe(SCRIPT);
  });

  it("honours q=0: no brotli for br;q=0, nothing compressed when both are refused", async () => {
    // Both copies are there by now (the test above waited for them); make sure of it all the same.
    await pollUntil(
      () => raw("/assets/x.js", { "accept-encoding": "br" }),
      (r) => r.headers["content-encoding"] === "br",
    );
    const noBr = await pollUntil(
      () => raw("/assets/x.js", { "accept-encoding": "br;q=0, gzip" }),
      (r) => r.headers["content-encoding"] === "gzip",
    );
    expect(noBr.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(noBr.body).toString()).toBe(SCRIPT);

    const neither = await raw("/assets/x.js", { "accept-encoding": "br;q=0, gzip;q=0" });
    expect(neither.headers["content-encoding"]).toBeUndefined();
    expect(neither.body.toString()).toBe(SCRIPT);
  });

  it("never compresses a small file", async () => {
    const r = await raw("/robots.txt", { "accept-encoding": "br, gzip" });
    expect(r.headers["content-encoding"]).toBeUndefined();
    expect(r.body.toString()).toBe(ROBOTS);
  });

  it("answers HEAD with the headers and no body", async () => {
    const r = await get("/assets/x.js", {}, "HEAD");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(r.headers.get("content-length")).toBe(String(Buffer.byteLength(SCRIPT)));
    expect(await r.text()).toBe("");
    expect(passedOn).not.toContain("HEAD /assets/x.js");
  });

  it("passes unknown paths, hidden files and other methods on to the next handler", async () => {
    passedOn.length = 0;
    expect((await get("/assets/missing.js")).status).toBe(404);
    expect((await get("/.hidden")).status).toBe(404);
    expect((await get("/products")).status).toBe(404);
    const post = await fetch(`${base}/assets/x.js`, { method: "POST", body: "x" });
    expect(post.status).toBe(404);
    expect(await post.text()).toBe("passed on");
    expect(passedOn).toEqual(["GET /assets/missing.js", "GET /.hidden", "GET /products", "POST /assets/x.js"]);
  });
});

describe("chooseEncoding", () => {
  const both = { br: Buffer.from("b"), gzip: Buffer.from("g") };
  it("prefers brotli, takes gzip when brotli is refused or not ready, and nothing when neither", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd", both)).toBe("br");
    expect(chooseEncoding("br;q=0, gzip", both)).toBe("gzip");
    expect(chooseEncoding("BR; q=0, GZIP; q=0.5", both)).toBe("gzip");
    expect(chooseEncoding("gzip, br", { gzip: both.gzip })).toBe("gzip");
    expect(chooseEncoding("*", both)).toBe("br");
    expect(chooseEncoding("*, br;q=0", both)).toBe("gzip");
    expect(chooseEncoding("identity", both)).toBeNull();
    expect(chooseEncoding(undefined, both)).toBeNull();
    expect(chooseEncoding("gzip, br", {})).toBeNull();
  });
});

describe("takesEncoding", () => {
  const takesGzip = (header: string | undefined) => takesEncoding(header, "gzip");

  it("takes gzip when the browser offers it with q above 0", () => {
    expect(takesGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(takesGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(takesGzip("GZIP")).toBe(true);
    expect(takesGzip("*")).toBe(true);
    expect(takesGzip("gzip;q=0")).toBe(false);
    expect(takesGzip("br, deflate")).toBe(false);
    expect(takesGzip("identity")).toBe(false);
    expect(takesGzip(undefined)).toBe(false);
    expect(takesGzip("")).toBe(false);
  });

  it("lets an explicit gzip entry win over *, wherever it stands (RFC 9110 §12.5.3)", () => {
    expect(takesGzip("*, gzip;q=0")).toBe(false);
    expect(takesGzip("*;q=0, gzip")).toBe(true);
  });
});
