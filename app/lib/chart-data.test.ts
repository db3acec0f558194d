import { describe, expect, it } from "vitest";
import { bucketDays, fillBuckets, labelledIndexes, niceTicks, parseSalesPeriod, timeBuckets } from "./chart-data";

// 26 Nov 2026, 23:50 in India, a Thursday: still 18:20 UTC the same day.
const NOW = new Date("2026-11-26T18:20:00.000Z");
// 27 Nov 2026, 00:10 in India, though UTC is still on the 26th.
const JUST_AFTER_MIDNIGHT = new Date("2026-11-26T18:40:00.000Z");

describe("timeBuckets", () => {
  it("cuts the last 30 days at India midnight, today last", () => {
    const days = timeBuckets("day", NOW);
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({
      key: "2026-11-26",
      start: "2026-11-25T18:30:00.000Z",
      end: "2026-11-26T18:30:00.000Z",
      label: "26 Nov 2026",
      shortLabel: "26 Nov",
    });
    expect(days[0]!.key).toBe("2026-10-28");
    expect(days.every((b) => bucketDays(b) === 1)).toBe(true);
    expect(timeBuckets("day", JUST_AFTER_MIDNIGHT).at(-1)!.key).toBe("2026-11-27");
  });

  it("leaves no gap and no overlap between buckets", () => {
    for (const period of ["day", "week", "month"] as const) {
      const buckets = timeBuckets(period, NOW);
      for (let i = 1; i < buckets.length; i++) expect(buckets[i]!.start).toBe(buckets[i - 1]!.end);
      expect(buckets.at(-1)!.start <= NOW.toISOString() && NOW.toISOString() < buckets.at(-1)!.end).toBe(true);
    }
  });

  it("starts weeks on Monday: 12 of them, the current one last", () => {
    const weeks = timeBuckets("week", NOW);
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toMatchObject({ key: "2026-11-23", start: "2026-11-22T18:30:00.000Z", label: "Week of 23 Nov 2026", shortLabel: "23 Nov" });
    expect(weeks[0]!.key).toBe("2026-09-07");
    expect(weeks.every((w) => bucketDays(w) === 7 && new Date(`${w.key}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    // A Monday is the first day of its own week.
    expect(timeBuckets("week", new Date("2026-11-22T18:30:00.000Z")).at(-1)!.key).toBe("2026-11-23");
    expect(timeBuckets("week", new Date("2026-11-22T18:29:59.999Z")).at(-1)!.key).toBe("2026-11-16");
  });

  it("takes 12 calendar months across the new year, with their lengths", () => {
    const months = timeBuckets("month", NOW);
    expect(months.map((b) => b.key)).toEqual([
      "2025-12-01", "2026-01-01", "2026-02-01", "2026-03-01", "2026-04-01", "2026-05-01",
      "2026-06-01", "2026-07-01", "2026-08-01", "2026-09-01", "2026-10-01", "2026-11-01",
    ]);
    expect(months[0]).toMatchObject({ start: "2025-11-30T18:30:00.000Z", label: "Dec 2025", shortLabel: "Dec" });
    expect(months.at(-1)!.end).toBe("2026-11-30T18:30:00.000Z");
    expect(months.map(bucketDays)).toEqual([31, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30]);
    // On 1 Dec at 00:10 in India, December has begun.
    expect(timeBuckets("month", new Date("2026-11-30T18:40:00.000Z")).at(-1)!.label).toBe("Dec 2026");
  });
});

describe("fillBuckets", () => {
  it("gives every bucket its row's figures, and zero where no row is", () => {
    const buckets = timeBuckets("month", NOW, 3);
    const filled = fillBuckets(buckets, [{ bucket: "2026-11-01", sales: "12500", orders: 2n }, { bucket: "2026-09-01", sales: 4000, orders: 1 }], ["sales", "orders"]);
    expect(filled.map((b) => [b.key, b.sales, b.orders])).toEqual([
      ["2026-09-01", 4000, 1],
      ["2026-10-01", 0, 0],
      ["2026-11-01", 12500, 2],
    ]);
  });

  it("ignores rows outside the buckets", () => {
    expect(fillBuckets(timeBuckets("day", NOW, 1), [{ bucket: "2020-01-01", n: 9 }], ["n"])).toEqual([expect.objectContaining({ key: "2026-11-26", n: 0 })]);
  });
});

describe("niceTicks", () => {
  it("steps by 1, 2 or 5 times a power of ten from zero past the largest value", () => {
    expect(niceTicks([401])).toEqual([0, 200, 400, 600]);
    expect(niceTicks([400])).toEqual([0, 100, 200, 300, 400]);
    expect(niceTicks([3])).toEqual([0, 1, 2, 3]);
    expect(niceTicks([7, 2])).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks([12_34_567_00])).toEqual([0, 5_00_000_00, 10_00_000_00, 15_00_000_00]);
  });

  it("keeps whole steps for small counts", () => {
    expect(niceTicks([1])).toEqual([0, 1]);
    expect(niceTicks([2], 10)).toEqual([0, 1, 2]);
  });

  it("reaches below zero for a negative value", () => {
    expect(niceTicks([-150, 300])).toEqual([-200, 0, 200, 400]);
  });

  it("is only zero when every value is", () => {
    expect(niceTicks([])).toEqual([0]);
    expect(niceTicks([0, 0])).toEqual([0]);
  });
});

describe("labelledIndexes", () => {
  it("labels every column when they fit, else every nth counting back from the latest", () => {
    expect([...labelledIndexes(12, 360, 25)].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect([...labelledIndexes(30, 300, 45)].sort((a, b) => a - b)).toEqual([4, 9, 14, 19, 24, 29]);
  });
});

describe("parseSalesPeriod", () => {
  it("takes day, week or month, and months otherwise", () => {
    expect(parseSalesPeriod("day")).toBe("day");
    expect(parseSalesPeriod("week")).toBe("week");
    expect(parseSalesPeriod("month")).toBe("month");
    for (const other of [null, undefined, "", "year", "DAY"]) expect(parseSalesPeriod(other)).toBe("month");
  });
});
