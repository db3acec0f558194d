import { describe, expect, it } from "vitest";
import { PRODUCT_MESSAGES as M, priceInputValue, storedProductValues, withBlankRows, type ProductFormValues } from "./product-form";
import { VALID_DECLARATION_FORM, VALID_DECLARATIONS } from "../../../tests/support/declarations";
import { parsePricePaise, parseProductForm, readProductForm } from "./product-form.server";

const valid: ProductFormValues = {
  name: "  Logitech MX Keys S  ",
  description: "A quiet, backlit wireless keyboard.\r\nPairs with three devices.",
  price: "10,995.50",
  category: "Peripherals",
  stock: "12",
  featured: true,
  vendorId: "",
  specs: [
    { key: "Connectivity", value: "Bluetooth, Logi Bolt" },
    { key: "", value: "" },
    { key: " Battery ", value: " 10 days " },
  ],
  typedSpecs: {},
  ...VALID_DECLARATION_FORM,
};

function errorsOf(values: Partial<ProductFormValues>, requireVendor = false) {
  const r = parseProductForm({ ...valid, ...values }, { requireVendor });
  if (r.ok) throw new Error("expected a refusal");
  return r.errors;
}

describe("parseProductForm", () => {
  it("accepts a valid product: trimmed, price in paise, blank rows left out", () => {
    const r = parseProductForm(valid, { requireVendor: false });
    expect(r).toEqual({
      ok: true,
      fields: {
        name: "Logitech MX Keys S",
        description: "A quiet, backlit wireless keyboard.\nPairs with three devices.",
        pricePaise: 1_099_550,
        category: "Peripherals",
        stock: 12,
        featured: true,
        specifications: { Connectivity: "Bluetooth, Logi Bolt", Battery: "10 days" },
        vendorId: "",
        declarations: VALID_DECLARATIONS,
      },
    });
  });

  it("name: required, at most 120 characters", () => {
    expect(errorsOf({ name: "   " }).name).toBe(M.nameRequired);
    expect(errorsOf({ name: "x".repeat(121) }).name).toBe(M.nameTooLong);
    expect(parseProductForm({ ...valid, name: "x".repeat(120) }, { requireVendor: false }).ok).toBe(true);
  });

  it("description: required, at most 5000 characters", () => {
    expect(errorsOf({ description: "\n  \n" }).description).toBe(M.descriptionRequired);
    expect(errorsOf({ description: "x".repeat(5001) }).description).toBe(M.descriptionTooLong);
  });

  it("price: required, a number of rupees, more than 0, two decimals at most, one crore at most", () => {
    expect(errorsOf({ price: "" }).price).toBe(M.priceRequired);
    expect(errorsOf({ price: "abc" }).price).toBe(M.priceNotNumber);
    expect(errorsOf({ price: "1e5" }).price).toBe(M.priceNotNumber);
    expect(errorsOf({ price: "0" }).price).toBe(M.pricePositive);
    expect(errorsOf({ price: "0.00" }).price).toBe(M.pricePositive);
    expect(errorsOf({ price: "-5" }).price).toBe(M.pricePositive);
    expect(errorsOf({ price: "10.999" }).price).toBe(M.priceDecimals);
    expect(errorsOf({ price: "10000000.01" }).price).toBe(M.priceTooHigh);
    expect(errorsOf({ price: "99999999999999999999" }).price).toBe(M.priceTooHigh);
  });

  it("reads prices exactly, without floating point", () => {
    expect(parsePricePaise("0.29")).toBe(29);
    expect(parsePricePaise("1,49,990")).toBe(14_999_000);
    expect(parsePricePaise("₹ 1499.5")).toBe(149_950);
    expect(parsePricePaise(".5")).toBe(50);
    expect(parsePricePaise("10000000")).toBe(1_000_000_000);
  });

  it("category: one of the product categories, not All", () => {
    expect(errorsOf({ category: "" }).category).toBe(M.categoryRequired);
    expect(errorsOf({ category: "All" }).category).toBe(M.categoryRequired);
    expect(errorsOf({ category: "Toasters" }).category).toBe(M.categoryRequired);
  });

  it("stock: a whole number from 0 to 100000", () => {
    expect(errorsOf({ stock: "" }).stock).toBe(M.stockRequired);
    expect(errorsOf({ stock: "-1" }).stock).toBe(M.stockWhole);
    expect(errorsOf({ stock: "2.5" }).stock).toBe(M.stockWhole);
    expect(errorsOf({ stock: "100001" }).stock).toBe(M.stockWhole);
    expect(errorsOf({ stock: "ten" }).stock).toBe(M.stockWhole);
    expect(parseProductForm({ ...valid, stock: "0" }, { requireVendor: false }).ok).toBe(true);
    expect(parseProductForm({ ...valid, stock: "100000" }, { requireVendor: false }).ok).toBe(true);
  });

  it("vendor: required only of the admin form", () => {
    expect(errorsOf({ vendorId: "" }, true).vendorId).toBe(M.vendorRequired);
    expect(parseProductForm({ ...valid, vendorId: "vendor-2" }, { requireVendor: true })).toMatchObject({ ok: true, fields: { vendorId: "vendor-2" } });
  });

  it("specifications: both halves, no duplicates, lengths, at most 30 rows; messages name the row as posted", () => {
    const e = errorsOf({
      specs: [
        { key: "Weight", value: "" },
        { key: "", value: "" },
        { key: "", value: "Black" },
        { key: "weight", value: "1 kg" },
        { key: "k".repeat(61), value: "v" },
        { key: "Colour", value: "v".repeat(201) },
      ],
    });
    expect(e).toMatchObject({
      "specValue.0": M.specValueMissing,
      "specKey.2": M.specKeyMissing,
      "specKey.3": M.specDuplicate,
      "specKey.4": M.specKeyTooLong,
      "specValue.5": M.specValueTooLong,
    });
    expect(e["specKey.1"]).toBeUndefined();
    const many = Array.from({ length: 31 }, (_, i) => ({ key: `Key ${i}`, value: "v" }));
    expect(errorsOf({ specs: many }).specifications).toBe(M.specTooMany);
    expect(parseProductForm({ ...valid, specs: many.slice(0, 30) }, { requireVendor: false }).ok).toBe(true);
  });

  it("reports every field's problem at once", () => {
    const e = errorsOf({ name: "", description: "", price: "", category: "", stock: "" });
    expect(Object.keys(e).sort()).toEqual(["category", "description", "name", "price", "stock"]);
  });
});

