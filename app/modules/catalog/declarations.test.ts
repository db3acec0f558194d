import { describe, expect, it } from "vitest";
import { VALID_DECLARATION_FORM } from "../../../tests/support/declarations";
import { COUNTRIES, countryName, INDIA, isCountryCode } from "./countries";
import { DECLARATION_MESSAGES as DM, hsnDisplay, minimumMrp, missingDeclarations, mrpBelowMessage, mrpSaving, NO_DECLARATIONS, normaliseHsn, warrantyText } from "./declarations";
import { EMPTY_PRODUCT_FORM, type ProductFormValues } from "./product-form";
import { parseDeclarations } from "./product-form.server";

const form = (over: Partial<ProductFormValues> = {}): ProductFormValues => ({ ...EMPTY_PRODUCT_FORM, ...VALID_DECLARATION_FORM, ...over });
const errorsOf = (over: Partial<ProductFormValues>, price: number | null = 1_000_00) => {
  const r = parseDeclarations(form(over), price);
  return r.ok ? {} : r.errors;
};

describe("countries", () => {
  it("lists every ISO 3166-1 country once, India first and the rest by name", () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(COUNTRIES[0]).toEqual({ code: INDIA, name: "India" });
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(249);
    const rest = COUNTRIES.slice(1).map((c) => c.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, "en")));
    for (const c of COUNTRIES) expect(c.code).toMatch(/^[A-Z]{2}$/);
    expect(countryName("CN")).toBe("China");
    expect(countryName("TW")).toBe("Taiwan");
    expect(countryName("VN")).toBe("Vietnam");
    expect(isCountryCode("XX")).toBe(false);
    expect(isCountryCode("in")).toBe(false);
  });
});

describe("HSN code", () => {
  it("takes 4 to 8 digits, spaces and dots allowed between them", () => {
    expect(normaliseHsn("8471")).toBe("8471");
    expect(normaliseHsn("8471 30")).toBe("847130");
    expect(normaliseHsn("8471.30.10")).toBe("84713010");
    expect(normaliseHsn("847")).toBeNull();
    expect(normaliseHsn("847130101")).toBeNull();
    expect(normaliseHsn("84A1")).toBeNull();
    expect(normaliseHsn("")).toBeNull();
    expect(["8471", "847130", "84713010"].map(hsnDisplay)).toEqual(["8471", "8471 30", "8471 30 10"]);
    expect(errorsOf({ hsnCode: "" }).hsnCode).toBe(DM.hsnRequired);
    expect(errorsOf({ hsnCode: "123" }).hsnCode).toBe(DM.hsnFormat);
    expect(errorsOf({ hsnCode: "8471-30" }).hsnCode).toBe(DM.hsnFormat);
    const ok = parseDeclarations(form({ hsnCode: " 8471 30 " }), 1_000_00);
    expect(ok.ok && ok.declarations.hsnCode).toBe("847130");
  });
});

describe("MRP", () => {
  it("is at least the price plus GST, to the paisa", () => {
    // ₹82,990 + 18% = ₹97,928.20
    expect(minimumMrp(82_990_00)).toBe(97_928_20);
    expect(mrpBelowMessage(82_990_00)).toBe("The MRP must be at least ₹97,928.20, the price with GST.");
    expect(mrpBelowMessage(1_000_00)).toBe("The MRP must be at least ₹1,180, the price with GST.");
    expect(errorsOf({ mrp: "97928.20" }, 82_990_00).mrp).toBeUndefined();
    expect(errorsOf({ mrp: "97928.19" }, 82_990_00).mrp).toBe(mrpBelowMessage(82_990_00));
    expect(errorsOf({ mrp: "1180" }, 1_000_00).mrp).toBeUndefined();
    expect(errorsOf({ mrp: "1179.99" }, 1_000_00).mrp).toBe("The MRP must be at least ₹1,180, the price with GST.");
    // GST rounds to the nearest paisa: 18% of 5 paise is 0.9, so 1.
    expect(minimumMrp(5)).toBe(6);
  });

  it("shows a saving only when it is above the price with GST", () => {
    expect(mrpSaving(82_990_00, null)).toBeNull();
    expect(mrpSaving(82_990_00, 97_928_20)).toBeNull();
    expect(mrpSaving(82_990_00, 97_928_21)).toEqual({ paise: 1, percent: 0 });
    // ₹1,20,000 against ₹97,928.20: ₹22,071.80 off, 18% (rounded down, never overstated).
    expect(mrpSaving(82_990_00, 1_20_000_00)).toEqual({ paise: 22_071_80, percent: 18 });
  });

  it("is required and in rupees; with a wrong price it is not compared", () => {
    expect(errorsOf({ mrp: "" }).mrp).toBe(DM.mrpRequired);
    expect(errorsOf({ mrp: "abc" }).mrp).toBe(DM.mrpNotNumber);
    expect(errorsOf({ mrp: "1" }, null).mrp).toBeUndefined();
    // Compared even while other declarations are still missing.
    const early = parseDeclarations({ ...EMPTY_PRODUCT_FORM, mrp: "1000" }, 1_000_00);
    expect(early.ok ? undefined : early.errors.mrp).toBe("The MRP must be at least ₹1,180, the price with GST.");
    expect(errorsOf({ mrp: "11800001" }).mrp).toBe(DM.mrpTooHigh);
  });
});

