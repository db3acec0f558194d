// The sale's figures: latency by kind and by 2-second window (counted from each request's planned
// send time, so time spent queued anywhere, the generator included, counts), errors by status, the
// orders acknowledged and then found or lost, and the issue's targets met or not.
import { PAGE_KINDS } from "./schedule.mjs";

export const WINDOW_MS = 2_000;
/** Issue 46's targets. */
export const TARGETS = { pageP99Ms: 1_000, afterMs: 10_000, orderP99Ms: 2_000 };
const KINDS = [...PAGE_KINDS, "checkout", "order"];

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * p50, p95, p99 and max of the latencies of these results, a failed request counting as slower than
 * any answer: a visitor who got a 502 did not get the page in a second either.
 */
function latencies(results) {
  const sorted = results.map((r) => (r.ok ? r.ms : Infinity)).sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? null };
}

/** "3 (502×2, timeout×1)", or 0. */
function errorText(results) {
  const failed = results.filter((r) => !r.ok);
  if (failed.length === 0) return "0";
  const by = new Map();
  for (const r of failed) by.set(r.outcome, (by.get(r.outcome) ?? 0) + 1);
  return `${failed.length} (${[...by].map(([what, n]) => `${what}×${n}`).join(", ")})`;
}

/** Whether the request was on its way while a fault lasted. */
function duringFault(result, faults) {
  return faults.some((f) => result.at <= f.to && result.at + result.ms >= f.from);
}

/** Everything the report prints, as data (also written to the JSON file). */
export function summarise({ results, events, faults, orders, seconds, nginx, generatorCpu }) {
  const byKind = Object.fromEntries(
    KINDS.map((kind) => {
      const of = results.filter((r) => r.kind === kind);
      return [kind, { ...latencies(of), errors: errorText(of) }];
    }),
  );
  const pages = results.filter((r) => PAGE_KINDS.includes(r.kind));
  const windows = [];
  for (let from = 0; from < seconds * 1000; from += WINDOW_MS) {
    const inWindow = (r) => r.at >= from && r.at < from + WINDOW_MS;
    const pageResults = pages.filter(inWindow);
    const orderResults = results.filter((r) => r.kind === "order" && inWindow(r));
    windows.push({
      from,
      sent: results.filter(inWindow).length,
      pages: latencies(pageResults),
      orders: latencies(orderResults),
      errors: errorText(results.filter(inWindow)),
      events: events.filter((e) => e.at >= from && e.at < from + WINDOW_MS).map((e) => `${e.what} at ${(e.at / 1000).toFixed(1)} s`),
    });
  }
  const lateSends = results.map((r) => r.lag).sort((a, b) => a - b);
  const pageFailuresOutside = pages.filter((r) => !r.ok && !duringFault(r, faults));
  const order = latencies(results.filter((r) => r.kind === "order"));
  const judged = windows.filter((w) => w.from >= TARGETS.afterMs && w.pages.n > 0);
  const worst = judged.reduce((a, w) => (a === null || w.pages.p99 > a.pages.p99 ? w : a), null);
  const slowWindows = judged.filter((w) => w.pages.p99 > TARGETS.pageP99Ms).map((w) => w.from / 1000);
  return {
    byKind,
    windows,
    events,
    nginx,
    generator: { sendLagP99: percentile(lateSends, 99), sendLagMax: lateSends.at(-1) ?? null, cpu: generatorCpu },
    pageFailures: { total: pages.filter((r) => !r.ok).length, outsideFaults: errorText(pageFailuresOutside), outsideCount: pageFailuresOutside.length },
    orders,
    targets: [
      {
        target: `page p99 ≤ ${TARGETS.pageP99Ms / 1000} s in every ${WINDOW_MS / 1000}-s window after the first ${TARGETS.afterMs / 1000} s`,
        met: slowWindows.length === 0,
        detail: worst ? `worst ${withUnit(worst.pages.p99)} in the window at ${worst.from / 1000} s${slowWindows.length ? `; over in the windows at ${slowWindows.join(", ")} s` : ""}` : "no window to judge",
      },
      {
        target: `order placement p99 ≤ ${TARGETS.orderP99Ms / 1000} s`,
        met: order.n === 0 || order.p99 <= TARGETS.orderP99Ms,
        detail: order.n ? `${withUnit(order.p99)} over ${order.n} orders` : "no orders placed (0 a second)",
      },
      {
        target: "no page request failed outside a fault",
        met: pageFailuresOutside.length === 0,
        detail: `${pageFailuresOutside.length} failed outside, ${pages.filter((r) => !r.ok).length - pageFailuresOutside.length} during a fault`,
      },
      { target: "no acknowledged order lost", met: orders.lost.length === 0, detail: `${orders.acknowledged} acknowledged, ${orders.found} found, ${orders.lost.length} lost` },
    ],
  };
}

