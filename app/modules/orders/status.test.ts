import { describe, expect, it } from "vitest";
import { fulfilmentTimeline, nextStep, orderStatusOfParts } from "./status";

describe("order status of vendors' parts", () => {
  it("is the least advanced live part", () => {
    expect(orderStatusOfParts(["shipped", "processing", "delivered"])).toBe("processing");
    expect(orderStatusOfParts(["delivered", "delivered"])).toBe("delivered");
    expect(orderStatusOfParts(["pending"])).toBe("pending");
  });
  it("ignores cancelled parts, and is cancelled only when all are", () => {
    expect(orderStatusOfParts(["cancelled", "shipped"])).toBe("shipped");
    expect(orderStatusOfParts(["cancelled", "cancelled"])).toBe("cancelled");
    expect(orderStatusOfParts([])).toBe("cancelled");
  });
});

describe("next fulfilment step", () => {
  it("walks pending, processing, shipped, delivered and stops", () => {
    expect(nextStep("pending")).toBe("processing");
    expect(nextStep("processing")).toBe("shipped");
    expect(nextStep("shipped")).toBe("delivered");
    expect(nextStep("delivered")).toBeNull();
    expect(nextStep("cancelled")).toBeNull();
  });
});

describe("fulfilment timeline", () => {
  const placed = "2026-11-01T05:00:00.000Z";
  const history = [
    { status: "processing", createdAt: "2026-11-02T05:00:00.000Z" },
    { status: "shipped", createdAt: "2026-11-03T05:00:00.000Z" },
  ];
  it("is cumulative up to the status, with the date of each step", () => {
    expect(fulfilmentTimeline("shipped", placed, history)).toEqual([
      { step: "pending", label: "Order Placed", reached: true, at: placed },
      { step: "processing", label: "Processing", reached: true, at: "2026-11-02T05:00:00.000Z" },
      { step: "shipped", label: "Shipped", reached: true, at: "2026-11-03T05:00:00.000Z" },
      { step: "delivered", label: "Delivered", reached: false, at: null },
    ]);
  });
  it("keeps the steps reached before a cancellation", () => {
    const t = fulfilmentTimeline("cancelled", placed, [...history.slice(0, 1), { status: "cancelled", createdAt: "2026-11-04T00:00:00.000Z" }]);
    expect(t.map((s) => s.reached)).toEqual([true, true, false, false]);
  });
});
