import { indiaDay } from "~/lib/india-time";
import { RETURN_WINDOW_DAYS } from "~/modules/content/policies";
import type { Paise } from "~/modules/money/money";
import { gstOn, type Supply } from "~/modules/gst/gst";

/**
 * What a seller's part of an order owes and is owed: the marketplace's commission, GST on it, the
 * tax the operator collects (TCS) and deducts (TDS), and when the rest may be paid out. Pure: the
 * ledger (settlements.server.ts) posts what these functions work out. docs/decisions/023-settlements.md
 * explains the rules and cites the law.
 */

/** GST on the marketplace's commission, a service the operator supplies to the seller. */
export const COMMISSION_GST_PERCENT = 18;

export const RATE_KINDS = ["commission", "tcs", "tds"] as const;
export type RateKind = (typeof RATE_KINDS)[number];

/** A rate in hundredths of a percent, in force from a day (YYYY-MM-DD, India time) until a later one. */
export interface Rate {
  kind: RateKind;
  /** Commission only: the category it is for; null is the default for every other category. */
  category: string | null;
  rateBp: number;
  effectiveFrom: string;
}

/** A new shop's rates, each from the first day (the admin adds later ones). */
export const FIRST_RATES: readonly Rate[] = [
  { kind: "commission", category: null, rateBp: 500, effectiveFrom: "2020-01-01" },
  // Components sell on thin margins; marketplaces in India charge them less.
  { kind: "commission", category: "Component", rateBp: 300, effectiveFrom: "2020-01-01" },
  // CGST Act 2017, section 52: 0.5% of the net value of taxable supplies (from 10 July 2024).
  { kind: "tcs", category: null, rateBp: 50, effectiveFrom: "2020-01-01" },
  // Income-tax Act 1961, section 194-O: 0.1% (from 1 October 2024).
  { kind: "tds", category: null, rateBp: 10, effectiveFrom: "2020-01-01" },
];

/** The calendar day in India of an instant, YYYY-MM-DD (app/lib/india-time.ts). */
export { indiaDay };

/**
 * The rate of `kind` in force on `day`: the latest that took effect on or before it. For
 * commission, a rate set for the category wins over the default from the day it takes effect.
 * Zero when none is set.
 */
export function rateOn(rates: readonly Rate[], kind: RateKind, day: string, category: string | null = null): number {
  const latest = (forCategory: string | null) => {
    let found: Rate | undefined;
    for (const r of rates) {
      if (r.kind !== kind || r.category !== forCategory || r.effectiveFrom > day) continue;
      if (!found || r.effectiveFrom >= found.effectiveFrom) found = r;
    }
    return found;
  };
  const own = kind === "commission" && category !== null ? latest(category) : undefined;
  return (own ?? latest(null))?.rateBp ?? 0;
}

/**
 * `bp` hundredths of a percent of an amount, to the nearest paisa, halves up. Every amount the
 * ledger works out rounds this way, once, from whole figures (never from another rounded share).
 */
export function share(amount: Paise, bp: number): Paise {
  const exact = (amount * bp) / 10_000;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}


export const SALE_KINDS = ["sale", "commission", "commission_gst", "tcs_cgst", "tcs_sgst", "tcs_igst", "tds"] as const;
export type SaleKind = (typeof SALE_KINDS)[number];

/** What a refund posts against each kind of a sale, the sale's own sign reversed. */
export const REVERSAL_OF = {
  sale: "refund",
  commission: "commission_reversal",
  commission_gst: "commission_gst_reversal",
  tcs_cgst: "tcs_cgst_reversal",
  tcs_sgst: "tcs_sgst_reversal",
  tcs_igst: "tcs_igst_reversal",
  tds: "tds_reversal",
} as const satisfies Record<SaleKind, string>;
export type ReversalKind = (typeof REVERSAL_OF)[SaleKind];

export type PayoutKind = "payout" | "payout_reversal";
export type LedgerKind = SaleKind | ReversalKind | PayoutKind;

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  sale: "Sale",
  commission: "Commission",
  commission_gst: "GST on commission",
  tcs_cgst: "TCS (CGST)",
  tcs_sgst: "TCS (SGST)",
  tcs_igst: "TCS (IGST)",
  tds: "TDS",
  refund: "Refund",
  commission_reversal: "Commission reversed",
  commission_gst_reversal: "GST on commission reversed",
  tcs_cgst_reversal: "TCS (CGST) reversed",
  tcs_sgst_reversal: "TCS (SGST) reversed",
  tcs_igst_reversal: "TCS (IGST) reversed",
  tds_reversal: "TDS reversed",
  payout: "Payout",
  payout_reversal: "Payout failed, returned",
};

