// Where a page's JavaScript time goes between compiling and running, and on which thread
// (docs/decisions/028-less-hydration.md, "Fifth step"). For each build given, cold loads of one page
// at 4x CPU slowdown on a 412 px viewport, in turn, with Chromium's trace: the main thread's script
// time (Lighthouse's "Script Evaluation" events) and compile time, compiling on other threads, and
// the JavaScript heap; medians. Then one load of each build with V8's function log: per file, how
// many functions V8 compiled and how long that took, unthrottled, on whichever thread (at a
// function's first call on the main thread, unless the file asks for all at once on a background
// thread). The shops must already be running:
//   node scripts/profile-compile.mjs /products/product-sony-wh-1000xm5 http://127.0.0.1:4400 [http://127.0.0.1:4410 ...]
// PROFILE_RUNS=9 sets the loads a build (5). Figures to read, not a test.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.mjs";

const [pagePath, ...builds] = process.argv.slice(2);
if (!pagePath?.startsWith("/") || builds.length === 0) {
  console.error("Usage: node scripts/profile-compile.mjs <page path> <base URL of a build> [more builds...]");
  process.exit(2);
}
const RUNS = Math.max(1, Number(process.env.PROFILE_RUNS ?? 5));
const stop = setTimeout(() => {
  console.error("profile-compile: stopped after 20 minutes");
  process.exit(1);
}, 20 * 60_000);
stop.unref();

// Lighthouse's groups (lighthouse/core/lib/tracehouse/task-groups.js).
const SCRIPT = new Set(["EventDispatch", "EvaluateScript", "v8.evaluateModule", "FunctionCall", "TimerFire", "FireIdleCallback", "FireAnimationFrame", "RunMicrotasks", "V8.Execute"]);
const COMPILE = new Set(["v8.compile", "v8.compileModule", "v8.parseOnBackground"]);
const CATEGORIES = "devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.stack,v8,v8.execute";
const viewport = { width: 412, height: 823 };

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** Total time of `events` (one thread's), counting an event nested in another of them once. */
function outermost(events) {
  let total = 0;
  let end = -1;
  for (const e of [...events].sort((a, b) => a.ts - b.ts || b.dur - a.dur)) {
    if (e.ts < end) continue;
    end = e.ts + e.dur;
    total += e.dur / 1000;
  }
  return total;
}

async function tracedLoad(browser, base) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Performance.enable");
  const events = [];
  cdp.on("Tracing.dataCollected", ({ value }) => events.push(...value));
  const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.start", { categories: CATEGORIES, transferMode: "ReportEvents" });
  await page.goto(base + pagePath, { waitUntil: "load" });
  await page.waitForTimeout(2000);
  const heap = (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === "JSHeapUsedSize").value / 1e6;
  await cdp.send("Tracing.end");
  await complete;
  await context.close();

  const main = events.find((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain" && events.some((x) => x.pid === e.pid && x.name === "EvaluateScript"));
  const own = events.filter((e) => e.pid === main.pid && e.ph === "X");
  const onMain = own.filter((e) => e.tid === main.tid);
  const grouped = onMain.filter((e) => SCRIPT.has(e.name) || COMPILE.has(e.name));
  // Lighthouse charges nested events to the outermost grouped one.
  let script = 0;
  let compile = 0;
  let end = -1;
  for (const e of grouped.sort((a, b) => a.ts - b.ts || b.dur - a.dur)) {
    if (e.ts < end) continue;
    end = e.ts + e.dur;
    if (SCRIPT.has(e.name)) script += e.dur / 1000;
    else compile += e.dur / 1000;
  }
  const byThread = Map.groupBy(
    own.filter((e) => e.tid !== main.tid && /compile|parse/i.test(e.name)),
    (e) => e.tid,
  );
  const background = [...byThread.values()].reduce((sum, list) => sum + outermost(list), 0);
  return { script, compile, background, heap };
}

async function functionLog(base) {
  // One log per V8 isolate: the page's, and Chromium's own pages', whose script ids overlap.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "profile-compile-"));
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--js-flags=--log-function-events --logfile=${path.join(dir, "v8.log")}`],
  });
  try {
    const page = await browser.newPage({ viewport });
    await page.goto(base + pagePath, { waitUntil: "load" });
    await page.waitForTimeout(2000);
  } finally {
    await browser.close();
  }
  // Lines of V8's log: function,<event>,<script id>,<start>,<end>,<ms>,<timestamp>,<name>
  const logs = fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name), "latin1"));
  fs.rmSync(dir, { recursive: true, force: true });
  const pageLog = logs.find((text) => text.includes(`script-details,`) && text.includes(base + "/assets/"));
  if (!pageLog) throw new Error("no V8 log holds the page's scripts");
  const files = new Map();
  const perScript = new Map();
  for (const line of pageLog.split("\n")) {
    const [kind, event, id, start, , ms] = line.split(",");
    if (kind === "script-details" && id?.startsWith(base)) files.set(event, new URL(id).pathname);
    if (kind !== "function" || !["parse-function", "full-parse", "interpreter"].includes(event)) continue;
    const entry = perScript.get(id) ?? { functions: new Set(), ms: 0 };
    if (event === "interpreter") entry.functions.add(start);
    entry.ms += Number(ms);
    perScript.set(id, entry);
  }
  return [...perScript]
    .filter(([id]) => files.has(id))
    .map(([id, { functions, ms }]) => ({ file: files.get(id), functions: functions.size, ms }))
    .sort((a, b) => b.ms - a.ms);
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const runs = builds.map(() => []);
try {
  for (let i = 0; i < RUNS; i++) for (const [k, base] of builds.entries()) runs[k].push(await tracedLoad(browser, base));
} finally {
  await browser.close();
}
for (const [k, base] of builds.entries()) {
  const m = (field) => median(runs[k].map((r) => r[field]));
  console.log(
    `${base}${pagePath}: main thread at 4x: script ${m("script").toFixed(0)} ms, compile ${m("compile").toFixed(0)} ms; ` +
      `compiling on other threads ${m("background").toFixed(0)} ms (unthrottled); JavaScript heap ${m("heap").toFixed(1)} MB  (medians of ${RUNS})`,
  );
  const files = await functionLog(base);
  const total = files.reduce((sum, f) => sum + f.ms, 0);
  console.log(`  V8 compiling, unthrottled, any thread: ${total.toFixed(1)} ms in all`);
  for (const f of files.slice(0, 8)) console.log(`  ${f.ms.toFixed(1).padStart(6)} ms  ${String(f.functions).padStart(4)} functions  ${f.file}`);
}
