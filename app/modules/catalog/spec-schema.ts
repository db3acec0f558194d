/**
 * Typed specifications: for each category, the attributes shoppers choose by, in the order the
 * product page shows them. Values are stored normalised, as text in the product's specifications
 * map under the attribute's key: numbers in the attribute's base unit ("16" for 16 GB, "1000" for
 * 1 TB, "0.141" for 141 g), choices as the option, yes/no as "Yes" or "No". Keys that are not in
 * the category's schema are the vendor's free rows and are shown as typed.
 *
 * No validation library here: the product page and the product form ship this to the browser.
 */
import { formatIndian } from "~/lib/numbers";
import type { ProductCategory } from "./categories";
import { specificationLabel } from "./specifications";

/** The base unit a number attribute is stored in. */
export type SpecUnit = "GB" | "inch" | "W" | "Hz" | "MHz" | "kg" | "ms" | "MB/s" | "hours" | "count" | "mm" | "MT/s";

interface AttributeBase {
  key: string;
  label: string;
  /** Offered as a catalogue filter for the category. */
  filter?: boolean;
  /**
   * Which kind of PC part the figure belongs to, for the Component category's figures that only
   * one kind of part has (docs/decisions/017-typed-specifications.md): the form groups them.
   */
  part?: PcPart;
  /** Shown under the box where the label alone leaves room for doubt. */
  hint?: string;
}

export interface NumberAttribute extends AttributeBase {
  kind: "number";
  unit: SpecUnit;
  min: number;
  max: number;
  /** Which way is better when products are compared; absent where it is a matter of taste. */
  better?: "higher" | "lower";
  /** Shown as the form's example. */
  example: string;
}

export interface ChoiceAttribute extends AttributeBase {
  kind: "choice";
  options: readonly string[];
}

export interface BooleanAttribute extends AttributeBase {
  kind: "boolean";
  /** "Yes" is better when compared (noise cancellation, height adjustment). */
  better?: "yes";
}

export interface TextAttribute extends AttributeBase {
  kind: "text";
  example: string;
}

/** Several of a list, stored in the list's order and separated by commas: "DDR5, DDR4". */
export interface ListAttribute extends AttributeBase {
  kind: "list";
  options: readonly string[];
  example: string;
}

/**
 * Named values, stored as "name: value" pairs separated by semicolons, each name from a list and
 * each value a number in a unit ("Front: 360; Top: 280") or a short text ("Ryzen 9000: 2.10").
 */
export interface PairsAttribute extends AttributeBase {
  kind: "pairs";
  names: readonly string[];
  value: { kind: "number"; unit: SpecUnit; min: number; max: number } | { kind: "text"; max: number };
  example: string;
}

export type SpecAttribute = NumberAttribute | ChoiceAttribute | BooleanAttribute | TextAttribute | ListAttribute | PairsAttribute;

export const SPEC_TEXT_MAX = 120;
export const YES = "Yes";
export const NO = "No";

