/**
 * Whether the parts of a PC build fit together: the rules as data, one list a reader reviews in
 * one place (RULES), each with the figures it reads, when it speaks, how loud and what it says.
 * Every message names both values and what to change. A rule whose figure a part lacks is "not
 * run" and says which part lacks which figure; a build is never compatible while one is.
 *
 * Pure: no database, no React. The builder, the cart and a part's product page all ask here
 * (checkBuild, partFits, cartFits). The figures are the catalogue's typed specifications
 * (docs/decisions/017-typed-specifications.md); their rules are in docs/product-rules.md, "PC builds".
 */
import type { ProductCategory } from "~/modules/catalog/categories";
import {
  NO,
  SPEC_SCHEMAS,
  YES,
  formatSpecNumber,
  readList,
  readPairs,
  storedNumber,
  type NumberAttribute,
  type SpecUnit,
} from "~/modules/catalog/spec-schema";
import type { Specifications } from "~/modules/catalog/specifications";

// ---------- The build ----------

export const SLOTS = ["processor", "motherboard", "memory", "graphics", "storage", "case", "cooler", "psu"] as const;
export type Slot = (typeof SLOTS)[number];
/** Slots that hold several parts: memory kits and drives. */
export type ManySlot = "memory" | "storage";
export type OneSlot = Exclude<Slot, ManySlot>;

/** What a slot is called in a sentence. */
export const SLOT_NAMES: Record<Slot, string> = {
  processor: "processor",
  motherboard: "motherboard",
  memory: "memory kit",
  graphics: "graphics card",
  storage: "drive",
  case: "case",
  cooler: "CPU cooler",
  psu: "power supply",
};

export interface BuildPart {
  id: string;
  name: string;
  specifications: Specifications;
}

export type Build = Partial<Record<OneSlot, BuildPart>> & Partial<Record<ManySlot, BuildPart[]>>;

const COMPONENT_SLOTS: Record<string, OneSlot | ManySlot> = {
  Processor: "processor",
  Motherboard: "motherboard",
  Memory: "memory",
  "Graphics Card": "graphics",
  "PC Case": "case",
  "CPU Cooler": "cooler",
  "Power Supply": "psu",
};

/** The slot a product goes in, or null when it is no part of a PC (a laptop, a USB drive). */
export function slotOf(product: { category: ProductCategory | string; specifications: Specifications }): Slot | null {
  if (product.category === "Component") return COMPONENT_SLOTS[product.specifications.componentType ?? ""] ?? null;
  if (product.category === "Storage") return /^Internal/.test(product.specifications.storageKind ?? "") ? "storage" : null;
  return null;
}

const isMany = (slot: Slot): slot is ManySlot => slot === "memory" || slot === "storage";

/** The parts in a slot, none, one or several. */
export function partsIn(build: Build, slot: Slot): BuildPart[] {
  if (isMany(slot)) return build[slot] ?? [];
  const part = build[slot];
  return part ? [part] : [];
}

/** The build with a part added: a one-part slot's part replaced, a kit or drive added to the others. */
export function withPart(build: Build, slot: Slot, part: BuildPart): Build {
  return isMany(slot) ? { ...build, [slot]: [...(build[slot] ?? []), part] } : { ...build, [slot]: part };
}

// ---------- Reading figures ----------

/** A figure a rule reads: the part's slot and the attribute's key (`any`: the first on file of several). */
interface Figure {
  slot: Slot;
  key: string;
  /** Read when on file; its absence does not stop the rule. */
  optional?: boolean;
  /** Another key that stands in when this one is not on file (peak power, else TDP). */
  orKey?: string;
  /** How a message names it when it is missing, where the attribute's label does not say it well. */
  missing?: string;
}

const componentAttribute = (key: string) => SPEC_SCHEMAS.Component.find((a) => a.key === key) ?? SPEC_SCHEMAS.Storage.find((a) => a.key === key);

const has = (part: BuildPart, key: string) => (part.specifications[key] ?? "").trim() !== "";

function num(part: BuildPart, key: string): number | null {
  const attribute = componentAttribute(key);
  return attribute?.kind === "number" ? storedNumber(attribute as NumberAttribute, part.specifications[key]) : null;
}

/** A number a rule declared as a figure: on file once the rule runs. */
const n = (part: BuildPart, key: string): number => num(part, key) ?? 0;
const text = (part: BuildPart, key: string): string => (part.specifications[key] ?? "").trim();
const yes = (part: BuildPart, key: string): boolean => text(part, key) === YES;

const figureName = (f: Figure) => f.missing ?? (componentAttribute(f.key)?.label ?? f.key).toLowerCase();

