// `npm run bench`: builds, serves the shop on a fresh embedded database, and reports for the main
// pages requests per second and p50/p99 latency under load (autocannon), and the gzipped
// JavaScript and CSS each page loads first. Then the catalogue query benchmark at 100,000 products.
// Figures to read and record in the README; not a test (these machines are shared and noisy).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";

const root = path.resolve(import.meta.dirname, "..");
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const port = 20000 + Math.floor(Math.random() * 20000);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-bench-"));

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

console.log("Building…");
run("npx", ["react-router", "build"], { NODE_ENV: "production" });

const server = spawn(process.execPath, ["server.js"], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: "production", SEED_DEMO: "1" },
  stdio: ["ignore", "pipe", "inherit"],
});
process.on("exit", () => server.kill("SIGTERM"));

for (let i = 0; ; i++) {
  try {
    if ((await fetch(base + "/")).ok) break;
  } catch {
    /* not up yet */
  }
  if (i > 100) throw new Error("server did not start");
  await new Promise((r) => setTimeout(r, 200));
}

const pages = [
  ["home", "/"],
  ["catalogue", "/products"],
  ["search", "/products?q=laptop&sort=price-desc"],
  ["product", "/products/product-asus-tuf-gaming-a15"],
];

function gzipSize(file) {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** Every script and stylesheet the page's HTML asks for before any interaction. */
function firstLoadAssets(html) {
  const urls = new Set();
  for (const m of html.matchAll(/<link[^>]+rel="(?:modulepreload|stylesheet)"[^>]*href="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+href="([^"]+)"[^>]*rel="(?:modulepreload|stylesheet)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/import\s*(?:[^"']*from\s*)?["']([^"']+\.js)["']/g)) urls.add(m[1]);
  let js = 0;
  let css = 0;
  for (const u of urls) {
    if (!u.startsWith("/")) continue;
    const file = path.join(root, "build/client", u);
    if (!fs.existsSync(file)) continue;
    if (u.endsWith(".js")) js += gzipSize(file);
    else if (u.endsWith(".css")) css += gzipSize(file);
  }
  return { js, css };
}

const kb = (n) => (n / 1024).toFixed(1);
const rows = [];
for (const [name, url] of pages) {
  const html = await (await fetch(base + url)).text();
  const { js, css } = firstLoadAssets(html);
  const result = await autocannon({ url: base + url, connections, duration: seconds });
  rows.push({
    page: `${name} ${url}`,
    "req/s": Math.round(result.requests.average),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    errors: result.errors + result.non2xx,
    "JS gz KB": kb(js),
    "CSS gz KB": kb(css),
    "HTML gz KB": kb(zlib.gzipSync(html).length),
  });
}
console.log(`\nHTTP: ${connections} connections, ${seconds} s per page, Node ${process.version}, ${os.cpus().length} cores`);
console.table(rows);
server.kill("SIGTERM");
fs.rmSync(dataDir, { recursive: true, force: true });

console.log("\nCatalogue queries at 100,000 products:");
run("npx", ["tsx", "scripts/bench-catalog.ts"]);

console.log("\nOrder placement:");
run("npx", ["tsx", "scripts/bench-orders.ts"]);

console.log("\nJob queue (mail):");
run("npx", ["tsx", "scripts/bench-jobs.ts"]);

console.log("\nVendor and admin order lists at 50,000 orders:");
run("npx", ["tsx", "scripts/bench-vendor-orders.ts"]);
