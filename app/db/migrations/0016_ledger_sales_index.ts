import type { Kysely } from "kysely";

// Frozen. A seller's sales by the ledger (its sale and refund entries, by date) for the vendor
// dashboard, read from one covering index instead of every entry of the seller's: at 50,000 parts
// the dashboard's money took 430 ms p50 on SQLite (docs/benchmarks.md, Settlements).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("ledger_entries_by_vendor_kind").on("ledger_entries").columns(["vendor_id", "kind", "created_at", "amount_paise"]).execute();
}
