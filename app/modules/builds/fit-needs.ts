/**
 * What a part must be to fit a build, as tests on the part's own figures: the builder's slot list
 * hands these to the database (slot-list.server.ts), so the parts that fit are found by query,
 * whatever their number, and the rules themselves (compatibility.ts, partFits) run only on the
 * page shown. Each need mirrors one error of RULES about the part's slot, with the build's side
 * already read: "socket is AM5", "card length at most 330 mm". A need whose figure the part lacks
 * does not hold it back: that rule is "not run" for it, and a part fits while no error is about it
 * (docs/product-rules.md, "PC builds"). compatibility.test.ts's neighbour fit-needs.test.ts checks
 * that the needs and partFits agree.
 *
 * One error is left to the page: a liquid cooler's radiator against a case's mounts (a pairs figure
 * a query cannot read); a case that is listed as fitting and is not says so with its reason.
 */
import { NO_PAIRS, SPEC_SCHEMAS, readList, readPairs, storedNumber, type NumberAttribute } from "~/modules/catalog/spec-schema";
import type { Specifications } from "~/modules/catalog/specifications";
import { type Build, type BuildPart, type Slot, POWER, driveInterface, estimatePower, partsIn } from "./compatibility";

export type FitTest =
  | { is: "equal"; key: string; value: string }
  | { is: "not"; key: string; value: string }
  /** The part's value is one of these (a case's list of form factors the board must be among). */
  | { is: "among"; key: string; values: readonly string[] }
  /** The part's list holds this value (a cooler's sockets must hold the processor's). */
  | { is: "lists"; key: string; value: string }
  | { is: "at-most"; key: string; value: number }
  | { is: "at-least"; key: string; value: number }
  /** Two figures multiplied (modules × capacity per module) at most this. */
  | { is: "product-at-most"; keys: readonly [string, string]; value: number }
  /** A processor's share of the estimated draw (peak package power, else TDP × 1.35, rounded) at most this. */
  | { is: "draw-at-most"; value: number }
  /** A drive that is not of this kind. */
  | { is: "drive-not"; kind: "m2" | "sata-cable" }
  | { is: "either"; tests: readonly FitTest[] }
  /** Nothing of this slot fits (SO-DIMM memory in the build rules out every motherboard). */
  | { is: "never" };

export interface FitNeed {
  /** The rule of RULES it mirrors. */
  rule: string;
  /** The part's figures the rule reads: with one missing, the rule does not run for it. */
  requires: readonly string[];
  tests: readonly FitTest[];
}

const attribute = (key: string) => SPEC_SCHEMAS.Component.find((a) => a.key === key) ?? SPEC_SCHEMAS.Storage.find((a) => a.key === key);
const text = (part: BuildPart | undefined, key: string): string | null => {
  const value = part?.specifications[key]?.trim();
  return value ? value : null;
};
const num = (part: BuildPart | undefined, key: string): number | null => {
  const a = attribute(key);
  return a?.kind === "number" ? storedNumber(a as NumberAttribute, part?.specifications[key]) : null;
};
/** The sum of a figure over parts, or null when one lacks it. */
const total = (parts: readonly BuildPart[], value: (p: BuildPart) => number | null): number | null =>
  parts.reduce<number | null>((sum, p) => (sum === null || value(p) === null ? null : sum + value(p)!), 0);

/** The build as the candidate meets it: its own slot emptied when it takes one part, kept when it takes several. */
function without(build: Build, slot: Slot): Build {
  if (slot === "memory" || slot === "storage") return build;
  const { [slot]: _left, ...rest } = build;
  return rest;
}

/** The estimated draw of everything but the processor, or null while a figure it reads is missing. */
function drawBesidesProcessor(build: Build): number | null {
  // estimatePower does the sum; a stand-in processor of 1 W is taken off again.
  const standIn: BuildPart = { id: "", name: "", specifications: { peakPower: "1" } };
  const estimate = estimatePower({ ...build, processor: standIn });
  return estimate === null ? null : estimate.draw - 1;
}

const need = (rule: string, requires: readonly string[], ...tests: FitTest[]): FitNeed => ({ rule, requires, tests });

