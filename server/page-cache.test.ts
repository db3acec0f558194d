import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sharedCacheControl } from "~/lib/http-policy";
import { createPageCache, maySharePage, sendStoredPage, sharedMaxAge, type StoredPage } from "./page-cache";

const HEADERS: [string, string][] = [
  ["content-type", "text/html; charset=utf-8"],
  ["cache-control", sharedCacheControl()],
  ["content-security-policy", "script-src 'self' 'sha256-abc'"],
];

function answer(text: string, maxAgeSeconds = 60) {
  return { status: 200, headers: HEADERS, body: Buffer.from(text), maxAgeSeconds };
}

/** A page as large and as repetitive as a catalogue page, with multibyte text. */
const BIG = `<!DOCTYPE html><main>${"<p>₹1,49,990 — नमस्ते</p>".repeat(4_000)}</main>`;

describe("page cache", () => {
  it("serves what it stored, as it was stored", () => {
    const cache = createPageCache();
    const kept = cache.set("k", cache.clock, answer("<p>page</p>"));
    expect(kept).toMatchObject({ status: 200, headers: HEADERS, body: Buffer.from("<p>page</p>") });
    expect(cache.get("k")).toBe(kept);
    expect(cache.get("other")).toBeUndefined();
  });

  it("makes a brotli and a gzip copy once the page is asked for again, in the background, that decode to the very bytes", async () => {
    const cache = createPageCache();
    const kept = cache.set("k", cache.clock, answer(BIG))!;
    // A page asked for once (a crawler's one-off address) is never compressed at the best level.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(kept.br ?? kept.gzip).toBeUndefined();
    expect(cache.get("k")).toBe(kept);
    await vi.waitFor(() => expect(kept.br && kept.gzip).toBeTruthy());
    expect(zlib.brotliDecompressSync(kept.br!).equals(kept.body)).toBe(true);
    expect(zlib.gunzipSync(kept.gzip!).equals(kept.body)).toBe(true);
    expect(kept.br!.length).toBeLessThan(kept.body.length / 20);
    expect(kept.br!.length).toBeLessThanOrEqual(kept.gzip!.length);
    // A tiny answer is not worth compressing.
    const small = cache.set("s", cache.clock, answer("<p>x</p>"))!;
    cache.get("s");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(small.br).toBeUndefined();
  });

  it("makes fast copies first, and best-level ones only for a page that stayed unchanged a while", async () => {
    let now = 1_000_000;
    const cache = createPageCache({ now: () => now, bestCopiesAfterMs: 30_000 });
    const kept = cache.set("k", cache.clock, answer(BIG, 600))!;
    cache.get("k");
    await vi.waitFor(() => expect(kept.br && kept.gzip).toBeTruthy());
    const fast = kept.br!;
    expect(kept.compressing).toBe("fast");
    now += 29_000;
    cache.get("k");
    expect(kept.compressing).toBe("fast");
    now += 1_000;
    cache.get("k");
    expect(kept.compressing).toBe("best");
    await vi.waitFor(() => expect(kept.br).not.toBe(fast));
    expect(zlib.brotliDecompressSync(kept.br!).equals(kept.body)).toBe(true);
    expect(kept.br!.length).toBeLessThanOrEqual(fast.length);
    // One page's best copies at a time: another that has reached the age waits its turn.
    const second = cache.set("s", cache.clock, answer(BIG, 600))!;
    const third = cache.set("t", cache.clock, answer(`${BIG}<p>t</p>`, 600))!;
    for (const key of ["s", "t"]) cache.get(key);
    await vi.waitFor(() => expect(second.br && third.br).toBeTruthy());
    now += 30_000;
    await vi.waitFor(() => {
      cache.get("s");
      expect(second.compressing).toBe("best");
    });
    cache.get("t");
    expect(third.compressing).toBe("fast");
    await vi.waitFor(() => {
      cache.get("t");
      expect(third.compressing).toBe("best");
    });
    // A page that went stale is about to be replaced: no best copies for it.
    const other = cache.set("o", cache.clock, { ...answer(BIG, 600), shows: new Set(["product:a"]) })!;
    cache.get("o");
    cache.changed({ keys: ["product:a"] });
    now += 40_000;
    expect(cache.get("o")).toBe(other);
    expect(other.compressing).toBe("fast");
  });

  it("forgets the least recently used page beyond maxPages", () => {
    const cache = createPageCache({ maxPages: 2 });
    cache.set("a", cache.clock, answer("a"));
    cache.set("b", cache.clock, answer("b"));
    expect(cache.get("a")).toBeDefined(); // a is now more recent than b
    cache.set("c", cache.clock, answer("c"));
    expect(cache.size).toBe(2);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")?.body.toString()).toBe("a");
    expect(cache.get("c")?.body.toString()).toBe("c");
    // Storing a key again makes it the most recent too.
    cache.set("a", cache.clock, answer("a2"));
    cache.set("d", cache.clock, answer("d"));
    expect(cache.get("c")).toBeUndefined();
    expect(cache.get("a")?.body.toString()).toBe("a2");
    expect(cache.get("d")).toBeDefined();
  });

  it("holds a page fresh for the time its route allows a shared cache, stale after, and keeps none without one", () => {
    let now = 1_000_000;
    const cache = createPageCache({ now: () => now, serveStaleMs: 10_000, staleIfErrorMs: 60_000, random: () => 0 });
    cache.set("k", cache.clock, answer("p", 30));
    now += 29_999;
    expect(cache.isFresh(cache.get("k")!)).toBe(true);
    now += 1;
    const page = cache.get("k")!;
    expect(cache.isFresh(page)).toBe(false);
    expect(cache.mayServeStale(page, "refreshing")).toBe(true);
    now += 10_000;
    expect(cache.mayServeStale(page, "refreshing")).toBe(false);
    expect(cache.mayServeStale(page, "refresh failed")).toBe(true);
    now += 50_000;
    expect(cache.get("k"), "too stale to stand in for anything: gone").toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.set("k", cache.clock, answer("p", 0))).toBeUndefined();
  });

  it("holds pages kept at the same moment for up to a tenth less of their time, at random, so they are not all rendered again at once", () => {
    let now = 1_000_000;
    let draw = 0;
    const cache = createPageCache({ now: () => now, random: () => [0, 0.5, 1][draw++ % 3]! });
    for (const key of ["a", "b", "c"]) cache.set(key, cache.clock, answer(key, 60));
    now += 54_000;
    expect(["a", "b", "c"].map((key) => cache.isFresh(cache.get(key)!))).toEqual([true, true, false]);
    now += 3_000;
    expect(["a", "b", "c"].map((key) => cache.isFresh(cache.get(key)!))).toEqual([true, false, false]);
  });

  it("does not keep a body bigger than maxPageBytes", () => {
    const cache = createPageCache({ maxPageBytes: 100 });
    cache.set("k", cache.clock, answer("x".repeat(101)));
    expect(cache.get("k")).toBeUndefined();
    cache.set("k", cache.clock, answer("x".repeat(100)));
    expect(cache.get("k")).toBeDefined();
  });

  it("makes stale only the pages that show what changed; everything changing makes every page stale", () => {
    const cache = createPageCache();
    cache.set("/products/a", cache.clock, { ...answer("a"), shows: new Set(["product:a"]) });
    cache.set("/products", cache.clock, { ...answer("list"), shows: new Set(["product:a", "product:b"]) });
    cache.set("/about", cache.clock, answer("about"));
    const fresh = () => ["/products/a", "/products", "/about"].filter((k) => cache.isFresh(cache.get(k)!));
    cache.changed({ keys: ["product:b"] });
    expect(fresh()).toEqual(["/products/a", "/about"]);
    cache.changed({ keys: ["product:c"] });
    expect(fresh()).toEqual(["/products/a", "/about"]);
    cache.changed("everything");
    expect(fresh()).toEqual([]);
    // Stale pages are kept, to stand in while they are refreshed.
    expect(cache.size).toBe(3);
  });

  it("keeps stale a page whose render began before a change to what it shows, and fresh one that shows something else", () => {
    const cache = createPageCache();
    const began = cache.clock;
    cache.changed({ keys: ["product:a"] });
    expect(cache.isFresh(cache.set("shows-a", began, { ...answer("p"), shows: new Set(["product:a"]) })!)).toBe(false);
    expect(cache.isFresh(cache.set("shows-b", began, { ...answer("p"), shows: new Set(["product:b"]) })!)).toBe(true);
    expect(cache.isFresh(cache.set("shows-a", cache.clock, { ...answer("p"), shows: new Set(["product:a"]) })!)).toBe(true);
    cache.changed("everything");
    expect(cache.isFresh(cache.set("shows-b", began, { ...answer("p"), shows: new Set(["product:b"]) })!)).toBe(false);
  });

  it("while it cannot hear changes keeps every page stale, and makes every page stale again when it hears once more", () => {
    const cache = createPageCache();
    cache.set("k", cache.clock, answer("p"));
    cache.hearing(false);
    expect(cache.isFresh(cache.get("k")!)).toBe(false);
    expect(cache.isFresh(cache.set("k", cache.clock, answer("p"))!)).toBe(false);
    cache.hearing(true);
    expect(cache.isFresh(cache.get("k")!)).toBe(false);
    expect(cache.isFresh(cache.set("k", cache.clock, answer("p"))!)).toBe(true);
  });

  it("forgets, with the least recently used page, what it showed", () => {
    const cache = createPageCache({ maxPages: 1 });
    cache.set("a", cache.clock, { ...answer("a"), shows: new Set(["product:a"]) });
    cache.set("b", cache.clock, { ...answer("b"), shows: new Set(["product:b"]) });
    expect(cache.get("a")).toBeUndefined();
    cache.changed({ keys: ["product:a"] });
    expect(cache.isFresh(cache.get("b")!)).toBe(true);
  });
});

