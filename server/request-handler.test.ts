import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import type * as ReactRouter from "react-router";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { PRIVATE_CACHE_CONTROL, sharedCacheControl } from "~/lib/http-policy";
import { createPageCache } from "./page-cache";
import { cspNonce, securityHeaders } from "./security-headers";

/**
 * What React Router answers, per path, stands in for the build: the handler's own decisions (share
 * or not, nonce or hashes, store or not) are what is tested here.
 */
type Answer = { status?: number; headers?: Record<string, string>; body: string };
const answers = new Map<string, Answer>();
const renders: { path: string; nonce: string }[] = [];

vi.mock("react-router", async (original) => ({
  ...(await original<typeof ReactRouter>()),
  createRequestHandler: () => async (request: Request, context: RouterContextProvider & { nonce?: string }) => {
    const path = new URL(request.url).pathname;
    renders.push({ path, nonce: context.nonce ?? "" });
    const answer = answers.get(path) ?? { status: 404, body: "no such page" };
    const body = answer.body.replaceAll("{nonce}", context.nonce ?? "");
    return new Response(body, { status: answer.status ?? 200, headers: { "content-type": "text/html", ...answer.headers } });
  },
}));

const { createRequestHandler, withoutModulePreloads } = await import("./request-handler");

const SHARED = { "cache-control": sharedCacheControl() };
const PAGE = `<!DOCTYPE html><html><head><style nonce="{nonce}">p{}</style></head><body><p>page</p><script nonce="{nonce}">window.a=1</script></body></html>`;
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

let base = "";
let close = () => {};
const cache = createPageCache();
beforeAll(async () => {
  const app = express();
  app.use(securityHeaders({ production: true, development: false, baseUrl: "http://localhost" }));
  app.use(
    createRequestHandler({
      build: {} as ServerBuild,
      pages: { cache },
      getLoadContext: (_req, res) => Object.assign(new RouterContextProvider(), { nonce: cspNonce(res) }),
    }),
  );
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());
beforeEach(() => {
  answers.clear();
  renders.length = 0;
  cache.invalidate();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers, redirect: "manual" });

describe("request handler: what may be shared", () => {
  it("renders a shared page once, without a nonce, with its inline hashes in the CSP, and serves the stored bytes after", async () => {
    answers.set("/p", { headers: SHARED, body: PAGE });
    const first = await get("/p");
    const second = await get("/p");
    expect(renders).toEqual([{ path: "/p", nonce: "" }]);
    for (const response of [first, second]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe(sharedCacheControl());
      expect(response.headers.get("vary")).toBe("Accept-Encoding, Cookie");
      const csp = response.headers.get("content-security-policy")!;
      expect(csp).not.toContain("'nonce-");
      expect(csp).toContain(`script-src 'self' https://checkout.razorpay.com ${sha256("window.a=1")}`);
      expect(csp).toContain(`style-src 'self' ${sha256("p{}")}`);
    }
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
  });

  it("never shares an answer to a visitor with a cookie or credentials, whatever the route declares: private, nonce, rendered each time", async () => {
    answers.set("/p", { headers: SHARED, body: PAGE });
    const visitors: Record<string, string>[] = [{ cookie: "cart=1" }, { cookie: "cart=1" }, { authorization: "Basic YTpi" }];
    for (const headers of visitors) {
      const response = await get("/p", headers);
      expect(response.headers.get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
      expect(response.headers.get("content-security-policy")).toMatch(/'nonce-/);
      expect(await response.text()).toMatch(/nonce="[^"]+"/);
    }
    expect(renders).toHaveLength(3);
    expect(renders.every((r) => r.nonce !== "")).toBe(true);
    expect(cache.size).toBe(0);
  });

  it("never shares an answer that sets a cookie or is not a 200, and keeps none of them", async () => {
    answers.set("/cookie", { headers: { ...SHARED, "set-cookie": "compare=; Path=/" }, body: PAGE });
    answers.set("/missing", { status: 404, headers: SHARED, body: PAGE });
    answers.set("/moved", { status: 302, headers: { ...SHARED, location: "/p" }, body: "" });
    for (const path of ["/cookie", "/missing", "/moved", "/cookie"]) {
      const response = await get(path);
      expect(response.headers.get("cache-control"), path).toBe(PRIVATE_CACHE_CONTROL);
      expect(response.headers.get("vary") ?? "", path).not.toContain("Cookie");
    }
    expect(renders.map((r) => r.path)).toEqual(["/cookie", "/missing", "/moved", "/cookie"]);
    expect(cache.size).toBe(0);
  });

  it("marks what declares nothing private, and leaves a stricter declaration as it is", async () => {
    answers.set("/undeclared", { body: PAGE });
    answers.set("/no-store", { headers: { "cache-control": "no-store" }, body: "x" });
    expect((await get("/undeclared")).headers.get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
    expect((await get("/no-store")).headers.get("cache-control")).toBe("no-store");
    // A cookieless visitor's private page still has no nonce to match: its CSP is by hash too.
    expect((await get("/undeclared")).headers.get("content-security-policy")).toContain(sha256("window.a=1"));
    expect(cache.size).toBe(0);
  });

  it("keys by the address rendered, query and host included", async () => {
    answers.set("/p", { headers: SHARED, body: PAGE });
    await get("/p?a=1");
    await get("/p?a=2");
    await get("/p?a=1");
    expect(renders).toHaveLength(2);
    expect(cache.size).toBe(2);
  });
});

describe("withoutModulePreloads", () => {
  it("cuts every module preload hint from the bytes and leaves the rest, UTF-8 included, as it was", () => {
    const html = `<head><meta charset="utf-8"/><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js" crossorigin=""/><link rel="icon" href="/favicon.svg"/></head><body>₹1,999 – “café”</body>`;
    expect(withoutModulePreloads(Buffer.from(html)).toString()).toBe(
      `<head><meta charset="utf-8"/><link rel="icon" href="/favicon.svg"/></head><body>₹1,999 – “café”</body>`,
    );
  });
  it("returns a page without hints unchanged", () => {
    const page = Buffer.from("<p>no hints</p>");
    expect(withoutModulePreloads(page)).toBe(page);
  });
});
