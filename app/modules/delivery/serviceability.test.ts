import { describe, expect, it } from "vitest";
import { codLimitSchema, parseRulesCsv, pinRuleSchema, pinVerdict, ruleFor, type PinRule } from "./serviceability";

const RULES: PinRule[] = [
  { prefix: "79", kind: "prepaid_only" },
  { prefix: "792001", kind: "not_serviceable" },
  { prefix: "7441", kind: "not_serviceable" },
  { prefix: "744101", kind: "prepaid_only" },
];

describe("which rule decides for a PIN", () => {
  it("is the longest matching prefix", () => {
    expect(ruleFor("792001", RULES)).toEqual({ prefix: "792001", kind: "not_serviceable" });
    expect(ruleFor("792002", RULES)).toEqual({ prefix: "79", kind: "prepaid_only" });
    expect(ruleFor("744101", RULES)).toEqual({ prefix: "744101", kind: "prepaid_only" });
    expect(ruleFor("744102", RULES)).toEqual({ prefix: "7441", kind: "not_serviceable" });
    expect(ruleFor("110001", RULES)).toBeNull();
  });
});

describe("the verdict for a PIN", () => {
  const v = (pin: string, more: Partial<Parameters<typeof pinVerdict>[0]> = {}) => pinVerdict({ pin, known: true, rules: RULES, codLimit: null, ...more });

  it("is unknown for a PIN that does not exist, whatever the rules", () => {
    expect(v("792001", { known: false })).toEqual({ kind: "unknown", serviceable: false, cashOnDelivery: false });
  });

  it("says where the shop does not deliver, and where it takes no cash", () => {
    expect(v("792001")).toEqual({ kind: "not_served", serviceable: false, cashOnDelivery: false, message: "We do not deliver to PIN code 792001 yet" });
    expect(v("792002")).toEqual({ kind: "cod_unavailable", serviceable: true, cashOnDelivery: false, message: "Cash on delivery is not available for PIN code 792002" });
    expect(v("110001")).toEqual({ kind: "ok", serviceable: true, cashOnDelivery: true });
  });

  it("refuses cash above the limit only for an order above it", () => {
    const limit = 50_000_00;
    expect(v("110001", { codLimit: limit, orderTotal: 50_000_01 })).toEqual({
      kind: "cod_unavailable",
      serviceable: true,
      cashOnDelivery: false,
      message: "Cash on delivery is not available for orders above ₹50,000",
    });
    expect(v("110001", { codLimit: limit, orderTotal: 50_000_00 }).kind).toBe("ok");
    expect(v("110001", { codLimit: limit }).kind).toBe("ok");
    expect(v("110001", { codLimit: null, orderTotal: 9_99_99_999 }).kind).toBe("ok");
    // A PIN that is prepaid only says so, rather than the limit.
    expect(v("792002", { codLimit: limit, orderTotal: 60_000_00 })).toMatchObject({ message: "Cash on delivery is not available for PIN code 792002" });
  });
});

describe("a rule as the admin types it", () => {
  it("is 1 to 6 digits and one of the two kinds", () => {
    expect(pinRuleSchema.safeParse({ prefix: " 792 ", kind: "prepaid_only" })).toMatchObject({ success: true, data: { prefix: "792" } });
    for (const prefix of ["", "1234567", "79a", "-1", "7 9"]) expect(pinRuleSchema.safeParse({ prefix, kind: "prepaid_only" }).success, prefix).toBe(false);
    expect(pinRuleSchema.safeParse({ prefix: "79", kind: "closed" }).success).toBe(false);
  });

  it("reads the COD limit in whole rupees, empty for none", () => {
    expect(codLimitSchema.parse("50000")).toBe(50_000_00);
    expect(codLimitSchema.parse("50,000")).toBe(50_000_00);
    expect(codLimitSchema.parse(" ")).toBeNull();
    for (const bad of ["0", "-5", "12.50", "abc", "1000000001"]) expect(codLimitSchema.safeParse(bad).success, bad).toBe(false);
  });
});

describe("a CSV of rules", () => {
  it("reads pin,kind lines, with or without a header, skipping blank lines", () => {
    const r = parseRulesCsv("pin,kind\r\n792,prepaid_only\n\n110001, not_serviceable\n\"744\",\"prepaid_only\"\n792,not_serviceable\n");
    expect(r.errors).toEqual([]);
    expect(r.rules).toEqual([
      { prefix: "792", kind: "not_serviceable" },
      { prefix: "110001", kind: "not_serviceable" },
      { prefix: "744", kind: "prepaid_only" },
    ]);
  });

  it("reports every bad line by its number", () => {
    const r = parseRulesCsv("pin,kind\n792,prepaid_only\n79x,prepaid_only\n110001,closed\n\n1234567,not_serviceable\n110002\n");
    expect(r.errors).toEqual([
      'Line 3: "79x" is not 1 to 6 digits',
      'Line 4: the kind must be not_serviceable or prepaid_only, not "closed"',
      'Line 6: "1234567" is not 1 to 6 digits',
      "Line 7: expected two values, pin,kind",
    ]);
  });

  it("refuses an empty file and one too long", () => {
    expect(parseRulesCsv("pin,kind\n\n").errors).toEqual(["Please choose a CSV file with one rule a line: pin,kind"]);
    expect(parseRulesCsv("1,prepaid_only\n2,prepaid_only\n3,prepaid_only\n", 2).errors).toEqual(["Line 3: a file may hold up to 2 rules"]);
  });
});
