import { describe, expect, it } from "vitest";
import { SPEC_SCHEMAS } from "~/modules/catalog/spec-schema";
import { comparisonRows, type ComparisonRow } from "./comparison";

const row = (rows: ComparisonRow[], key: string) => {
  const r = rows.find((x) => x.key === key);
  if (!r) throw new Error(`no row ${key}`);
  return r;
};
const bests = (r: ComparisonRow) => r.cells.map((c) => c.best);
const values = (r: ComparisonRow) => r.cells.map((c) => c.value);

describe("comparison rows", () => {
  const a = { brand: "ASUS", ram: "16", weight: "2.2", refreshRate: "144", storage: "512", warranty: "1 year" };
  const b = { brand: "Apple", ram: "32", weight: "1.24", refreshRate: "60", storage: "512" };
  const c = { brand: "Lenovo", ram: "16", weight: "1.46", refreshRate: "120", storage: "1000", colour: "Grey" };
  const rows = comparisonRows("Laptop", [a, b, c]);

  it("has every attribute of the category's schema in order, then the free rows any product has", () => {
    expect(rows.map((r) => r.key)).toEqual([...SPEC_SCHEMAS.Laptop.map((x) => x.key), "warranty", "colour"]);
    expect(row(rows, "warranty").label).toBe("Warranty");
    expect(values(row(rows, "colour"))).toEqual([null, null, "Grey"]);
  });

  it("shows values formatted with their units, and null where a product has none", () => {
    expect(values(row(rows, "ram"))).toEqual(["16 GB", "32 GB", "16 GB"]);
    expect(values(row(rows, "weight"))).toEqual(["2.2 kg", "1.24 kg", "1.46 kg"]);
    expect(values(row(rows, "storage"))).toEqual(["512 GB", "512 GB", "1 TB"]);
    expect(values(row(rows, "processor"))).toEqual([null, null, null]);
  });

  it("marks the higher value best where higher is better, every product that has it", () => {
    expect(bests(row(rows, "ram"))).toEqual([false, true, false]);
    expect(bests(row(rows, "refreshRate"))).toEqual([true, false, false]);
    expect(bests(row(rows, "storage"))).toEqual([false, false, true]);
    const tie = comparisonRows("Laptop", [{ ram: "32" }, { ram: "32" }, { ram: "16" }]);
    expect(bests(row(tie, "ram"))).toEqual([true, true, false]);
  });

  it("marks the lower value best where lower is better", () => {
    expect(bests(row(rows, "weight"))).toEqual([false, true, false]);
    expect(row(rows, "weight").better).toBe("lower");
  });

  it("marks Yes best where Yes is better, and only against a No", () => {
    const audio = comparisonRows("Audio", [{ noiseCancellation: "Yes" }, { noiseCancellation: "No" }, {}]);
    expect(bests(row(audio, "noiseCancellation"))).toEqual([true, false, false]);
    const allYes = comparisonRows("Audio", [{ noiseCancellation: "Yes" }, { noiseCancellation: "Yes" }]);
    expect(bests(row(allYes, "noiseCancellation"))).toEqual([false, false]);
  });

  it("marks nothing where better is not set, where all are equal, or where one product alone has a value", () => {
    expect(bests(row(rows, "brand"))).toEqual([false, false, false]);
    expect(bests(row(rows, "screenSize"))).toEqual([false, false, false]);
    const equal = comparisonRows("Laptop", [{ ram: "16" }, { ram: "16.0" }]);
    expect(bests(row(equal, "ram"))).toEqual([false, false]);
    const lonely = comparisonRows("Laptop", [{ ram: "16" }, {}]);
    expect(bests(row(lonely, "ram"))).toEqual([false, false]);
  });

  it("never marks an unreadable value best", () => {
    const old = comparisonRows("Laptop", [{ weight: "Light enough" }, { weight: "1.5" }, { weight: "2" }]);
    expect(values(row(old, "weight"))).toEqual(["Light enough", "1.5 kg", "2 kg"]);
    expect(bests(row(old, "weight"))).toEqual([false, true, false]);
  });

  it("says which rows differ: by amount for numbers, ignoring case for text, and a missing value differs", () => {
    expect(row(rows, "ram").differs).toBe(true);
    expect(row(rows, "processor").differs).toBe(false);
    const same = comparisonRows("Laptop", [{ ram: "16", brand: "ASUS" }, { ram: "16.0", brand: "asus " }]);
    expect(row(same, "ram").differs).toBe(false);
    expect(row(same, "brand").differs).toBe(false);
    expect(row(rows, "warranty").differs).toBe(true);
    expect(row(comparisonRows("Laptop", [{ ram: "16" }, {}]), "ram").differs).toBe(true);
  });

  it("leaves out a free row that every product has empty", () => {
    expect(comparisonRows("Laptop", [{ note: "" }, { note: " " }]).some((r) => r.key === "note")).toBe(false);
  });
});
