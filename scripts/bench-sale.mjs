// `npm run bench:sale`: a sale day, reproduced (issue 46). Two instances of the shop's production
// build on one PostgreSQL cluster the bench starts itself (never the machine's shared one), behind
// Debian's nginx as a deployment balances them (scripts/bench-sale/balancer.mjs, docs/operations.md);
// 1,000 visitors, each with a cart the shop made them, and 500 requests a second sent on a fixed
// schedule whether or not the earlier ones were answered (an open loop: 20 % /, 25 % /products, 25 %
// a product page, 25 % /visitor, 5 % Add to Cart), plus signed-in customers placing cash-on-delivery
// orders at a fixed rate (2 a second), for 60 s; faults on cue (kill -9 of an instance, a restart of
// the bench's PostgreSQL). It prints p50/p95/p99 per kind and per 2-second window, counted from each
// request's planned time, the errors, the orders acknowledged and then found or lost, and issue 46's
// targets met or not, and writes every request's result as JSON under the temporary folder.
// --embedded: the same sale, smaller, on the default (one instance on SQLite, 300 a second, 1 order
// a second). --reference DIR: the same sale first on another checkout, then on this tree, side by
// side. `npm run bench:sale -- --help` lists the options; docs/benchmarks.md, "Sale day", says more.
// Nothing is pinned to a core: the generator, nginx, PostgreSQL and the instances share them all.
import "./bench-sale/cleanup.mjs";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readOptions } from "./bench-sale/options.mjs";
import { formatComparison, formatReport } from "./bench-sale/report.mjs";
import { runSale } from "./bench-sale/scenario.mjs";

const root = path.resolve(import.meta.dirname, "..");
/** This tree's build for the bench, beside the ./build that others' tests and `npm start` use. */
const BENCH_BUILD = "build-bench-sale";
const options = readOptions();

/** Runs a command to its end with its output held, shown only when it fails. */
function quietly(what, cmd, args, { cwd, env = {} }) {
  const r = spawnSync(cmd, args, { cwd, env: { ...process.env, ...env }, encoding: "utf8" });
  if (r.status !== 0) {
    console.error(`${what} failed:\n${r.stdout}${r.stderr}`);
    process.exit(r.status ?? 1);
  }
}

/** The commit a checkout is at, and whether it has changes of its own (tracked files only). */
function describe(dir) {
  const git = (...args) => spawnSync("git", ["-C", dir, ...args], { encoding: "utf8" }).stdout.trim();
  const commit = git("rev-parse", "--short", "HEAD") || "unknown commit";
  return git("status", "--porcelain", "--untracked-files=no") ? `${commit} with uncommitted changes` : commit;
}

/** The reference checkout, built if it has no build yet (`build`, as npm start makes it). */
function prepareReference(dir) {
  const checkout = path.resolve(dir);
  if (!fs.existsSync(path.join(checkout, "server.js")) || !fs.existsSync(path.join(checkout, "node_modules"))) {
    console.error(`--reference ${dir}: not a checkout of the shop with its node_modules (docs/benchmarks.md, "Sale day", says how to make one).`);
    process.exit(2);
  }
  if (!fs.existsSync(path.join(checkout, "build/server/index.js"))) {
    console.log(`Building the reference ${checkout}…`);
    quietly("Building the reference", "npx", ["react-router", "build"], { cwd: checkout, env: { NODE_ENV: "production", BUILD_DIR: "build" } });
  }
  return { checkout, buildDir: "build", label: describe(checkout) };
}

function scenarioText() {
  const o = options;
  const where = o.embedded ? "1 instance on the embedded SQLite database" : `${o.instances} instances on one PostgreSQL database (a private cluster)`;
  const faults = [
    o.killInstanceAt !== null && `kill -9 of instance a at ${o.killInstanceAt} s, started again ${o.restartAfter} s later`,
    o.restartPostgresAt !== null && `PostgreSQL restarted at ${o.restartPostgresAt} s`,
  ].filter(Boolean);
  return `${where} behind nginx${o.retry503 ? " (retrying 503s)" : ""}; ${o.rate} requests/s from ${o.visitors} visitors with carts, ${o.ordersPerSecond > 0 ? `${o.ordersPerSecond} orders/s from ${o.customers} customers` : "no orders"}, ${o.seconds} s, seed ${o.seed}; ${faults.length ? faults.join(", ") : "no faults"}`;
}

quietly("Installing nginx", process.execPath, [path.join(root, "scripts/ensure-nginx.mjs")], { cwd: root });
const runs = [];
if (options.reference) runs.push(prepareReference(options.reference));
if (options.build) {
  console.log(`Building this tree into ${BENCH_BUILD}/…`);
  quietly("Building this tree", "npx", ["react-router", "build"], { cwd: root, env: { NODE_ENV: "production", BUILD_DIR: BENCH_BUILD } });
} else if (!fs.existsSync(path.join(root, BENCH_BUILD, "server/index.js"))) {
  console.error(`--no-build: there is no ${BENCH_BUILD}/ to serve yet; run once without it.`);
  process.exit(2);
}
runs.push({ checkout: root, buildDir: BENCH_BUILD, label: `this tree (${describe(root)})` });

console.log(`\nSale day: ${scenarioText()}.\nNode ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} at the start.`);
const finished = [];
for (const run of runs) {
  console.log(`\n${run.label}:`);
  finished.push(await runSale({ ...run, options }));
}
for (const run of finished) {
  const load = `load average ${run.loadAverage.before.toFixed(1)} before, ${run.loadAverage.after.toFixed(1)} after`;
  console.log(formatReport(`${run.label} (${load}): ${scenarioText()}`, run.summary));
}
if (finished.length === 2) console.log(formatComparison(finished[0], finished[1]));

// A percentile that falls on a failed request is Infinity in the summary: "failed" in the file.
const file = path.join(os.tmpdir(), `rc-bench-sale-${new Date().toISOString().replaceAll(":", "-").slice(0, 19)}.json`);
fs.writeFileSync(file, JSON.stringify({ scenario: scenarioText(), options, node: process.version, cores: os.cpus().length, runs: finished }, (_, v) => (v === Infinity ? "failed" : v)));
console.log(`\nEvery request's result: ${file}`);
