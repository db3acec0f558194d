// Lighthouse mobile (simulated slow 4G, 4x CPU slowdown, performance only) on the shop's five
// first-impression pages and four signed-in ones (a customer's orders and an order, the vendor and
// admin dashboards), against a shop that is already running:
//   node scripts/bench-lighthouse.mjs http://127.0.0.1:4650   (or BENCH_BASE_URL=…)
// The cart and the checkout need a signed-in customer with a cart: a real browser signs in and adds
// a product, and Lighthouse sends its cookies. Figures to read, not a test (shared, noisy machines).
// Each page runs BENCH_LIGHTHOUSE_RUNS times (3) and the median run is reported, as Lighthouse advises.
// BENCH_LIGHTHOUSE_PAGES=/orders,order runs only the pages named. BENCH_VERBOSE=1 also prints each page's LCP element; BENCH_LHR_DIR=dir keeps every Lighthouse report.
import { chromium } from "playwright-core";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import * as chromeLauncher from "chrome-launcher";
import fs from "node:fs";
import nodePath from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.mjs";

const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];
const CUSTOMER = { email: "customer@rccomputers.in", password: "Customer@123" };
/** A demo shopper with orders (app/seed/demo-accounts.ts): the demo customer starts with none. */
const SHOPPER = { door: "/login", email: "aarav.gupta@example.com", password: "Customer@123" };
const VENDOR = { door: "/vendor/login", email: "vendor1@rccomputers.in", password: "Vendor@123" };
const ADMIN = { door: "/admin/login", email: "admin@rccomputers.in", password: "Admin@123" };
const PRODUCT = "/products/product-asus-tuf-gaming-a15";
/** Per Lighthouse run; the whole benchmark stops itself after TOTAL_TIMEOUT_MS. */
const RUN_TIMEOUT_MS = 120_000;
const TOTAL_TIMEOUT_MS = 30 * 60_000;
/** Runs a page, of which the median one is reported: one simulated run swings by a second or more. */
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

/**
 * The pages, and for the signed-in ones what must be on the page for the run to count: Lighthouse
 * would happily score the login page a redirect lands on.
 */
const PAGES = [
  { page: "/", path: "/" },
  { page: "/products", path: "/products" },
  { page: "product", path: PRODUCT },
  { page: "/cart", path: "/cart", signedIn: true, expect: /<h1[^>]*>Shopping Cart<\/h1>[\s\S]*ASUS TUF Gaming A15/ },
  { page: "/checkout", path: "/checkout", signedIn: true, expect: /<h2[^>]*>Shipping Address<\/h2>/ },
  { page: "/orders", path: "/orders", as: SHOPPER, expect: /<h1[^>]*>Your Orders<\/h1>[\s\S]*href="\/orders\/RC-/ },
  // The shopper's newest order: its path is read from /orders when the run starts.
  { page: "order", path: null, as: SHOPPER, expect: /<h1[^>]*>Order (?:<!-- -->)?RC-/ },
  { page: "/vendor/dashboard", path: "/vendor/dashboard", as: VENDOR, expect: /<h1[^>]*>Dashboard<\/h1>/ },
  { page: "/admin/dashboard", path: "/admin/dashboard", as: ADMIN, expect: /<h1[^>]*>Dashboard<\/h1>/ },
];

/** Chromium instances started and not yet killed, for the standalone run's time limit. */
const running = new Set();

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Signs the demo customer in and puts the product in the cart; returns a Cookie header. */
async function customerCookies(baseUrl) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(new URL("/login", baseUrl).href);
    await page.getByLabel("Email Address").fill(CUSTOMER.email);
    await page.getByLabel("Password", { exact: true }).fill(CUSTOMER.password);
    await Promise.all([
      page.waitForURL((url) => url.pathname !== "/login"),
      page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click(),
    ]);
    // Through the page, as a shopper would: the cart action answers the fetcher and sets the cookie.
    await page.goto(new URL(PRODUCT, baseUrl).href);
    const added = page.waitForResponse((res) => new URL(res.url()).pathname.startsWith("/cart") && res.request().method() === "POST");
    await page.getByRole("main").getByRole("button", { name: "Add to Cart", exact: true }).click();
    if (!(await added).ok()) throw new Error("adding to the cart failed");
    const cookies = await context.cookies(baseUrl);
    if (!cookies.some((c) => c.name.toLowerCase().includes("session"))) throw new Error("signing in set no session cookie");
    return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  } finally {
    await browser.close();
  }
}

