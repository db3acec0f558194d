// `npm run bench`: builds and serves the shop on a fresh embedded database, then, in one run:
// - the floor: a bare React renderToPipeableStream (production build) of a 24-product listing with
//   one SQLite query per request (scripts/bench-floor.mjs), on the same core, and each page's
//   requests per second as a ratio of it (autocannon, HTTP/1.1 keep-alive, no compression, like the
//   floor); also as a ratio of the floor on React's development build, as measured until 2026-11-27;
// - /products at 50 connections (p99); /, /products and a product page at 50 connections as a
//   browser asks, cookieless, with a cart and with a session (the same shared page: "× cookieless"),
//   and the visitor's private answer /visitor with each; the routes that do nothing (/robots.txt,
//   /healthz), and a 200-connection crowd for 60 s;
// - Lighthouse mobile on five pages, and four more signed in (scripts/bench-lighthouse.mjs);
// - then the catalogue, PC builder, order, job queue and order list benchmarks.
// The shop and the floor run pinned to one core (taskset) and the load generator to the other.
// Figures to read and record in docs/benchmarks.md; not a test (these machines are shared and noisy).
// BENCH_SECONDS (default 10) per page, BENCH_CROWD_SECONDS (default 60); BENCH_SKIP leaves parts
// out, comma-separated: crowd, lighthouse, catalog, builder, orders, jobs, lists, settlements, delivery, reviews. BENCH_PORT puts the shop on
// that port and the floors and ceilings on the next two (random ports by default).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { firstLoadJsGzip, formatRows, runLighthouse } from "./bench-lighthouse.mjs";

