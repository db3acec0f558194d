import { describe, expect, it } from "vitest";
import { arrivalLine, isDelayed, sellerDeadlineLine, type PromisedPart } from "./arrival";

// Thursday 26 to Saturday 28 November 2026.
const part = (status: string, over: Partial<PromisedPart> = {}): PromisedPart => ({ status, promisedFrom: "2026-11-26", promisedTo: "2026-11-28", ...over });
const line = (status: string, today: string, over: Partial<PromisedPart> = {}) => arrivalLine(part(status, over), today);

describe("arrivalLine", () => {
  it("gives a pending or processing part its promised range", () => {
    for (const status of ["pending", "processing"]) {
      expect(line(status, "2026-11-23")).toEqual({ text: "Delivery Thu 26 – Sat 28 Nov", delayed: false });
    }
  });

  it("reads a one-day promise as 'by' that day", () => {
    expect(line("pending", "2026-11-23", { promisedFrom: "2026-11-28" })).toEqual({ text: "Delivery by Sat, 28 Nov", delayed: false });
  });

  it("gives a shipped part the latest day", () => {
    expect(line("shipped", "2026-11-25")).toEqual({ text: "Arriving by Sat, 28 Nov", delayed: false });
  });

  it("is not yet delayed on the promised day itself, and is the day after", () => {
    for (const status of ["pending", "processing", "shipped"]) {
      expect(line(status, "2026-11-28")?.delayed).toBe(false);
      expect(line(status, "2026-11-29")).toEqual({ text: "Delayed: expected by Sat, 28 Nov", delayed: true });
      expect(isDelayed(part(status), "2026-11-28")).toBe(false);
      expect(isDelayed(part(status), "2026-11-29")).toBe(true);
    }
  });

  it("says nothing of a delivered or cancelled part, late or not", () => {
    for (const status of ["delivered", "cancelled"]) {
      expect(line(status, "2026-11-25")).toBeNull();
      expect(line(status, "2026-12-25")).toBeNull();
      expect(isDelayed(part(status), "2026-12-25")).toBe(false);
    }
  });

  it("says nothing without a promise (an older order, or a seller with no dispatch PIN)", () => {
    expect(line("pending", "2026-11-23", { promisedFrom: null, promisedTo: null })).toBeNull();
    expect(line("shipped", "2026-12-23", { promisedFrom: null, promisedTo: null })).toBeNull();
    expect(isDelayed(part("shipped", { promisedFrom: null, promisedTo: null }), "2026-12-23")).toBe(false);
  });

  it("crosses a month's end", () => {
    const over = { promisedFrom: "2026-11-30", promisedTo: "2026-12-02" };
    expect(line("pending", "2026-11-27", over)).toEqual({ text: "Delivery Mon 30 Nov – Wed 2 Dec", delayed: false });
    expect(line("shipped", "2026-12-02", over)).toEqual({ text: "Arriving by Wed, 2 Dec", delayed: false });
    expect(line("shipped", "2026-12-03", over)).toEqual({ text: "Delayed: expected by Wed, 2 Dec", delayed: true });
    // Delayed from the 1st when the promise ended on the last day of the month.
    expect(line("processing", "2026-11-30", { promisedTo: "2026-11-30" })?.delayed).toBe(false);
    expect(line("processing", "2026-12-01", { promisedTo: "2026-11-30" })).toEqual({ text: "Delayed: expected by Mon, 30 Nov", delayed: true });
  });

  it("crosses a year's end", () => {
    const over = { promisedFrom: "2026-12-30", promisedTo: "2027-01-02" };
    expect(line("pending", "2026-12-28", over)).toEqual({ text: "Delivery Wed 30 Dec 2026 – Sat 2 Jan 2027", delayed: false });
    expect(line("shipped", "2027-01-02", over)).toEqual({ text: "Arriving by Sat, 2 Jan", delayed: false });
    expect(line("shipped", "2027-01-04", over)).toEqual({ text: "Delayed: expected by Sat, 2 Jan", delayed: true });
    // 31 December promised: late on 1 January, compared as days, not as text in another order.
    expect(line("shipped", "2026-12-31", { promisedFrom: "2026-12-29", promisedTo: "2026-12-31" })?.delayed).toBe(false);
    expect(line("shipped", "2027-01-01", { promisedFrom: "2026-12-29", promisedTo: "2026-12-31" })).toEqual({ text: "Delayed: expected by Thu, 31 Dec", delayed: true });
  });
});

describe("sellerDeadlineLine", () => {
  it("tells the seller the day promised to the customer while the part is on its way", () => {
    for (const status of ["pending", "processing", "shipped"]) {
      expect(sellerDeadlineLine(part(status), "2026-11-28")).toEqual({ text: "Promised to the customer by Sat, 28 Nov", delayed: false });
    }
  });

  it("marks it late after that day", () => {
    expect(sellerDeadlineLine(part("processing"), "2026-11-29")).toEqual({ text: "Late: promised to the customer by Sat, 28 Nov", delayed: true });
  });

  it("says nothing once delivered or cancelled, or without a promise", () => {
    expect(sellerDeadlineLine(part("delivered"), "2026-11-29")).toBeNull();
    expect(sellerDeadlineLine(part("cancelled"), "2026-11-25")).toBeNull();
    expect(sellerDeadlineLine(part("pending", { promisedFrom: null, promisedTo: null }), "2026-11-25")).toBeNull();
  });
});
