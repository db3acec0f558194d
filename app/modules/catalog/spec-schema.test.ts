import { describe, expect, it } from "vitest";
import { mapSpecifications } from "~/db/migrations/0008_typed_specifications";
import { demoProducts } from "~/seed/demo-catalog";
import { PRODUCT_CATEGORIES } from "./categories";
import {
  SPEC_SCHEMAS,
  checkSpecValue,
  filterAttributes,
  formatSpecNumber,
  formatSpecValue,
  readList,
  readPairs,
  readSpecNumber,
  shownSpecifications,
  specAttribute,
  type NumberAttribute,
} from "./spec-schema";
import { filterableSpecs } from "./spec-index.server";

const numberAttr = (category: (typeof PRODUCT_CATEGORIES)[number], key: string) => specAttribute(category, key) as NumberAttribute;

describe("numbers with units", () => {
  it("reads a number written with or without its unit, in any unit the attribute is measured in", () => {
    const ram = numberAttr("Laptop", "ram");
    expect(readSpecNumber(ram, "16")).toBe(16);
    expect(readSpecNumber(ram, "16GB")).toBe(16);
    expect(readSpecNumber(ram, " 16 gb ")).toBe(16);
    const storage = numberAttr("Laptop", "storage");
    expect(readSpecNumber(storage, "1 TB")).toBe(1000);
    expect(readSpecNumber(storage, "1.5TB")).toBe(1500);
    expect(readSpecNumber(numberAttr("Laptop", "weight"), "250 g")).toBe(0.25);
    expect(readSpecNumber(numberAttr("Laptop", "weight"), "1.46 kg")).toBe(1.46);
    expect(readSpecNumber(numberAttr("Laptop", "screenSize"), '27"')).toBe(27);
    expect(readSpecNumber(numberAttr("Laptop", "screenSize"), "15.6-inch")).toBe(15.6);
    expect(readSpecNumber(numberAttr("Component", "boostClock"), "5.0 GHz")).toBe(5000);
    expect(readSpecNumber(numberAttr("Storage", "readSpeed"), "7,450 MB/s")).toBe(7450);
  });

  it("refuses what is not a number in the attribute's units", () => {
    const ram = numberAttr("Laptop", "ram");
    for (const raw of ["sixteen", "16 kg", "16GB DDR5", "-16", "16..5", ""]) expect(readSpecNumber(ram, raw)).toBeNull();
  });

  it("shows numbers the Indian way, in the larger unit where that reads better", () => {
    expect(formatSpecNumber("GB", 16)).toBe("16 GB");
    expect(formatSpecNumber("GB", 1000)).toBe("1 TB");
    expect(formatSpecNumber("GB", 2000)).toBe("2 TB");
    expect(formatSpecNumber("inch", 27)).toBe("27 inch");
    expect(formatSpecNumber("inch", 15.6)).toBe("15.6 inch");
    expect(formatSpecNumber("kg", 1.46)).toBe("1.46 kg");
    expect(formatSpecNumber("kg", 0.141)).toBe("141 g");
    expect(formatSpecNumber("Hz", 165)).toBe("165 Hz");
    expect(formatSpecNumber("W", 750)).toBe("750 W");
    expect(formatSpecNumber("MHz", 5000)).toBe("5 GHz");
    expect(formatSpecNumber("MHz", 850)).toBe("850 MHz");
    expect(formatSpecNumber("MB/s", 7450)).toBe("7,450 MB/s");
    expect(formatSpecNumber("hours", 30)).toBe("30 hours");
    expect(formatSpecNumber("count", 8)).toBe("8");
  });
});

describe("checkSpecValue", () => {
  it("stores numbers in the base unit, choices as listed, yes/no as Yes or No", () => {
    expect(checkSpecValue(numberAttr("Laptop", "storage"), "1 TB")).toEqual({ ok: true, value: "1000" });
    expect(checkSpecValue(specAttribute("Laptop", "operatingSystem")!, "windows 11 home")).toEqual({ ok: true, value: "Windows 11 Home" });
    expect(checkSpecValue(specAttribute("Monitor", "speakers")!, "yes")).toEqual({ ok: true, value: "Yes" });
    expect(checkSpecValue(specAttribute("Laptop", "brand")!, "  ASUS   ROG ")).toEqual({ ok: true, value: "ASUS ROG" });
  });

  it("says what is wrong, naming the attribute and its unit", () => {
    expect(checkSpecValue(numberAttr("Laptop", "ram"), "lots")).toEqual({ ok: false, message: "Please enter RAM in GB as a number, for example 16." });
    expect(checkSpecValue(numberAttr("Laptop", "ram"), "1024")).toEqual({ ok: false, message: "RAM must be from 1 GB to 512 GB." });
    expect(checkSpecValue(numberAttr("Laptop", "screenSize"), "200")).toEqual({ ok: false, message: "Screen Size must be from 5 inch to 100 inch." });
    expect(checkSpecValue(specAttribute("Laptop", "operatingSystem")!, "Windows XP")).toEqual({ ok: false, message: "Please choose Operating System from the list." });
    expect(checkSpecValue(specAttribute("Laptop", "brand")!, "x".repeat(121))).toEqual({ ok: false, message: "Brand can be at most 120 characters." });
  });
});

