import { describe, expect, it } from "vitest";
import { formatOrderDate, formatOrderDateTime, formatShortDate } from "./dates";

const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-IN", { ...options, timeZone: "Asia/Kolkata" });
const long = intl({ day: "numeric", month: "long", year: "numeric" });
const withTime = intl({ day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit" });
const short = intl({ day: "2-digit", month: "short", year: "numeric" });

describe("dates", () => {
  it("writes India's date and time whatever the server's zone", () => {
    expect(formatOrderDate("2026-11-22T09:35:00Z")).toBe("22 November 2026");
    expect(formatOrderDate("2026-01-05T18:30:00Z")).toBe("6 January 2026");
    expect(formatOrderDateTime("2026-11-22T09:35:00Z")).toBe("22 Nov 2026, 3:05 pm");
    expect(formatOrderDateTime("2026-01-05T18:30:00Z")).toBe("6 Jan 2026, 12:00 am");
    expect(formatShortDate("2026-09-01T12:00:00Z")).toBe("01 Sept 2026");
  });

  it("says every instant as Intl.DateTimeFormat('en-IN') does", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const start = Date.parse("2015-01-01T00:00:00Z");
    const span = Date.parse("2035-12-31T23:59:59Z") - start;
    const instants = ["2026-12-31T18:29:59.999Z", "2026-12-31T18:30:00Z", "2024-02-29T06:30:00Z", "2026-06-15T06:30:00Z", "2026-06-15T18:29:00Z"];
    for (let i = 0; i < 3000; i++) instants.push(new Date(start + Math.floor(random() * span)).toISOString());
    for (const iso of instants) {
      const at = new Date(iso);
      expect(formatOrderDate(iso), iso).toBe(long.format(at));
      expect(formatOrderDateTime(iso), iso).toBe(withTime.format(at));
      expect(formatShortDate(iso), iso).toBe(short.format(at));
    }
  });

  it("refuses what is not a date, as Intl does", () => {
    expect(() => formatOrderDate("not a date")).toThrow(RangeError);
  });
});
