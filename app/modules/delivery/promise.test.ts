import { afterEach, describe, expect, it } from "vitest";
import { deliveryPromise, formatOrderWithin, formatPromiseDay, formatPromiseRange, formatTimeLeft, isMetroPin, type PromiseInput } from "./promise";

/** An instant given in India wall-clock time. */
const ist = (local: string) => new Date(`${local}+05:30`);

const base = (over: Partial<PromiseInput>): PromiseInput => ({
  now: ist("2026-11-23T10:00:00"),
  cutOff: "14:00",
  handlingDays: 1,
  fromMetro: true,
  toMetro: true,
  holidays: [],
  ...over,
});
const promise = (over: Partial<PromiseInput>) => deliveryPromise(base(over));
const dates = (over: Partial<PromiseInput>) => {
  const p = promise(over);
  return [p.dispatchOn, p.earliest, p.latest];
};

// 23 Nov 2026 is a Monday.
describe("deliveryPromise: the cut-off", () => {
  it("starts an order placed before the cut-off that day and says how long is left", () => {
    expect(promise({})).toEqual({ dispatchOn: "2026-11-24", earliest: "2026-11-26", latest: "2026-11-27", orderWithinMs: 4 * 3_600_000 });
  });

  it("starts an order placed at or after the cut-off the next business day, with no countdown", () => {
    for (const at of ["2026-11-23T14:00:00", "2026-11-23T14:00:01", "2026-11-23T23:59:59"]) {
      expect(promise({ now: ist(at) })).toEqual({ dispatchOn: "2026-11-25", earliest: "2026-11-27", latest: "2026-11-28", orderWithinMs: null });
    }
  });

  it("counts the last millisecond before the cut-off as before it", () => {
    const p = promise({ now: ist("2026-11-23T13:59:59.999") });
    expect(p.dispatchOn).toBe("2026-11-24");
    expect(p.orderWithinMs).toBe(1);
    expect(formatOrderWithin(p.orderWithinMs)).toBe("Order within 1 min");
  });

  it("reads the seller's own cut-off, early or late in the day", () => {
    expect(promise({ now: ist("2026-11-23T09:00:00"), cutOff: "08:30" }).orderWithinMs).toBeNull();
    expect(promise({ now: ist("2026-11-23T21:00:00"), cutOff: "22:15" }).orderWithinMs).toBe(75 * 60_000);
    expect(promise({ now: ist("2026-11-23T00:00:00"), cutOff: "00:00" }).orderWithinMs).toBeNull();
  });
});

describe("deliveryPromise: weekends, holidays and handling", () => {
  it("starts a Saturday order before the cut-off on Saturday, and skips Sunday", () => {
    expect(dates({ now: ist("2026-11-28T11:00:00") })).toEqual(["2026-11-30", "2026-12-02", "2026-12-03"]);
  });

  it("starts a Saturday order after the cut-off, and any Sunday order, on Monday", () => {
    const monday = ["2026-12-01", "2026-12-03", "2026-12-04"];
    expect(dates({ now: ist("2026-11-28T15:00:00") })).toEqual(monday);
    for (const at of ["2026-11-29T00:00:00", "2026-11-29T10:00:00", "2026-11-29T23:00:00"]) {
      expect(dates({ now: ist(at) })).toEqual(monday);
      expect(promise({ now: ist(at) }).orderWithinMs).toBeNull();
    }
  });

  it("never starts on a holiday, even before the cut-off", () => {
    const p = promise({ now: ist("2026-11-23T09:00:00"), holidays: ["2026-11-23"] });
    expect(p).toEqual({ dispatchOn: "2026-11-25", earliest: "2026-11-27", latest: "2026-11-28", orderWithinMs: null });
  });

  it("moves dispatch past a holiday on the dispatch day", () => {
    expect(dates({ holidays: ["2026-11-24"] })).toEqual(["2026-11-25", "2026-11-27", "2026-11-28"]);
  });

  it("moves delivery past a holiday in transit", () => {
    expect(dates({ holidays: ["2026-11-26"] })).toEqual(["2026-11-24", "2026-11-27", "2026-11-28"]);
    // On the latest day only: the earliest stays.
    expect(dates({ holidays: ["2026-11-27"] })).toEqual(["2026-11-24", "2026-11-26", "2026-11-28"]);
  });

  it("skips consecutive holidays and the Sunday between them", () => {
    expect(dates({ holidays: ["2026-11-24", "2026-11-25", "2026-11-28", "2026-11-30"] })).toEqual(["2026-11-26", "2026-12-01", "2026-12-02"]);
  });

  it("dispatches on the start day with handling 0, and counts longer handling in business days", () => {
    expect(dates({ handlingDays: 0 })).toEqual(["2026-11-23", "2026-11-25", "2026-11-26"]);
    expect(dates({ handlingDays: 0, now: ist("2026-11-23T18:00:00") })).toEqual(["2026-11-24", "2026-11-26", "2026-11-27"]);
    // 10 business days from Monday 23 Nov: Sundays 29 Nov and 6 Dec skipped.
    expect(dates({ handlingDays: 10 })).toEqual(["2026-12-04", "2026-12-07", "2026-12-08"]);
  });

  it("refuses a cut-off or handling time the settings would refuse", () => {
    expect(() => promise({ cutOff: "24:00" })).toThrow(RangeError);
    expect(() => promise({ cutOff: "9:00" })).toThrow(RangeError);
    expect(() => promise({ handlingDays: 11 })).toThrow(RangeError);
    expect(() => promise({ handlingDays: 1.5 })).toThrow(RangeError);
  });
});

