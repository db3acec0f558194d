import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageCache, isShareable, pageBody, pageCacheKey, toSegments, type CachedPage, type PageTokens } from "./page-cache";

const A: PageTokens = { nonce: "NonceAAAA1111bbbb", requestId: "11111111-aaaa-4aaa-8aaa-111111111111" };
const B: PageTokens = { nonce: "NonceBBBB2222cccc", requestId: "22222222-bbbb-4bbb-8bbb-222222222222" };

const OK = { status: 200, headers: [["content-type", "text/html; charset=utf-8"]] as [string, string][] };

/** Stores `body` as rendered with `stored` in a cache of its own, and returns the kept page. */
function kept(body: string, stored: PageTokens): CachedPage {
  const cache = createPageCache();
  const page = cache.set("k", cache.generation, OK, body, stored);
  expect(page).toBeDefined();
  expect(cache.get("k")).toBe(page);
  return page!;
}

/** A kept page's body for one response, as is; the gzip assembly must decode to the very same. */
function fill(page: CachedPage, tokens: PageTokens): string {
  const plain = pageBody(page, tokens, null).toString();
  // gunzipSync checks the CRC-32 and the length in the trailer too.
  expect(zlib.gunzipSync(pageBody(page, tokens, "gzip")).toString()).toBe(plain);
  return plain;
}

/** A page as the shop renders it: the nonce and the request id at the very start, in the middle, and at the end. */
function page({ nonce, requestId }: PageTokens, text = "page"): string {
  return (
    `${nonce}<!DOCTYPE html><html><head><meta name="request-id" content="${requestId}"/>` +
    `<style nonce="${nonce}">p{}</style></head><body><p>${text}: the word nonce and the word requestId stay.</p>` +
    `<script nonce="${nonce}">window.ids=["${requestId}","${requestId}"]</script>` +
    `<script nonce="${nonce}"></script></body></html>${requestId}`
  );
}

describe("page segments", () => {
  it("cut out every nonce and request id, and fill them back to the same page", () => {
    const body = page(A);
    const segments = toSegments(body, A);
    expect(fill(kept(body, A), A)).toBe(body);
    const tokens = segments.filter((s) => typeof s !== "string");
    expect(tokens.filter((s) => s.token === "nonce")).toHaveLength(4);
    expect(tokens.filter((s) => s.token === "requestId")).toHaveLength(4);
    // At the start and at the end of the body, and nothing left of either value in the literal text.
    expect(segments[0]).toEqual({ token: "nonce" });
    expect(segments.at(-1)).toEqual({ token: "requestId" });
    const literal = segments.filter((s) => typeof s === "string").join("");
    expect(literal).not.toContain(A.nonce);
    expect(literal).not.toContain(A.requestId);
  });

  it("keep the words nonce and requestId in the text as text", () => {
    const segments = toSegments(page(A), A);
    expect(segments.filter((s) => typeof s === "string").join("")).toContain("the word nonce and the word requestId stay.");
    // A literal piece that reads like a token name is still literal: it is never filled in.
    expect(fill(kept(`nonce requestId ${A.nonce}`, A), B)).toBe(`nonce requestId ${B.nonce}`);
  });

  it("give each response its own values", () => {
    const stored = kept(page(A), A);
    const forB = fill(stored, B);
    expect(forB).toBe(page(B));
    expect(forB).not.toContain(A.nonce);
    expect(forB).not.toContain(A.requestId);
    const C: PageTokens = { nonce: "NonceCCCC3333dddd", requestId: "33333333-cccc-4ccc-8ccc-333333333333" };
    expect(fill(stored, C)).toBe(page(C));
    // Filling does not change the stored page.
    expect(fill(stored, A)).toBe(page(A));
  });

  it("leave a body without the values, or with an empty value, as it is", () => {
    expect(fill(kept("<p>plain</p>", A), B)).toBe("<p>plain</p>");
    const noId = { nonce: A.nonce, requestId: "" };
    expect(fill(kept(`<p nonce="${A.nonce}">x</p>`, noId), { nonce: B.nonce, requestId: "" })).toBe(`<p nonce="${B.nonce}">x</p>`);
  });

  it("assemble a valid gzip body for a large page with multibyte text and tokens side by side", () => {
    const big = `${A.nonce}${A.requestId}<main>${"<p>₹1,49,990 — नमस्ते</p>".repeat(4_000)}${A.nonce}</main>${"x".repeat(70_000)}${A.requestId}${A.nonce}`;
    expect(fill(kept(big, A), B)).toBe(big.split(A.nonce).join(B.nonce).split(A.requestId).join(B.requestId));
    // An empty page and a page that is only tokens.
    expect(fill(kept("", A), B)).toBe("");
    expect(fill(kept(`${A.requestId}${A.nonce}`, A), B)).toBe(`${B.requestId}${B.nonce}`);
    // The gzip copy is compressed, not just wrapped.
    const stored = kept(big, A);
    expect(pageBody(stored, B, "gzip").length).toBeLessThan(pageBody(stored, B, null).length / 5);
  });
});