describe("sharedMaxAge", () => {
  it("reads what a route declares for shared caches", () => {
    expect(sharedMaxAge(sharedCacheControl())).toBe(60);
    expect(sharedMaxAge(sharedCacheControl({ sMaxAge: 300, maxAge: 3600 }))).toBe(300);
    expect(sharedMaxAge("public, max-age=3600")).toBe(3600);
    expect(sharedMaxAge("Public, S-MaxAge=10")).toBe(10);
  });
  it("shares nothing private, unstorable or undeclared", () => {
    for (const value of [null, "", "no-store", "private, no-cache", "private, max-age=60", "public, no-store, s-maxage=60", "public, no-cache, s-maxage=60", "public", "public, s-maxage=0", "s-maxage=60", "public, s-maxage=abc"]) {
      expect(sharedMaxAge(value), String(value)).toBe(0);
    }
  });
});

describe("maySharePage", () => {
  const request = (method: string, headers: Record<string, string> = {}) => ({ method, headers }) as unknown as IncomingMessage;
  it("is a GET of a page its route declares shared, cookie or not: the cookie never reaches its render", () => {
    expect(maySharePage(request("GET"), true)).toBe(true);
    expect(maySharePage(request("GET", { cookie: "cart=abc" }), true)).toBe(true);
    expect(maySharePage(request("GET", { authorization: "Basic YTpi" }), true)).toBe(true);
  });
  it("is never a page its route does not declare shared, nor anything but GET", () => {
    expect(maySharePage(request("GET"), false)).toBe(false);
    for (const method of ["HEAD", "POST", "PUT", "DELETE", "OPTIONS"]) expect(maySharePage(request(method), true)).toBe(false);
  });
});