/**
 * The JavaScript a page loads before any interaction, gzipped: what its HTML names (module
 * preloads, script tags, the bootstrap's imports, as scripts/bench.mjs counts) and everything
 * those import statically, so the figure holds even if the HTML stops listing every chunk.
 * Dynamic import() inside a module is a later load and is not counted.
 */
export async function firstLoadJsGzip(baseUrl, html, headers = {}) {
  const pending = [];
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g)) pending.push(m[1]);
  for (const m of html.matchAll(/<link[^>]+href="([^"]+)"[^>]*rel="modulepreload"/g)) pending.push(m[1]);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) pending.push(m[1]);
  for (const m of html.matchAll(/import\s*(?:[^"'()]*from\s*)?\(?\s*["']([^"']+\.js)["']/g)) pending.push(m[1]);
  const seen = new Set();
  let bytes = 0;
  while (pending.length > 0) {
    const url = new URL(pending.pop(), baseUrl);
    if (url.origin !== new URL(baseUrl).origin || seen.has(url.href)) continue;
    seen.add(url.href);
    const res = await fetch(url, { headers });
    if (!res.ok) continue;
    const body = Buffer.from(await res.arrayBuffer());
    bytes += zlib.gzipSync(body, { level: 9 }).length;
    // Static imports of the built (minified) module: `import{a as b}from"./x.js"`, `import"./y.js"`.
    for (const m of body.toString().matchAll(/\bimport\s*(?:[\w*{}\s,$]*?\bfrom\s*)?["']([^"']+\.js)["']/g)) pending.push(new URL(m[1], url).href);
  }
  return bytes;
}

/** Signs in through a door (the form posts as a browser without JavaScript would); returns a Cookie header. */
async function signedInCookies(baseUrl, { door, email, password }) {
  const res = await fetch(new URL(door, baseUrl), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(baseUrl).origin },
    body: new URLSearchParams({ email, password }).toString(),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (!cookies.some((c) => c.includes("session_token="))) throw new Error(`signing in as ${email} set no session cookie (${res.status})`);
  return cookies.join("; ");
}

export class RetryableError extends Error {}

/** One Lighthouse mobile run of one page; refuses a run that did not end on the page asked for. */
export async function lighthouseRun(port, base, path, headers) {
  const result = await withTimeout(
    lighthouse(
      base + path,
      { port, output: "json", logLevel: "error", onlyCategories: ["performance"] },
      // Lighthouse's defaults are the mobile ones (Moto G Power, slow 4G, 4x CPU); extraHeaders
      // goes on every request of the run, so the cookies survive Lighthouse clearing storage.
      { extends: "lighthouse:default", settings: { onlyCategories: ["performance"], extraHeaders: headers } },
    ),
    RUN_TIMEOUT_MS,
    `Lighthouse on ${path}`,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new RetryableError(`Lighthouse returned nothing for ${path}`);
  if (lhr.runtimeError) throw new RetryableError(`Lighthouse on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const landed = new URL(lhr.finalDisplayedUrl);
  if (landed.pathname !== new URL(base + path).pathname) throw new Error(`${path} ended at ${landed.pathname}, not the page`);
  return lhr;
}

/** The snippet of the page's LCP element, from Lighthouse's LCP breakdown. */
function lcpElement(lhr) {
  const items = lhr.audits["lcp-breakdown-insight"]?.details?.items ?? [];
  return items.find((item) => item.type === "node")?.snippet ?? "";
}

async function fetchPage(baseUrl, path, headers) {
  const res = await fetch(new URL(path, baseUrl), { headers, redirect: "manual" });
  const html = await res.text();
  return { status: res.status, location: res.headers.get("location"), html };
}

/**
 * Runs Lighthouse mobile on the nine pages against a running shop; returns one row a page
 * (times in ms, first-load JavaScript in gzipped KB). Starts and kills its own Chromium.
 */
export async function runLighthouse(baseUrl) {
  process.env.CHROME_PATH ??= CHROMIUM_PATH;
  const base = baseUrl.endsWith("/") ? baseUrl.slice(0, -1) : baseUrl;
  const cookie = await withTimeout(customerCookies(base), 90_000, "signing in");
  const accounts = new Map();
  for (const { as } of PAGES) if (as && !accounts.has(as)) accounts.set(as, await signedInCookies(base, as));
  const orders = await fetchPage(base, "/orders", { Cookie: accounts.get(SHOPPER) });
  const orderPath = /href="(\/orders\/RC-[^"]+)"/.exec(orders.html)?.[1];
  if (!orderPath) throw new Error("the demo shopper has no order to show");
  const launch = async () => {
    const started = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
    running.add(started);
    return started;
  };
  let chrome = await launch();
  let account = null;
  const rows = [];
  try {
    const only = new Set((process.env.BENCH_LIGHTHOUSE_PAGES ?? "").split(",").filter(Boolean));
    for (const { page, path: asked, signedIn, as, expect } of PAGES.filter((p) => only.size === 0 || only.has(p.page))) {
      const path = asked ?? orderPath;
      const headers = as ? { Cookie: accounts.get(as) } : signedIn ? { Cookie: cookie } : {};
      // Each account in a browser of its own: the customer's pages leave her cart in local storage,
      // which the shop restores into another account's page with a post that sets a cart cookie; the
      // browser then sends its own cookies instead of the run's Cookie header, signed out.
      if ((as ?? null) !== account) {
        running.delete(chrome);
        await chrome.kill();
        chrome = await launch();
        account = as ?? null;
      }
      const check = await fetchPage(base, path, headers);
      if (check.status !== 200) throw new Error(`${path} answered ${check.status}${check.location ? ` → ${check.location}` : ""}, not the page`);
      if (expect && !expect.test(check.html)) throw new Error(`${path} is not the expected page (signed in${signedIn ? ", with a cart" : ""})`);
      const lhrs = [];
      for (let failures = 0; lhrs.length < RUNS; ) {
        try {
          lhrs.push(await lighthouseRun(chrome.port, base, path, headers));
        } catch (error) {
          // A trace Chromium failed to record (NO_NAVSTART and the like) happens now and then: once more.
          if (!(error instanceof RetryableError) || ++failures > 2) throw error;
        }
      }
      // Lighthouse's own choice among runs: the one nearest the median FCP and time to interactive.
      const lhr = computeMedianRun(lhrs);
      if (process.env.BENCH_LHR_DIR) {
        fs.mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
        lhrs.forEach((one, i) => fs.writeFileSync(nodePath.join(process.env.BENCH_LHR_DIR, `${page.replace(/\W+/g, "_") || "home"}-${i + 1}.json`), JSON.stringify(one)));
      }
      const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
      rows.push({
        page,
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcpMs: Math.round(audit("first-contentful-paint")),
        lcpMs: Math.round(audit("largest-contentful-paint")),
        cls: Number(audit("cumulative-layout-shift").toFixed(3)),
        tbtMs: Math.round(audit("total-blocking-time")),
        firstLoadJsKb: Number(((await firstLoadJsGzip(base, check.html, headers)) / 1024).toFixed(1)),
        lcpElement: lcpElement(lhr),
        runs: lhrs.map((one) => Math.round((one.categories.performance.score ?? 0) * 100)),
      });
    }
  } finally {
    running.delete(chrome);
    await chrome.kill();
  }
  return rows;
}

/** The table, one line a page. */
export function formatRows(rows) {
  const header = ["page", "score", "FCP s", "LCP s", "CLS", "TBT ms", "JS gzip KB", "scores of the runs"];
  const lines = rows.map((r) => [
    r.page,
    String(r.score),
    (r.fcpMs / 1000).toFixed(2),
    (r.lcpMs / 1000).toFixed(2),
    String(r.cls),
    String(r.tbtMs),
    r.firstLoadJsKb.toFixed(1),
    r.runs.join(" "),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) => cells.map((c, i) => (i === 0 || i === header.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ").trimEnd();
  return [fmt(header), fmt(widths.map((w) => "-".repeat(w))), ...lines.map(fmt)].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const baseUrl = process.argv[2] || process.env.BENCH_BASE_URL;
  if (!baseUrl) {
    console.error("Usage: node scripts/bench-lighthouse.mjs <base URL of a running shop>   (or set BENCH_BASE_URL)");
    process.exit(2);
  }
  const stop = setTimeout(() => {
    console.error(`Lighthouse benchmark did not finish within ${TOTAL_TIMEOUT_MS / 60_000} minutes`);
    for (const chrome of running) chrome.kill();
    process.exit(1);
  }, TOTAL_TIMEOUT_MS);
  stop.unref();
  try {
    const rows = await runLighthouse(baseUrl);
    console.log(formatRows(rows));
    if (process.env.BENCH_VERBOSE) for (const r of rows) console.log(`${r.page} LCP element: ${r.lcpElement}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