/** "330 mm", "1,000 W", "6,000 MT/s". */
const show = (unit: SpecUnit, value: number) => formatSpecNumber(unit, value);
/** "AM5, AM4 and LGA 1700". */
function and(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
/** "1 module", "2 modules". */
const count = (value: number, one: string, many = `${one}s`) => `${value} ${value === 1 ? one : many}`;

// ---------- Drives ----------

export type DriveInterface = "NVMe M.2" | "SATA M.2" | 'SATA 2.5"' | 'SATA 3.5"';

/** A drive's interface, from the Storage category's Interface and Form Factor; null when either is missing. */
export function driveInterface(part: BuildPart): DriveInterface | null {
  const iface = text(part, "interface");
  const form = text(part, "formFactor");
  if (/NVMe/.test(iface)) return "NVMe M.2";
  if (iface !== "SATA") return null;
  if (form.startsWith("M.2")) return "SATA M.2";
  if (form === "2.5-inch") return 'SATA 2.5"';
  if (form === "3.5-inch") return 'SATA 3.5"';
  return null;
}

/** A drive on a SATA cable, in a bay rather than an M.2 slot. */
const isSataCable = (iface: DriveInterface) => iface === 'SATA 2.5"' || iface === 'SATA 3.5"';

// ---------- Estimated draw ----------

/** What the estimate counts for what it cannot read (docs/product-rules.md, "PC builds"). */
export const POWER = {
  board: 50,
  memoryModule: 5,
  drive: 7,
  fan: 3,
  /** A processor's package power where only its TDP is known. */
  tdpToPeak: 1.35,
  /** The recommended supply over the draw, rounded up to a step. */
  headroom: 1.25,
  step: 50,
} as const;

export interface PowerLine {
  label: string;
  watts: number;
  /** How the line was reached: "peak package power", "2 modules × 5 W". */
  how: string;
}

export interface PowerEstimate {
  lines: PowerLine[];
  draw: number;
  recommended: number;
  /** The recommended size worked out in words, as the summary shows it. */
  arithmetic: string;
}

/**
 * Processor peak power (or TDP × 1.35) + graphics card board power + 50 W for the board + 5 W a
 * memory module + 7 W a drive + 3 W a fan; recommended: the larger of the card maker's minimum
 * and 1.25 × the draw, rounded up to 50 W. Null while a figure it needs is not on file.
 */
export function estimatePower(build: Build): PowerEstimate | null {
  const cpu = build.processor;
  if (!cpu) return null;
  const lines: PowerLine[] = [];
  const peak = num(cpu, "peakPower");
  const tdp = num(cpu, "power");
  if (peak !== null) lines.push({ label: cpu.name, watts: peak, how: "peak package power" });
  else if (tdp !== null) lines.push({ label: cpu.name, watts: Math.round(tdp * POWER.tdpToPeak), how: `TDP ${show("W", tdp)} × ${POWER.tdpToPeak}` });
  else return null;
  const card = build.graphics;
  if (card) {
    const board = num(card, "power");
    if (board === null) return null;
    lines.push({ label: card.name, watts: board, how: "board power" });
  }
  lines.push({ label: "Motherboard", watts: POWER.board, how: "allowance" });
  const modules = (build.memory ?? []).reduce((sum, kit) => sum + (num(kit, "modules") ?? NaN), 0);
  if (Number.isNaN(modules)) return null;
  if (modules > 0) lines.push({ label: "Memory", watts: modules * POWER.memoryModule, how: `${count(modules, "module")} × ${POWER.memoryModule} W` });
  const drives = (build.storage ?? []).length;
  if (drives > 0) lines.push({ label: "Drives", watts: drives * POWER.drive, how: `${count(drives, "drive")} × ${POWER.drive} W` });
  const fans = (build.case ? (num(build.case, "caseFans") ?? 0) : 0) + (build.cooler ? (num(build.cooler, "coolerFans") ?? 0) : 0);
  if (fans > 0) lines.push({ label: "Fans", watts: fans * POWER.fan, how: `${count(fans, "fan")} × ${POWER.fan} W` });
  const draw = lines.reduce((sum, l) => sum + l.watts, 0);
  const withHeadroom = draw * POWER.headroom;
  const rounded = Math.ceil(withHeadroom / POWER.step) * POWER.step;
  const makerMinimum = card ? num(card, "minimumPsu") : null;
  const recommended = Math.max(rounded, makerMinimum ?? 0);
  const sum = `${lines.map((l) => l.watts).join(" + ")} = ${show("W", draw)}`;
  const byDraw = `${POWER.headroom} × ${show("W", draw)} = ${show("W", Math.round(withHeadroom))}, rounded up to ${show("W", rounded)}`;
  const byMaker = makerMinimum === null ? "" : `; the ${card!.name}'s maker asks for at least ${show("W", makerMinimum)}`;
  return { lines, draw, recommended, arithmetic: `Draw: ${sum}. Recommended: ${byDraw}${byMaker}; the larger is ${show("W", recommended)}.` };
}

// ---------- The rules ----------

export type Severity = "error" | "warning" | "note" | "not-run";

export interface Verdict {
  rule: string;
  severity: Severity;
  message: string;
  /** The parts the verdict is about, by id. */
  partIds: string[];
}

interface Finding {
  severity: Exclude<Severity, "not-run">;
  message: string;
  /** The parts it is about, when not every part of the rule's slots (one kit of two). */
  parts?: BuildPart[];
}

export interface Rule {
  id: string;
  /** What it compares, as a heading: "Processor socket and motherboard socket". */
  title: string;
  /** The figures it reads; the rule runs when its required slots are filled and speaks of any figure missing. */
  figures: readonly Figure[];
  /** The slots that must hold a part for the rule to apply (default: the figures' required slots). */
  slots?: readonly Slot[];
  /** Whether it applies to this build besides its slots being filled (a liquid cooler, an unfilled slot). */
  when?: (b: Build) => boolean;
  /** Speaks of what is missing from a whole build rather than of parts that clash: left out of partFits and cartFits. */
  completeness?: boolean;
  severities: readonly Exclude<Severity, "not-run">[];
  /** The findings, with every required figure on file. */
  check: (b: Build) => Finding[];
}

const one = (b: Build, slot: OneSlot) => b[slot]!;
const many = (b: Build, slot: ManySlot) => b[slot] ?? [];
const isLiquid = (b: Build) => text(one(b, "cooler"), "coolerType") === "Liquid";

export const RULES: readonly Rule[] = [
  {
    id: "processor-socket",
    title: "Processor socket and motherboard socket",
    figures: [
      { slot: "processor", key: "socket" },
      { slot: "motherboard", key: "socket" },
    ],
    severities: ["error"],
    check: (b) => {
      const cpu = one(b, "processor");
      const board = one(b, "motherboard");
      const [want, take] = [text(cpu, "socket"), text(board, "socket")];
      if (want === take) return [];
      return [
        {
          severity: "error",
          message: `The ${cpu.name} fits socket ${want}; the ${board.name} takes ${take} processors. Choose a motherboard with socket ${want} or a processor for ${take}.`,
        },
      ];
    },
  },
  {
    id: "cooler-socket",
    title: "Cooler sockets and processor socket",
    figures: [
      { slot: "cooler", key: "coolerSockets" },
      { slot: "processor", key: "socket" },
    ],
    severities: ["error"],
    check: (b) => {
      const cooler = one(b, "cooler");
      const cpu = one(b, "processor");
      const sockets = readList(text(cooler, "coolerSockets"));
      const want = text(cpu, "socket");
      if (sockets.includes(want)) return [];
      return [
        {
          severity: "error",
          message: `The ${cooler.name} mounts on ${and(sockets)}; the ${cpu.name} is ${want}. Choose a cooler that mounts on ${want}.`,
        },
      ];
    },
  },
  {
    id: "memory-type-board",
    title: "Memory type of the kit and of the motherboard",
    figures: [
      { slot: "memory", key: "ramType" },
      { slot: "motherboard", key: "ramType" },
    ],
    severities: ["error"],
    check: (b) => {
      const board = one(b, "motherboard");
      const take = text(board, "ramType");
      return many(b, "memory")
        .filter((kit) => text(kit, "ramType") !== take)
        .map((kit) => ({
          severity: "error" as const,
          message: `The ${kit.name} is ${text(kit, "ramType")}; the ${board.name} takes ${take}. Choose a ${take} kit or a ${text(kit, "ramType")} motherboard.`,
          parts: [kit, board],
        }));
    },
  },
  {
    id: "memory-type-processor",
    title: "Memory type of the kit and the processor's memory types",
    figures: [
      { slot: "memory", key: "ramType" },
      { slot: "processor", key: "ramTypes" },
    ],
    severities: ["error"],
    check: (b) => {
      const cpu = one(b, "processor");
      const types = readList(text(cpu, "ramTypes"));
      return many(b, "memory")
        .filter((kit) => !types.includes(text(kit, "ramType")))
        .map((kit) => ({
          severity: "error" as const,
          message: `The ${kit.name} is ${text(kit, "ramType")}; the ${cpu.name} supports ${and(types)} only. Choose a ${and(types)} kit.`,
          parts: [kit, cpu],
        }));
    },
  },
  {
    id: "board-memory-processor",
    title: "Memory type of the motherboard and the processor's memory types",
    figures: [
      { slot: "motherboard", key: "ramType" },
      { slot: "processor", key: "ramTypes" },
    ],
    severities: ["error"],
    check: (b) => {
      const cpu = one(b, "processor");
      const board = one(b, "motherboard");
      const types = readList(text(cpu, "ramTypes"));
      const take = text(board, "ramType");
      if (types.includes(take)) return [];
      return [
        {
          severity: "error",
          message: `The ${board.name} takes ${take}; the ${cpu.name} supports ${and(types)} only. Choose a ${and(types)} motherboard.`,
        },
      ];
    },
  },
  {
    id: "memory-so-dimm",
    title: "Laptop-size memory (SO-DIMM) on a desktop motherboard",
    figures: [{ slot: "memory", key: "moduleType" }],
    slots: ["memory", "motherboard"],
    severities: ["error"],
    check: (b) =>
      many(b, "memory")
        .filter((kit) => text(kit, "moduleType") === "SO-DIMM")
        .map((kit) => ({
          severity: "error" as const,
          message: `The ${kit.name} is SO-DIMM, the laptop size; the ${one(b, "motherboard").name} takes desktop DIMMs. Choose a DIMM kit.`,
          parts: [kit, one(b, "motherboard")],
        })),
  },
  {
    id: "memory-registered",
    title: "Registered (server) memory on a desktop motherboard",
    figures: [{ slot: "memory", key: "registered" }],
    slots: ["memory", "motherboard"],
    severities: ["error"],
    check: (b) =>
      many(b, "memory")
        .filter((kit) => text(kit, "registered") === "Registered")
        .map((kit) => ({
          severity: "error" as const,
          message: `The ${kit.name} is registered memory, made for servers; the ${one(b, "motherboard").name} takes unbuffered memory. Choose an unbuffered kit.`,
          parts: [kit, one(b, "motherboard")],
        })),
  },
  {
    id: "memory-slots",
    title: "Memory modules and motherboard slots",
    figures: [
      { slot: "memory", key: "modules" },
      { slot: "motherboard", key: "memorySlots" },
    ],
    severities: ["error"],
    check: (b) => {
      const board = one(b, "motherboard");
      const modules = many(b, "memory").reduce((sum, kit) => sum + n(kit, "modules"), 0);
      const slots = n(board, "memorySlots");
      if (modules <= slots) return [];
      return [
        {
          severity: "error",
          message: `The memory is ${count(modules, "module")}; the ${board.name} has ${count(slots, "slot")}. Choose ${count(slots, "module")} or fewer, or a motherboard with more slots.`,
        },
      ];
    },
  },
  {
    id: "memory-capacity",
    title: "Total memory and the motherboard's maximum",
    figures: [
      { slot: "memory", key: "modules" },
      { slot: "memory", key: "moduleCapacity" },
      { slot: "motherboard", key: "maxMemory" },
    ],
    severities: ["error"],
    check: (b) => {
      const board = one(b, "motherboard");
      const total = many(b, "memory").reduce((sum, kit) => sum + n(kit, "modules") * n(kit, "moduleCapacity"), 0);
      const max = n(board, "maxMemory");
      if (total <= max) return [];
      return [
        {
          severity: "error",
          message: `The memory totals ${show("GB", total)}; the ${board.name} takes at most ${show("GB", max)}. Choose ${show("GB", max)} or less, or a motherboard that takes more.`,
        },
      ];
    },
  },
  {
    id: "memory-speed",
    title: "Memory speed and the motherboard's maximum speed",
    figures: [
      { slot: "memory", key: "memorySpeed" },
      { slot: "motherboard", key: "maxMemorySpeed" },
    ],
    severities: ["note"],
    check: (b) => {
      const board = one(b, "motherboard");
      const max = n(board, "maxMemorySpeed");
      return many(b, "memory")
        .filter((kit) => n(kit, "memorySpeed") > max)
        .map((kit) => ({
          severity: "note" as const,
          message: `The ${kit.name} is rated ${show("MT/s", n(kit, "memorySpeed"))}; the ${board.name} runs memory at up to ${show("MT/s", max)}, so it will run at ${show("MT/s", max)}. It works; for the full speed choose a motherboard rated for ${show("MT/s", n(kit, "memorySpeed"))}.`,
          parts: [kit, board],
        }));
    },
  },
  {
    id: "board-form-factor",
    title: "Motherboard form factor and the case",
    figures: [
      { slot: "motherboard", key: "boardFormFactor" },
      { slot: "case", key: "caseBoardFormFactors" },
    ],
    severities: ["error"],
    check: (b) => {
      const board = one(b, "motherboard");
      const box = one(b, "case");
      const size = text(board, "boardFormFactor");
      const takes = readList(text(box, "caseBoardFormFactors"));
      if (takes.includes(size)) return [];
      return [
        {
          severity: "error",
          message: `The ${box.name} takes ${and(takes)} motherboards; the ${board.name} is ${size}. Choose a ${and(takes)} motherboard or a case that takes ${size}.`,
        },
      ];
    },
  },
  {
    id: "card-length",
    title: "Graphics card length and the case",
    figures: [
      { slot: "graphics", key: "cardLength" },
      { slot: "case", key: "maxCardLength" },
    ],
    severities: ["error", "note"],
    check: (b) => {
      const card = one(b, "graphics");
      const box = one(b, "case");
      const [length, max] = [n(card, "cardLength"), n(box, "maxCardLength")];
      if (length > max) {
        return [
          {
            severity: "error",
            message: `The ${box.name} takes graphics cards up to ${show("mm", max)}; the ${card.name} is ${show("mm", length)}. Choose a card up to ${show("mm", max)} or a larger case.`,
          },
        ];
      }
      if (max - length < 10) {
        return [
          {
            severity: "note",
            message: `The ${card.name} is ${show("mm", length)} and the ${box.name} takes up to ${show("mm", max)}: it fits with ${show("mm", max - length)} to spare. Check that front fans or a radiator do not take that room.`,
          },
        ];
      }
      return [];
    },
  },
  {
    id: "cooler-height",
    title: "Air cooler height and the case",
    figures: [
      { slot: "cooler", key: "coolerType" },
      { slot: "cooler", key: "coolerHeight" },
      { slot: "case", key: "maxCoolerHeight" },
    ],
    when: (b) => !has(one(b, "cooler"), "coolerType") || !isLiquid(b),
    severities: ["error", "note"],
    check: (b) => {
      const cooler = one(b, "cooler");
      const box = one(b, "case");
      const [height, max] = [n(cooler, "coolerHeight"), n(box, "maxCoolerHeight")];
      if (height > max) {
        return [
          {
            severity: "error",
            message: `The ${box.name} takes CPU coolers up to ${show("mm", max)} tall; the ${cooler.name} is ${show("mm", height)}. Choose a cooler up to ${show("mm", max)} or a wider case.`,
          },
        ];
      }
      if (max - height < 5) {
        return [
          {
            severity: "note",
            message: `The ${cooler.name} is ${show("mm", height)} tall and the ${box.name} takes up to ${show("mm", max)}: it fits with ${show("mm", max - height)} to spare, close to the side panel.`,
          },
        ];
      }
      return [];
    },
  },
  {
    id: "radiator",
    title: "Liquid cooler radiator and the case's mounts",
    figures: [
      { slot: "cooler", key: "radiatorSize" },
      { slot: "case", key: "radiatorMounts" },
    ],
    when: (b) => isLiquid(b),
    severities: ["error"],
    check: (b) => {
      const cooler = one(b, "cooler");
      const box = one(b, "case");
      const size = n(cooler, "radiatorSize");
      const mounts = [...readPairs(text(box, "radiatorMounts"))].map(([position, mm]) => ({ position, mm: Number(mm) }));
      if (mounts.some((m) => m.mm >= size)) return [];
      const largest = mounts.reduce<{ position: string; mm: number } | null>((best, m) => (best === null || m.mm > best.mm ? m : best), null);
      const takes = largest ? `the ${box.name}'s largest radiator mount is ${show("mm", largest.mm)} (${largest.position.toLowerCase()})` : `the ${box.name} has no radiator mount`;
      const choose = largest ? `Choose a cooler with a radiator up to ${show("mm", largest.mm)} or a case that takes ${show("mm", size)}.` : `Choose an air cooler or a case that takes a ${show("mm", size)} radiator.`;
      return [{ severity: "error", message: `The ${cooler.name} has a ${show("mm", size)} radiator; ${takes}. ${choose}` }];
    },
  },
  {
    id: "psu-form-factor",
    title: "Power supply form factor and the case",
    figures: [
      { slot: "psu", key: "psuFormFactor" },
      { slot: "case", key: "casePsuFormFactors" },
    ],
    severities: ["error"],
    check: (b) => {
      const psu = one(b, "psu");
      const box = one(b, "case");
      const size = text(psu, "psuFormFactor");
      const takes = readList(text(box, "casePsuFormFactors"));
      if (takes.includes(size)) return [];
      return [
        {
          severity: "error",
          message: `The ${box.name} takes ${and(takes)} power supplies; the ${psu.name} is ${size}. Choose an ${and(takes)} power supply or a case that takes ${size}.`,
        },
      ];
    },
  },
  {
    id: "power",
    title: "Estimated draw and the power supply",
    figures: [
      { slot: "processor", key: "peakPower", orKey: "power", missing: "peak package power or TDP" },
      { slot: "graphics", key: "power", optional: true, missing: "board power" },
      { slot: "memory", key: "modules", optional: true },
      { slot: "psu", key: "wattage" },
    ],
    severities: ["error", "warning"],
    check: (b) => {
      const estimate = estimatePower(b)!;
      const psu = one(b, "psu");
      const watts = n(psu, "wattage");
      if (watts < estimate.draw) {
        return [
          {
            severity: "error",
            message: `The build draws about ${show("W", estimate.draw)}; the ${psu.name} gives ${show("W", watts)}. Choose a power supply of at least ${show("W", estimate.recommended)}.`,
          },
        ];
      }
      if (watts < estimate.recommended) {
        return [
          {
            severity: "warning",
            message: `The build draws about ${show("W", estimate.draw)} and the ${psu.name} gives ${show("W", watts)}, below the recommended ${show("W", estimate.recommended)}. Choose a power supply of at least ${show("W", estimate.recommended)} for headroom.`,
          },
        ];
      }
      return [];
    },
  },
  {
    id: "card-connectors",
    title: "Graphics card power connectors and the power supply's cables",
    figures: [
      { slot: "graphics", key: "card8Pin" },
      { slot: "graphics", key: "card12v2x6" },
      { slot: "psu", key: "psu8Pin" },
      { slot: "psu", key: "psu12v2x6" },
    ],
    severities: ["error"],
    check: (b) => {
      const card = one(b, "graphics");
      const psu = one(b, "psu");
      const findings: Finding[] = [];
      const [need8, have8] = [n(card, "card8Pin"), n(psu, "psu8Pin")];
      const [need16, have16] = [n(card, "card12v2x6"), n(psu, "psu12v2x6")];
      if (need16 > have16) {
        findings.push({
          severity: "error",
          message: `The ${card.name} needs ${count(need16, "12V-2x6 cable")}; the ${psu.name} has ${have16 === 0 ? "none" : have16}. Choose a power supply with a 12V-2x6 cable (ATX 3.0 or later).`,
        });
      }
      if (need8 > have8) {
        findings.push({
          severity: "error",
          message: `The ${card.name} needs ${count(need8, "8-pin PCIe cable")}; the ${psu.name} has ${have8}. Choose a power supply with at least ${need8}.`,
        });
      }
      return findings;
    },
  },
  {
    id: "m2-slots",
    title: "M.2 drives and the motherboard's M.2 slots",
    figures: [
      { slot: "storage", key: "interface" },
      { slot: "storage", key: "formFactor" },
      { slot: "motherboard", key: "m2Slots" },
    ],
    when: (b) => many(b, "storage").some((d) => driveInterface(d) === null || driveInterface(d)!.endsWith("M.2")),
    severities: ["error"],
    check: (b) => {
      const board = one(b, "motherboard");
      const drives = many(b, "storage").filter((d) => driveInterface(d)?.endsWith("M.2"));
      const slots = n(board, "m2Slots");
      if (drives.length <= slots) return [];
      return [
        {
          severity: "error",
          message: `The build has ${count(drives.length, "M.2 drive")}; the ${board.name} has ${count(slots, "M.2 slot")}. Choose ${slots === 0 ? "SATA drives" : `at most ${count(slots, "M.2 drive")}`} or a motherboard with more M.2 slots.`,
          parts: [...drives, board],
        },
      ];
    },
  },
  {
    id: "sata-ports",
    title: "SATA drives and the motherboard's SATA ports",
    figures: [
      { slot: "storage", key: "interface" },
      { slot: "storage", key: "formFactor" },
      { slot: "motherboard", key: "sataPorts" },
    ],
    when: (b) => many(b, "storage").some((d) => driveInterface(d) === null || isSataCable(driveInterface(d)!)),
    severities: ["error"],
    check: (b) => {
      const board = one(b, "motherboard");
      const drives = many(b, "storage").filter((d) => isSataCable(driveInterface(d)!));
      const ports = n(board, "sataPorts");
      if (drives.length <= ports) return [];
      return [
        {
          severity: "error",
          message: `The build has ${count(drives.length, "SATA drive")}; the ${board.name} has ${count(ports, "SATA port")}. Choose at most ${count(ports, "SATA drive")}, NVMe drives, or a motherboard with more ports.`,
          parts: [...drives, board],
        },
      ];
    },
  },
  {
    id: "drive-bays",
    title: '3.5" drives and the case\'s bays',
    figures: [
      { slot: "storage", key: "formFactor" },
      { slot: "case", key: "bays35" },
    ],
    when: (b) => many(b, "storage").some((d) => !has(d, "formFactor") || text(d, "formFactor") === "3.5-inch"),
    severities: ["error"],
    check: (b) => {
      const box = one(b, "case");
      const drives = many(b, "storage").filter((d) => text(d, "formFactor") === "3.5-inch");
      const bays = n(box, "bays35");
      if (drives.length <= bays) return [];
      return [
        {
          severity: "error",
          message: `The build has ${count(drives.length, '3.5" drive')}; the ${box.name} has ${count(bays, '3.5" bay')}. Choose at most ${count(bays, '3.5" drive')} or a case with more bays.`,
          parts: [...drives, box],
        },
      ];
    },
  },
  {
    id: "bios",
    title: "Processor family and the motherboard's BIOS",
    figures: [
      { slot: "processor", key: "processorFamily" },
      { slot: "motherboard", key: "minimumBios" },
    ],
    severities: ["warning", "note"],
    check: (b) => {
      const cpu = one(b, "processor");
      const board = one(b, "motherboard");
      const family = text(cpu, "processorFamily");
      const version = readPairs(text(board, "minimumBios")).get(family);
      if (version === undefined) return [];
      const needs = `The ${cpu.name} (${family}) needs BIOS ${version} or later on the ${board.name}; one made before that BIOS will not start with it.`;
      if (!has(board, "biosFlashback")) {
        return [{ severity: "warning", message: `${needs} The board has no BIOS flashback on file, so check with the seller that it has been updated, or choose a board that runs ${family} processors out of the box.` }];
      }
      return yes(board, "biosFlashback")
        ? [{ severity: "note", message: `${needs} It has BIOS flashback: if yours has an older BIOS, update it from a USB drive before fitting the processor.` }]
        : [{ severity: "warning", message: `${needs} It has no BIOS flashback, so an older one needs another processor to update. Ask the seller whether it has been updated, or choose a board that runs ${family} processors out of the box.` }];
    },
  },
  {
    id: "graphics-output",
    title: "A way to connect a screen",
    figures: [{ slot: "processor", key: "integratedGraphics" }],
    when: (b) => !b.graphics,
    completeness: true,
    severities: ["error"],
    check: (b) => {
      const cpu = one(b, "processor");
      if (text(cpu, "integratedGraphics") !== NO) return [];
      return [{ severity: "error", message: `The ${cpu.name} has no graphics of its own and the build has no graphics card, so no screen can be connected. Add a graphics card or choose a processor with graphics.` }];
    },
  },
  {
    id: "cooler-needed",
    title: "A cooler for the processor",
    figures: [{ slot: "processor", key: "coolerIncluded" }],
    when: (b) => !b.cooler,
    completeness: true,
    severities: ["error"],
    check: (b) => {
      const cpu = one(b, "processor");
      if (text(cpu, "coolerIncluded") !== NO) return [];
      return [{ severity: "error", message: `The ${cpu.name} comes without a cooler and the build has none. Add a CPU cooler.` }];
    },
  },
];

// ---------- Running them ----------

const requiredSlots = (rule: Rule): Slot[] => [...new Set(rule.slots ?? rule.figures.filter((f) => !f.optional).map((f) => f.slot))];

/** The figures a rule needs that parts of this build lack, as "the case, NZXT H5 Flow, has no maximum cooler height on file". */
function missingFigures(rule: Rule, build: Build): { text: string; partIds: string[] } | null {
  const gaps: { part: BuildPart; slot: Slot; figure: string }[] = [];
  for (const f of rule.figures) {
    for (const part of partsIn(build, f.slot)) {
      if (has(part, f.key) && num(part, f.key) !== null) continue;
      if (has(part, f.key) && componentAttribute(f.key)?.kind !== "number") continue;
      if (f.orKey && num(part, f.orKey) !== null) continue;
      gaps.push({ part, slot: f.slot, figure: figureName(f) });
    }
  }
  if (gaps.length === 0) return null;
  const byPart = new Map<string, { part: BuildPart; slot: Slot; figures: string[] }>();
  for (const g of gaps) {
    const entry = byPart.get(g.part.id) ?? { part: g.part, slot: g.slot, figures: [] };
    if (!entry.figures.includes(g.figure)) entry.figures.push(g.figure);
    byPart.set(g.part.id, entry);
  }
  return {
    text: [...byPart.values()].map((e) => `the ${SLOT_NAMES[e.slot]}, ${e.part.name}, has no ${and(e.figures)} on file`).join("; "),
    partIds: [...byPart.keys()],
  };
}

function runRule(rule: Rule, build: Build): Verdict[] {
  if (!requiredSlots(rule).every((slot) => partsIn(build, slot).length > 0)) return [];
  if (rule.when && !rule.when(build)) return [];
  const missing = missingFigures(rule, build);
  if (missing) return [{ rule: rule.id, severity: "not-run", message: `${rule.title}: not checked, ${missing.text}.`, partIds: missing.partIds }];
  const slotIds = requiredSlots(rule).flatMap((slot) => partsIn(build, slot).map((p) => p.id));
  return rule.check(build).map((f) => ({ rule: rule.id, severity: f.severity, message: f.message, partIds: f.parts ? f.parts.map((p) => p.id) : slotIds }));
}

const SEVERITY_ORDER: Severity[] = ["error", "warning", "not-run", "note"];

export interface BuildCheck {
  /** Every verdict, errors first, then warnings, checks not run and notes. */
  verdicts: Verdict[];
  /** Null until a processor is chosen and every figure the estimate reads is on file. */
  power: PowerEstimate | null;
  /** No error and no check left unrun. */
  compatible: boolean;
  /** One line for the summary: "Compatible", "2 problems", "1 check not run: …". */
  headline: string;
}

function headline(verdicts: Verdict[], notRunText: string[]): string {
  const errors = verdicts.filter((v) => v.severity === "error").length;
  const notRun = notRunText.length;
  const unrun = notRun > 0 ? `${count(notRun, "check")} not run: ${notRunText.join("; ")}` : "";
  if (errors > 0) return `${errors === 1 ? "1 problem" : `${errors} problems`} to fix${unrun ? `; ${unrun}` : ""}`;
  if (unrun) return unrun.charAt(0).toUpperCase() + unrun.slice(1);
  const warnings = verdicts.filter((v) => v.severity === "warning").length;
  return warnings > 0 ? `Compatible, with ${count(warnings, "warning")}` : "Compatible";
}

/** Every rule on the build. */
export function checkBuild(build: Build, rules: readonly Rule[] = RULES): BuildCheck {
  const verdicts = rules.flatMap((rule) => runRule(rule, build)).sort((a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity));
  const notRunText = rules.flatMap((rule) => {
    if (!requiredSlots(rule).every((slot) => partsIn(build, slot).length > 0) || (rule.when && !rule.when(build))) return [];
    const missing = missingFigures(rule, build);
    return missing ? [missing.text] : [];
  });
  const compatible = !verdicts.some((v) => v.severity === "error" || v.severity === "not-run");
  return { verdicts, power: estimatePower(build), compatible, headline: headline(verdicts, notRunText) };
}

const clashRules = RULES.filter((r) => !r.completeness);

export interface PartFit {
  /** No error about this part in this build. */
  fits: boolean;
  /**
   * Every check about this part ran: only then may a page say "fits your saved build"; with a
   * check not run it says which figure is missing instead.
   */
  checked: boolean;
  /** What the rules say about this part in the build: its errors, warnings, notes and checks not run. */
  verdicts: Verdict[];
}

/**
 * Whether a part fits a build (a product page's "fits your saved build"): the build with the part
 * in its slot, and what the rules say about that part. Whether the build lacks a cooler or a
 * graphics card is the builder's to say, not this part's.
 */
export function partFits(build: Build, part: BuildPart, slot: Slot): PartFit {
  const verdicts = checkBuild(withPart(build, slot, part), clashRules).verdicts.filter((v) => v.partIds.includes(part.id));
  return { fits: !verdicts.some((v) => v.severity === "error"), checked: !verdicts.some((v) => v.severity === "not-run"), verdicts };
}

export interface CartFit {
  fits: boolean;
  /** The errors between parts of the cart, each once. */
  problems: Verdict[];
}

/**
 * Whether the PC parts in a cart fit together ("these parts don't fit together"). A cart may hold
 * two processors or a spare drive, so it is no one build: each pair of parts of different slots is
 * checked as a build of two, and their errors are gathered.
 */
export function cartFits(parts: readonly { part: BuildPart; slot: Slot }[]): CartFit {
  const problems = new Map<string, Verdict>();
  parts.forEach((a, i) => {
    for (const b of parts.slice(i + 1)) {
      if (a.slot === b.slot) continue;
      const pair = withPart(withPart({}, a.slot, a.part), b.slot, b.part);
      for (const v of checkBuild(pair, clashRules).verdicts) if (v.severity === "error") problems.set(v.message, v);
    }
  });
  return { fits: problems.size === 0, problems: [...problems.values()] };
}
