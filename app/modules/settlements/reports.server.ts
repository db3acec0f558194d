import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { csvRupees, toCsv } from "~/lib/csv";
import { balances } from "./ledger.server";
import { panOf, type ReportMonth } from "./reports";
import { SALE_KINDS } from "./rules";

/**
 * What the marketplace files and checks each month from the sellers' ledger: the tax collected at
 * source (TCS, the monthly GSTR-8 return's shape), the tax deducted (TDS under section 194-O) and
 * the reconciliation of everything collected. Months are calendar months of India time; queries
 * compare ISO timestamps, which sort the same as text on both databases
 * (docs/decisions/002-portable-columns.md).
 */

type Db = Kysely<Database>;

const num = (v: unknown) => Number(v ?? 0);
/** A sum of entries taken from sellers, as the positive amount taken (0 stays 0, never -0). */
const taken = (sum: number) => 0 - sum;

/**
 * Per seller, the taxable value (before GST) of the parts whose sale the ledger posted in the
 * month. A sale entry holds the items and their GST, so the value is taken from the part's order
 * lines (order_items.line_total_paise), not worked back from the entry: that would need the GST's
 * rounding undone. A sale entry is always a part's whole sale or, for a part moved back from
 * Delivered, its whole sale taken out, so the entry's sign says whether the part's value counts
 * in or out.
 */
async function salesTaxable(db: Db, m: ReportMonth): Promise<Map<string, number>> {
  // Each of the month's sale entries joined to its part's lines (not to every part's lines grouped
  // first: that read the whole order_items table each time).
  const rows = await db
    .selectFrom("ledger_entries")
    .innerJoin("order_items", (j) => j.onRef("order_items.order_id", "=", "ledger_entries.order_id").onRef("order_items.vendor_id", "=", "ledger_entries.vendor_id"))
    .select([
      "ledger_entries.vendor_id",
      sql<number>`sum(case when ledger_entries.amount_paise > 0 then order_items.line_total_paise when ledger_entries.amount_paise < 0 then 0 - order_items.line_total_paise else 0 end)`.as("taxable"),
    ])
    .where("ledger_entries.kind", "=", "sale")
    .where("ledger_entries.created_at", ">=", m.start)
    .where("ledger_entries.created_at", "<", m.end)
    .groupBy("ledger_entries.vendor_id")
    .execute();
  return new Map(rows.map((r) => [r.vendor_id, num(r.taxable)]));
}

/** Per seller, the taxable value of the credit notes (returns accepted) issued in the month. */
async function returnsTaxable(db: Db, m: ReportMonth): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("credit_notes")
    .select(["vendor_id", (eb) => eb.fn.sum<number>("taxable_paise").as("taxable")])
    .where("created_at", ">=", m.start)
    .where("created_at", "<", m.end)
    .groupBy("vendor_id")
    .execute();
  return new Map(rows.map((r) => [r.vendor_id, num(r.taxable)]));
}

/** Per seller and kind, the sum of the month's entries of the given kinds. */
async function entrySums(db: Db, m: ReportMonth, kinds: readonly string[]): Promise<Map<string, Record<string, number>>> {
  const rows = await db
    .selectFrom("ledger_entries")
    .select(["vendor_id", "kind", (eb) => eb.fn.sum<number>("amount_paise").as("total")])
    .where("kind", "in", kinds)
    .where("created_at", ">=", m.start)
    .where("created_at", "<", m.end)
    .groupBy(["vendor_id", "kind"])
    .execute();
  const out = new Map<string, Record<string, number>>();
  for (const r of rows) {
    const own = out.get(r.vendor_id) ?? {};
    own[r.kind] = num(r.total);
    out.set(r.vendor_id, own);
  }
  return out;
}

async function sellers(db: Db, ids: Iterable<string>) {
  const list = [...new Set(ids)];
  if (list.length === 0) return [];
  return db.selectFrom("vendors").select(["id", "name", "gstin"]).where("id", "in", list).orderBy("name").orderBy("id").execute();
}

export interface TcsRow {
  vendorId: string;
  gstin: string | null;
  name: string;
  /** Taxable value of the month's supplies through the shop, in paise. */
  gross: number;
  /** Taxable value of the month's returns (credit notes). */
  returned: number;
  net: number;
  igst: number;
  cgst: number;
  sgst: number;
}

/**
 * The month's TCS, per seller, in the shape of GSTR-8: gross value of supplies, value of supplies
 * returned, net value, and the IGST, CGST and SGST collected, net of what refunds gave back.
 */