describe("deliveryPromise: metros", () => {
  it("takes 2 to 3 business days metro to metro, 3 to 5 otherwise", () => {
    expect(dates({ fromMetro: true, toMetro: true })).toEqual(["2026-11-24", "2026-11-26", "2026-11-27"]);
    // 3 business days after Tuesday is Friday; 5 is the next Monday (Sunday skipped).
    const other = ["2026-11-24", "2026-11-27", "2026-11-30"];
    expect(dates({ fromMetro: true, toMetro: false })).toEqual(other);
    expect(dates({ fromMetro: false, toMetro: true })).toEqual(other);
    expect(dates({ fromMetro: false, toMetro: false })).toEqual(other);
  });

  it("knows a metro PIN by its prefix", () => {
    const prefixes = ["110", "4000", "4001", "700", "600", "560", "500"];
    expect(isMetroPin("110019", prefixes)).toBe(true);
    expect(isMetroPin("400007", prefixes)).toBe(true);
    expect(isMetroPin("400104", prefixes)).toBe(true);
    expect(isMetroPin("400601", prefixes)).toBe(false);
    expect(isMetroPin("560002", prefixes)).toBe(true);
    expect(isMetroPin("411001", prefixes)).toBe(false);
    expect(isMetroPin("411001", [])).toBe(false);
  });
});

describe("deliveryPromise: month and year ends", () => {
  it("runs over the end of a month", () => {
    // Friday 27 Nov, handling 0: dispatched that day, delivered Monday 30 Nov to Tuesday 1 Dec.
    const p = promise({ now: ist("2026-11-27T10:00:00"), handlingDays: 0 });
    expect([p.dispatchOn, p.earliest, p.latest]).toEqual(["2026-11-27", "2026-11-30", "2026-12-01"]);
    // Handling 1: dispatched Saturday 28, delivered Tuesday 1 to Wednesday 2 December.
    expect(dates({ now: ist("2026-11-27T10:00:00") })).toEqual(["2026-11-28", "2026-12-01", "2026-12-02"]);
    expect(formatPromiseRange(p.earliest, p.latest)).toBe("Mon 30 Nov – Tue 1 Dec");
  });

  it("runs over the end of a year, 31 December into January", () => {
    expect(dates({ now: ist("2026-12-31T10:00:00"), fromMetro: false })).toEqual(["2027-01-01", "2027-01-05", "2027-01-07"]);
    const p = promise({ now: ist("2026-12-28T10:00:00") });
    expect([p.dispatchOn, p.earliest, p.latest]).toEqual(["2026-12-29", "2026-12-31", "2027-01-01"]);
    expect(formatPromiseRange(p.earliest, p.latest)).toBe("Thu 31 Dec 2026 – Fri 1 Jan 2027");
    // New Year's Day a holiday moves the latest day to Saturday 2 January.
    expect(promise({ now: ist("2026-12-28T10:00:00"), holidays: ["2027-01-01"] }).latest).toBe("2027-01-02");
  });
});