const brand: TextAttribute = { key: "brand", label: "Brand", kind: "text", example: "ASUS", filter: true };
const processorBrand: ChoiceAttribute = {
  key: "processorBrand",
  label: "Processor Brand",
  kind: "choice",
  options: ["Intel", "AMD", "Apple", "Qualcomm", "MediaTek"],
  filter: true,
};
const processor: TextAttribute = { key: "processor", label: "Processor", kind: "text", example: "AMD Ryzen 7 7435HS" };
const ram: NumberAttribute = { key: "ram", label: "RAM", kind: "number", unit: "GB", min: 1, max: 512, better: "higher", example: "16", filter: true };
const storage: NumberAttribute = {
  key: "storage",
  label: "Storage",
  kind: "number",
  unit: "GB",
  min: 1,
  max: 100_000,
  better: "higher",
  example: "512",
  filter: true,
};
const storageType: ChoiceAttribute = { key: "storageType", label: "Storage Type", kind: "choice", options: ["NVMe SSD", "SATA SSD", "HDD", "eMMC"] };
const graphicsCard: TextAttribute = { key: "graphicsCard", label: "Graphics", kind: "text", example: "NVIDIA GeForce RTX 4060 8 GB", filter: true };
const screenSize: NumberAttribute = { key: "screenSize", label: "Screen Size", kind: "number", unit: "inch", min: 5, max: 100, example: "15.6", filter: true };
const resolution: ChoiceAttribute = {
  key: "resolution",
  label: "Resolution",
  kind: "choice",
  options: [
    "1366 x 768 (HD)",
    "1920 x 1080 (Full HD)",
    "1920 x 1200 (WUXGA)",
    "2560 x 1440 (QHD)",
    "2560 x 1600 (WQXGA)",
    "2560 x 1664",
    "2880 x 1800 (2.8K)",
    "3440 x 1440 (UWQHD)",
    "3840 x 2160 (4K UHD)",
  ],
  filter: true,
};
const refreshRate: NumberAttribute = {
  key: "refreshRate",
  label: "Refresh Rate",
  kind: "number",
  unit: "Hz",
  min: 24,
  max: 1000,
  better: "higher",
  example: "144",
  filter: true,
};
const weight: NumberAttribute = { key: "weight", label: "Weight", kind: "number", unit: "kg", min: 0.001, max: 100, better: "lower", example: "1.8" };
const operatingSystem: ChoiceAttribute = {
  key: "operatingSystem",
  label: "Operating System",
  kind: "choice",
  options: ["Windows 11 Home", "Windows 11 Pro", "macOS", "ChromeOS", "Linux", "No Operating System"],
  filter: true,
};
const connectivity: ChoiceAttribute = {
  key: "connectivity",
  label: "Connectivity",
  kind: "choice",
  options: ["Wired", "Wireless", "Bluetooth", "Wireless and Bluetooth", "Wired and Wireless"],
  filter: true,
};
const batteryLife: NumberAttribute = {
  key: "batteryLife",
  label: "Battery Life",
  kind: "number",
  unit: "hours",
  min: 1,
  max: 10_000,
  better: "higher",
  example: "30",
};

// ---------- PC parts (the Component category) ----------
// The figures a PC build's checks read (app/modules/builds/compatibility.ts), after the field set
// and units of BuildCores OpenDB (ODC-By 1.0; docs/decisions/017-typed-specifications.md).

export const PC_PART_TYPES = ["Graphics Card", "Processor", "Motherboard", "Memory", "Power Supply", "PC Case", "CPU Cooler", "Other"] as const;
export type PcPart = Exclude<(typeof PC_PART_TYPES)[number], "Other">;

export const SOCKETS = ["AM5", "AM4", "LGA 1851", "LGA 1700", "LGA 1200", "sTR5"] as const;
export const RAM_TYPES = ["DDR5", "DDR4", "DDR3"] as const;
/** Processor families, the unit in which boards list the BIOS each needs. */
export const PROCESSOR_FAMILIES = [
  "Ryzen 3000",
  "Ryzen 4000",
  "Ryzen 5000",
  "Ryzen 7000",
  "Ryzen 8000",
  "Ryzen 9000",
  "Core 12th Gen",
  "Core 13th Gen",
  "Core 14th Gen",
  "Core Ultra 200S",
] as const;
export const BOARD_FORM_FACTORS = ["EATX", "ATX", "Micro ATX", "Mini-ITX"] as const;
export const PSU_FORM_FACTORS = ["ATX", "SFX", "SFX-L"] as const;
export const RADIATOR_POSITIONS = ["Front", "Top", "Side", "Rear", "Bottom"] as const;

const count = (key: string, label: string, part: PcPart, example: string, max = 16, hint?: string): NumberAttribute => ({
  key,
  label,
  kind: "number",
  unit: "count",
  min: 0,
  max,
  example,
  part,
  ...(hint ? { hint } : {}),
});
const yesNo = (key: string, label: string, part: PcPart, hint?: string): BooleanAttribute => ({ key, label, kind: "boolean", part, ...(hint ? { hint } : {}) });

