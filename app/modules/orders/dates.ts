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