/** The needs a part of `slot` must meet to fit `build` (the part in the slot replaced, for a one-part slot). */
export function fitNeeds(whole: Build, slot: Slot): FitNeed[] {
  const b = without(whole, slot);
  const [cpu, board, box, cooler, card, psu] = [b.processor, b.motherboard, b.case, b.cooler, b.graphics, b.psu];
  const kits = partsIn(b, "memory");
  const drives = partsIn(b, "storage");
  const needs: FitNeed[] = [];
  const add = (when: unknown, make: () => FitNeed | FitNeed[]) => {
    if (when) needs.push(...[make()].flat());
  };
  const kitTypes = kits.length > 0 && kits.every((k) => text(k, "ramType")) ? kits.map((k) => text(k, "ramType")!) : null;
  const modules = total(kits, (k) => num(k, "modules"));
  const capacity = total(kits, (k) => (num(k, "modules") === null || num(k, "moduleCapacity") === null ? null : num(k, "modules")! * num(k, "moduleCapacity")!));
  const drivesRead = drives.every((d) => text(d, "interface") && text(d, "formFactor"));
  const count = (kind: (d: BuildPart) => boolean) => drives.filter(kind).length;
  const m2 = count((d) => driveInterface(d)?.endsWith("M.2") ?? false);
  const sata = count((d) => driveInterface(d) === 'SATA 2.5"' || driveInterface(d) === 'SATA 3.5"');
  const bays = drives.every((d) => text(d, "formFactor")) ? count((d) => text(d, "formFactor") === "3.5-inch") : null;
  const largestMount = (() => {
    const stored = text(box, "radiatorMounts");
    if (stored === null) return null;
    return stored === NO_PAIRS ? 0 : Math.max(0, ...[...readPairs(stored).values()].map(Number));
  })();

  switch (slot) {
    case "processor": {
      add(text(board, "socket"), () => need("processor-socket", ["socket"], { is: "equal", key: "socket", value: text(board, "socket")! }));
      add(text(board, "ramType"), () => need("board-memory-processor", ["ramTypes"], { is: "lists", key: "ramTypes", value: text(board, "ramType")! }));
      add(kitTypes, () => need("memory-type-processor", ["ramTypes"], ...kitTypes!.map((t) => ({ is: "lists" as const, key: "ramTypes", value: t }))));
      add(text(cooler, "coolerSockets"), () => need("cooler-socket", ["socket"], { is: "among", key: "socket", values: readList(text(cooler, "coolerSockets")!) }));
      const rest = psu && num(psu, "wattage") !== null ? drawBesidesProcessor(b) : null;
      add(rest !== null, () => need("power", [], { is: "draw-at-most", value: num(psu, "wattage")! - rest! }));
      break;
    }
    case "motherboard": {
      add(text(cpu, "socket"), () => need("processor-socket", ["socket"], { is: "equal", key: "socket", value: text(cpu, "socket")! }));
      add(text(cpu, "ramTypes"), () => need("board-memory-processor", ["ramType"], { is: "among", key: "ramType", values: readList(text(cpu, "ramTypes")!) }));
      add(kitTypes, () => need("memory-type-board", ["ramType"], ...kitTypes!.map((t) => ({ is: "equal" as const, key: "ramType", value: t }))));
      const allKits = (key: string, value: string) => kits.length > 0 && kits.every((k) => text(k, key)) && kits.some((k) => text(k, key) === value);
      add(allKits("moduleType", "SO-DIMM"), () => need("memory-so-dimm", [], { is: "never" }));
      add(allKits("registered", "Registered"), () => need("memory-registered", [], { is: "never" }));
      add(kits.length > 0 && modules !== null, () => need("memory-slots", ["memorySlots"], { is: "at-least", key: "memorySlots", value: modules! }));
      add(kits.length > 0 && capacity !== null, () => need("memory-capacity", ["maxMemory"], { is: "at-least", key: "maxMemory", value: capacity! }));
      add(text(box, "caseBoardFormFactors"), () =>
        need("board-form-factor", ["boardFormFactor"], { is: "among", key: "boardFormFactor", values: readList(text(box, "caseBoardFormFactors")!) }),
      );
      add(drives.length > 0 && drivesRead, () => [
        need("m2-slots", ["m2Slots"], { is: "at-least", key: "m2Slots", value: m2 }),
        need("sata-ports", ["sataPorts"], { is: "at-least", key: "sataPorts", value: sata }),
      ]);
      break;
    }
    case "memory": {
      // A rule about kits runs only when every kit has its figures: the ones already chosen too.
      const kitsHave = (key: string) => kits.every((k) => text(k, key));
      add(text(board, "ramType") && kitsHave("ramType"), () => need("memory-type-board", ["ramType"], { is: "equal", key: "ramType", value: text(board, "ramType")! }));
      add(text(cpu, "ramTypes") && kitsHave("ramType"), () => need("memory-type-processor", ["ramType"], { is: "among", key: "ramType", values: readList(text(cpu, "ramTypes")!) }));
      add(board && kitsHave("moduleType"), () => need("memory-so-dimm", ["moduleType"], { is: "not", key: "moduleType", value: "SO-DIMM" }));
      add(board && kitsHave("registered"), () => need("memory-registered", ["registered"], { is: "not", key: "registered", value: "Registered" }));
      add(num(board, "memorySlots") !== null && modules !== null, () =>
        need("memory-slots", ["modules"], { is: "at-most", key: "modules", value: num(board, "memorySlots")! - modules! }),
      );
      add(num(board, "maxMemory") !== null && capacity !== null, () =>
        need("memory-capacity", ["modules", "moduleCapacity"], { is: "product-at-most", keys: ["modules", "moduleCapacity"], value: num(board, "maxMemory")! - capacity! }),
      );
      break;
    }
    case "graphics": {
      add(num(box, "maxCardLength") !== null, () => need("card-length", ["cardLength"], { is: "at-most", key: "cardLength", value: num(box, "maxCardLength")! }));
      add(num(psu, "psu8Pin") !== null && num(psu, "psu12v2x6") !== null, () =>
        need(
          "card-connectors",
          ["card8Pin", "card12v2x6"],
          { is: "at-most", key: "card8Pin", value: num(psu, "psu8Pin")! },
          { is: "at-most", key: "card12v2x6", value: num(psu, "psu12v2x6")! },
        ),
      );
      break;
    }
    case "storage": {
      add(drivesRead && num(board, "m2Slots") !== null && m2 + 1 > num(board, "m2Slots")!, () =>
        need("m2-slots", ["interface", "formFactor"], { is: "drive-not", kind: "m2" }),
      );
      add(drivesRead && num(board, "sataPorts") !== null && sata + 1 > num(board, "sataPorts")!, () =>
        need("sata-ports", ["interface", "formFactor"], { is: "drive-not", kind: "sata-cable" }),
      );
      add(bays !== null && num(box, "bays35") !== null && bays + 1 > num(box, "bays35")!, () =>
        need("drive-bays", ["formFactor"], { is: "not", key: "formFactor", value: "3.5-inch" }),
      );
      break;
    }
    case "case": {
      add(text(board, "boardFormFactor"), () => need("board-form-factor", ["caseBoardFormFactors"], { is: "lists", key: "caseBoardFormFactors", value: text(board, "boardFormFactor")! }));
      add(num(card, "cardLength") !== null, () => need("card-length", ["maxCardLength"], { is: "at-least", key: "maxCardLength", value: num(card, "cardLength")! }));
      add(text(cooler, "coolerType") && text(cooler, "coolerType") !== "Liquid" && num(cooler, "coolerHeight") !== null, () =>
        need("cooler-height", ["maxCoolerHeight"], { is: "at-least", key: "maxCoolerHeight", value: num(cooler, "coolerHeight")! }),
      );
      add(text(psu, "psuFormFactor"), () => need("psu-form-factor", ["casePsuFormFactors"], { is: "lists", key: "casePsuFormFactors", value: text(psu, "psuFormFactor")! }));
      add(bays !== null && bays > 0, () => need("drive-bays", ["bays35"], { is: "at-least", key: "bays35", value: bays! }));
      break;
    }
    case "cooler": {
      add(text(cpu, "socket"), () => need("cooler-socket", ["coolerSockets"], { is: "lists", key: "coolerSockets", value: text(cpu, "socket")! }));
      add(num(box, "maxCoolerHeight") !== null, () =>
        need("cooler-height", ["coolerType", "coolerHeight"], {
          is: "either",
          tests: [
            { is: "equal", key: "coolerType", value: "Liquid" },
            { is: "at-most", key: "coolerHeight", value: num(box, "maxCoolerHeight")! },
          ],
        }),
      );
      add(largestMount !== null, () =>
        need("radiator", ["coolerType", "radiatorSize"], {
          is: "either",
          tests: [
            { is: "not", key: "coolerType", value: "Liquid" },
            { is: "at-most", key: "radiatorSize", value: largestMount! },
          ],
        }),
      );
      break;
    }
    case "psu": {
      const estimate = cpu ? estimatePower(b) : null;
      add(estimate, () => need("power", ["wattage"], { is: "at-least", key: "wattage", value: estimate!.draw }));
      add(num(card, "card8Pin") !== null && num(card, "card12v2x6") !== null, () =>
        need(
          "card-connectors",
          ["psu8Pin", "psu12v2x6"],
          { is: "at-least", key: "psu8Pin", value: num(card, "card8Pin")! },
          { is: "at-least", key: "psu12v2x6", value: num(card, "card12v2x6")! },
        ),
      );
      add(text(box, "casePsuFormFactors"), () => need("psu-form-factor", ["psuFormFactor"], { is: "among", key: "psuFormFactor", values: readList(text(box, "casePsuFormFactors")!) }));
      break;
    }
  }
  return needs;
}