const PC_PART_FIGURES: readonly SpecAttribute[] = [
  // Processor
  { key: "processorFamily", label: "Processor Family", kind: "choice", options: PROCESSOR_FAMILIES, part: "Processor" },
  { key: "ramTypes", label: "Memory Types Supported", kind: "list", options: RAM_TYPES, example: "DDR5, DDR4", part: "Processor" },
  {
    key: "peakPower",
    label: "Peak Package Power",
    kind: "number",
    unit: "W",
    min: 1,
    max: 1000,
    example: "162",
    part: "Processor",
    hint: "Intel's maximum turbo power, AMD's PPT.",
  },
  yesNo("integratedGraphics", "Integrated Graphics", "Processor", "Whether a screen can be plugged into the motherboard."),
  yesNo("coolerIncluded", "Cooler Included", "Processor"),
  // Motherboard
  { key: "boardFormFactor", label: "Motherboard Form Factor", kind: "choice", options: BOARD_FORM_FACTORS, part: "Motherboard" },
  count("memorySlots", "Memory Slots", "Motherboard", "4", 16),
  { key: "maxMemory", label: "Maximum Memory", kind: "number", unit: "GB", min: 1, max: 4096, example: "192", part: "Motherboard" },
  { key: "maxMemorySpeed", label: "Maximum Memory Speed", kind: "number", unit: "MT/s", min: 800, max: 12_000, example: "7200", part: "Motherboard" },
  count("m2Slots", "M.2 Slots", "Motherboard", "3"),
  count("sataPorts", "SATA Ports", "Motherboard", "4"),
  yesNo("biosFlashback", "BIOS Flashback", "Motherboard", "Updating the BIOS from a USB drive without a processor."),
  {
    key: "minimumBios",
    label: "Minimum BIOS by Processor Family",
    kind: "pairs",
    names: PROCESSOR_FAMILIES,
    value: { kind: "text", max: 30 },
    example: "Ryzen 9000: 2.10",
    part: "Motherboard",
    hint: "Only the families that need a BIOS newer than the first one; None when every family it takes runs on the first.",
  },
  // Memory
  { key: "memorySpeed", label: "Memory Speed", kind: "number", unit: "MT/s", min: 800, max: 12_000, example: "6000", part: "Memory" },
  count("modules", "Modules", "Memory", "2", 16, "How many sticks are in the kit."),
  { key: "moduleCapacity", label: "Capacity per Module", kind: "number", unit: "GB", min: 1, max: 512, example: "16", part: "Memory" },
  { key: "moduleType", label: "Module Type", kind: "choice", options: ["DIMM", "SO-DIMM"], part: "Memory", hint: "SO-DIMM is the laptop size." },
  { key: "registered", label: "Registered or Unbuffered", kind: "choice", options: ["Unbuffered", "Registered"], part: "Memory" },
  // Graphics card
  { key: "cardLength", label: "Card Length", kind: "number", unit: "mm", min: 50, max: 500, example: "267", part: "Graphics Card" },
  { key: "slotWidth", label: "Slot Width", kind: "number", unit: "count", min: 1, max: 5, example: "2.5", part: "Graphics Card" },
  count("card8Pin", "8-pin Power Connectors on the Card", "Graphics Card", "2", 4),
  count("card12v2x6", "12V-2x6 Connectors on the Card", "Graphics Card", "1", 2, "The 16-pin connector, also called 12VHPWR."),
  { key: "minimumPsu", label: "Maker's Minimum Power Supply", kind: "number", unit: "W", min: 100, max: 3000, example: "650", part: "Graphics Card" },
  // Case
  { key: "caseBoardFormFactors", label: "Motherboard Form Factors Taken", kind: "list", options: BOARD_FORM_FACTORS, example: "ATX, Micro ATX, Mini-ITX", part: "PC Case" },
  { key: "maxCardLength", label: "Maximum Graphics Card Length", kind: "number", unit: "mm", min: 50, max: 600, example: "365", part: "PC Case" },
  { key: "maxCoolerHeight", label: "Maximum Cooler Height", kind: "number", unit: "mm", min: 20, max: 250, example: "165", part: "PC Case" },
  { key: "casePsuFormFactors", label: "Power Supply Form Factors Taken", kind: "list", options: PSU_FORM_FACTORS, example: "ATX", part: "PC Case" },
  {
    key: "radiatorMounts",
    label: "Radiator Mounts",
    kind: "pairs",
    names: RADIATOR_POSITIONS,
    value: { kind: "number", unit: "mm", min: 120, max: 480 },
    example: "Front: 360; Top: 280",
    part: "PC Case",
    hint: "Each position with the largest radiator it takes.",
  },
  count("bays35", "3.5-inch Drive Bays", "PC Case", "2"),
  count("caseFans", "Fans Included", "PC Case", "3"),
  // CPU cooler
  { key: "coolerType", label: "Cooler Type", kind: "choice", options: ["Air", "Liquid"], part: "CPU Cooler" },
  { key: "coolerHeight", label: "Cooler Height", kind: "number", unit: "mm", min: 20, max: 250, example: "158", part: "CPU Cooler", hint: "For an air cooler." },
  { key: "coolerSockets", label: "Cooler Sockets", kind: "list", options: SOCKETS, example: "AM5, AM4, LGA 1700", part: "CPU Cooler" },
  {
    key: "radiatorSize",
    label: "Radiator Size",
    kind: "number",
    unit: "mm",
    min: 120,
    max: 480,
    example: "360",
    part: "CPU Cooler",
    hint: "For a liquid cooler.",
  },
  count("coolerFans", "Cooler Fans", "CPU Cooler", "1", 6),
  // Power supply
  { key: "wattage", label: "Wattage", kind: "number", unit: "W", min: 100, max: 3000, example: "850", part: "Power Supply" },
  { key: "psuFormFactor", label: "Power Supply Form Factor", kind: "choice", options: PSU_FORM_FACTORS, part: "Power Supply" },
  count("psu8Pin", "8-pin PCIe Cables", "Power Supply", "4", 12, "The 6+2-pin cables for graphics cards."),
  count("psu12v2x6", "12V-2x6 Cables", "Power Supply", "1", 4),
];