const withUnit = (v) => (v === Infinity ? "failed (more than 1 in 100 failed)" : `${ms(v)} ms`);
const ms = (v) => (v === null ? "-" : v === Infinity ? "failed" : v < 10 ? v.toFixed(1) : String(Math.round(v)));

/** A plain text table: each column as wide as its widest cell, numbers right-aligned. */
export function table(header, rows) {
  const cells = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? "").length)));
  const numeric = header.map((_, i) => rows.every((row) => /^([-\d.,]+|failed)( \(\d+\))?$/.test(String(row[i]))));
  return cells
    .map((row) => row.map((cell, i) => (numeric[i] ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join("  ").trimEnd())
    .join("\n");
}

/** The report of one run, as printed. */
export function formatReport(title, summary) {
  const kinds = table(
    ["kind", "count", "p50 ms", "p95 ms", "p99 ms", "max ms", "errors"],
    Object.entries(summary.byKind)
      .filter(([, k]) => k.n > 0)
      .map(([kind, k]) => [kind, k.n, ms(k.p50), ms(k.p95), ms(k.p99), ms(k.max), k.errors]),
  );
  const windows = table(
    ["t s", "sent", "pages p50", "pages p99", "order p99 (n)", "errors", "events"],
    summary.windows.map((w) => [w.from / 1000, w.sent, ms(w.pages.p50), ms(w.pages.p99), w.orders.n ? `${ms(w.orders.p99)} (${w.orders.n})` : "-", w.errors, w.events.join("; ")]),
  );
  const o = summary.orders;
  const orders = [
    `Orders: ${o.attempted} placing posts, ${o.acknowledged} acknowledged (302 to the confirmation), ${o.found} of them found in the database, ${o.lost.length} lost${o.lost.length ? ` (${o.lost.join(", ")})` : ""}.`,
    `  Not acknowledged: ${o.attempted - o.acknowledged}; of those, ${o.placedUnacknowledged} placed all the same (found by their idempotency key).`,
  ].join("\n");
  const events = summary.events.length ? `Events: ${summary.events.map((e) => `${e.what} at ${(e.at / 1000).toFixed(1)} s`).join("; ")}.` : "Events: none.";
  const nginx = summary.nginx.length ? `nginx logged: ${summary.nginx.map((c) => `${c.count} × ${c.message}`).join("; ")}.` : "nginx logged no errors.";
  const targets = summary.targets.map((t) => `  ${t.met ? "✓" : "✗"} ${t.target}: ${t.detail}`).join("\n");
  const failed = "A failed request counts as slower than any answer (\"failed\" where a percentile falls on one).";
  const generator = `The generator sent each request within ${ms(summary.generator.sendLagP99)} ms of its planned time at p99 (at worst ${ms(summary.generator.sendLagMax)} ms late), using ${Math.round(summary.generator.cpu * 100)} % of a core; latency counts from the planned time.`;
  return [`\n${title}`, "", kinds, "", `By ${WINDOW_MS / 1000}-second window of planned send time (pages: ${PAGE_KINDS.join(", ")}):`, windows, failed, "", orders, events, nginx, generator, "", "Targets:", targets].join("\n");
}

/** Two runs' kinds side by side. */
export function formatComparison(reference, current) {
  const rows = Object.keys(current.summary.byKind)
    .filter((kind) => current.summary.byKind[kind].n > 0 || reference.summary.byKind[kind].n > 0)
    .map((kind) => {
      const a = reference.summary.byKind[kind];
      const b = current.summary.byKind[kind];
      return [kind, ms(a.p50), ms(a.p99), a.errors, ms(b.p50), ms(b.p99), b.errors];
    });
  const targets = current.summary.targets.map((t, i) => `  ${reference.summary.targets[i].met ? "✓" : "✗"} / ${t.met ? "✓" : "✗"}  ${t.target}`).join("\n");
  return [
    `\nSide by side: ${reference.label} (reference) and ${current.label} (this tree), the same schedule`,
    "",
    table(["kind", "ref p50", "ref p99", "ref errors", "this p50", "this p99", "this errors"], rows),
    "",
    "Targets (reference / this tree):",
    targets,
  ].join("\n");
}
