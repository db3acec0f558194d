import { describe, expect, it } from "vitest";
import { financialYear } from "~/modules/gst/gst";
import {
  OVERDUE_ACKNOWLEDGEMENT,
  OVERDUE_RESOLUTION,
  categoryLabel,
  grievanceNumber,
  isGrievanceCategory,
  overdueAcknowledgement,
  overdueFlags,
  overdueResolution,
} from "./rules";

const RAISED = "2026-11-01T10:00:00.000Z";
const after = (ms: number) => new Date(new Date(RAISED).getTime() + ms);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe("ticket numbers", () => {
  it("run per financial year, four digits at least", () => {
    expect(grievanceNumber(financialYear(new Date("2026-11-26T10:00:00.000Z")), 1)).toBe("GRV/2026-27/0001");
    expect(grievanceNumber("2026-27", 42)).toBe("GRV/2026-27/0042");
    expect(grievanceNumber("2027-28", 12345)).toBe("GRV/2027-28/12345");
  });
});

describe("categories", () => {
  it("are a short, labelled list", () => {
    expect(isGrievanceCategory("delivery")).toBe(true);
    expect(isGrievanceCategory("weather")).toBe(false);
    expect(categoryLabel("refund")).toBe("A refund or payment");
  });
});

describe("overdue flags", () => {
  it("flag an open complaint once 48 hours have passed, not at 48 hours exactly", () => {
    expect(overdueAcknowledgement({ status: "open", createdAt: RAISED }, after(48 * HOUR))).toBe(false);
    expect(overdueAcknowledgement({ status: "open", createdAt: RAISED }, after(48 * HOUR + 1))).toBe(true);
    expect(overdueAcknowledgement({ status: "acknowledged", createdAt: RAISED }, after(72 * HOUR))).toBe(false);
    expect(overdueAcknowledgement({ status: "closed", createdAt: RAISED }, after(72 * HOUR))).toBe(false);
  });

  it("flag a complaint not closed once 30 days have passed", () => {
    expect(overdueResolution({ status: "acknowledged", createdAt: RAISED }, after(30 * DAY))).toBe(false);
    expect(overdueResolution({ status: "acknowledged", createdAt: RAISED }, after(30 * DAY + 1))).toBe(true);
    expect(overdueResolution({ status: "open", createdAt: RAISED }, after(30 * DAY + 1))).toBe(true);
    expect(overdueResolution({ status: "closed", createdAt: RAISED }, after(90 * DAY))).toBe(false);
  });

  it("are said in words", () => {
    expect(overdueFlags({ status: "open", createdAt: RAISED }, after(HOUR))).toEqual([]);
    expect(overdueFlags({ status: "open", createdAt: RAISED }, after(3 * DAY))).toEqual([OVERDUE_ACKNOWLEDGEMENT]);
    expect(overdueFlags({ status: "open", createdAt: RAISED }, after(31 * DAY))).toEqual(["Not acknowledged within 48 hours", "Not resolved within one month"]);
    expect(overdueFlags({ status: "acknowledged", createdAt: RAISED }, after(31 * DAY))).toEqual([OVERDUE_RESOLUTION]);
  });
});