export const SPEC_SCHEMAS: Record<ProductCategory, readonly SpecAttribute[]> = {
  Laptop: [brand, processorBrand, processor, ram, storage, storageType, graphicsCard, screenSize, resolution, refreshRate, weight, operatingSystem, batteryLife],
  Desktop: [
    brand,
    { key: "formFactor", label: "Form Factor", kind: "choice", options: ["Tower", "Mini PC", "All-in-One"], filter: true },
    processorBrand,
    processor,
    ram,
    storage,
    storageType,
    graphicsCard,
    { ...screenSize, filter: false },
    { key: "powerSupply", label: "Power Supply", kind: "number", unit: "W", min: 30, max: 3000, example: "750" },
    operatingSystem,
  ],
  Monitor: [
    brand,
    screenSize,
    resolution,
    { key: "panelType", label: "Panel Type", kind: "choice", options: ["IPS", "VA", "TN", "OLED", "Mini LED"], filter: true },
    refreshRate,
    { key: "responseTime", label: "Response Time", kind: "number", unit: "ms", min: 0.01, max: 100, better: "lower", example: "1" },
    { key: "adaptiveSync", label: "Adaptive Sync", kind: "text", example: "AMD FreeSync Premium" },
    { key: "ports", label: "Ports", kind: "text", example: "2 x HDMI 2.0, 1 x DisplayPort 1.4" },
    { key: "speakers", label: "Built-in Speakers", kind: "boolean" },
    { key: "heightAdjustable", label: "Height Adjustable Stand", kind: "boolean", better: "yes" },
  ],
  Component: [
    brand,
    {
      key: "componentType",
      label: "Component Type",
      kind: "choice",
      options: PC_PART_TYPES,
      filter: true,
    },
    { key: "chipset", label: "Chipset or Model", kind: "text", example: "NVIDIA GeForce RTX 5070", filter: true },
    { key: "memory", label: "Memory", kind: "number", unit: "GB", min: 1, max: 1024, better: "higher", example: "12", filter: true },
    { key: "cores", label: "Cores", kind: "number", unit: "count", min: 1, max: 256, better: "higher", example: "8" },
    { key: "boostClock", label: "Boost Clock", kind: "number", unit: "MHz", min: 100, max: 10_000, better: "higher", example: "2542" },
    { key: "socket", label: "Socket", kind: "choice", options: SOCKETS, filter: true, hint: "A processor's or a motherboard's." },
    {
      key: "power",
      label: "Power",
      kind: "number",
      unit: "W",
      min: 1,
      max: 3000,
      example: "120",
      hint: "A processor's TDP, a graphics card's total board power.",
    },
    { key: "ramType", label: "Memory Type", kind: "choice", options: RAM_TYPES, filter: true, hint: "A motherboard's or a memory kit's." },
    ...PC_PART_FIGURES,
  ],
  Peripherals: [
    brand,
    {
      key: "peripheralType",
      label: "Peripheral Type",
      kind: "choice",
      options: ["Keyboard", "Mouse", "Keyboard and Mouse", "Webcam", "Headset", "Gamepad", "Printer", "Other"],
      filter: true,
    },
    connectivity,
    { key: "rgbLighting", label: "RGB Lighting", kind: "boolean", filter: true },
    weight,
  ],
  Storage: [
    brand,
    {
      key: "storageKind",
      label: "Drive Type",
      kind: "choice",
      options: ["Internal SSD", "External SSD", "Internal HDD", "External HDD", "USB Flash Drive", "Memory Card"],
      filter: true,
    },
    { ...storage, label: "Capacity" },
    {
      key: "interface",
      label: "Interface",
      kind: "choice",
      options: ["PCIe 5.0 NVMe", "PCIe 4.0 NVMe", "PCIe 3.0 NVMe", "SATA", "USB 3.2", "USB-C", "USB 2.0"],
      filter: true,
    },
    { key: "formFactor", label: "Form Factor", kind: "choice", options: ["M.2 2280", "2.5-inch", "3.5-inch", "Portable", "Flash Drive", "microSD"] },
    { key: "readSpeed", label: "Read Speed", kind: "number", unit: "MB/s", min: 1, max: 100_000, better: "higher", example: "7450" },
    { key: "writeSpeed", label: "Write Speed", kind: "number", unit: "MB/s", min: 1, max: 100_000, better: "higher", example: "6900" },
  ],
  Audio: [
    brand,
    {
      key: "audioType",
      label: "Audio Type",
      kind: "choice",
      options: ["Over-ear Headphones", "On-ear Headphones", "Earbuds", "Speakers", "Soundbar", "Microphone"],
      filter: true,
    },
    connectivity,
    { key: "noiseCancellation", label: "Active Noise Cancellation", kind: "boolean", better: "yes", filter: true },
    batteryLife,
    { key: "outputPower", label: "Output Power", kind: "number", unit: "W", min: 0.1, max: 10_000, better: "higher", example: "20" },
    weight,
  ],
};