describe("readProductForm", () => {
  it("pairs repeated specKey/specValue fields in order and reads the checkbox", () => {
    const form = new FormData();
    form.append("name", "N");
    form.append("specKey", "a");
    form.append("specValue", "1");
    form.append("specKey", "b");
    form.append("specValue", "2");
    form.append("specKey", "c");
    form.append("featured", "1");
    const v = readProductForm(form);
    expect(v.specs).toEqual([
      { key: "a", value: "1" },
      { key: "b", value: "2" },
      { key: "c", value: "" },
    ]);
    expect(v.featured).toBe(true);
    expect(readProductForm(new FormData()).featured).toBe(false);
    expect(readProductForm(new FormData()).name).toBe("");
  });
});

describe("a PC part's figures", () => {
  const part = (typedSpecs: Record<string, string>) => ({ ...valid, category: "Component", typedSpecs });

  it("stores them normalised beside the part's other attributes", () => {
    const r = parseProductForm(
      part({ "spec:Component:componentType": "PC Case", "spec:Component:maxCardLength": "330 mm", "spec:Component:caseBoardFormFactors": "mini-itx" }),
      { requireVendor: false },
    );
    expect(r.ok && r.fields.specifications).toMatchObject({ componentType: "PC Case", maxCardLength: "330", caseBoardFormFactors: "Mini-ITX" });
  });

  it("says beside each figure what is wrong with it", () => {
    expect(
      errorsOf(part({ "spec:Component:cardLength": "long", "spec:Component:coolerSockets": "LGA 775", "spec:Component:minimumBios": "Ryzen 9000" })),
    ).toMatchObject({
      "spec:Component:cardLength": "Please enter Card Length in mm as a number, for example 267.",
      "spec:Component:coolerSockets": "Please enter Cooler Sockets from this list, separated by commas: AM5, AM4, LGA 1851, LGA 1700, LGA 1200, sTR5.",
      "spec:Component:minimumBios": expect.stringContaining('Please enter Minimum BIOS by Processor Family as pairs like "Ryzen 9000: 2.10"'),
    });
  });

  it("are optional: a part saved before them is still valid", () => {
    expect(parseProductForm(part({ "spec:Component:componentType": "Processor", "spec:Component:socket": "AM5" }), { requireVendor: false }).ok).toBe(true);
  });
});