const root = path.resolve(import.meta.dirname, "..");
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const crowdSeconds = Number(process.env.BENCH_CROWD_SECONDS ?? 60);
const skip = new Set((process.env.BENCH_SKIP ?? "").split(",").filter(Boolean));
const port = Number(process.env.BENCH_PORT) || 20000 + Math.floor(Math.random() * 20000);
const floorPort = port + 1;
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-bench-"));

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// Two cores or more: the server gets one to itself, the load generator (this process) another.
const pinned = os.cpus().length >= 2 && spawnSync("taskset", ["-p", "-c", "0", String(process.pid)], { stdio: "ignore" }).status === 0;
function start(args, env, log) {
  const out = fs.openSync(path.join(dataDir, log), "w");
  const [cmd, argv] = pinned ? ["taskset", ["-c", "1", process.execPath, ...args]] : [process.execPath, args];
  const child = spawn(cmd, argv, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", out, out] });
  process.on("exit", () => child.kill("SIGTERM"));
  return child;
}

async function waitFor(url) {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    if (i > 300) throw new Error(`${url} did not start in a minute`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

console.log("Building…");
run("npx", ["react-router", "build"], { NODE_ENV: "production" });

// The server's log goes to a file: a pipe nobody reads fills up and then stalls every request.
const server = start(["server.js"], { PORT: String(port), DATA_DIR: dataDir, NODE_ENV: "production", SEED_DEMO: "1" }, "server.log");
await waitFor(base + "/");
// The floor runs React's production build, as the shop does. Until 2026-11-27 it ran the development
// build, several times slower; that one is measured too, so figures recorded before can be compared.
const floor = start(["scripts/bench-floor.mjs", path.join(dataDir, "shop.db"), String(floorPort)], { NODE_ENV: "production" }, "floor.log");
const devFloor = start(["scripts/bench-floor.mjs", path.join(dataDir, "shop.db"), String(floorPort + 1)], { NODE_ENV: "development" }, "dev-floor.log");
await waitFor(`http://127.0.0.1:${floorPort}/`);
await waitFor(`http://127.0.0.1:${floorPort + 1}/`);

/** The gzipped JavaScript a page loads before any interaction (its module graph), and its inline CSS. */
async function firstLoad(html) {
  const js = await firstLoadJsGzip(base, html);
  let css = 0;
  for (const m of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) css += zlib.gzipSync(m[1], { level: 9 }).length;
  return { js, css };
}

/** The cookies a form post from the shop's own page is answered with (name=value pairs). */
async function cookiesFromPost(path, body) {
  const res = await fetch(base + path, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body,
  });
  return { status: res.status, cookies: res.headers.getSetCookie().map((c) => c.split(";")[0]) };
}

/** The cookie the shop sets for a cart holding one laptop, as Add to Cart without JavaScript gets it. */
async function cartCookie() {
  const { status, cookies } = await cookiesFromPost("/cart", "intent=add&productId=product-asus-tuf-gaming-a15&quantity=1");
  const cookie = cookies.find((c) => c.startsWith("cart="));
  if (!cookie) throw new Error(`adding to the cart set no cookie (${status})`);
  return cookie;
}

/** The demo customer's session cookies, from a sign-in. */
async function sessionCookie() {
  const { status, cookies } = await cookiesFromPost("/login", "redirectTo=%2F&email=customer%40rccomputers.in&password=Customer%40123");
  if (!cookies.some((c) => c.includes("session_token="))) throw new Error(`signing in set no session cookie (${status})`);
  return cookies.join("; ");
}

const kb = (n) => (n / 1024).toFixed(1);
async function load(url, { connections = 10, duration = seconds, headers = {}, method = "GET", body } = {}) {
  const result = await autocannon({ url, connections, duration, headers, method, ...(body ? { body } : {}) });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    // A sign-in answers 302; anything else outside 2xx and 3xx is an error.
    errors: result.errors + result.timeouts + result["4xx"] + result["5xx"],
  };
}

const floorResult = await load(`http://127.0.0.1:${floorPort}/`);
floor.kill("SIGTERM");
const devFloorResult = await load(`http://127.0.0.1:${floorPort + 1}/`);
devFloor.kill("SIGTERM");
const ratio = (rps) => (rps / floorResult.rps).toFixed(2);
const devRatio = (rps) => (rps / devFloorResult.rps).toFixed(2);
/** A row of the table: requests per second against both floors, with latency and errors. */
const row = (page, r, extra = {}) => ({ page, "req/s": r.rps, "× floor": ratio(r.rps), "× dev floor": devRatio(r.rps), "p50 ms": r.p50, "p99 ms": r.p99, errors: r.errors, ...extra });
const rows = [row("floor: bare React + one SQLite query", floorResult), row("floor until 2026-11-27: the same on React's development build", devFloorResult)];

const pages = [
  ["home", "/"],
  ["catalogue", "/products"],
  ["search", "/products?q=laptop&sort=price-desc"],
  ["product", "/products/product-asus-tuf-gaming-a15"],
];
for (const [name, url] of pages) {
  const html = await (await fetch(base + url)).text();
  const { js, css } = await firstLoad(html);
  const r = await load(base + url);
  rows.push(row(`${name} ${url}`, r, { "JS gz KB": kb(js), "CSS gz KB": kb(css), "HTML gz KB": kb(zlib.gzipSync(html).length) }));
}
// As a browser asks: with Accept-Encoding, which the floor and the rows above do not send.
const BROWSER = { "accept-encoding": "gzip, deflate, br, zstd" };
// Once the page's brotli copy is made (in the background, server/page-cache.ts), a browser gets it.
await new Promise((r) => setTimeout(r, 500));
const servedAs = (await fetch(base + "/products", { headers: BROWSER })).headers.get("content-encoding") ?? "identity";
const browser = await load(base + "/products", { headers: BROWSER });
rows.push(row(`catalogue /products, as for a browser (${servedAs})`, browser));
const fifty = await load(base + "/products", { connections: 50 });
rows.push(row("catalogue /products, 50 connections", fifty));
// The same page for everyone (docs/decisions/027-one-page-for-everyone.md): a shopper with a cart
// and a signed-in customer get the shared page a cookieless visitor gets, from the page cache, as a
// browser asks (50 connections, brotli). Their own state is the private answer GET /visitor, one
// per page view: its rows are read against the floor.
const cookies = { "a cart": await cartCookie(), "a session": await sessionCookie() };
const SHARED_PAGES = [
  ["home", "/"],
  ["catalogue", "/products"],
  ["product", "/products/product-asus-tuf-gaming-a15"],
];
for (const [name, url] of SHARED_PAGES) {
  const cookieless = await load(base + url, { connections: 50, headers: BROWSER });
  rows.push(row(`${name} ${url}, 50 connections, cookieless`, cookieless));
  for (const [who, cookie] of Object.entries(cookies)) {
    const r = await load(base + url, { connections: 50, headers: { ...BROWSER, cookie } });
    rows.push(row(`${name} ${url}, 50 connections, with ${who}`, r, { "× cookieless": (r.rps / cookieless.rps).toFixed(2) }));
  }
}
for (const [who, cookie] of Object.entries(cookies)) {
  const r = await load(base + "/visitor?product=product-asus-tuf-gaming-a15", { connections: 50, headers: { ...BROWSER, cookie } });
  rows.push(row(`visitor's answer /visitor?product=…, 50 connections, with ${who}`, r));
}
for (const url of ["/robots.txt", "/healthz"]) {
  const r = await load(base + url);
  rows.push(row(url, r));
}
// Sign-in: the customer's password checked (scrypt) and a session stored, each time.
const signIn = await load(base + "/login", {
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
  body: "redirectTo=%2F&email=customer%40rccomputers.in&password=Customer%40123",
});
rows.push(row("sign-in POST /login", signIn));
if (!skip.has("crowd")) {
  const crowd = await load(base + "/products", { connections: 200, duration: crowdSeconds });
  rows.push(row(`crowd: /products, 200 connections, ${crowdSeconds} s`, crowd));
}
console.log(`\nHTTP: ${seconds} s per row at 10 connections unless named, Node ${process.version}, ${os.cpus().length} cores, ${pinned ? "server and floor pinned to core 1, load generator to core 0" : "not pinned"}`);
console.table(rows);

if (!skip.has("lighthouse")) {
  // Chromium gets every core back: confined to the load generator's one core, its own processes
  // compete and its tasks look longer than a phone's (Lighthouse scales what it observes).
  if (pinned) spawnSync("taskset", ["-p", "-c", `0-${os.cpus().length - 1}`, String(process.pid)], { stdio: "ignore" });
  console.log("\nLighthouse mobile (simulated slow 4G, 4x CPU slowdown):");
  console.log(formatRows(await runLighthouse(base)));
}
server.kill("SIGTERM");
fs.rmSync(dataDir, { recursive: true, force: true });

const benchmarks = [
  ["catalog", "Catalogue queries at 100,000 products", "scripts/bench-catalog.ts"],
  ["builder", "The PC builder's slot lists at 100,000 PC parts", "scripts/bench-builder.ts"],
  ["orders", "Order placement", "scripts/bench-orders.ts"],
  ["jobs", "Job queue (mail)", "scripts/bench-jobs.ts"],
  ["lists", "Vendor and admin order lists at 50,000 orders", "scripts/bench-vendor-orders.ts"],
  ["settlements", "Sellers' balances, statements and tax reports at 100,000 order parts", "scripts/bench-settlements.ts"],
  ["delivery", "PIN directory load and memory, a PIN lookup and a delivery promise", "scripts/bench-pin-directory.ts", ["--expose-gc"]],
  ["reviews", "A product page's reviews at 100,000 products and 1,000,000 reviews", "scripts/bench-reviews.ts"],
];
for (const [key, title, script, flags = []] of benchmarks) {
  if (skip.has(key)) continue;
  console.log(`\n${title}:`);
  run("npx", ["tsx", ...flags, script]);
}