describe("sendStoredPage", () => {
  let base = "";
  let close: () => void = () => {};
  let page: StoredPage;
  beforeAll(async () => {
    const cache = createPageCache();
    page = cache.set("k", cache.clock, answer(BIG))!;
    cache.get("k");
    await vi.waitFor(() => expect(page.br && page.gzip).toBeTruthy());
    const app = express();
    app.use((req, res) => sendStoredPage(req, res, page));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    close = () => server.close();
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => close());

  /** The raw answer: fetch would decode the body whatever its encoding. */
  async function get(headers: Record<string, string>) {
    const { request } = await import("node:http");
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const req = request(base, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end();
    });
  }

  it("sends brotli to a browser that takes it, else gzip, else the bytes, each with its length", async () => {
    const br = await get({ "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.body.equals(page.br!)).toBe(true);
    const gzip = await get({ "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(BIG);
    const plain = await get({});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG);
    for (const answer of [br, gzip, plain]) {
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
      expect(answer.headers["content-security-policy"]).toBe("script-src 'self' 'sha256-abc'");
      expect(answer.headers["cache-control"]).toBe(sharedCacheControl());
      expect(answer.headers.etag).toBe(page.etag);
    }
  });

  it("answers 304 to a browser that holds the page already", async () => {
    const again = await get({ "if-none-match": page.etag, "accept-encoding": "br" });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect((await get({ "if-none-match": 'W/"other"' })).status).toBe(200);
  });
});
