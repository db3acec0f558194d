// `npm start`: builds the shop when the build is missing or older than the sources, then serves it.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const marker = path.join(root, "build/server/index.js");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = ["app", "server", "public"].map((d) => path.join(root, d)).filter((d) => fs.existsSync(d));
const configs = ["package-lock.json", "vite.config.ts", "react-router.config.ts"].map((f) => path.join(root, f));
const sourceTime = Math.max(...sources.map(newestMtime), ...configs.filter(fs.existsSync).map((f) => fs.statSync(f).mtimeMs));
const buildTime = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;

if (buildTime < sourceTime) {
  console.log("Building RC Computers…");
  const r = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The quick start is the demo: when NODE_ENV is not set by the caller, serve the optimised build
// with the demo data on the embedded database. A deployment sets NODE_ENV=production itself,
// and then demo data is off unless SEED_DEMO=1.
const env = { ...process.env };
if (!env.NODE_ENV) {
  env.NODE_ENV = "production";
  if (!env.DATABASE_URL && env.SEED_DEMO === undefined) env.SEED_DEMO = "1";
}
const child = spawnSync(process.execPath, ["server.js"], { cwd: root, stdio: "inherit", env });
process.exit(child.status ?? 0);