export function specSchema(category: ProductCategory): readonly SpecAttribute[] {
  return SPEC_SCHEMAS[category];
}

export function specAttribute(category: ProductCategory, key: string): SpecAttribute | undefined {
  return SPEC_SCHEMAS[category].find((a) => a.key === key);
}

/** The catalogue filters of a category besides brand and price, in schema order. */
export function filterAttributes(category: ProductCategory): SpecAttribute[] {
  return SPEC_SCHEMAS[category].filter((a) => a.filter && a.key !== brand.key);
}

// ---------- Numbers and units ----------

/** What a number may be written with, per base unit, and its factor to the base unit. */
const UNIT_WORDS: Record<SpecUnit, Record<string, number>> = {
  GB: { gb: 1, tb: 1000 },
  inch: { in: 1, inch: 1, inches: 1, '"': 1, "”": 1, cm: 1 / 2.54 },
  W: { w: 1, watt: 1, watts: 1 },
  Hz: { hz: 1 },
  MHz: { mhz: 1, ghz: 1000 },
  kg: { kg: 1, g: 0.001, gm: 0.001, grams: 0.001 },
  ms: { ms: 1 },
  "MB/s": { "mb/s": 1, mbps: 1, "gb/s": 1000 },
  hours: { h: 1, hr: 1, hrs: 1, hour: 1, hours: 1 },
  count: {},
  mm: { mm: 1, cm: 10 },
  // Memory is sold as "DDR5-6000" or "6000 MHz": the MHz of its label are transfers a second.
  "MT/s": { "mt/s": 1, mts: 1, mhz: 1 },
};

