import type { Refusal } from "~/lib/outcome";

/** The months the tax reports cover and their files' names: shared by the Tax reports page and reports.server.ts. */

/** India is UTC+5:30 all year (no daylight saving). */
const IST_MS = 330 * 60_000;

export const REPORT_MESSAGES = {
  month: "Choose a month as YYYY-MM, for example 2026-11.",
} as const;

export interface ReportMonth {
  /** YYYY-MM */
  month: string;
  /** The month's first instant in India, as an ISO timestamp. */
  start: string;
  /** The next month's first instant in India. */
  end: string;
}

/** The India month an instant falls in, YYYY-MM. */
export function monthOf(now: Date): string {
  return new Date(now.getTime() + IST_MS).toISOString().slice(0, 7);
}

/** A month from a link ("2026-11"), or a refusal: a report for a month that is not one answers 400. */
export function parseMonth(value: string | null | undefined): ({ ok: true } & ReportMonth) | Refusal<"invalid"> {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value ?? "");
  if (!m || Number(m[1]) < 2000 || Number(m[1]) > 2999) return { ok: false, reason: "invalid", message: REPORT_MESSAGES.month };
  const year = Number(m[1]);
  const month = Number(m[2]);
  return {
    ok: true,
    month: `${m[1]}-${m[2]}`,
    start: new Date(Date.UTC(year, month - 1, 1) - IST_MS).toISOString(),
    end: new Date(Date.UTC(year, month, 1) - IST_MS).toISOString(),
  };
}

/** The shop's names for its report files: tcs-gstr8-2026-11.csv, tds-194o-2026-11.csv. */
export function reportFileName(report: "tcs" | "tds", month: string): string {
  return report === "tcs" ? `tcs-gstr8-${month}.csv` : `tds-194o-${month}.csv`;
}

/** "07AABCV1234F1Z5" → "AABCV1234F": a GSTIN carries the holder's PAN as its 3rd to 12th characters. */
export function panOf(gstin: string | null): string | null {
  return gstin && gstin.length >= 12 ? gstin.slice(2, 12) : null;
}