describe("page cache", () => {
  it("serves what it stored, filled for another response", () => {
    const cache = createPageCache();
    cache.set("k", cache.generation, OK, page(A), A);
    const hit = cache.get("k");
    expect(hit).toMatchObject({ status: 200, headers: OK.headers });
    expect(fill(hit!, B)).toBe(page(B));
    expect(cache.get("other")).toBeUndefined();
  });

  it("forgets the least recently used page beyond maxPages", () => {
    const cache = createPageCache({ maxPages: 2 });
    cache.set("a", cache.generation, OK, page(A, "a"), A);
    cache.set("b", cache.generation, OK, page(A, "b"), A);
    expect(cache.get("a")).toBeDefined(); // a is now more recent than b
    cache.set("c", cache.generation, OK, page(A, "c"), A);
    expect(cache.size).toBe(2);
    expect(cache.get("b")).toBeUndefined();
    expect(fill(cache.get("a")!, A)).toBe(page(A, "a"));
    expect(fill(cache.get("c")!, A)).toBe(page(A, "c"));
    // Storing a key again makes it the most recent too.
    cache.set("a", cache.generation, OK, page(A, "a2"), A);
    cache.set("d", cache.generation, OK, page(A, "d"), A);
    expect(cache.get("c")).toBeUndefined();
    expect(fill(cache.get("a")!, A)).toBe(page(A, "a2"));
    expect(cache.get("d")).toBeDefined();
  });

  it("stops serving a page after its time limit", () => {
    let now = 1_000_000;
    const cache = createPageCache({ ttlMs: 60_000, now: () => now });
    cache.set("k", cache.generation, OK, page(A), A);
    now += 60_000;
    expect(cache.get("k")).toBeDefined();
    now += 1;
    expect(cache.get("k")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("does not keep a body bigger than maxPageBytes", () => {
    const cache = createPageCache({ maxPageBytes: 100 });
    cache.set("k", cache.generation, OK, "x".repeat(101), A);
    expect(cache.get("k")).toBeUndefined();
    cache.set("k", cache.generation, OK, "x".repeat(100), A);
    expect(cache.get("k")).toBeDefined();
  });

  it("invalidate() empties it, and a render begun before is not stored", () => {
    const cache = createPageCache();
    cache.set("k", cache.generation, OK, page(A), A);
    const renderBegan = cache.generation;
    cache.invalidate();
    expect(cache.generation).not.toBe(renderBegan);
    expect(cache.get("k")).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.set("k", renderBegan, OK, page(A), A);
    expect(cache.get("k")).toBeUndefined();
    cache.set("k", cache.generation, OK, page(A), A);
    expect(cache.get("k")).toBeDefined();
  });

  it("while disabled serves and stores nothing; a render begun while off is not stored once on again", () => {
    const cache = createPageCache();
    cache.set("k", cache.generation, OK, page(A), A);
    cache.setEnabled(false);
    expect(cache.get("k")).toBeUndefined();
    const whileOff = cache.generation;
    cache.set("k", whileOff, OK, page(A), A);
    expect(cache.size).toBe(0);
    cache.setEnabled(true);
    expect(cache.get("k")).toBeUndefined();
    cache.set("k", whileOff, OK, page(A), A);
    expect(cache.get("k")).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.set("k", cache.generation, OK, page(A), A);
    expect(cache.get("k")).toBeDefined();
  });
});

describe("pageCacheKey", () => {
  let base = "";
  let close: () => void = () => {};
  beforeAll(async () => {
    const app = express();
    app.use((req, res) => {
      // In a header, so that a HEAD request's answer carries it too.
      res.set("x-key", JSON.stringify(pageCacheKey(req))).end();
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    close = () => server.close();
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => close());

  /** node:http rather than fetch, which will not send a Host header of the caller's choosing. */
  function keyOf(path: string, { method = "GET", headers = {} }: { method?: string; headers?: Record<string, string> } = {}): Promise<string | null> {
    return new Promise((resolve, reject) => {
      const req = http.request(`${base}${path}`, { method, headers }, (res) => {
        res.resume();
        res.on("end", () => resolve(JSON.parse(String(res.headers["x-key"])) as string | null));
      });
      req.on("error", reject);
      req.end(method === "POST" ? "intent=add" : undefined);
    });
  }

  it("gives a key to the catalogue's and info pages' GETs without cookies", async () => {
    const host = new URL(base).host;
    for (const path of [
      "/",
      "/products",
      "/products.data",
      "/products/product-benq-gw2490",
      "/products/product-benq-gw2490.data",
      "/_root.data",
      "/about",
      "/services",
      "/contact",
      "/privacy",
      "/terms",
      "/refund",
      "/shipping",
      "/robots.txt",
      "/sitemap.xml",
    ]) {
      expect(await keyOf(path), path).toBe(`http://${host}${path}`);
    }
  });

  it("keys a query and the host in", async () => {
    expect(await keyOf("/products?q=x")).toBe(`http://${new URL(base).host}/products?q=x`);
    expect(await keyOf("/products?q=x", { headers: { Host: "shop.example.in" } })).toBe("http://shop.example.in/products?q=x");
    expect(await keyOf("/products?q=y", { headers: { Host: "shop.example.in" } })).toBe("http://shop.example.in/products?q=y");
  });

  it("gives none to a visitor with a cookie or credentials, or to anything but GET", async () => {
    expect(await keyOf("/products", { headers: { Cookie: "cart=abc" } })).toBeNull();
    expect(await keyOf("/products", { headers: { Cookie: "" } })).toBeNull();
    expect(await keyOf("/products", { headers: { Authorization: "Basic YTpi" } })).toBeNull();
    expect(await keyOf("/products", { method: "POST" })).toBeNull();
    expect(await keyOf("/products", { method: "HEAD" })).toBeNull();
  });

  it("gives none to personal or unknown pages", async () => {
    for (const path of [
      "/cart",
      "/checkout",
      "/orders",
      "/orders/RC-000001",
      "/profile",
      "/login",
      "/admin",
      "/admin/products",
      "/vendor/dashboard",
      "/vendor/products",
      "/products/a/b",
      "/products/",
      // As-you-type suggestions answer from the search index as it is now, never from a copy.
      "/search/suggestions?q=logi",
      "/nowhere",
    ]) {
      expect(await keyOf(path), path).toBeNull();
    }
  });
});

describe("isShareable", () => {
  const headers = (h: Record<string, string>) => new Headers(h);
  it("shares a plain 200 page", () => {
    expect(isShareable(200, headers({ "content-type": "text/html; charset=utf-8" }))).toBe(true);
    expect(isShareable(200, headers({ "content-type": "text/x-script" }))).toBe(true);
    expect(isShareable(200, headers({ "content-type": "application/xml" }))).toBe(true);
  });
  it("never shares a response that sets a cookie, is not a 200, or is marked personal", () => {
    expect(isShareable(200, headers({ "content-type": "text/html", "set-cookie": "cart=; Path=/" }))).toBe(false);
    expect(isShareable(404, headers({ "content-type": "text/html" }))).toBe(false);
    expect(isShareable(302, headers({ "content-type": "text/html", location: "/" }))).toBe(false);
    expect(isShareable(500, headers({ "content-type": "text/html" }))).toBe(false);
    expect(isShareable(200, headers({ "content-type": "text/html", "cache-control": "no-store" }))).toBe(false);
    expect(isShareable(200, headers({ "content-type": "text/html", "cache-control": "private, max-age=0" }))).toBe(false);
    expect(isShareable(200, headers({ "content-type": "application/octet-stream" }))).toBe(false);
    expect(isShareable(200, headers({}))).toBe(false);
  });
});
