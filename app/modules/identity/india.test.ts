import { describe, expect, it } from "vitest";
import { normaliseIndianPhone } from "./india";

describe("Indian phone numbers", () => {
  it("accepts mobiles with or without +91 and spaces", () => {
    expect(normaliseIndianPhone("9876543210")).toBe("+91 98765 43210");
    expect(normaliseIndianPhone("+91 98765-43210")).toBe("+91 98765 43210");
    expect(normaliseIndianPhone("098765 43210")).toBe("+91 98765 43210");
  });
  it("accepts landlines with an STD code", () => {
    expect(normaliseIndianPhone("+91 11 4162 7730")).toBe("+91 1141627730");
    expect(normaliseIndianPhone("0120 4567890")).toBe("+91 1204567890");
  });
  it("rejects anything else", () => {
    expect(normaliseIndianPhone("12345")).toBeNull();
    expect(normaliseIndianPhone("0000000000")).toBeNull();
    expect(normaliseIndianPhone("+1 415 555 0100")).toBeNull();
    expect(normaliseIndianPhone("phone")).toBeNull();
  });
});
