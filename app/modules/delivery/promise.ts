import { indiaDay, indiaInstant } from "~/lib/india-time";

/**
 * When an order should arrive: the shop's delivery-date promise (docs/product-rules.md, "Delivery
 * dates"). Pure: no I/O, the same in the server and the browser, and always in India time
 * (app/lib/india-time.ts), whatever the zone of the machine running it.
 *
 * - A business day is Monday to Saturday and not a holiday. Sunday never is.
 * - Start day: an order placed on a business day before the seller's cut-off (strictly before: at
 *   14:00:00 with a 14:00 cut-off is after) starts handling that day; otherwise the next business
 *   day.
 * - Dispatch day: the start day moved on by the handling time, counted in business days. Handling 0
 *   dispatches on the start day; handling 1 on the next business day; and so on.
 * - Delivery: 2 to 3 business days after dispatch when the seller's dispatch PIN and the
 *   destination are both in metros, 3 to 5 otherwise. `earliest` and `latest` are those days.
 *
 * Examples (handling 1, cut-off 14:00, no holidays):
 * - Monday 10:00, metro to metro: starts Monday, dispatched Tuesday, arrives Thursday to Friday.
 * - Monday 15:00, metro to elsewhere: starts Tuesday, dispatched Wednesday, arrives Saturday to the
 *   next Tuesday (Sunday skipped).
 * - Saturday 16:00 or any time Sunday: starts Monday, dispatched Tuesday.
 * The unit tests (promise.test.ts) hold many more.
 */

export const DEFAULT_HANDLING_DAYS = 1;
export const MAX_HANDLING_DAYS = 10;
export const DEFAULT_CUT_OFF = "14:00";

/** Business days in transit after dispatch, by whether both ends are in metros. */
export const TRANSIT_DAYS = {
  metro: { min: 2, max: 3 },
  other: { min: 3, max: 5 },
} as const;

export interface PromiseInput {
  now: Date;
  /** The seller's daily cut-off, "HH:MM", 24-hour, India time. */
  cutOff: string;
  /** Whole business days, 0 to MAX_HANDLING_DAYS. */
  handlingDays: number;
  fromMetro: boolean;
  toMetro: boolean;
  /** Holidays as YYYY-MM-DD days. */
  holidays: Iterable<string>;
}

export interface DeliveryPromise {
  /** YYYY-MM-DD, India time. */
  dispatchOn: string;
  earliest: string;
  latest: string;
  /** Time left before today's cut-off while an order placed now still starts today; otherwise null. */
  orderWithinMs: number | null;
}

