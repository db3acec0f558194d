import type { Refusal } from "~/lib/outcome";
import { monthRange, parseMonth } from "./months";

/** The months the tax reports cover and their files' names: shared by the Tax reports page and reports.server.ts. */

export const REPORT_MESSAGES = {
  month: "Choose a month as YYYY-MM, for example 2026-11.",
} as const;

/** A month a report covers, with its bounds in India time (months.ts). */
export interface ReportMonth {
  /** YYYY-MM */
  month: string;
  /** The month's first instant in India, as an ISO timestamp. */
  start: string;
  /** The next month's first instant in India. */
  end: string;
}

/** A month from a link ("2026-11"), or a refusal: a report for a month that is not one answers 400. */
export function reportMonth(value: string | null | undefined): ({ ok: true } & ReportMonth) | Refusal<"invalid"> {
  const month = parseMonth(value);
  if (!month) return { ok: false, reason: "invalid", message: REPORT_MESSAGES.month };
  return { ok: true, month, ...monthRange(month) };
}

/** The shop's names for its report files: tcs-gstr8-2026-11.csv, tds-194o-2026-11.csv. */
export function reportFileName(report: "tcs" | "tds", month: string): string {
  return report === "tcs" ? `tcs-gstr8-${month}.csv` : `tds-194o-${month}.csv`;
}

/** "07AABCV1234F1Z5" → "AABCV1234F": a GSTIN carries the holder's PAN as its 3rd to 12th characters. */
export function panOf(gstin: string | null): string | null {
  return gstin && gstin.length >= 12 ? gstin.slice(2, 12) : null;
}