export async function tcsReport(db: Db, m: ReportMonth): Promise<TcsRow[]> {
  const [sales, returned, taxes] = await Promise.all([
    salesTaxable(db, m),
    returnsTaxable(db, m),
    entrySums(db, m, ["tcs_igst", "tcs_cgst", "tcs_sgst", "tcs_igst_reversal", "tcs_cgst_reversal", "tcs_sgst_reversal"]),
  ]);
  const who = await sellers(db, [...sales.keys(), ...returned.keys(), ...taxes.keys()]);
  return who.map((v) => {
    const t = taxes.get(v.id) ?? {};
    const collected = (kind: "igst" | "cgst" | "sgst") => taken((t[`tcs_${kind}`] ?? 0) + (t[`tcs_${kind}_reversal`] ?? 0));
    const gross = sales.get(v.id) ?? 0;
    const back = returned.get(v.id) ?? 0;
    return { vendorId: v.id, gstin: v.gstin, name: v.name, gross, returned: back, net: gross - back, igst: collected("igst"), cgst: collected("cgst"), sgst: collected("sgst") };
  });
}

export interface TdsRow {
  vendorId: string;
  name: string;
  gstin: string | null;
  pan: string | null;
  /** The month's sales before GST (GST is shown apart on the invoice), less its returns: what the TDS was deducted on. */
  gross: number;
  /** TDS deducted in the month, net of what refunds gave back. */
  tds: number;
}

/** The month's TDS under section 194-O, per seller. */
export async function tdsReport(db: Db, m: ReportMonth): Promise<TdsRow[]> {
  const [sales, returned, taxes] = await Promise.all([salesTaxable(db, m), returnsTaxable(db, m), entrySums(db, m, ["tds", "tds_reversal"])]);
  const who = await sellers(db, [...sales.keys(), ...returned.keys(), ...taxes.keys()]);
  return who.map((v) => {
    const t = taxes.get(v.id) ?? {};
    return { vendorId: v.id, name: v.name, gstin: v.gstin, pan: panOf(v.gstin), gross: (sales.get(v.id) ?? 0) - (returned.get(v.id) ?? 0), tds: taken((t.tds ?? 0) + (t.tds_reversal ?? 0)) };
  });
}

export const TCS_HEADER = ["GSTIN of supplier", "Seller name", "Gross value of supplies", "Value of supplies returned", "Net value of supplies", "IGST collected", "CGST collected", "SGST collected"] as const;
export const TDS_HEADER = ["Seller name", "GSTIN", "PAN", "Gross amount", "TDS deducted"] as const;

export function tcsCsv(rows: readonly TcsRow[]): string {
  return toCsv(
    TCS_HEADER,
    rows.map((r) => [r.gstin, r.name, csvRupees(r.gross), csvRupees(r.returned), csvRupees(r.net), csvRupees(r.igst), csvRupees(r.cgst), csvRupees(r.sgst)]),
  );
}

export function tdsCsv(rows: readonly TdsRow[]): string {
  return toCsv(
    TDS_HEADER,
    rows.map((r) => [r.name, r.gstin, r.pan, csvRupees(r.gross), csvRupees(r.tds)]),
  );
}

export interface Reconciliation {
  /** Every sale entry: what customers paid for sellers' items and their GST. */
  collected: number;
  /** Given back to customers for returns. */
  refunded: number;
  /** Commission, GST on it, TCS and TDS, net of their reversals: what the marketplace keeps or pays to the government. */
  kept: number;
  onHold: number;
  payable: number;
  paid: number;
  /** collected − (refunded + kept + onHold + payable + paid): zero when the ledger agrees with itself. */
  difference: number;
  agrees: boolean;
}

/**
 * Checks the ledger against itself: what was collected must be exactly what was refunded, kept,
 * still on hold, payable and paid. The sums of kinds and the sellers' balances are read in one
 * transaction (repeatable read on PostgreSQL), so entries posted meanwhile never make them differ.
 */
export async function reconciliation(db: Db, now = new Date()): Promise<Reconciliation> {
  const read = db.getExecutor().adapter instanceof PostgresAdapter ? db.transaction().setIsolationLevel("repeatable read") : db.transaction();
  return read.execute(async (trx) => {
    const kinds = await trx
      .selectFrom("ledger_entries")
      .select(["kind", (eb) => eb.fn.sum<number>("amount_paise").as("total")])
      .groupBy("kind")
      .execute();
    const all = await balances(trx, now);
    const byKind = new Map(kinds.map((k) => [k.kind, num(k.total)]));
    const of = (kind: string) => byKind.get(kind) ?? 0;
    const collected = of("sale");
    const refunded = taken(of("refund"));
    const keptKinds = SALE_KINDS.filter((k) => k !== "sale");
    const kept = taken(keptKinds.reduce((sum, k) => sum + of(k) + of(`${k}_reversal`), 0));
    const onHold = all.reduce((s, b) => s + b.onHold, 0);
    const payable = all.reduce((s, b) => s + b.payable, 0);
    const paid = all.reduce((s, b) => s + b.paid, 0);
    const difference = collected - (refunded + kept + onHold + payable + paid);
    return { collected, refunded, kept, onHold, payable, paid, difference, agrees: difference === 0 };
  });
}
