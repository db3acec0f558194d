import { describe, expect, it } from "vitest";
import { attachmentDisposition } from "~/lib/download";
import {
  addMonths,
  indiaMonthOf,
  lastDayOf,
  monthLabel,
  monthRange,
  monthsBetween,
  parseMonth,
  statementFileName,
} from "./months";

describe("statement months", () => {
  it("reads only YYYY-MM months", () => {
    expect(parseMonth("2026-11")).toBe("2026-11");
    expect(parseMonth("2026-01")).toBe("2026-01");
    for (const bad of [null, undefined, "", "2026-13", "2026-00", "2026-1", "26-11", "2026-11-01", "1999-12", "2026-11\n", " 2026-11", "abcd-ef"]) {
      expect(parseMonth(bad)).toBeNull();
    }
  });

  it("takes the month in India time: 18:30 UTC on the last day is already the next month", () => {
    expect(indiaMonthOf("2026-11-30T18:29:59.999Z")).toBe("2026-11");
    expect(indiaMonthOf("2026-11-30T18:30:00.000Z")).toBe("2026-12");
    expect(indiaMonthOf(new Date("2026-12-31T18:30:00.000Z"))).toBe("2027-01");
  });

  it("bounds a month by India midnights, the end being the next month's start", () => {
    expect(monthRange("2026-11")).toEqual({ start: "2026-10-31T18:30:00.000Z", end: "2026-11-30T18:30:00.000Z" });
    expect(monthRange("2026-12").end).toBe(monthRange("2027-01").start);
    expect(monthRange("2024-02")).toEqual({ start: "2024-01-31T18:30:00.000Z", end: "2024-02-29T18:30:00.000Z" });
  });

  it("steps across years", () => {
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonths("2026-05", -17)).toBe("2024-12");
  });

  it("lists the months from the first entry to now, newest first", () => {
    expect(monthsBetween("2026-10", "2027-01")).toEqual(["2027-01", "2026-12", "2026-11", "2026-10"]);
    expect(monthsBetween(null, "2026-11")).toEqual(["2026-11"]);
    expect(monthsBetween("2026-12", "2026-11")).toEqual(["2026-11"]);
  });

  it("names months and their last days", () => {
    expect(monthLabel("2026-11")).toBe("November 2026");
    expect(lastDayOf("2026-11")).toBe("2026-11-30");
    expect(lastDayOf("2024-02")).toBe("2024-02-29");
    expect(lastDayOf("2026-12")).toBe("2026-12-31");
  });


  it("names the statement file with values a download header accepts", () => {
    expect(statementFileName("vendor-2", "2026-11")).toBe("statement-vendor-2-2026-11.csv");
    expect(attachmentDisposition(statementFileName("0b7c4f3e-8f1a-4c55-9d2e-1a2b3c4d5e6f", "2026-11"))).toContain("statement-0b7c4f3e");
  });
});