const UNIT_HINT: Record<SpecUnit, string> = {
  GB: "in GB",
  inch: "in inches",
  W: "in watts",
  Hz: "in Hz",
  MHz: "in MHz",
  kg: "in kg",
  ms: "in ms",
  "MB/s": "in MB/s",
  hours: "in hours",
  count: "",
  mm: "in mm",
  "MT/s": "in MT/s",
};

const trimNumber = (n: number) => Number(n.toFixed(3));

/**
 * "16", "16GB", "16 gb", "1 TB" → 16 or 1000 for a GB attribute; "250 g" → 0.25 for kg;
 * "5.0 GHz" → 5000 for MHz; grouping commas are ignored. Null when it is not a number in a unit
 * this attribute is measured in.
 */
export function readSpecNumber(attribute: Pick<NumberAttribute, "unit">, raw: string): number | null {
  const m = /^(\d+(?:\.\d+)?|\.\d+)\s*-?\s*([a-z/"”]*)$/i.exec(raw.trim().replace(/(\d),(?=\d)/g, "$1"));
  if (!m) return null;
  const word = (m[2] ?? "").toLowerCase();
  const factor = word === "" ? 1 : UNIT_WORDS[attribute.unit][word];
  if (factor === undefined) return null;
  return trimNumber(Number(m[1]) * factor);
}

const group = (n: number, decimals: 0 | 1 | 2 = 2) => formatIndian(n, { max: decimals });

/** A stored number the Indian way: "16 GB", "1 TB", "15.6 inch", "1.46 kg", "141 g", "5 GHz". */
export function formatSpecNumber(unit: SpecUnit, n: number): string {
  switch (unit) {
    case "GB":
      return n >= 1000 ? `${group(n / 1000)} TB` : `${group(n)} GB`;
    case "inch":
      return `${group(n, 1)} inch`;
    case "kg":
      return n < 1 ? `${group(n * 1000, 0)} g` : `${group(n)} kg`;
    case "MHz":
      return n >= 1000 ? `${group(n / 1000)} GHz` : `${group(n)} MHz`;
    case "hours":
      return n === 1 ? "1 hour" : `${group(n)} hours`;
    case "count":
      return group(n);
    default:
      return `${group(n)} ${unit}`;
  }
}

// ---------- Reading, checking and showing values ----------

export type SpecValueCheck = { ok: true; value: string } | { ok: false; message: string };

/** The form's message when a value does not fit its attribute. */
export function specMessage(attribute: SpecAttribute, problem: "format" | "range" | "choice" | "length"): string {
  if (attribute.kind === "list") return `Please enter ${attribute.label} from this list, separated by commas: ${attribute.options.join(", ")}.`;
  if (attribute.kind === "pairs") return pairsMessage(attribute, problem === "range" || problem === "length" ? problem : "format");
  switch (problem) {
    case "format": {
      const a = attribute as NumberAttribute;
      const unit = UNIT_HINT[a.unit];
      return `Please enter ${attribute.label}${unit ? ` ${unit}` : ""} as a number, for example ${a.example}.`;
    }
    case "range": {
      const a = attribute as NumberAttribute;
      return `${attribute.label} must be from ${formatSpecNumber(a.unit, a.min)} to ${formatSpecNumber(a.unit, a.max)}.`;
    }
    case "choice":
      return `Please choose ${attribute.label} from the list.`;
    case "length":
      return `${attribute.label} can be at most ${SPEC_TEXT_MAX} characters.`;
  }
}

function pairsMessage(attribute: PairsAttribute, problem: "format" | "range" | "length"): string {
  const v = attribute.value;
  if (problem === "range" && v.kind === "number") return `Each size in ${attribute.label} must be from ${formatSpecNumber(v.unit, v.min)} to ${formatSpecNumber(v.unit, v.max)}.`;
  if (problem === "length" && v.kind === "text") return `Each value in ${attribute.label} can be at most ${v.max} characters.`;
  return `Please enter ${attribute.label} as pairs like "${attribute.example}", separated by semicolons, each starting with one of: ${attribute.names.join(", ")}; or None.`;
}

const LIST_SEPARATOR = ", ";
const PAIR_SEPARATOR = "; ";

/** A stored list's items ("DDR5, DDR4" → ["DDR5", "DDR4"]); none for no value. */
export function readList(stored: string | undefined): string[] {
  return stored === undefined || stored.trim() === "" ? [] : stored.split(",").map((s) => s.trim()).filter(Boolean);
}

/** A stored pairs value by name ("Front: 360; Top: 280" → Front → "360", Top → "280"). */
export function readPairs(stored: string | undefined): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const part of (stored ?? "").split(";")) {
    const at = part.indexOf(":");
    if (at > 0) pairs.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return pairs;
}

function checkList(attribute: ListAttribute, text: string): SpecValueCheck {
  const chosen = new Set<string>();
  for (const item of text.split(/[,;/]/).map((s) => s.trim()).filter(Boolean)) {
    const option = attribute.options.find((o) => o.toLowerCase() === item.toLowerCase());
    if (!option) return { ok: false, message: specMessage(attribute, "choice") };
    chosen.add(option);
  }
  if (chosen.size === 0) return { ok: false, message: specMessage(attribute, "choice") };
  return { ok: true, value: attribute.options.filter((o) => chosen.has(o)).join(LIST_SEPARATOR) };
}

/** A pairs value saying there are none (a board whose first BIOS runs every processor it takes). */
export const NO_PAIRS = "None";

function checkPairs(attribute: PairsAttribute, text: string): SpecValueCheck {
  if (text.toLowerCase() === NO_PAIRS.toLowerCase()) return { ok: true, value: NO_PAIRS };
  const pairs = new Map<string, string>();
  for (const part of text.split(/[;,]/).map((s) => s.trim()).filter(Boolean)) {
    const m = /^([^:=]+?)\s*[:=]\s*(.+)$/.exec(part);
    const name = m && attribute.names.find((n) => n.toLowerCase() === m[1]!.toLowerCase());
    if (!m || !name || pairs.has(name)) return { ok: false, message: pairsMessage(attribute, "format") };
    const v = attribute.value;
    if (v.kind === "number") {
      const n = readSpecNumber(v, m[2]!);
      if (n === null) return { ok: false, message: pairsMessage(attribute, "format") };
      if (n < v.min || n > v.max) return { ok: false, message: pairsMessage(attribute, "range") };
      pairs.set(name, String(n));
    } else {
      if (m[2]!.length > v.max) return { ok: false, message: pairsMessage(attribute, "length") };
      pairs.set(name, m[2]!);
    }
  }
  if (pairs.size === 0) return { ok: false, message: pairsMessage(attribute, "format") };
  return {
    ok: true,
    value: attribute.names
      .filter((n) => pairs.has(n))
      .map((n) => `${n}: ${pairs.get(n)}`)
      .join(PAIR_SEPARATOR),
  };
}

/**
 * Checks what a form sent for an attribute and gives the value to store. An empty entry is no
 * value (every attribute is optional); the caller leaves it out.
 */
export function checkSpecValue(attribute: SpecAttribute, raw: string): SpecValueCheck {
  const text = raw.trim().replace(/\s+/g, " ");
  switch (attribute.kind) {
    case "number": {
      const n = readSpecNumber(attribute, text);
      if (n === null) return { ok: false, message: specMessage(attribute, "format") };
      if (n < attribute.min || n > attribute.max) return { ok: false, message: specMessage(attribute, "range") };
      return { ok: true, value: String(n) };
    }
    case "choice": {
      const option = attribute.options.find((o) => o.toLowerCase() === text.toLowerCase());
      return option ? { ok: true, value: option } : { ok: false, message: specMessage(attribute, "choice") };
    }
    case "boolean": {
      const yes = /^(yes|y|true|1)$/i.test(text);
      const no = /^(no|n|false|0)$/i.test(text);
      return yes || no ? { ok: true, value: yes ? YES : NO } : { ok: false, message: specMessage(attribute, "choice") };
    }
    case "text":
      return text.length > SPEC_TEXT_MAX ? { ok: false, message: specMessage(attribute, "length") } : { ok: true, value: text };
    case "list":
      return text.length > SPEC_TEXT_MAX ? { ok: false, message: specMessage(attribute, "choice") } : checkList(attribute, text);
    case "pairs":
      return text.length > SPEC_TEXT_MAX ? { ok: false, message: pairsMessage(attribute, "format") } : checkPairs(attribute, text);
  }
}

/** A stored number attribute's value, or null when what is stored is not one (old free text). */
export function storedNumber(attribute: NumberAttribute, stored: string | undefined): number | null {
  if (stored === undefined || !/^\d+(\.\d+)?$/.test(stored)) return null;
  return Number(stored);
}

/** A stored value as the shop shows it; anything that does not read as its type is shown as stored. */
export function formatSpecValue(attribute: SpecAttribute, stored: string): string {
  if (attribute.kind === "number") {
    const n = storedNumber(attribute, stored);
    return n === null ? stored : formatSpecNumber(attribute.unit, n);
  }
  if (attribute.kind === "pairs" && attribute.value.kind === "number") {
    const unit = attribute.value.unit;
    const pairs = [...readPairs(stored)];
    if (pairs.length === 0 || pairs.some(([, v]) => !/^\d+(\.\d+)?$/.test(v))) return stored;
    return pairs.map(([name, v]) => `${name}: ${formatSpecNumber(unit, Number(v))}`).join(PAIR_SEPARATOR);
  }
  return stored;
}

export interface ShownSpecification {
  key: string;
  label: string;
  value: string;
}

/**
 * A product's specifications as the product page lists them: the category's attributes in schema
 * order with their names and units, then the vendor's own rows in the order they were entered.
 */
export function shownSpecifications(category: ProductCategory, specs: Record<string, string>): ShownSpecification[] {
  const schema = SPEC_SCHEMAS[category];
  const typed = schema.flatMap((a) => {
    const stored = specs[a.key];
    return stored === undefined || stored === "" ? [] : [{ key: a.key, label: a.label, value: formatSpecValue(a, stored) }];
  });
  const known = new Set(schema.map((a) => a.key));
  const free = Object.entries(specs)
    .filter(([key]) => !known.has(key))
    .map(([key, value]) => ({ key, label: specificationLabel(key), value }));
  return [...typed, ...free];
}

/** The category's attribute a free row's name stands for, by key or label ("RAM", "ram", "Screen Size"). */
export function schemaAttributeNamed(category: ProductCategory, name: string): SpecAttribute | undefined {
  const n = name.trim().toLowerCase();
  return SPEC_SCHEMAS[category].find((a) => a.key.toLowerCase() === n || a.label.toLowerCase() === n);
}