describe("importer", () => {
  it("is required for goods made outside India, and dropped for goods made in India", () => {
    const imported = errorsOf({ countryOfOrigin: "CN", importerName: " ", importerAddress: "" });
    expect(imported.importerName).toBe("Please enter the importer's name: the product is made outside India.");
    expect(imported.importerAddress).toBe("Please enter the importer's address: the product is made outside India.");
    const indian = parseDeclarations(form({ countryOfOrigin: "IN", importerName: "", importerAddress: "" }), 1_000_00);
    expect(indian.ok).toBe(true);
    const leftOver = parseDeclarations(form({ countryOfOrigin: "IN" }), 1_000_00);
    expect(leftOver.ok && [leftOver.declarations.importerName, leftOver.declarations.importerAddress]).toEqual([null, null]);
  });
});

describe("every declaration", () => {
  it("has its own message when missing", () => {
    const r = parseDeclarations(EMPTY_PRODUCT_FORM, 1_000_00);
    expect(r.ok).toBe(false);
    expect(r.ok ? {} : r.errors).toEqual({
      countryOfOrigin: DM.countryRequired,
      manufacturerName: DM.manufacturerNameRequired,
      manufacturerAddress: DM.manufacturerAddressRequired,
      netQuantity: DM.netQuantityRequired,
      mrp: DM.mrpRequired,
      consumerCare: DM.consumerCareRequired,
      warrantyMonths: DM.warrantyMonthsRequired,
      warrantyBy: DM.warrantyByRequired,
      hsnCode: DM.hsnRequired,
    });
  });

  it("checks lengths, the warranty's range and its giver, and the country against the list", () => {
    expect(errorsOf({ netQuantity: "x".repeat(41) }).netQuantity).toBe(DM.netQuantityTooLong);
    expect(errorsOf({ netQuantity: "x".repeat(40) }).netQuantity).toBeUndefined();
    expect(errorsOf({ warrantyMonths: "121" }).warrantyMonths).toBe(DM.warrantyMonthsRange);
    expect(errorsOf({ warrantyMonths: "-1" }).warrantyMonths).toBe(DM.warrantyMonthsRange);
    expect(errorsOf({ warrantyMonths: "1.5" }).warrantyMonths).toBe(DM.warrantyMonthsRange);
    expect(errorsOf({ warrantyMonths: "0" }).warrantyMonths).toBeUndefined();
    expect(errorsOf({ warrantyMonths: "120" }).warrantyMonths).toBeUndefined();
    expect(errorsOf({ warrantyBy: "shop" }).warrantyBy).toBe(DM.warrantyByRequired);
    expect(errorsOf({ countryOfOrigin: "XX" }).countryOfOrigin).toBe(DM.countryRequired);
    expect(errorsOf({ manufacturerAddress: "x".repeat(301) }).manufacturerAddress).toBe(DM.manufacturerAddressTooLong);
  });

  it("lists what a stored product lacks, and words its warranty", () => {
    expect(missingDeclarations(NO_DECLARATIONS)).toEqual([
      "countryOfOrigin",
      "manufacturerName",
      "manufacturerAddress",
      "netQuantity",
      "mrpPaise",
      "consumerCare",
      "warrantyMonths",
      "warrantyBy",
      "hsnCode",
    ]);
    expect(missingDeclarations({ ...NO_DECLARATIONS, countryOfOrigin: "CN" })).toContain("importerName");
    expect(warrantyText(12, "manufacturer")).toBe("1 year from the manufacturer");
    expect(warrantyText(18, "seller")).toBe("18 months from the seller");
    expect(warrantyText(24, "manufacturer")).toBe("2 years from the manufacturer");
    expect(warrantyText(0, "seller")).toBe("No warranty");
    expect(warrantyText(null, "seller")).toBeNull();
  });
});
