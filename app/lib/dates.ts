/**
 * How the shop writes dates and times: in India's time zone whatever the server's, as en-IN writes
 * them. Written out rather than asked of Intl.DateTimeFormat: the first formatter a page makes loads
 * the locale's data, a tenth of a product page's script at load for a review's date
 * (docs/decisions/028-less-hydration.md). `dates.test.ts` holds each to what Intl says.
 */
import { INDIA_OFFSET_MS } from "./india-time";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];

/** India's wall-clock fields of an instant; a RangeError for one that is not a date, as Intl throws. */
function indiaFields(iso: string) {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) throw new RangeError(`Invalid time value: ${iso}`);
  const d = new Date(t + INDIA_OFFSET_MS);
  return { day: d.getUTCDate(), month: d.getUTCMonth(), year: d.getUTCFullYear(), hour: d.getUTCHours(), minute: d.getUTCMinutes() };
}

const twoDigits = (n: number) => String(n).padStart(2, "0");

/** "22 November 2026", in India's time zone whatever the server's. */
export function formatOrderDate(iso: string): string {
  const { day, month, year } = indiaFields(iso);
  return `${day} ${MONTHS[month]} ${year}`;
}

/** "22 Nov 2026, 3:05 pm", in India's time zone. */
export function formatOrderDateTime(iso: string): string {
  const { day, month, year, hour, minute } = indiaFields(iso);
  return `${day} ${SHORT_MONTHS[month]} ${year}, ${hour % 12 || 12}:${twoDigits(minute)} ${hour < 12 ? "am" : "pm"}`;
}

/** "05 Nov 2026": the short day-month-year of tables, in India's time zone. */
export function formatShortDate(iso: string): string {
  const { day, month, year } = indiaFields(iso);
  return `${twoDigits(day)} ${SHORT_MONTHS[month]} ${year}`;
}
