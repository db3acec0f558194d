import { describe, expect, it } from "vitest";
import { editDistance, ftsGroup, ftsMatch, pgGroup, normaliseText, pgMatch, planSearch, searchDocument, vocabularyWords, withCorrections } from "./search-text";

describe("normaliseText", () => {
  it("lower-cases, folds accents and breaks words between letters and digits", () => {
    expect(normaliseText("RTX4060")).toBe("rtx 4060");
    expect(normaliseText("rtx-4060")).toBe("rtx 4060");
    expect(normaliseText("RTX 4060")).toBe("rtx 4060");
    expect(normaliseText("16GB")).toBe("16 gb");
    expect(normaliseText("16 gb")).toBe("16 gb");
    expect(normaliseText("Café, i7-13700H!")).toBe("cafe i 7 13700 h");
    expect(normaliseText("%%% '' ;--")).toBe("");
  });
});

describe("searchDocument", () => {
  it("puts name and brand in the title, category and other values in specs, description in body", () => {
    const doc = searchDocument({
      name: "TUF Gaming A15",
      category: "Laptop",
      specifications: { Brand: "ASUS", GPU: "RTX4060", RAM: "16GB" },
      description: "A sturdy laptop for play.",
    });
    expect(doc).toEqual({ title: "tuf gaming a 15 asus", specs: "laptop rtx 4060 16 gb", body: "a sturdy laptop for play" });
    expect(vocabularyWords(doc)).toEqual(["asus", "for", "gaming", "laptop", "play", "rtx", "sturdy", "tuf"]);
  });
});

describe("searchDocument with typed specifications", () => {
  it("reads stored values as the product page shows them", () => {
    const laptop = searchDocument({ name: "X1", category: "Laptop", specifications: { brand: "Lenovo", ram: "16", storage: "1000" }, description: "" });
    expect(laptop.title).toBe("x 1 lenovo");
    expect(laptop.specs).toMatch(/^laptop 16 gb 1 tb$/);
    const quiet = searchDocument({ name: "Q", category: "Audio", specifications: { noiseCancellation: "Yes" }, description: "" });
    expect(quiet.specs).toBe("audio active noise cancellation");
    const loud = searchDocument({ name: "L", category: "Audio", specifications: { noiseCancellation: "No" }, description: "" });
    expect(loud.specs).toBe("audio");
  });
});

describe("editDistance", () => {
  it("counts inserts, deletes, substitutions and adjacent swaps as one edit each", () => {
    expect(editDistance("laptp", "laptop")).toBe(1);
    expect(editDistance("laptopp", "laptop")).toBe(1);
    expect(editDistance("laptip", "laptop")).toBe(1);
    expect(editDistance("grpahics", "graphics")).toBe(1);
    expect(editDistance("logitek", "logitech")).toBe(2);
    expect(editDistance("same", "same")).toBe(0);
  });
  it("gives up past the limit", () => {
    expect(editDistance("keyboard", "monitor", 1)).toBe(2);
    expect(editDistance("a", "abcdef", 2)).toBe(3);
  });
});

describe("planSearch", () => {
  it("makes each typed word a group, its letter and digit parts a phrase, the last part a prefix", () => {
    const plan = planSearch("RTX4060 16gb");
    expect(plan.groups.map((g) => g.alternatives)).toEqual([[{ words: ["rtx", "4060"], prefix: true }], [{ words: ["16", "gb"], prefix: true }]]);
  });
  it("matches a single character as a whole word, and drops repeats", () => {
    expect(planSearch("7 7").groups.map((g) => g.alternatives)).toEqual([[{ words: ["7"], prefix: false }]]);
  });
  it("marks words of 5+ letters for typo forgiveness, not numbers or short words", () => {
    expect(planSearch("laptp ssd 12345 i7").groups.map((g) => g.typoWord)).toEqual(["laptp", null, null, null]);
  });
  it("expands synonyms both ways, multi-word ones as phrases", () => {
    const alts = (q: string) => planSearch(q).groups.map((g) => g.alternatives.map((a) => a.words.join(" ")));
    expect(alts("graphics card")).toEqual([["graphics card", "gpu"]]);
    expect(alts("GPU")).toEqual([["graphics card", "gpu"]]);
    expect(alts("pendrive 64gb")).toEqual([["pendrive", "pen drive", "usb flash drive"], ["64 gb"]]);
    expect(alts("USB flash drive")).toEqual([["pendrive", "pen drive", "usb flash drive"]]);
    expect(alts("cabinet")).toEqual([["cabinet", "pc case"]]);
    expect(alts("pc case")).toEqual([["cabinet", "pc case"]]);
    expect(alts("smps")).toEqual([["smps", "power supply"]]);
    expect(alts("power supply 650w")).toEqual([["smps", "power supply"], ["650 w"]]);
    expect(alts("graphics")).toEqual([["graphics"]]);
  });
  it("keeps at most six groups", () => {
    expect(planSearch("a b c d e f g h").groups).toHaveLength(6);
  });
});

describe("query building", () => {
  it("writes FTS5 and tsquery expressions for the plan, corrections as alternatives", () => {
    const plan = withCorrections(planSearch("laptp rtx4060 7"), new Map([["laptp", ["laptop"]]]));
    expect(ftsMatch(plan)).toBe('("laptp"* OR "laptop"*) AND ("rtx 4060"*) AND ({title specs} : "7")');
    expect(pgMatch(plan)).toBe(
      "(laptp:* | laptop:*) & (rtx:A <-> 4060:*A | rtx:B <-> 4060:*B | rtx:C <-> 4060:*C) & (7:AB)",
    );
    expect(ftsGroup(plan.groups[0]!, "title")).toBe('title : ("laptp"* OR "laptop"*)');
    expect(pgGroup(plan.groups[2]!, "specs")).toBe("(7:B)");
  });
});
