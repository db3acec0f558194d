import { describe, expect, it } from "vitest";
import { parseShipment } from "./shipment";

describe("shipment details", () => {
  it("needs a carrier and a tracking number", () => {
    expect(parseShipment({})).toEqual({ ok: false, errors: { carrier: "Enter the carrier.", trackingNumber: "Enter the tracking number." } });
  });
  it("normalises and accepts real-looking values", () => {
    expect(parseShipment({ carrier: "  Blue   Dart ", trackingNumber: " bd-1234567 " })).toEqual({ ok: true, value: { carrier: "Blue Dart", trackingNumber: "BD-1234567" } });
  });
  it("refuses odd tracking numbers", () => {
    const r = parseShipment({ carrier: "DTDC", trackingNumber: "12 34" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.trackingNumber).toBe("A tracking number is 4 to 40 letters, digits or dashes.");
  });
});
