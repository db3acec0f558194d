/** How the shop writes dates and times: in India's time zone, whatever the server's (en-IN). */

const dateFormat = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Kolkata" });
const dateTimeFormat = new Intl.DateTimeFormat("en-IN", {
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

const shortDateFormat = new Intl.DateTimeFormat("en-IN", { day: "2-digit", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });

/** "05 Nov 2026": the short day-month-year of tables, in India's time zone. */
export function formatShortDate(iso: string): string {
  return shortDateFormat.format(new Date(iso));
}
