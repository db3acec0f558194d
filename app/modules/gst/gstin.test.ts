import { describe, expect, it } from "vitest";
import { demoVendors } from "~/seed/demo-catalog";
import { gstinField } from "./gstin-field";
import { checkGstin, GSTIN_MESSAGES, gstinCheckCharacter, gstinProblem, gstinState, stateCode } from "./gstin";

describe("GSTIN", () => {
  it("accepts well-formed GSTINs, including the published example and the demo vendors'", () => {
    expect(gstinProblem("27AAPFU0939F1ZV")).toBeNull();
    expect(gstinProblem(" 27aapfu0939f1zv ")).toBeNull();
    for (const v of demoVendors) expect(gstinProblem(v.gstin), v.gstin).toBeNull();
  });
  it("computes the check character", () => {
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
  });
  it("refuses a broken check character", () => {
    expect(gstinProblem("27AAPFU0939F1ZO")).toBe("check");
    expect(gstinProblem("27AAPFU0939F1ZW")).toBe("check");
    // The vendor form's placeholder GSTIN is well-formed but for its check character.
    expect(gstinProblem("22AAAAA0000A1Z5")).toBe("check");
  });
  it("refuses a bad length", () => {
    expect(gstinProblem("27AAPFU0939F1Z")).toBe("length");
    expect(gstinProblem("27AAPFU0939F1ZVX")).toBe("length");
    expect(gstinProblem("")).toBe("length");
  });
  it("refuses a bad pattern", () => {
    expect(gstinProblem("27AAPFU0939F1AV")).toBe("pattern"); // no Z in the 14th place
    expect(gstinProblem("2AAAPFU0939F1ZV")).toBe("pattern"); // the state code is two digits
    expect(gstinProblem("27AAPFU0939F-ZV")).toBe("pattern");
  });
  it("refuses an unknown state code", () => {
    expect(gstinProblem("99AAPFU0939F1ZV")).toBe("state");
    expect(gstinProblem("25AAPFU0939F1ZV")).toBe("state");
  });
  it("refuses a PAN that is not one", () => {
    expect(gstinProblem("27AAPXU0939F1ZV")).toBe("pan");
  });
  it("says what is wrong in a person's words", () => {
    expect(GSTIN_MESSAGES.length).toBe("Please enter a 15-character GSTIN, for example 22AAAAA0000A1Z5");
    expect(GSTIN_MESSAGES.check).toMatch(/last character does not match/);
  });
});

describe("a GSTIN and the place of supply", () => {
  it("knows the state of a GSTIN and the code of a state", () => {
    expect(gstinState("29AAGCB7383J1Z4")).toBe("Karnataka");
    expect(stateCode("Maharashtra")).toBe("27");
    expect(stateCode("Andhra Pradesh")).toBe("37");
    expect(stateCode("Atlantis")).toBeNull();
  });
  it("refuses a Karnataka GSTIN for goods delivered to Maharashtra, saying why", () => {
    const checked = checkGstin("29AAGCB7383J1Z4", "Maharashtra");
    expect(checked).toMatchObject({ ok: false, problem: "place" });
    const message = checked.ok ? "" : checked.message;
    expect(message).toMatch(/registered in Karnataka/);
    expect(message).toMatch(/place of supply is where they are delivered/);
    expect(message).toMatch(/input tax credit/);
  });
  it("accepts a GSTIN of the state the goods go to, normalised", () => {
    expect(checkGstin(" 27aapfu0939f1zv", "Maharashtra")).toEqual({ ok: true, gstin: "27AAPFU0939F1ZV" });
    // Without a delivery (a seller registering) any state will do.
    expect(checkGstin("29AAGCB7383J1Z4")).toEqual({ ok: true, gstin: "29AAGCB7383J1Z4" });
  });
  it("checks the other problems first, each with its message", () => {
    expect(checkGstin("27AAPFU0939F1ZO", "Karnataka")).toEqual({ ok: false, problem: "check", message: GSTIN_MESSAGES.check });
    expect(checkGstin("12345", "Karnataka")).toEqual({ ok: false, problem: "length", message: GSTIN_MESSAGES.length });
  });
});

describe("the GSTIN field the vendor registration and the legal details share", () => {
  it("normalises a good GSTIN and refuses a broken one with the check's message", () => {
    expect(gstinField.parse(" 27aapfu0939f1zv ")).toBe("27AAPFU0939F1ZV");
    const r = gstinField.safeParse("27AAPFU0939F1ZO");
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(GSTIN_MESSAGES.check);
  });
});
