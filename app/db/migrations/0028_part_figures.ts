import type { Kysely } from "kysely";

// Frozen. Each PC part's figures in a row of its own (docs/benchmarks.md, "The PC builder's slot
// lists"): the builder's slot list read every figure its rules test from product_specs, one
// lookup a figure a part, 5 to 7 µs a part of the slot; these columns are read in one pass over
// the slot's rows. The figures are those app/modules/builds/part-figures.ts named when this was
// written (PART_FIGURE_COLUMNS); numbers are numeric, so a query compares them without a cast.
// The shop fills the table at its next start (spec-index.server.ts, indexAllProductSpecs) and
// keeps it with product_specs; a product that is no PC part has no row.
const FIGURES: [column: string, kind: "text" | "numeric"][] = [
  ["socket", "text"],
  ["ram_types", "text"],
  ["ram_type", "text"],
  ["power", "numeric"],
  ["peak_power", "numeric"],
  ["board_form_factor", "text"],
  ["memory_slots", "numeric"],
  ["max_memory", "numeric"],
  ["m2_slots", "numeric"],
  ["sata_ports", "numeric"],
  ["modules", "numeric"],
  ["module_capacity", "numeric"],
  ["module_type", "text"],
  ["registered", "text"],
  ["card_length", "numeric"],
  ["card_8_pin", "numeric"],
  ["card_12v2x6", "numeric"],
  ["interface", "text"],
  ["form_factor", "text"],
  ["case_board_form_factors", "text"],
  ["max_card_length", "numeric"],
  ["max_cooler_height", "numeric"],
  ["case_psu_form_factors", "text"],
  ["bays_35", "numeric"],
  ["cooler_type", "text"],
  ["cooler_height", "numeric"],
  ["cooler_sockets", "text"],
  ["radiator_size", "numeric"],
  ["wattage", "numeric"],
  ["psu_form_factor", "text"],
  ["psu_8_pin", "numeric"],
  ["psu_12v2x6", "numeric"],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  let table = db.schema
    .createTable("part_figures")
    .addColumn("product_id", "text", (c) => c.primaryKey().references("products.id").onDelete("cascade"))
    .addColumn("slot", "text", (c) => c.notNull())
    .addColumn("listed", "integer", (c) => c.notNull())
    .addColumn("price_paise", "integer", (c) => c.notNull())
    .addColumn("brand", "text");
  for (const [column, kind] of FIGURES) table = table.addColumn(column, kind);
  await table.execute();
  // A slot's listed parts, in price order (the list's default), with a price filter's range.
  await db.schema.createIndex("part_figures_slot").on("part_figures").columns(["slot", "listed", "price_paise", "product_id"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("part_figures").execute();
}
