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

/** The builder's slots (app/modules/builds/compatibility.ts, SLOTS). */
const SLOTS = ["processor", "motherboard", "memory", "graphics", "storage", "case", "cooler", "psu"];

// A list reads one slot's listed parts, every one of them (12,500 at 100,000 parts), for its
// counts: the table keeps a slot's rows together, so a list reads about an eighth of its pages in
// order instead of a page a row (docs/benchmarks.md, at 100,000 parts: SQLite 35 ms of CPU to
// count a slot against 4 ms; PostgreSQL 13 ms against 4 ms).
// - SQLite keeps a table without rowid in its key's order: keyed by slot, listing and price (the
//   list's default order), product_id unique beside it.
// - PostgreSQL keeps each slot's rows in a partition of their own (a slot added later needs its
//   own), with the same key. A unique key there must hold the slot, so product_id is unique within
//   its slot: the catalogue deletes a product's row before it writes one (spec-index.server.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  let table = db.schema
    .createTable("part_figures")
    .addColumn("product_id", "text", (c) => (postgres ? c.notNull() : c.notNull().unique()).references("products.id").onDelete("cascade"))
    .addColumn("slot", "text", (c) => c.notNull())
    .addColumn("listed", "integer", (c) => c.notNull())
    .addColumn("price_paise", "integer", (c) => c.notNull())
    .addColumn("brand", "text");
  for (const [column, kind] of FIGURES) table = table.addColumn(column, kind);
  table = table.addPrimaryKeyConstraint("part_figures_pk", ["slot", "listed", "price_paise", "product_id"]);
  if (!postgres) {
    await table.modifyEnd(sql`without rowid`).execute();
    return;
  }
  await table.modifyEnd(sql`partition by list (slot)`).execute();
  for (const slot of SLOTS) await sql`create table ${sql.table(`part_figures_${slot}`)} partition of part_figures for values in (${sql.lit(slot)})`.execute(db);
  await db.schema.createIndex("part_figures_product").on("part_figures").columns(["product_id", "slot"]).unique().execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("part_figures").execute();
}
