import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import type * as ReactRouter from "react-router";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { sharedPageContext } from "~/context";
import { PRIVATE_CACHE_CONTROL, sharedCacheControl, sharedPage } from "~/lib/http-policy";
import { shows } from "~/lib/shown.server";
import { createPageCache } from "./page-cache";
import { cspNonce, securityHeaders } from "./security-headers";

/**
 * What React Router answers, per path, stands in for the build: the handler's own decisions (share
 * or not, nonce or hashes, store or not) are what is tested here.
 */
type Answer = { status?: number; headers?: Record<string, string>; body: string; shows?: string[] };
const answers = new Map<string, Answer>();
const renders: { path: string; nonce: string; cookie?: string | null; authorization?: string | null; shared?: boolean }[] = [];

vi.mock("react-router", async (original) => ({
  ...(await original<typeof ReactRouter>()),
  createRequestHandler: () => async (request: Request, context: RouterContextProvider & { nonce?: string }) => {
    const path = new URL(request.url).pathname;
    renders.push({ path, nonce: context.nonce ?? "", cookie: request.headers.get("cookie"), authorization: request.headers.get("authorization"), shared: context.get(sharedPageContext) });
    const answer = answers.get(path) ?? { status: 404, body: "no such page" };
    for (const key of answer.shows ?? []) shows(key);
    await gate;
    const body = answer.body.replaceAll("{nonce}", context.nonce ?? "");
    return new Response(body, { status: answer.status ?? 200, headers: { "content-type": "text/html", ...answer.headers } });
  },
}));

const { createRequestHandler, withoutModulePreloads } = await import("./request-handler");

/** While set, every render waits for it: requests that arrive meanwhile find the render under way. */
let gate: Promise<void> | undefined;
/** While true, admission refuses every render (over capacity) with a 503 of its own. */
let refusing = false;

function holdRenders(): () => void {
  let open!: () => void;
  gate = new Promise((resolve) => (open = resolve));
  return () => {
    gate = undefined;
    open();
  };
}

const SHARED = { "cache-control": sharedCacheControl() };

/** The routes' declarations: which paths are shared pages (`headers = sharedPage()`) and which are not. */
const SHARED_PATHS = ["p", "cookie", "missing", "moved"];
const PRIVATE_PATHS = ["undeclared", "no-store", "private"];
const build = {
  routes: {
    root: { id: "root", path: "", module: {} },
    ...Object.fromEntries(SHARED_PATHS.map((path) => [path, { id: path, parentId: "root", path, module: { headers: sharedPage() } }])),
    ...Object.fromEntries(PRIVATE_PATHS.map((path) => [path, { id: path, parentId: "root", path, module: {} }])),
  },
} as unknown as ServerBuild;
const PAGE = `<!DOCTYPE html><html><head><style nonce="{nonce}">p{}</style></head><body><p>page</p><script nonce="{nonce}">window.a=1</script></body></html>`;
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

