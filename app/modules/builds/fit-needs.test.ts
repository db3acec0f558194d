import { describe, expect, it } from "vitest";
import { SPEC_SCHEMAS } from "~/modules/catalog/spec-schema";
import { SLOTS, partFits, withPart, type Build, type BuildPart, type Slot } from "./compatibility";
import { figuresRead, fitNeeds, meetsNeeds } from "./fit-needs";
import { PART_FIGURE_COLUMNS } from "./part-figures";

// Parts drawn at random from the figures the rules read (some left out, as sellers leave them),
// so that every rule meets matching, clashing and missing figures many times over.
const FIGURES: Record<Slot, Record<string, readonly string[]>> = {
  processor: {
    socket: ["AM5", "AM4", "LGA 1700"],
    ramTypes: ["DDR5", "DDR4", "DDR5, DDR4"],
    power: ["65", "120", "125"],
    peakPower: ["88", "162", "253"],
    processorFamily: ["Ryzen 7000", "Core 13th Gen"],
    integratedGraphics: ["Yes", "No"],
    coolerIncluded: ["Yes", "No"],
  },
  motherboard: {
    socket: ["AM5", "AM4", "LGA 1700"],
    ramType: ["DDR5", "DDR4"],
    boardFormFactor: ["ATX", "Micro ATX", "Mini-ITX"],
    memorySlots: ["2", "4"],
    maxMemory: ["64", "128", "192"],
    m2Slots: ["0", "1", "2"],
    sataPorts: ["0", "1", "4"],
  },
  memory: {
    ramType: ["DDR5", "DDR4"],
    modules: ["1", "2", "4"],
    moduleCapacity: ["8", "16", "32"],
    moduleType: ["DIMM", "DIMM", "SO-DIMM"],
    registered: ["Unbuffered", "Unbuffered", "Registered"],
    memorySpeed: ["3200", "6000"],
  },
  graphics: { power: ["115", "263", "450"], cardLength: ["240", "320", "335"], card8Pin: ["0", "1", "2", "3"], card12v2x6: ["0", "1"], minimumPsu: ["550", "850"] },
  storage: { interface: ["PCIe 4.0 NVMe", "SATA"], formFactor: ["M.2 2280", "2.5-inch", "3.5-inch"] },
  case: {
    caseBoardFormFactors: ["ATX, Micro ATX, Mini-ITX", "Mini-ITX", "Micro ATX, Mini-ITX"],
    maxCardLength: ["330", "365", "400"],
    maxCoolerHeight: ["155", "160", "170"],
    casePsuFormFactors: ["ATX", "SFX", "ATX, SFX"],
    radiatorMounts: ["Front: 360; Top: 280", "Top: 240", "None"],
    bays35: ["0", "1", "2"],
    caseFans: ["0", "3"],
  },
  cooler: { coolerType: ["Air", "Liquid"], coolerHeight: ["155", "158", "165"], coolerSockets: ["AM5, AM4", "AM5, AM4, LGA 1700", "LGA 1700"], radiatorSize: ["240", "280", "360"], coolerFans: ["1", "2"] },
  psu: { wattage: ["450", "650", "850", "1000"], psuFormFactor: ["ATX", "SFX"], psu8Pin: ["0", "2", "4"], psu12v2x6: ["0", "1"] },
};

function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe("fitNeeds", () => {
  it("asks of a part exactly what partFits holds against it", () => {
    const r = random(7);
    const pick = <T,>(a: readonly T[]) => a[Math.floor(r() * a.length)]!;
    let serial = 0;
    const makePart = (slot: Slot): BuildPart => {
      const specifications: Record<string, string> = {};
      for (const [key, values] of Object.entries(FIGURES[slot])) if (r() > 0.08) specifications[key] = pick(values);
      serial += 1;
      return { id: `p${serial}`, name: `${slot} ${serial}`, specifications };
    };
    let compared = 0;
    let misfits = 0;
    for (let round = 0; round < 3000; round++) {
      let build: Build = {};
      for (const slot of SLOTS) {
        const times = slot === "memory" || slot === "storage" ? Math.floor(r() * 3) : r() < 0.7 ? 1 : 0;
        for (let i = 0; i < times; i++) build = withPart(build, slot, makePart(slot));
      }
      const slot = pick(SLOTS);
      const candidate = makePart(slot);
      const fit = partFits(build, candidate, slot);
      // The one error a query cannot find (fit-needs.ts): a liquid cooler's radiator against a case's mounts.
      const expected = !fit.verdicts.some((v) => v.severity === "error" && !(slot === "case" && v.rule === "radiator"));
      const found = meetsNeeds(fitNeeds(build, slot), candidate.specifications);
      if (found !== expected) {
        throw new Error(`${slot}: needs say ${found}, partFits says ${expected}\n${JSON.stringify({ build, candidate, verdicts: fit.verdicts }, null, 1)}`);
      }
      compared += 1;
      if (!expected) misfits += 1;
    }
    // Both answers came up often enough for the comparison to mean something.
    expect(compared).toBe(3000);
    expect(misfits).toBeGreaterThan(600);
    expect(compared - misfits).toBeGreaterThan(600);
  });

  it("reads only figures the Component and Storage categories have", () => {
    const keys = new Set([...SPEC_SCHEMAS.Component, ...SPEC_SCHEMAS.Storage].map((a) => a.key));
    for (const slot of SLOTS) for (const key of Object.keys(FIGURES[slot])) expect(keys.has(key), key).toBe(true);
  });

  it("reads only figures part_figures has a column for, and each of them, of the kind the schema says", () => {
    const r = random(11);
    const pick = <T,>(a: readonly T[]) => a[Math.floor(r() * a.length)]!;
    const makePart = (slot: Slot): BuildPart => {
      const specifications: Record<string, string> = {};
      for (const [key, values] of Object.entries(FIGURES[slot])) if (r() > 0.08) specifications[key] = pick(values);
      return { id: slot, name: slot, specifications };
    };
    const read = new Set<string>();
    for (let round = 0; round < 1000; round++) {
      let build: Build = {};
      for (const slot of SLOTS) {
        const times = slot === "memory" || slot === "storage" ? Math.floor(r() * 3) : r() < 0.7 ? 1 : 0;
        for (let i = 0; i < times; i++) build = withPart(build, slot, makePart(slot));
      }
      for (const slot of SLOTS) figuresRead(fitNeeds(build, slot)).forEach((key) => read.add(key));
    }
    const columns = PART_FIGURE_COLUMNS.map((c) => c.key);
    expect([...read].sort()).toEqual([...columns].sort());
    const schema = [...SPEC_SCHEMAS.Component, ...SPEC_SCHEMAS.Storage];
    for (const { key, kind } of PART_FIGURE_COLUMNS) expect(schema.find((a) => a.key === key)?.kind === "number" ? "number" : "text", key).toBe(kind);
  });
});