/** An amount taken from the seller's side (0 stays 0, never -0). */
const kept = (amount: Paise): Paise => 0 - amount;

/** A part's items of one category, before GST. */
export interface PartLine {
  category: string | null;
  taxable: Paise;
}

export interface PartRates {
  /** Commission per category, in hundredths of a percent. */
  commissionBp(category: string | null): number;
  tcsBp: number;
  tdsBp: number;
}

/** The rates in force on the day a part was placed. */
export function partRates(rates: readonly Rate[], placedAt: Date | string): PartRates {
  const day = indiaDay(placedAt);
  return {
    commissionBp: (category) => rateOn(rates, "commission", day, category),
    tcsBp: rateOn(rates, "tcs", day),
    tdsBp: rateOn(rates, "tds", day),
  };
}

/**
 * A part's sale as ledger amounts, signed as the seller sees them: the sale (items and their GST,
 * what the customer paid for them) owed to the seller, then what is kept from it. Commission is a
 * share of each category's items before GST; GST on commission a share of the commission; TCS a
 * share of the net taxable value (CGST and SGST each half the rate within a state, IGST the whole
 * across states, as gst/gst.ts `supplyKind` decides); TDS a share of the sale's value before GST (the GST is shown apart on the
 * invoice). Each rounds once, halves up. The amounts always sum to what the seller nets:
 * collected = net + commission + its GST + TCS + TDS.
 */
export function partEntries(lines: readonly PartLine[], supply: Supply, rates: PartRates): Record<SaleKind, Paise> {
  const taxable = lines.reduce((sum, l) => sum + l.taxable, 0);
  const byCategory = new Map<string | null, Paise>();
  for (const l of lines) byCategory.set(l.category, (byCategory.get(l.category) ?? 0) + l.taxable);
  let commission = 0;
  for (const [category, amount] of byCategory) commission += share(amount, rates.commissionBp(category));
  const halfTcs = share(taxable, rates.tcsBp / 2);
  return {
    sale: taxable + gstOn(taxable),
    commission: kept(commission),
    commission_gst: kept(share(commission, COMMISSION_GST_PERCENT * 100)),
    tcs_cgst: supply === "intra" ? kept(halfTcs) : 0,
    tcs_sgst: supply === "intra" ? kept(halfTcs) : 0,
    tcs_igst: supply === "inter" ? kept(share(taxable, rates.tcsBp)) : 0,
    tds: kept(share(taxable, rates.tdsBp)),
  };
}

/**
 * Everything a part's ledger should hold for its sale and refunds: the sale's amounts, and for
 * the items refunded so far the same amounts reversed. Worked out on everything refunded so far
 * (not refund by refund), so a part refunded in full reverses to exactly zero.
 */
export function partTargets(
  sold: readonly PartLine[] | null,
  refunded: readonly PartLine[],
  supply: Supply,
  rates: PartRates,
): Partial<Record<SaleKind | ReversalKind, Paise>> {
  const targets: Partial<Record<SaleKind | ReversalKind, Paise>> = {};
  if (sold) Object.assign(targets, partEntries(sold, supply, rates));
  if (refunded.length > 0) {
    const back = partEntries(refunded, supply, rates);
    for (const kind of SALE_KINDS) targets[REVERSAL_OF[kind]] = kept(back[kind]);
  }
  return targets;
}

/**
 * A part's money is paid out only once it is delivered and its return window has closed with no
 * return still open; until then it is on hold.
 */
export function releasedAt(deliveredAt: string): Date {
  return new Date(Date.parse(deliveredAt) + RETURN_WINDOW_DAYS * 24 * 3_600_000);
}

/** The latest delivery whose part may be paid out at `now`. */
export function releaseCutoff(now: Date): string {
  return new Date(now.getTime() - RETURN_WINDOW_DAYS * 24 * 3_600_000).toISOString();
}

/** How a payout was sent, as a seller reads it. */
export const PAYOUT_METHOD_LABELS: Record<string, string> = { route: "Razorpay Route", bank: "Bank transfer" };

/** A payout's status, as a seller reads it: a processed payout is paid. */
export const PAYOUT_STATUS_LABELS: Record<string, string> = { processing: "Processing", processed: "Paid", failed: "Failed" };
