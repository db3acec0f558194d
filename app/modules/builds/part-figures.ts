/**
 * The builder's copy of each PC part's figures: one row a part in part_figures (migration 0028),
 * a column a figure, so a slot's list reads its parts' figures in one pass over its rows instead
 * of looking each one up in product_specs (docs/benchmarks.md, "The PC builder's slot lists").
 * The catalogue writes the row wherever it writes the part's product_specs rows
 * (spec-index.server.ts), from the same checked values; a product that is no PC part has none.
 */
import type { Insertable } from "kysely";
import type { PartFiguresTable } from "~/db/schema";
import type { ProductCategory } from "~/modules/catalog/categories";
import type { Slot } from "./compatibility";

/** Where a slot's parts are in the catalogue: a category and the values of one of its attributes (slotOf, read backwards). */
export const SLOT_PARTS: Record<Slot, { category: ProductCategory; attribute: string; values: readonly string[] }> = {
  processor: { category: "Component", attribute: "componentType", values: ["Processor"] },
  motherboard: { category: "Component", attribute: "componentType", values: ["Motherboard"] },
  memory: { category: "Component", attribute: "componentType", values: ["Memory"] },
  graphics: { category: "Component", attribute: "componentType", values: ["Graphics Card"] },
  storage: { category: "Storage", attribute: "storageKind", values: ["Internal SSD", "Internal HDD"] },
  case: { category: "Component", attribute: "componentType", values: ["PC Case"] },
  cooler: { category: "Component", attribute: "componentType", values: ["CPU Cooler"] },
  psu: { category: "Component", attribute: "componentType", values: ["Power Supply"] },
};

/**
 * Each figure the builder's queries read (fit-needs.ts) and its column: a number's is numeric, so
 * tests compare it as it is; a list stays as stored ("AM5, AM4"). fit-needs.test.ts checks that
 * every figure the needs read is here. A figure added here needs a migration adding its column.
 */
export const PART_FIGURE_COLUMNS = [
  { key: "socket", column: "socket", kind: "text" },
  { key: "ramTypes", column: "ram_types", kind: "text" },
  { key: "ramType", column: "ram_type", kind: "text" },
  { key: "power", column: "power", kind: "number" },
  { key: "peakPower", column: "peak_power", kind: "number" },
  { key: "boardFormFactor", column: "board_form_factor", kind: "text" },
  { key: "memorySlots", column: "memory_slots", kind: "number" },
  { key: "maxMemory", column: "max_memory", kind: "number" },
  { key: "m2Slots", column: "m2_slots", kind: "number" },
  { key: "sataPorts", column: "sata_ports", kind: "number" },
  { key: "modules", column: "modules", kind: "number" },
  { key: "moduleCapacity", column: "module_capacity", kind: "number" },
  { key: "moduleType", column: "module_type", kind: "text" },
  { key: "registered", column: "registered", kind: "text" },
  { key: "cardLength", column: "card_length", kind: "number" },
  { key: "card8Pin", column: "card_8_pin", kind: "number" },
  { key: "card12v2x6", column: "card_12v2x6", kind: "number" },
  { key: "interface", column: "interface", kind: "text" },
  { key: "formFactor", column: "form_factor", kind: "text" },
  { key: "caseBoardFormFactors", column: "case_board_form_factors", kind: "text" },
  { key: "maxCardLength", column: "max_card_length", kind: "number" },
  { key: "maxCoolerHeight", column: "max_cooler_height", kind: "number" },
  { key: "casePsuFormFactors", column: "case_psu_form_factors", kind: "text" },
  { key: "bays35", column: "bays_35", kind: "number" },
  { key: "coolerType", column: "cooler_type", kind: "text" },
  { key: "coolerHeight", column: "cooler_height", kind: "number" },
  { key: "coolerSockets", column: "cooler_sockets", kind: "text" },
  { key: "radiatorSize", column: "radiator_size", kind: "number" },
  { key: "wattage", column: "wattage", kind: "number" },
  { key: "psuFormFactor", column: "psu_form_factor", kind: "text" },
  { key: "psu8Pin", column: "psu_8_pin", kind: "number" },
  { key: "psu12v2x6", column: "psu_12v2x6", kind: "number" },
] as const satisfies readonly { key: string; column: keyof PartFiguresTable; kind: "text" | "number" }[];

export type PartFigureColumn = (typeof PART_FIGURE_COLUMNS)[number]["column"];

const BY_KEY = new Map<string, PartFigureColumn>(PART_FIGURE_COLUMNS.map((c) => [c.key, c.column]));

/** The column a figure is read from; a figure without one is a mistake in PART_FIGURE_COLUMNS. */
export function partFigureColumn(key: string): PartFigureColumn {
  const column = BY_KEY.get(key);
  if (!column) throw new Error(`The figure ${key} has no column in part_figures (PART_FIGURE_COLUMNS).`);
  return column;
}

/** The slot a product's checked values put it in (SLOT_PARTS), or null. */
export function slotOfValues(category: string, specs: readonly { attribute: string; value: string }[]): Slot | null {
  for (const [slot, where] of Object.entries(SLOT_PARTS) as [Slot, (typeof SLOT_PARTS)[Slot]][]) {
    if (where.category !== category) continue;
    const value = specs.find((s) => s.attribute === where.attribute)?.value;
    if (value !== undefined && where.values.includes(value)) return slot;
  }
  return null;
}

/**
 * A product's part_figures row from its product_specs values (filterableSpecs: those a filter
 * matches, checked), or null when it is no PC part.
 */
export function partFiguresRow(
  product: { id: string; category: string; listed: number; price_paise: number },
  specs: readonly { attribute: string; value: string }[],
): Insertable<PartFiguresTable> | null {
  const slot = slotOfValues(product.category, specs);
  if (slot === null) return null;
  const values = new Map(specs.map((s) => [s.attribute, s.value]));
  const row: Insertable<PartFiguresTable> = {
    product_id: product.id,
    slot,
    listed: product.listed,
    price_paise: product.price_paise,
    brand: values.get("brand") ?? null,
  };
  for (const { key, column, kind } of PART_FIGURE_COLUMNS) {
    const value = values.get(key);
    (row as Record<string, string | number | null>)[column] = value === undefined ? null : kind === "number" ? Number(value) : value;
  }
  return row;
}
