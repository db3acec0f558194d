/**
 * Months of India time for the sellers' statements and commission invoices: "YYYY-MM" keys, their
 * bounds as ISO instants (compared as text with stored timestamps, decision 002), the months a
 * seller can pick. Pure. A month's financial year and the commission invoice's number are GST's
 * (gst/gst.ts).
 */

import { INDIA_OFFSET_MS, indiaMonthOf } from "~/lib/india-time";

/** India is UTC+5:30 all year (app/lib/india-time.ts). */
const IST_MS = INDIA_OFFSET_MS;

const MONTH_KEY = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A month key "YYYY-MM" from a query, or null when it is not one (years 2000 to 2999). */
export function parseMonth(value: string | null | undefined): string | null {
  const m = MONTH_KEY.exec(value ?? "");
  if (!m) return null;
  const year = Number(m[1]);
  return year >= 2000 && year <= 2999 ? value! : null;
}

function parts(month: string): { year: number; month: number } {
  return { year: Number(month.slice(0, 4)), month: Number(month.slice(5, 7)) };
}

function key(year: number, monthIndex: number): string {
  const d = new Date(Date.UTC(year, monthIndex, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** The month in India time of an instant (app/lib/india-time.ts). */
export { indiaMonthOf };

/** The month `offset` months after `month` (before, when negative). */
export function addMonths(month: string, offset: number): string {
  const p = parts(month);
  return key(p.year, p.month - 1 + offset);
}

/** A month's first instant and the next month's first instant, ISO UTC: `start <= at < end`. */
export function monthRange(month: string): { start: string; end: string } {
  const p = parts(month);
  return {
    start: new Date(Date.UTC(p.year, p.month - 1, 1) - IST_MS).toISOString(),
    end: new Date(Date.UTC(p.year, p.month, 1) - IST_MS).toISOString(),
  };
}

/** Every month from `first` to `last`, newest first; just `last` when `first` is later or missing. */
export function monthsBetween(first: string | null, last: string): string[] {
  const out = [last];
  if (!first) return out;
  for (let m = addMonths(last, -1); m >= first; m = addMonths(m, -1)) out.push(m);
  return out;
}

const labelFormat = new Intl.DateTimeFormat("en-IN", { month: "long", year: "numeric", timeZone: "UTC" });

/** "November 2026". */
export function monthLabel(month: string): string {
  const p = parts(month);
  return labelFormat.format(new Date(Date.UTC(p.year, p.month - 1, 1)));
}

/** The last day of a month, YYYY-MM-DD: the date of its commission invoice. */
export function lastDayOf(month: string): string {
  const p = parts(month);
  return new Date(Date.UTC(p.year, p.month, 0)).toISOString().slice(0, 10);
}

/** The statement CSV's file name: only the shop's own values (a seller's id, a checked month). */
export function statementFileName(vendorId: string, month: string): string {
  return `statement-${vendorId}-${month}.csv`;
}
