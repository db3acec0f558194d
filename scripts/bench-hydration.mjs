// Script evaluation and total blocking time of the public pages, two builds side by side
// (issue 34: "at most half of ed79f49's, measured side by side in one run"). Lighthouse mobile
// (4x CPU slowdown) runs each page on build A, then on build B, in turn, BENCH_LIGHTHOUSE_RUNS
// times (5), so both see the same machine; the medians are compared, never the absolute figures
// (docs/benchmarks.md says why). Both shops must already be running:
//   node scripts/bench-hydration.mjs http://127.0.0.1:4410 http://127.0.0.1:4400
// BENCH_HYDRATION_PAGES=/,/products picks pages. Figures to read, not a test.
import * as chromeLauncher from "chrome-launcher";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.mjs";
import { RetryableError, lighthouseRun } from "./bench-lighthouse.mjs";

const PAGES = (process.env.BENCH_HYDRATION_PAGES ?? "/,/products,/products/product-sony-wh-1000xm5").split(",");
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5));

const [a, b] = process.argv.slice(2);
if (!a || !b) {
  console.error("Usage: node scripts/bench-hydration.mjs <base URL of build A> <base URL of build B>");
  process.exit(2);
}
const stop = setTimeout(() => {
  console.error("bench-hydration: stopped after 40 minutes");
  process.exit(1);
}, 40 * 60_000);
stop.unref();

/** Lighthouse's main-thread breakdown: script evaluation (ms, after the 4x slowdown). */
function scriptEvaluation(lhr) {
  const items = lhr.audits["mainthread-work-breakdown"]?.details?.items ?? [];
  return items.find((i) => i.group === "scriptEvaluation")?.duration ?? Number.NaN;
}
const median = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

process.env.CHROME_PATH ??= CHROMIUM_PATH;
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH, chromeFlags: ["--headless=new", ...CHROMIUM_ARGS], logLevel: "silent" });
const rows = [];
try {
  for (const path of PAGES) {
    const runs = { a: [], b: [] };
    for (let i = 0; i < RUNS; i++) {
      for (const [key, base] of [["a", a], ["b", b]]) {
        for (let failures = 0; ; ) {
          try {
            const lhr = await lighthouseRun(chrome.port, base, path, {});
            runs[key].push({ se: scriptEvaluation(lhr), tbt: lhr.audits["total-blocking-time"].numericValue });
            break;
          } catch (error) {
            if (!(error instanceof RetryableError) || ++failures > 2) throw error;
          }
        }
      }
    }
    const m = (key, f) => Math.round(median(runs[key].map((r) => r[f])));
    rows.push({ path, seA: m("a", "se"), seB: m("b", "se"), tbtA: m("a", "tbt"), tbtB: m("b", "tbt"), runs });
    const r = rows.at(-1);
    console.log(
      `${path}: script evaluation ${r.seA} → ${r.seB} ms (${(r.seB / r.seA).toFixed(2)}), TBT ${r.tbtA} → ${r.tbtB} ms (${(r.tbtB / Math.max(1, r.tbtA)).toFixed(2)})` +
        `  [A ${runs.a.map((x) => Math.round(x.se)).join(" ")} | B ${runs.b.map((x) => Math.round(x.se)).join(" ")}]`,
    );
  }
} finally {
  await chrome.kill();
}
