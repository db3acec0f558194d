import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { hashBasedPolicy, inlineHashes, paymentSources, securityHeaders, type SecurityHeaderOptions } from "./security-headers";

const servers: { close(): void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function headersFor(options: SecurityHeaderOptions): Promise<Headers[]> {
  const app = express();
  app.use(securityHeaders(options));
  app.get("/", (_req, res) => {
    res.send("ok");
  });
  // A shared page's policy: the same sources, the page's hashes in place of the nonce.
  app.get("/shared", (_req, res) => {
    const policy = hashBasedPolicy(res, { script: ["'sha256-AAA='"], style: ["'sha256-BBB='"] });
    if (policy) res.setHeader("Content-Security-Policy", policy);
    res.send("ok");
  });
  const server = app.listen(0);
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return [(await fetch(base)).headers, (await fetch(base)).headers, (await fetch(`${base}shared`)).headers];
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

const production = { production: true, development: false, baseUrl: "https://shop.example.in" };

describe("security headers", () => {
  it("send a nonce-based CSP, a fresh nonce per response, and the framing, sniffing and referrer headers", async () => {
    const [first, second] = await headersFor(production);
    const csp = first!.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self' https:\/\/checkout\.razorpay\.com 'nonce-[A-Za-z0-9+/]{22}=='/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    // An inline <style> is let in by the same nonce as the scripts, never 'unsafe-inline'.
    expect(csp).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='/);
    expect(csp).not.toMatch(/style-src [^;]*unsafe/);
    expect(/style-src [^;]*'nonce-([^']+)'/.exec(csp)![1]).toBe(/script-src [^;]*'nonce-([^']+)'/.exec(csp)![1]);
    for (const d of ["default-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"]) expect(csp).toContain(d);
    const nonce = (h: Headers) => /'nonce-([^']+)'/.exec(h.get("content-security-policy")!)![1];
    expect(nonce(first!)).not.toBe(nonce(second!));
    expect(first!.get("x-frame-options")).toBe("DENY");
    expect(first!.get("x-content-type-options")).toBe("nosniff");
    expect(first!.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first!.get("permissions-policy")).toContain("camera=()");
    expect(first!.get("permissions-policy")).toContain("payment=(self)");
    expect(first!.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
  });

  it("give a shared page the same policy with its inline hashes in place of the nonce", async () => {
    for (const options of [production, { ...production, payments: paymentSources("http://127.0.0.1:4555") }]) {
      const [nonced, , shared] = await headersFor(options);
      const csp = shared!.get("content-security-policy")!;
      expect(csp).not.toContain("nonce-");
      const expected = nonced!.get("content-security-policy")!.replace(/ 'nonce-[^']+'/g, "");
      expect(csp).toBe(expected.replace(/(script-src [^;]*)/, "$1 'sha256-AAA='").replace(/(style-src [^;]*)/, "$1 'sha256-BBB='"));
    }
    // Development allows Vite's inline styles; a hash would switch that off, so there is no such policy.
    const [, , dev] = await headersFor({ production: false, development: true, baseUrl: "http://localhost:3000" });
    expect(dev!.get("content-security-policy")).toMatch(/'nonce-/);
  });

  it("hash each inline script and style of a page as the browser does, and no script with a src", () => {
    const page =
      `<html><head><style id="app-css" nonce="">p{color:red}</style><link rel="stylesheet" href="/a.css"/></head>` +
      `<body><script>window.__ctx = {"a":"\\u003c/script>"};</script><script type="module" async="">import("/assets/entry.js");</script>` +
      `<script src="/assets/x.js"></script><script nonce="">window.__ctx = {"a":"\\u003c/script>"};</script><script></script></body></html>`;
    const hashes = inlineHashes(page);
    expect(hashes.style).toEqual([sha256("p{color:red}")]);
    expect(hashes.script).toEqual([sha256('window.__ctx = {"a":"\\u003c/script>"};'), sha256('import("/assets/entry.js");'), sha256("")]);
    expect(inlineHashes("<p>no scripts</p>")).toEqual({ script: [], style: [] });
  });

  it("allow Razorpay's checkout in production, and only the sandbox's origin in the demo", async () => {
    const [live] = await headersFor(production);
    const csp = live!.get("content-security-policy")!;
    expect(csp).toContain("connect-src 'self' https://api.razorpay.com https://lumberjack.razorpay.com");
    expect(csp).toContain("frame-src 'self' https://api.razorpay.com https://checkout.razorpay.com");
    const [demo] = await headersFor({ ...production, payments: paymentSources("http://127.0.0.1:4555") });
    const demoCsp = demo!.get("content-security-policy")!;
    expect(demoCsp).toMatch(/script-src 'self' http:\/\/127\.0\.0\.1:4555 'nonce-/);
    expect(demoCsp).toContain("connect-src 'self' http://127.0.0.1:4555");
    expect(demoCsp).toContain("frame-src 'self';");
    expect(demoCsp).not.toContain("razorpay.com");
  });

  it("send HSTS only in production over https", async () => {
    const [https] = await headersFor(production);
    expect(https!.get("strict-transport-security")).toBe("max-age=31536000");
    expect(https!.get("content-security-policy")).toContain("upgrade-insecure-requests");
    const [http] = await headersFor({ ...production, baseUrl: "http://localhost:3000" });
    expect(http!.get("strict-transport-security")).toBeNull();
    expect(http!.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
    const [notProduction] = await headersFor({ ...production, production: false });
    expect(notProduction!.get("strict-transport-security")).toBeNull();
  });

  it("loosen styles and sockets for Vite's development server, never scripts", async () => {
    const [dev] = await headersFor({ production: false, development: true, baseUrl: "http://localhost:3000" });
    const csp = dev!.get("content-security-policy")!;
    expect(csp).toContain("style-src 'self' 'unsafe-inline';");
    expect(csp).toContain("ws: wss:");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });
});
