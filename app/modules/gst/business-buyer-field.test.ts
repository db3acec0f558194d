import { describe, expect, it } from "vitest";
import { z } from "~/lib/zod";
import { BUSINESS_MESSAGES, LEGAL_NAME_MAX } from "./business-buyer";
import { checkBusinessBuyer, savedBusinessSchema } from "./business-buyer-field";
import { GSTIN_MESSAGES } from "./gstin";

const GSTIN = "27AAPFU0939F1ZV";

function errorsOf(r: { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
}

describe("the profile's saved business (savedBusinessSchema)", () => {
  it("both empty, or Remove, is no business", () => {
    expect(savedBusinessSchema.parse({ gstin: "", legalName: "  " })).toBeNull();
    expect(savedBusinessSchema.parse({})).toBeNull();
    expect(savedBusinessSchema.parse({ gstin: "27AAPFU0939F1ZO", legalName: "X", remove: "on" })).toBeNull();
  });

  it("normalises the GSTIN and trims the name", () => {
    expect(savedBusinessSchema.parse({ gstin: " 27aapfu 0939f1zv", legalName: " Joshi Workstations LLP " })).toEqual({ gstin: GSTIN, legalName: "Joshi Workstations LLP" });
  });

  it("refuses each problem on its own field, with checkout's messages", () => {
    expect(errorsOf(savedBusinessSchema.safeParse({ gstin: "27AAPFU0939F1ZO", legalName: "Joshi Workstations LLP" }))).toEqual({ gstin: GSTIN_MESSAGES.check });
    expect(errorsOf(savedBusinessSchema.safeParse({ gstin: "27AAPFU0939F1Z", legalName: "" }))).toEqual({ gstin: GSTIN_MESSAGES.length, legalName: BUSINESS_MESSAGES.legalNameMissing });
    expect(errorsOf(savedBusinessSchema.safeParse({ gstin: "", legalName: "Joshi Workstations LLP" }))).toEqual({ gstin: BUSINESS_MESSAGES.gstinMissing });
    expect(errorsOf(savedBusinessSchema.safeParse({ gstin: GSTIN, legalName: "J".repeat(LEGAL_NAME_MAX + 1) }))).toEqual({ legalName: BUSINESS_MESSAGES.legalNameLong });
    expect(savedBusinessSchema.parse({ gstin: GSTIN, legalName: "J".repeat(LEGAL_NAME_MAX) })).toMatchObject({ gstin: GSTIN });
  });

  it("takes a GSTIN of any state: the place of supply is checked at checkout, where the address is", () => {
    expect(savedBusinessSchema.parse({ gstin: "29AAGCB7383J1Z4", legalName: "Rao Systems" })).toEqual({ gstin: "29AAGCB7383J1Z4", legalName: "Rao Systems" });
  });
});

describe("checkBusinessBuyer with a delivery state (checkout)", () => {
  const withState = (state: string) => z.object({ gstin: z.string(), legalName: z.string() }).transform((v, ctx) => checkBusinessBuyer(v, ctx, state));
  it("refuses a GSTIN of another state, saying why", () => {
    expect(errorsOf(withState("Maharashtra").safeParse({ gstin: "29AAGCB7383J1Z4", legalName: "Rao Systems" })).gstin).toMatch(/registered in Karnataka, but the goods go to Maharashtra/);
    expect(withState("Karnataka").parse({ gstin: "29AAGCB7383J1Z4", legalName: "Rao Systems" })).toEqual({ gstin: "29AAGCB7383J1Z4", legalName: "Rao Systems" });
  });
});