describe("the schemas", () => {
  it("give every category a brand and at least three filters, with unique keys and labels", () => {
    for (const category of PRODUCT_CATEGORIES) {
      const schema = SPEC_SCHEMAS[category];
      expect(schema[0]?.key).toBe("brand");
      expect(new Set(schema.map((a) => a.key)).size).toBe(schema.length);
      expect(new Set(schema.map((a) => a.label)).size).toBe(schema.length);
      expect(filterAttributes(category).length).toBeGreaterThanOrEqual(3);
    }
  });
});

describe("shownSpecifications", () => {
  it("lists the category's attributes in schema order with names and units, then the vendor's rows", () => {
    const shown = shownSpecifications("Laptop", { warranty: "1 year", weight: "1.24", ram: "16", brand: "Apple", storage: "Up to you" });
    expect(shown).toEqual([
      { key: "brand", label: "Brand", value: "Apple" },
      { key: "ram", label: "RAM", value: "16 GB" },
      // Old free text under an attribute's key is shown as it was written.
      { key: "storage", label: "Storage", value: "Up to you" },
      { key: "weight", label: "Weight", value: "1.24 kg" },
      { key: "warranty", label: "Warranty", value: "1 year" },
    ]);
  });
});

describe("the demo catalogue", () => {
  it("carries valid, normalised typed values: every stored attribute passes the form's checks unchanged", () => {
    for (const p of demoProducts) {
      for (const attribute of SPEC_SCHEMAS[p.category]) {
        const stored = p.specifications[attribute.key];
        if (stored === undefined) continue;
        expect(checkSpecValue(attribute, stored), `${p.id} ${attribute.key}`).toEqual({ ok: true, value: stored });
      }
      expect(p.specifications.brand, p.id).toBeTruthy();
    }
  });

  it("fills every attribute of its laptops and monitors, and every filter of the rest where it applies", () => {
    for (const p of demoProducts.filter((d) => d.category === "Laptop" || d.category === "Monitor")) {
      expect(filterableSpecs(p.category, p.specifications).map((s) => s.attribute), p.id).toEqual(SPEC_SCHEMAS[p.category].map((a) => a.key));
    }
    for (const p of demoProducts) expect(filterableSpecs(p.category, p.specifications).length, p.id).toBeGreaterThanOrEqual(4);
  });
});

describe("migration 0008's mapping of free-text specifications", () => {
  it("moves values that read cleanly onto typed attributes and keeps everything else as written", () => {
    expect(
      mapSpecifications("Laptop", {
        ramSize: "16GB",
        storageCapacity: "1TB",
        displaySize: "15.6-inch FHD IPS, 144Hz",
        refreshRate: "144Hz",
        weight: "2.2 kg",
        operatingSystem: "Windows 11 Home with Office",
        processor: "AMD Ryzen 7 7435HS",
        warranty: "1 year",
      }),
    ).toEqual({
      ram: "16",
      storage: "1000",
      displaySize: "15.6-inch FHD IPS, 144Hz",
      refreshRate: "144",
      weight: "2.2",
      operatingSystem: "Windows 11 Home with Office",
      processor: "AMD Ryzen 7 7435HS",
      warranty: "1 year",
    });
    expect(mapSpecifications("Monitor", { displaySize: "27 inches", panelType: "ips", responseTime: "1ms (GtG)" })).toEqual({
      screenSize: "27",
      panelType: "IPS",
      responseTime: "1ms (GtG)",
    });
    expect(mapSpecifications("Storage", { storageCapacity: "2TB", readSpeed: "Up to 7,450 MB/s" })).toEqual({ storage: "2000", readSpeed: "Up to 7,450 MB/s" });
    expect(mapSpecifications("Unknown", { a: "b" })).toEqual({ a: "b" });
  });
});

