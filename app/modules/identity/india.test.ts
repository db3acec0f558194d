import { describe, expect, it } from "vitest";
import { demoVendors } from "~/seed/demo-catalog";
import { gstinCheckCharacter, gstinProblem, normaliseIndianPhone } from "./india";

describe("GSTIN", () => {
  it("accepts well-formed GSTINs, including the published example and the demo vendors'", () => {
    expect(gstinProblem("27AAPFU0939F1ZV")).toBeNull();
    expect(gstinProblem(" 27aapfu0939f1zv ")).toBeNull();
    for (const v of demoVendors) expect(gstinProblem(v.gstin), v.gstin).toBeNull();
  });
  it("computes the check character", () => {
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
  });
  it("names what is wrong", () => {
    expect(gstinProblem("27AAPFU0939F1Z")).toBe("format");
    expect(gstinProblem("99AAPFU0939F1ZV")).toBe("state");
    expect(gstinProblem("27AAPXU0939F1ZV")).toBe("pan");
    expect(gstinProblem("27AAPFU0939F1ZW")).toBe("check");
    expect(gstinProblem("27AAPFU0939F1AV")).toBe("format");
    // The vendor form's placeholder GSTIN is well-formed but for its check character.
    expect(gstinProblem("22AAAAA0000A1Z5")).toBe("check");
  });
});

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