describe("typed specifications", () => {
  const laptop = (typedSpecs: Record<string, string>, specs = valid.specs) => ({ ...valid, category: "Laptop", typedSpecs, specs });

  it("stores the chosen category's attributes normalised, before the vendor's own rows", () => {
    const r = parseProductForm(
      laptop({
        "spec:Laptop:brand": " ASUS ",
        "spec:Laptop:ram": "16gb",
        "spec:Laptop:storage": "1 TB",
        "spec:Laptop:operatingSystem": "Windows 11 Home",
        "spec:Laptop:screenSize": "",
        // Another category's boxes are in the post too (the form carries them all) and are ignored.
        "spec:Monitor:refreshRate": "not read",
      }),
      { requireVendor: false },
    );
    expect(r.ok && r.fields.specifications).toEqual({
      brand: "ASUS",
      ram: "16",
      storage: "1000",
      operatingSystem: "Windows 11 Home",
      Connectivity: "Bluetooth, Logi Bolt",
      Battery: "10 days",
    });
  });

  it("puts each attribute's message beside its box, together with the other fields' messages", () => {
    const errors = errorsOf({ ...laptop({ "spec:Laptop:ram": "lots", "spec:Laptop:resolution": "8K", "spec:Laptop:weight": "2.2 kg" }), name: "" });
    expect(errors).toMatchObject({
      name: M.nameRequired,
      "spec:Laptop:ram": "Please enter RAM in GB as a number, for example 16.",
      "spec:Laptop:resolution": "Please choose Resolution from the list.",
    });
    expect(errors["spec:Laptop:weight"]).toBeUndefined();
  });

  it("keeps a free row named like an attribute whose box is empty, and refuses it when the box is filled", () => {
    const rows = [{ key: "RAM", value: "16 GB DDR5" }];
    const kept = parseProductForm(laptop({}, rows), { requireVendor: false });
    expect(kept.ok && kept.fields.specifications).toEqual({ RAM: "16 GB DDR5" });
    expect(errorsOf(laptop({ "spec:Laptop:ram": "16" }, rows))["specKey.0"]).toBe(M.specDuplicate);
  });

  it("reads every category's boxes from a post, and splits a stored product back into boxes and rows", () => {
    const form = new FormData();
    form.append("spec:Laptop:ram", "16");
    form.append("spec:Audio:batteryLife", "30");
    form.append("spec:Nope:ram", "1");
    expect(readProductForm(form).typedSpecs).toEqual({ "spec:Laptop:ram": "16", "spec:Audio:batteryLife": "30" });

    const stored = storedProductValues({
      name: "n",
      description: "d",
      pricePaise: 100,
      category: "Laptop",
      stock: 1,
      featured: false,
      vendorId: "v",
      specifications: { ram: "16", warranty: "1 year", weight: "Light" },
      declarations: VALID_DECLARATIONS,
    });
    expect(stored.typedSpecs).toEqual({ "spec:Laptop:ram": "16", "spec:Laptop:weight": "Light" });
    expect(stored.specs).toEqual([{ key: "warranty", value: "1 year" }]);
  });
});

describe("form helpers", () => {
  it("shows prices as typed rupees", () => {
    expect(priceInputValue(14_999_000)).toBe("149990");
    expect(priceInputValue(149_950)).toBe("1499.50");
    expect(priceInputValue(5)).toBe("0.05");
  });
  it("adds blank rows for browsers without JavaScript, never past the limit", () => {
    expect(withBlankRows([])).toHaveLength(3);
    expect(withBlankRows([{ key: "a", value: "b" }])).toHaveLength(4);
    expect(withBlankRows(Array.from({ length: 29 }, () => ({ key: "k", value: "v" })))).toHaveLength(30);
  });
});