const CUT_OFF = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "14:00" → 840 minutes past midnight, or null when it is not a 24-hour HH:MM time. */
export function cutOffMinutes(text: string): number | null {
  const m = CUT_OFF.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

const DAY_MS = 86_400_000;

/** The day `n` calendar days after `day` (YYYY-MM-DD). */
function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** 0 is Sunday. */
function weekday(day: string): number {
  return new Date(`${day}T00:00:00.000Z`).getUTCDay();
}

export function isBusinessDay(day: string, holidays: ReadonlySet<string>): boolean {
  return weekday(day) !== 0 && !holidays.has(day);
}

/** The first business day after `day`. */
export function nextBusinessDay(day: string, holidays: ReadonlySet<string>): string {
  let d = addDays(day, 1);
  while (!isBusinessDay(d, holidays)) d = addDays(d, 1);
  return d;
}

/** `day` moved on by `n` business days (n = 0 is `day` itself). */
export function addBusinessDays(day: string, n: number, holidays: ReadonlySet<string>): string {
  let d = day;
  for (let i = 0; i < n; i++) d = nextBusinessDay(d, holidays);
  return d;
}

/** The promise for an order placed at `now`; throws on a cut-off or handling time the settings would refuse. */
export function deliveryPromise(input: PromiseInput): DeliveryPromise {
  const cutOff = cutOffMinutes(input.cutOff);
  if (cutOff === null) throw new RangeError(`deliveryPromise: cut-off "${input.cutOff}" is not HH:MM`);
  const { handlingDays } = input;
  if (!Number.isInteger(handlingDays) || handlingDays < 0 || handlingDays > MAX_HANDLING_DAYS) {
    throw new RangeError(`deliveryPromise: handling time ${handlingDays} is not 0 to ${MAX_HANDLING_DAYS} business days`);
  }
  const holidays = input.holidays instanceof Set ? (input.holidays as ReadonlySet<string>) : new Set(input.holidays);
  const today = indiaDay(input.now);
  const cutOffAt = indiaInstant(today, cutOff).getTime();
  const startsToday = isBusinessDay(today, holidays) && input.now.getTime() < cutOffAt;
  const start = startsToday ? today : nextBusinessDay(today, holidays);
  const dispatchOn = addBusinessDays(start, handlingDays, holidays);
  const transit = input.fromMetro && input.toMetro ? TRANSIT_DAYS.metro : TRANSIT_DAYS.other;
  return {
    dispatchOn,
    earliest: addBusinessDays(dispatchOn, transit.min, holidays),
    latest: addBusinessDays(dispatchOn, transit.max, holidays),
    orderWithinMs: startsToday ? cutOffAt - input.now.getTime() : null,
  };
}

/** Whether a PIN is in a metro: it starts with one of the metros' prefixes. */
export function isMetroPin(pin: string, prefixes: Iterable<string>): boolean {
  for (const prefix of prefixes) if (prefix.length > 0 && pin.startsWith(prefix)) return true;
  return false;
}

// Fixed English names: Intl's short months vary by runtime ("Sep" or "Sept" in en-IN).
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

function partsOf(day: string) {
  const d = new Date(`${day}T00:00:00.000Z`);
  return { weekday: WEEKDAYS[d.getUTCDay()]!, date: d.getUTCDate(), month: MONTHS[d.getUTCMonth()]!, year: d.getUTCFullYear() };
}

/** "Thu, 26 Nov"; with the year when asked: "Thu, 26 Nov 2026". */
export function formatPromiseDay(day: string, { withYear = false }: { withYear?: boolean } = {}): string {
  const p = partsOf(day);
  return `${p.weekday}, ${p.date} ${p.month}${withYear ? ` ${p.year}` : ""}`;
}

/**
 * Two days as a range: "Thu 28 – Sat 30 Nov" in one month, "Sat 30 Nov – Tue 3 Dec" across
 * months, "Thu 30 Dec 2027 – Mon 3 Jan 2028" across years; one day reads as formatPromiseDay.
 */
export function formatPromiseRange(earliest: string, latest: string): string {
  if (earliest === latest) return formatPromiseDay(earliest);
  const a = partsOf(earliest);
  const b = partsOf(latest);
  if (a.year !== b.year) return `${a.weekday} ${a.date} ${a.month} ${a.year} – ${b.weekday} ${b.date} ${b.month} ${b.year}`;
  if (a.month !== b.month) return `${a.weekday} ${a.date} ${a.month} – ${b.weekday} ${b.date} ${b.month}`;
  return `${a.weekday} ${a.date} – ${b.weekday} ${b.date} ${b.month}`;
}

/** A time left as "3 hrs 20 mins", "1 hr 5 mins", "2 hrs", "45 mins", "1 min"; part of a minute counts as a minute. */
export function formatTimeLeft(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const hours = h === 0 ? "" : `${h} ${h === 1 ? "hr" : "hrs"}`;
  const mins = m === 0 ? "" : `${m} ${m === 1 ? "min" : "mins"}`;
  return [hours, mins].filter(Boolean).join(" ");
}

/** "Order within 3 hrs 20 mins", or null when today's cut-off no longer counts. */
export function formatOrderWithin(orderWithinMs: number | null): string | null {
  return orderWithinMs === null || orderWithinMs <= 0 ? null : `Order within ${formatTimeLeft(orderWithinMs)}`;
}

/** What a promise says before the order: "Delivery Thu 28 – Sat 30 Nov", or "Delivery by Sat, 30 Nov" for one day. */
export function promiseText({ earliest, latest }: { earliest: string; latest: string }): string {
  return earliest === latest ? `Delivery by ${formatPromiseDay(latest)}` : `Delivery ${formatPromiseRange(earliest, latest)}`;
}