/** The part's figures the needs read: those the query reads of each candidate (part-figures.ts has a column for each). */
export function figuresRead(needs: readonly FitNeed[]): string[] {
  const keys = new Set<string>();
  const visit = (t: FitTest) => {
    if ("key" in t) keys.add(t.key);
    if (t.is === "product-at-most") t.keys.forEach((k) => keys.add(k));
    if (t.is === "draw-at-most") ["peakPower", "power"].forEach((k) => keys.add(k));
    if (t.is === "drive-not") ["interface", "formFactor"].forEach((k) => keys.add(k));
    if (t.is === "either") t.tests.forEach(visit);
  };
  for (const n of needs) {
    n.requires.forEach((k) => keys.add(k));
    n.tests.forEach(visit);
  }
  return [...keys].sort();
}

function holds(test: FitTest, part: BuildPart): boolean {
  switch (test.is) {
    case "equal":
      return text(part, test.key) === test.value;
    case "not":
      return text(part, test.key) !== test.value;
    case "among":
      return test.values.includes(text(part, test.key) ?? "");
    case "lists":
      return readList(text(part, test.key) ?? "").includes(test.value);
    case "at-most":
      return (num(part, test.key) ?? Infinity) <= test.value;
    case "at-least":
      return (num(part, test.key) ?? -Infinity) >= test.value;
    case "product-at-most":
      return num(part, test.keys[0])! * num(part, test.keys[1])! <= test.value;
    case "draw-at-most": {
      const peak = num(part, "peakPower");
      const tdp = num(part, "power");
      if (peak === null && tdp === null) return true;
      return (peak ?? Math.round(tdp! * POWER.tdpToPeak)) <= test.value;
    }
    case "drive-not": {
      const kind = driveInterface(part);
      return test.kind === "m2" ? !kind?.endsWith("M.2") : kind !== 'SATA 2.5"' && kind !== 'SATA 3.5"';
    }
    case "either":
      return test.tests.some((t) => holds(t, part));
    case "never":
      return false;
  }
}

/** Whether a part meets the needs: what the database asks of each row, for a part in hand. */
export function meetsNeeds(needs: readonly FitNeed[], specifications: Specifications): boolean {
  const part: BuildPart = { id: "", name: "", specifications };
  const present = (key: string) => (attribute(key)?.kind === "number" ? num(part, key) !== null : text(part, key) !== null);
  return needs.every((n) => !n.requires.every(present) || n.tests.every((t) => holds(t, part)));
}
