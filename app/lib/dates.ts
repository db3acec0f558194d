/** How the shop writes dates and times: in India's time zone, whatever the server's (en-IN). */

/**
 * A formatter made on first use, not when a page loads this module: making one loads the locale's
 * data, which a page that shows no date need not pay for (docs/decisions/028-less-hydration.md).
 */
function lazyFormat(options: Intl.DateTimeFormatOptions): { format(date: Date): string } {
  let made: Intl.DateTimeFormat | undefined;
  return { format: (date) => (made ??= new Intl.DateTimeFormat("en-IN", options)).format(date) };
}

const dateFormat = lazyFormat({ day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Kolkata" });
const dateTimeFormat = lazyFormat({
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});

/** "22 November 2026", in India's time zone whatever the server's. */
export function formatOrderDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function formatOrderDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

const shortDateFormat = lazyFormat({ day: "2-digit", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });

/** "05 Nov 2026": the short day-month-year of tables, in India's time zone. */
export function formatShortDate(iso: string): string {
  return shortDateFormat.format(new Date(iso));
}