describe("the PC parts' figures (the Component category)", () => {
  const component = (key: string) => specAttribute("Component", key)!;

  it("reads lengths in mm and memory speeds in MT/s, from the ways makers write them", () => {
    expect(checkSpecValue(component("cardLength"), "335 mm")).toEqual({ ok: true, value: "335" });
    expect(checkSpecValue(component("cardLength"), "33.5 cm")).toEqual({ ok: true, value: "335" });
    expect(checkSpecValue(component("memorySpeed"), "6000 MT/s")).toEqual({ ok: true, value: "6000" });
    expect(checkSpecValue(component("memorySpeed"), "3200MHz")).toEqual({ ok: true, value: "3200" });
    expect(formatSpecNumber("mm", 330)).toBe("330 mm");
    expect(formatSpecNumber("MT/s", 6000)).toBe("6,000 MT/s");
    expect(checkSpecValue(component("maxCoolerHeight"), "lots")).toEqual({ ok: false, message: "Please enter Maximum Cooler Height in mm as a number, for example 165." });
    expect(checkSpecValue(component("maxCardLength"), "2000")).toEqual({ ok: false, message: "Maximum Graphics Card Length must be from 50 mm to 600 mm." });
  });

  it("stores a list in the list's order without repeats, and names the choices when one is not on it", () => {
    expect(checkSpecValue(component("ramTypes"), "ddr4; DDR5, ddr4")).toEqual({ ok: true, value: "DDR5, DDR4" });
    expect(checkSpecValue(component("coolerSockets"), "LGA 1700, am5, AM4")).toEqual({ ok: true, value: "AM5, AM4, LGA 1700" });
    expect(checkSpecValue(component("caseBoardFormFactors"), "ATX, XL-ATX")).toEqual({
      ok: false,
      message: "Please enter Motherboard Form Factors Taken from this list, separated by commas: EATX, ATX, Micro ATX, Mini-ITX.",
    });
    expect(readList("DDR5, DDR4")).toEqual(["DDR5", "DDR4"]);
    expect(readList(undefined)).toEqual([]);
  });

  it("stores named sizes and versions as pairs, in the list's order, sizes in their unit", () => {
    expect(checkSpecValue(component("radiatorMounts"), "top = 280 mm, Front: 36 cm")).toEqual({ ok: true, value: "Front: 360; Top: 280" });
    expect(formatSpecValue(component("radiatorMounts"), "Front: 360; Top: 280")).toBe("Front: 360 mm; Top: 280 mm");
    expect(checkSpecValue(component("minimumBios"), "Ryzen 9000: 2.10; ryzen 8000: 1.28")).toEqual({ ok: true, value: "Ryzen 8000: 1.28; Ryzen 9000: 2.10" });
    expect(readPairs("Ryzen 8000: 1.28; Ryzen 9000: 2.10")).toEqual(
      new Map([
        ["Ryzen 8000", "1.28"],
        ["Ryzen 9000", "2.10"],
      ]),
    );
    expect(checkSpecValue(component("minimumBios"), "none")).toEqual({ ok: true, value: "None" });
    expect(readPairs("None").size).toBe(0);
    expect(checkSpecValue(component("radiatorMounts"), "Front: 600")).toEqual({ ok: false, message: "Each size in Radiator Mounts must be from 120 mm to 480 mm." });
    const format = 'Please enter Radiator Mounts as pairs like "Front: 360; Top: 280", separated by semicolons, each starting with one of: Front, Top, Side, Rear, Bottom; or None.';
    for (const raw of ["360", "Roof: 360", "Front: big", "Front: 360; Front: 240"]) expect(checkSpecValue(component("radiatorMounts"), raw)).toEqual({ ok: false, message: format });
  });

  it("give every figure of one kind of part to that part, and leave the old Component attributes shared", () => {
    const parts = new Set(SPEC_SCHEMAS.Component.flatMap((a) => (a.part ? [a.part] : [])));
    expect([...parts].sort()).toEqual(["CPU Cooler", "Graphics Card", "Memory", "Motherboard", "PC Case", "Power Supply", "Processor"]);
    for (const key of ["brand", "componentType", "chipset", "memory", "cores", "boostClock", "socket", "power", "ramType"]) expect(component(key).part, key).toBeUndefined();
  });
});
