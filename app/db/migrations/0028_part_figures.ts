import { PostgresAdapter, sql, type Kysely } from "kysely";

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
  const sqlite = !(db.getExecutor().adapter instanceof PostgresAdapter);
  let table = db.schema
    .createTable("part_figures")
    .addColumn("product_id", "text", (c) => c.notNull().unique().references("products.id").onDelete("cascade"))
    .addColumn("slot", "text", (c) => c.notNull())
    .addColumn("listed", "integer", (c) => c.notNull())
    .addColumn("price_paise", "integer", (c) => c.notNull())
    .addColumn("brand", "text");
  for (const [column, kind] of FIGURES) table = table.addColumn(column, kind);
  // Keyed by what a list reads (a slot's listed parts, by price): SQLite keeps a table without
  // rowid in its key's order, so a slot's rows lie side by side and a list reads about an eighth of
  // the table's pages in order. Keyed by product, each of a slot's 12,500 rows was a look-up of a
  // page of its own: 35 ms of CPU against 4 ms at 100,000 parts (docs/benchmarks.md).
  table = table.addPrimaryKeyConstraint("part_figures_pk", ["slot", "listed", "price_paise", "product_id"]);
  await (sqlite ? table.modifyEnd(sql`without rowid`) : table).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("part_figures").execute();
}
