// Script evaluation and total blocking time of the public pages, builds side by side (issue 34:
// "at most half of ed79f49's, measured side by side in one run"). Lighthouse mobile (4x CPU
// slowdown) runs each page on every build in turn, BENCH_LIGHTHOUSE_RUNS times (5), so all see the
// same machine; each build's medians are compared with the first build's, never the absolute
// figures (docs/benchmarks.md says why). The shops must already be running; the first is the
// reference, and more than one may follow it (a step and the one before, say):
//   node scripts/bench-hydration.mjs http://127.0.0.1:4410 http://127.0.0.1:4400 [http://127.0.0.1:4420 ...]
// BENCH_HYDRATION_PAGES=/,/products picks pages. Figures to read, not a test.
import * as chromeLauncher from "chrome-launcher";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.mjs";
import { RetryableError, lighthouseRun } from "./bench-lighthouse.mjs";

const PAGES = (process.env.BENCH_HYDRATION_PAGES ?? "/,/products,/products/product-sony-wh-1000xm5").split(",");
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5));

const builds = process.argv.slice(2);
if (builds.length < 2) {
  console.error("Usage: node scripts/bench-hydration.mjs <base URL of the reference build> <base URL of a build> [more builds...]");
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
try {
  for (const path of PAGES) {
    const runs = builds.map(() => []);
    for (let i = 0; i < RUNS; i++) {
      for (const [k, base] of builds.entries()) {
        for (let failures = 0; ; ) {
          try {
            const lhr = await lighthouseRun(chrome.port, base, path, {});
            runs[k].push({ se: scriptEvaluation(lhr), tbt: lhr.audits["total-blocking-time"].numericValue });
            break;
          } catch (error) {
            if (!(error instanceof RetryableError) || ++failures > 2) throw error;
          }
        }
      }
    }
    const m = (k, f) => Math.round(median(runs[k].map((r) => r[f])));
    const ratio = (k, f) => (m(k, f) / Math.max(1, m(0, f))).toFixed(2);
    console.log(`${path}: reference ${builds[0]}: script evaluation ${m(0, "se")} ms, TBT ${m(0, "tbt")} ms  [${runs[0].map((x) => Math.round(x.se)).join(" ")}]`);
    for (let k = 1; k < builds.length; k++) {
      console.log(
        `  ${builds[k]}: script evaluation ${m(k, "se")} ms (${ratio(k, "se")}), TBT ${m(k, "tbt")} ms (${ratio(k, "tbt")})  [${runs[k].map((x) => Math.round(x.se)).join(" ")}]`,
      );
    }
  }
} finally {
  await chrome.kill();
}
