import { INDIA_OFFSET_MS } from "./india-time";

/**
 * The dashboards' charts, as data: periods cut into days, weeks and months of India time, empty
 * ones filled with zero, and "nice" axis ticks. Pure: the queries (admin/sales.server.ts,
 * vendors/sales.server.ts) count into these buckets and the chart components draw them.
 */

export const SALES_PERIODS = ["day", "week", "month"] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];

/** How many buckets each period's chart shows: the last 30 days, 12 weeks or 12 months. */
export const BUCKET_COUNT: Record<SalesPeriod, number> = { day: 30, week: 12, month: 12 };

/** `?period=` of the admin dashboard; anything else is months. */
export function parseSalesPeriod(value: string | null | undefined): SalesPeriod {
  return SALES_PERIODS.find((p) => p === value) ?? "month";
}

export interface TimeBucket {
  /** The India date its first day is (YYYY-MM-DD): what a query groups by. */
  key: string;
  /** Its first and next bucket's first instant, ISO UTC, comparable with stored timestamps (decision 002). */
  start: string;
  end: string;
  /** "26 Nov 2026", "Week of 24 Nov 2026", "Nov 2026": in tables and summaries. */
  label: string;
  /** "26 Nov", "24 Nov", "Nov": under a chart's columns. */
  shortLabel: string;
}

const DAY_MS = 86_400_000;

const dayMonth = new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", day: "numeric", month: "short" });
const dayMonthYear = new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" });
const monthOnly = new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", month: "short" });
const monthYear = new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", month: "short", year: "numeric" });

/**
 * The last `count` days, weeks (Monday to Sunday) or calendar months of India time, oldest first,
 * the last one holding `now`.
 */
export function timeBuckets(period: SalesPeriod, now: Date, count = BUCKET_COUNT[period]): TimeBucket[] {
  // "Local" instants: India wall-clock time read through the UTC fields.
  const local = new Date(now.getTime() + INDIA_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  const startOf = (i: number): number => {
    if (period === "month") return Date.UTC(y, m - (count - 1) + i, 1);
    if (period === "week") {
      const monday = d - ((local.getUTCDay() + 6) % 7);
      return Date.UTC(y, m, monday - 7 * (count - 1 - i));
    }
    return Date.UTC(y, m, d - (count - 1 - i));
  };
  const buckets: TimeBucket[] = [];
  for (let i = 0; i < count; i++) {
    const from = startOf(i);
    const to = startOf(i + 1);
    const at = new Date(from);
    const label = period === "month" ? monthYear.format(at) : period === "week" ? `Week of ${dayMonthYear.format(at)}` : dayMonthYear.format(at);
    buckets.push({
      key: at.toISOString().slice(0, 10),
      start: new Date(from - INDIA_OFFSET_MS).toISOString(),
      end: new Date(to - INDIA_OFFSET_MS).toISOString(),
      label,
      shortLabel: period === "month" ? monthOnly.format(at) : dayMonth.format(at),
    });
  }
  return buckets;
}

/** Days of a bucket, for tests and sanity: 1, 7 or 28 to 31. */
export function bucketDays(bucket: TimeBucket): number {
  return Math.round((Date.parse(bucket.end) - Date.parse(bucket.start)) / DAY_MS);
}

/**
 * Every bucket with its figures from grouped rows (`{ bucket: key, ...figures }`); a bucket no row
 * names gets zero for each, so a quiet week still shows as a column.
 */
export function fillBuckets<F extends string>(
  buckets: readonly TimeBucket[],
  rows: readonly ({ bucket: string } & Record<F, number | string | bigint | null>)[],
  fields: readonly F[],
): (TimeBucket & Record<F, number>)[] {
  const byKey = new Map(rows.map((r) => [r.bucket, r]));
  return buckets.map((b) => {
    const row = byKey.get(b.key);
    const figures = Object.fromEntries(fields.map((f) => [f, Number(row?.[f] ?? 0)])) as Record<F, number>;
    return { ...b, ...figures };
  });
}

/**
 * Axis ticks from 0 (or below, for a negative value) up past the largest value, about `count`
 * steps of 1, 2 or 5 times a power of ten, whole numbers only (paise and counts are whole).
 * Only zeros give the one tick [0].
 */
export function niceTicks(values: readonly number[], count = 4): number[] {
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  if (max === min) return [0];
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const scaled = raw / power;
  const step = Math.max(1, (scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10) * power);
  const ticks: number[] = [];
  for (let t = Math.floor(min / step) * step; t < max + step; t += step) {
    ticks.push(t);
    if (t >= max) break;
  }
  return ticks;
}

/** Which of `n` column labels to show so that labels about `labelWidth` wide fit in `width`: always the latest. */
export function labelledIndexes(n: number, width: number, labelWidth: number): Set<number> {
  const every = Math.max(1, Math.ceil(labelWidth / (width / Math.max(1, n))));
  const shown = new Set<number>();
  for (let i = n - 1; i >= 0; i -= every) shown.add(i);
  return shown;
}