describe("deliveryPromise: India time on any server", () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it("gives the same answer whatever the server's zone", () => {
    const cases: Partial<PromiseInput>[] = [{}, { now: ist("2026-11-23T14:15:00") }, { now: ist("2026-11-23T01:30:00") }, { now: ist("2026-12-31T23:30:00") }];
    process.env.TZ = "Asia/Kolkata";
    const inIndia = cases.map(promise);
    for (const tz of ["UTC", "America/Los_Angeles", "Pacific/Kiritimati", "Europe/London"]) {
      process.env.TZ = tz;
      expect(cases.map(promise)).toEqual(inIndia);
    }
  });

  it("reads the day and the cut-off in India, not in UTC or the server's zone", () => {
    process.env.TZ = "America/Los_Angeles";
    // 20:00 UTC on Sunday 22 Nov is 01:30 on Monday in India (12:00 Sunday in Los Angeles): it starts that Monday.
    const early = deliveryPromise(base({ now: new Date("2026-11-22T20:00:00.000Z") }));
    expect(early).toEqual({ dispatchOn: "2026-11-24", earliest: "2026-11-26", latest: "2026-11-27", orderWithinMs: 12.5 * 3_600_000 });
    // 08:45 UTC on Monday is 14:15 in India: past the cut-off, though not in UTC.
    const late = deliveryPromise(base({ now: new Date("2026-11-23T08:45:00.000Z") }));
    expect(late.orderWithinMs).toBeNull();
    expect(late.dispatchOn).toBe("2026-11-25");
  });
});

describe("the promise's words", () => {
  it("writes one day", () => {
    expect(formatPromiseDay("2026-11-26")).toBe("Thu, 26 Nov");
    expect(formatPromiseDay("2027-09-04")).toBe("Sat, 4 Sep");
    expect(formatPromiseDay("2027-01-01", { withYear: true })).toBe("Fri, 1 Jan 2027");
  });

  it("writes a range within a month, across months and across years", () => {
    expect(formatPromiseRange("2026-11-26", "2026-11-28")).toBe("Thu 26 – Sat 28 Nov");
    expect(formatPromiseRange("2026-11-28", "2026-12-01")).toBe("Sat 28 Nov – Tue 1 Dec");
    expect(formatPromiseRange("2027-12-30", "2028-01-03")).toBe("Thu 30 Dec 2027 – Mon 3 Jan 2028");
    expect(formatPromiseRange("2026-11-26", "2026-11-26")).toBe("Thu, 26 Nov");
  });

  it("writes the time left before the cut-off", () => {
    expect(formatOrderWithin((3 * 60 + 20) * 60_000)).toBe("Order within 3 hrs 20 mins");
    expect(formatOrderWithin(65 * 60_000)).toBe("Order within 1 hr 5 mins");
    expect(formatOrderWithin(45 * 60_000)).toBe("Order within 45 mins");
    expect(formatOrderWithin(60_000)).toBe("Order within 1 min");
    expect(formatOrderWithin(1)).toBe("Order within 1 min");
    expect(formatOrderWithin(null)).toBeNull();
    expect(formatTimeLeft(2 * 3_600_000)).toBe("2 hrs");
    expect(formatTimeLeft(60 * 60_000 + 1)).toBe("1 hr 1 min");
    // 3 hrs 19 mins 30 s left reads as 3 hrs 20 mins: a part of a minute counts.
    expect(formatTimeLeft((3 * 3600 + 19 * 60 + 30) * 1000)).toBe("3 hrs 20 mins");
  });
});

describe("the worked example in docs/product-rules.md, 'Delivery dates'", () => {
  it("Delhi to Mumbai on Friday 27 November 2026, after and before the cut-off", () => {
    const after = promise({ now: ist("2026-11-27T15:10:00") });
    expect(after.dispatchOn).toBe("2026-11-30");
    expect(formatPromiseRange(after.earliest, after.latest)).toBe("Wed 2 – Thu 3 Dec");
    const before = promise({ now: ist("2026-11-27T11:20:00") });
    expect(before.dispatchOn).toBe("2026-11-28");
    expect(formatPromiseRange(before.earliest, before.latest)).toBe("Tue 1 – Wed 2 Dec");
    expect(formatOrderWithin(before.orderWithinMs)).toBe("Order within 2 hrs 40 mins");
  });
});