let base = "";
let close = () => {};
// A fresh cache for each test; the handler reads `pages.cache` at each request.
let cache = createPageCache();
beforeAll(async () => {
  const app = express();
  app.use(securityHeaders({ production: true, development: false, baseUrl: "http://localhost" }));
  app.use(
    createRequestHandler({
      build,
      pages: {
        get cache() {
          return cache;
        },
      },
      getLoadContext: (_req, res) => Object.assign(new RouterContextProvider(), { nonce: cspNonce(res) }),
      admit: async (_req, res, instead) => {
        if (!refusing) return () => {};
        if (!instead?.()) res.status(503).set("Retry-After", "5").send("busy");
        return null;
      },
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
  cache = createPageCache();
  gate = undefined;
  refusing = false;
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers, redirect: "manual" });

describe("request handler: what may be shared", () => {
  it("renders a shared page once, without a nonce, with its inline hashes in the CSP, and serves the stored bytes after", async () => {
    answers.set("/p", { headers: SHARED, body: PAGE });
    const first = await get("/p");
    const second = await get("/p");
    expect(renders).toEqual([{ path: "/p", nonce: "", cookie: null, authorization: null, shared: true }]);
    for (const response of [first, second]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe(sharedCacheControl());
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
      const csp = response.headers.get("content-security-policy")!;
      expect(csp).not.toContain("'nonce-");
      expect(csp).toContain(`script-src 'self' https://checkout.razorpay.com ${sha256("window.a=1")}`);
      expect(csp).toContain(`style-src 'self' ${sha256("p{}")}`);
    }
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
  });

  it("gives a visitor with a cookie or credentials the very page everyone gets: neither reaches the render", async () => {
    answers.set("/p", { headers: SHARED, body: PAGE });
    const visitors: Record<string, string>[] = [{ cookie: "cart=1" }, {}, { cookie: "better-auth.session_token=s" }, { authorization: "Basic YTpi" }];
    const bodies = new Set<string>();
    for (const headers of visitors) {
      const response = await get("/p", headers);
      expect(response.headers.get("cache-control")).toBe(sharedCacheControl());
      expect(response.headers.get("content-security-policy")).not.toContain("'nonce-");
      bodies.add(await response.text());
    }
    expect(bodies.size).toBe(1);
    expect(renders).toEqual([{ path: "/p", nonce: "", cookie: null, authorization: null, shared: true }]);
  });

  it("renders a page no route declares shared with the visitor's cookie, privately, with a nonce, each time", async () => {
    answers.set("/private", { body: PAGE });
    for (let i = 0; i < 2; i++) {
      const response = await get("/private", { cookie: "cart=1", authorization: "Basic YTpi" });
      expect(response.headers.get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
      expect(response.headers.get("content-security-policy")).toMatch(/'nonce-/);
      expect(await response.text()).toMatch(/nonce="[^"]+"/);
    }
    expect(renders).toHaveLength(2);
    expect(renders.every((r) => r.nonce !== "" && r.cookie === "cart=1" && r.authorization === "Basic YTpi" && r.shared === false)).toBe(true);
    expect(cache.size).toBe(0);
  });

  it("hands a post to a shared page's address its cookies: actions know the visitor", async () => {
    answers.set("/p", { headers: SHARED, body: PAGE });
    const response = await fetch(base + "/p", { method: "POST", headers: { cookie: "cart=1" }, redirect: "manual" });
    expect(response.headers.get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
    expect(renders).toEqual([expect.objectContaining({ path: "/p", cookie: "cart=1", shared: false })]);
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

  it("lets a browser keep React Router's route manifest answers, and only those, as React Router marks them", async () => {
    const IMMUTABLE = "public, max-age=31536000, immutable";
    answers.set("/__manifest", { headers: { "cache-control": IMMUTABLE, "content-type": "application/json" }, body: "{}" });
    answers.set("/private", { headers: { "cache-control": IMMUTABLE }, body: PAGE });
    expect((await get("/__manifest?paths=%2Fcart&version=abc")).headers.get("cache-control")).toBe(IMMUTABLE);
    // Another path saying the same is not believed, and nor is a manifest answer saying less.
    expect((await get("/private", { cookie: "cart=1" })).headers.get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
    answers.set("/__manifest", { headers: { "cache-control": "public, max-age=60" }, body: "{}" });
    expect((await get("/__manifest?paths=%2Fcart&version=abc")).headers.get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
    expect(cache.size).toBe(0);
  });

  it("marks what declares nothing private, and leaves a stricter declaration as it is", async () => {
    answers.set("/undeclared", { body: PAGE });
    answers.set("/no-store", { headers: { "cache-control": "no-store" }, body: "x" });
    expect((await get("/undeclared")).headers.get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
    expect((await get("/no-store")).headers.get("cache-control")).toBe("no-store");
    // A private page is rendered for its visitor alone, cookie or not: its CSP has a nonce.
    expect((await get("/undeclared")).headers.get("content-security-policy")).toMatch(/'nonce-/);
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

describe("request handler: a page rendered once for all who ask, refreshed as little as it can be", () => {
  const page = (text: string, shown: string[] = []): Answer => ({ headers: SHARED, body: `<p>${text}</p>`, shows: shown });

  it("renders a page that many ask for at the same moment once, and gives each of them its bytes", async () => {
    answers.set("/p", page("one"));
    const open = holdRenders();
    const asked = Array.from({ length: 8 }, () => get("/p"));
    await vi.waitFor(() => expect(renders).toHaveLength(1));
    open();
    const answered = await Promise.all(asked);
    expect(renders).toHaveLength(1);
    for (const response of answered) {
      expect(response.status).toBe(200);
      expect(await response.text()).toBe("<p>one</p>");
    }
  });

  it("after a change to a product, renders again only the pages that showed it", async () => {
    answers.set("/p", page("shows a", ["product:a"]));
    answers.set("/moved", page("shows b", ["product:b"]));
    await get("/p");
    await get("/moved");
    expect(renders).toHaveLength(2);
    cache.changed({ keys: ["product:a"] });
    answers.set("/p", page("shows a, fewer left", ["product:a"]));
    answers.set("/moved", page("shows b, changed but not said", ["product:b"]));
    expect(await (await get("/p")).text()).toBe("<p>shows a, fewer left</p>");
    expect(await (await get("/moved")).text()).toBe("<p>shows b</p>");
    expect(renders.map((r) => r.path)).toEqual(["/p", "/moved", "/p"]);
    // "Everything" changed: both again.
    cache.changed("everything");
    expect(await (await get("/moved")).text()).toBe("<p>shows b, changed but not said</p>");
  });

  it("while one request renders a stale page's refresh, gives the others the page as it was; the one who asked first gets the new one", async () => {
    answers.set("/p", page("old", ["product:a"]));
    await get("/p");
    cache.changed({ keys: ["product:a"] });
    answers.set("/p", page("new", ["product:a"]));
    const open = holdRenders();
    const first = get("/p");
    await vi.waitFor(() => expect(renders).toHaveLength(2));
    const meanwhile = await get("/p");
    expect(await meanwhile.text()).toBe("<p>old</p>");
    open();
    expect(await (await first).text()).toBe("<p>new</p>");
    expect(await (await get("/p")).text()).toBe("<p>new</p>");
    expect(renders).toHaveLength(2);
  });

  it("keeps a page whose product changed while it rendered as stale: the next visitor renders it again", async () => {
    answers.set("/p", page("rendered across a change", ["product:a"]));
    const open = holdRenders();
    const first = get("/p");
    await vi.waitFor(() => expect(renders).toHaveLength(1));
    cache.changed({ keys: ["product:a"] });
    open();
    expect(await (await first).text()).toBe("<p>rendered across a change</p>");
    answers.set("/p", page("after the change", ["product:a"]));
    expect(await (await get("/p")).text()).toBe("<p>after the change</p>");
    expect(renders).toHaveLength(2);
  });

  it("does not hand a visitor who asked after a change a render that began before it", async () => {
    answers.set("/p", page("before the change", ["product:a"]));
    const open = holdRenders();
    const first = get("/p");
    await vi.waitFor(() => expect(renders).toHaveLength(1));
    cache.changed({ keys: ["product:a"] });
    answers.set("/p", page("after the change", ["product:a"]));
    const second = get("/p");
    open();
    expect(await (await first).text()).toBe("<p>before the change</p>");
    expect(await (await second).text()).toBe("<p>after the change</p>");
    expect(renders).toHaveLength(2);
  });

  it("gives the page as it was when its refresh fails or is refused, and a plain refusal when there is none", async () => {
    answers.set("/p", page("as it was", ["product:a"]));
    await get("/p");
    cache.changed({ keys: ["product:a"] });
    answers.set("/p", { status: 500, headers: SHARED, body: "database away" });
    const failedRefresh = await get("/p");
    expect(failedRefresh.status).toBe(200);
    expect(await failedRefresh.text()).toBe("<p>as it was</p>");

    refusing = true;
    const refused = await get("/p");
    expect(refused.status).toBe(200);
    expect(await refused.text()).toBe("<p>as it was</p>");
    answers.set("/moved", page("never kept"));
    const nothingKept = await get("/moved");
    expect(nothingKept.status).toBe(503);
    expect(nothingKept.headers.get("retry-after")).toBe("5");
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
