import { csvRupees, toCsv, type CsvCell } from "~/lib/csv";
import { indiaDay } from "~/lib/india-time";
import { z } from "~/lib/zod";
import { GST_RATE_PERCENT, placeOfSupplyLabel, type Supply } from "~/modules/gst/gst";
import type { Paise } from "~/modules/money/money";
import type { SellerInvoice } from "~/modules/orders/invoice";
import { addMonths, indiaMonthOf, parseMonth } from "./months";

/**
 * A seller's month in the shape of GSTR-1 (docs/product-rules.md, "Business buyers"): its business
 * (B2B) invoices one by one, its consumer (B2C) sales summed by place of supply and rate, the
 * credit notes it issued and the HSN summary. Pure: the figures come as the invoices
 * (orders/invoice.ts `sellerInvoices`) and the stored credit notes hold them; nothing here decides
 * a rate, a place of supply or a split again (gst/gst.ts). The queries are gstr1.server.ts'.
 */

export const GSTR1_MESSAGES = {
  month: "Choose a month as YYYY-MM, for example 2026-11.",
  future: "That month has not begun yet. Choose this month or an earlier one.",
} as const;

/** The month whose return is due next: GSTR-1 is filed by the 11th of the month after, so until then it is last month. */
export const GSTR1_DUE_DAY = 11;

export function defaultGstr1Month(now: Date): string {
  const day = Number(indiaDay(now).slice(8, 10));
  const month = indiaMonthOf(now);
  return day <= GSTR1_DUE_DAY ? addMonths(month, -1) : month;
}

/** A month asked for in a link: "YYYY-MM", in 2000-2999, not after `now`'s month in India. */
export function gstr1MonthSchema(now: Date) {
  return z
    .string({ error: GSTR1_MESSAGES.month })
    .trim()
    .refine((v) => parseMonth(v) !== null, GSTR1_MESSAGES.month)
    .refine((v) => v <= indiaMonthOf(now), GSTR1_MESSAGES.future);
}

export type Gstr1MonthQuery = { ok: true; month: string } | { ok: false; month: string; message: string };

/** The month of a link's `month`; none asked is the default month; a bad one is the default with its message. */
export function readGstr1Month(asked: string | null, now: Date): Gstr1MonthQuery {
  if (asked === null || asked.trim() === "") return { ok: true, month: defaultGstr1Month(now) };
  const parsed = gstr1MonthSchema(now).safeParse(asked);
  if (parsed.success) return { ok: true, month: parsed.data };
  return { ok: false, month: defaultGstr1Month(now), message: parsed.error.issues[0]?.message ?? GSTR1_MESSAGES.month };
}

/** The CSV's file name: only the shop's own values (a seller's id, a checked month). */
export function gstr1FileName(vendorId: string, month: string): string {
  return `gstr1-${vendorId}-${month}.csv`;
}

// ---------------------------------------------------------------------------------------------
// What the queries hand over

/** One of the seller's invoices dated in the month, as the order page issues it. */
export interface Gstr1InvoiceInput {
  invoiceNumber: string;
  /** When the order was placed (the invoice's date), ISO. */
  placedAt: string;
  /** The delivery state: the place of supply. */
  placeOfSupply: string;
  buyerGstin: string | null;
  buyerLegalName: string | null;
  /** The seller's invoice of the order (orders/invoice.ts). */
  invoice: SellerInvoice;
  /** Each line's category when it was sold, in the invoice's line order: the HSN's description. */
  categories: (string | null)[];
}

/** One of the seller's credit notes issued in the month, as stored (returns/returns.server.ts). */
export interface Gstr1CreditNoteInput {
  number: string;
  createdAt: string;
  invoiceNumber: string;
  placeOfSupply: string;
  buyerGstin: string | null;
  buyerLegalName: string | null;
  kind: Supply;
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  total: Paise;
  /** The returned line's HSN code and category, and how many units came back. */
  hsnCode: string | null;
  category: string | null;
  quantity: number;
}

// ---------------------------------------------------------------------------------------------
// The return

export interface Gstr1Amounts {
  taxable: Paise;
  igst: Paise;
  cgst: Paise;
  sgst: Paise;
  /** Taxable value and tax. */
  value: Paise;
}

export interface Gstr1B2bRow extends Gstr1Amounts {
  buyerGstin: string;
  buyerLegalName: string;
  invoiceNumber: string;
  /** India day, YYYY-MM-DD. */
  date: string;
  /** "Maharashtra (27)". */
  placeOfSupply: string;
  supply: Supply;
  rate: number;
}

export interface Gstr1B2cRow extends Gstr1Amounts {
  placeOfSupply: string;
  supply: Supply;
  rate: number;
  invoices: number;
}

export interface Gstr1CreditNoteRow extends Gstr1Amounts {
  number: string;
  date: string;
  invoiceNumber: string;
  buyerGstin: string | null;
  buyerLegalName: string | null;
  placeOfSupply: string;
  supply: Supply;
  rate: number;
}

export interface Gstr1HsnRow extends Gstr1Amounts {
  /** Null for lines sold before HSN codes were kept. */
  hsn: string | null;
  description: string;
  /** Unit quantity code: every item is sold by the piece. */
  uqc: "NOS";
  /** Units invoiced less units credited. */
  quantity: number;
}

export interface Gstr1Totals {
  b2b: Gstr1Amounts & { count: number };
  b2c: Gstr1Amounts & { count: number };
  creditNotes: Gstr1Amounts & { count: number };
  /** Invoices less credit notes: the HSN summary's total. */
  net: Gstr1Amounts;
}

export interface Gstr1 {
  month: string;
  b2b: Gstr1B2bRow[];
  b2c: Gstr1B2cRow[];
  creditNotes: Gstr1CreditNoteRow[];
  hsn: Gstr1HsnRow[];
  totals: Gstr1Totals;
}

const zero = (): Gstr1Amounts => ({ taxable: 0, igst: 0, cgst: 0, sgst: 0, value: 0 });

function add(to: Gstr1Amounts, a: Gstr1Amounts, sign = 1): void {
  to.taxable += sign * a.taxable;
  to.igst += sign * a.igst;
  to.cgst += sign * a.cgst;
  to.sgst += sign * a.sgst;
  to.value += sign * a.value;
}

function amountsOf(x: { taxable: Paise; igst: Paise; cgst: Paise; sgst: Paise; total: Paise }): Gstr1Amounts {
  return { taxable: x.taxable, igst: x.igst, cgst: x.cgst, sgst: x.sgst, value: x.total };
}

/**
 * `total` shared out in proportion to `weights`, whole paise that add up to it exactly (the
 * largest remainders get the odd paise, the earlier line first on a tie): an invoice's tax over
 * its lines for the HSN summary. Weights of zero in all share nothing but the first.
 */
export function apportion(total: Paise, weights: readonly number[]): Paise[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map((e) => Math.floor(e));
  let rest = total - out.reduce((s, v) => s + v, 0);
  const order = exact.map((e, i) => ({ i, frac: e - Math.floor(e) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (rest <= 0) break;
    out[i]! += 1;
    rest -= 1;
  }
  return out;
}

interface HsnAcc extends Gstr1Amounts {
  hsn: string | null;
  categories: Set<string>;
  quantity: number;
}

/** The month's return from its invoices and credit notes. */
export function buildGstr1(month: string, invoices: readonly Gstr1InvoiceInput[], creditNotes: readonly Gstr1CreditNoteInput[]): Gstr1 {
  const totals: Gstr1Totals = { b2b: { ...zero(), count: 0 }, b2c: { ...zero(), count: 0 }, creditNotes: { ...zero(), count: 0 }, net: zero() };
  const b2b: Gstr1B2bRow[] = [];
  const b2c = new Map<string, Gstr1B2cRow>();
  const hsn = new Map<string, HsnAcc>();
  const hsnRow = (code: string | null): HsnAcc => {
    const key = code ?? "";
    let row = hsn.get(key);
    if (!row) {
      row = { hsn: code, categories: new Set(), quantity: 0, ...zero() };
      hsn.set(key, row);
    }
    return row;
  };

  for (const input of [...invoices].sort((a, b) => a.placedAt.localeCompare(b.placedAt) || a.invoiceNumber.localeCompare(b.invoiceNumber))) {
    const inv = input.invoice;
    const amounts = amountsOf(inv);
    const place = placeOfSupplyLabel(input.placeOfSupply);
    if (input.buyerGstin) {
      b2b.push({
        buyerGstin: input.buyerGstin,
        buyerLegalName: input.buyerLegalName ?? "",
        invoiceNumber: input.invoiceNumber,
        date: indiaDay(input.placedAt),
        placeOfSupply: place,
        supply: inv.kind,
        rate: GST_RATE_PERCENT,
        ...amounts,
      });
      totals.b2b.count += 1;
      add(totals.b2b, amounts);
    } else {
      const key = `${place}|${GST_RATE_PERCENT}`;
      let row = b2c.get(key);
      if (!row) {
        row = { placeOfSupply: place, supply: inv.kind, rate: GST_RATE_PERCENT, invoices: 0, ...zero() };
        b2c.set(key, row);
      }
      row.invoices += 1;
      add(row, amounts);
      totals.b2c.count += 1;
      add(totals.b2c, amounts);
    }
    // The invoice's tax, worked out on its whole taxable value, shared over its lines.
    const weights = inv.lines.map((l) => l.lineTotal);
    const [igst, cgst, sgst] = [apportion(inv.igst, weights), apportion(inv.cgst, weights), apportion(inv.sgst, weights)];
    inv.lines.forEach((line, i) => {
      const row = hsnRow(line.hsnCode);
      const category = input.categories[i];
      if (category) row.categories.add(category);
      row.quantity += line.quantity;
      const tax = igst[i]! + cgst[i]! + sgst[i]!;
      add(row, { taxable: line.lineTotal, igst: igst[i]!, cgst: cgst[i]!, sgst: sgst[i]!, value: line.lineTotal + tax });
    });
  }

  const notes = [...creditNotes]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.number.localeCompare(b.number))
    .map((cn): Gstr1CreditNoteRow => {
      const amounts = amountsOf(cn);
      totals.creditNotes.count += 1;
      add(totals.creditNotes, amounts);
      const row = hsnRow(cn.hsnCode);
      if (cn.category) row.categories.add(cn.category);
      row.quantity -= cn.quantity;
      add(row, amounts, -1);
      return {
        number: cn.number,
        date: indiaDay(cn.createdAt),
        invoiceNumber: cn.invoiceNumber,
        buyerGstin: cn.buyerGstin,
        buyerLegalName: cn.buyerLegalName,
        placeOfSupply: placeOfSupplyLabel(cn.placeOfSupply),
        supply: cn.kind,
        rate: GST_RATE_PERCENT,
        ...amounts,
      };
    });

  add(totals.net, totals.b2b);
  add(totals.net, totals.b2c);
  add(totals.net, totals.creditNotes, -1);
  const strip = ({ taxable, igst, cgst, sgst, value }: Gstr1Amounts): Gstr1Amounts => ({ taxable, igst, cgst, sgst, value });

  return {
    month,
    b2b,
    b2c: [...b2c.values()].sort((a, b) => a.placeOfSupply.localeCompare(b.placeOfSupply) || a.rate - b.rate),
    creditNotes: notes,
    hsn: [...hsn.values()]
      .sort((a, b) => (a.hsn === null ? 1 : b.hsn === null ? -1 : a.hsn.localeCompare(b.hsn)))
      .map((r) => ({ hsn: r.hsn, description: [...r.categories].sort().join(", "), uqc: "NOS" as const, quantity: r.quantity, ...strip(r) })),
    totals,
  };
}

// ---------------------------------------------------------------------------------------------
// The CSV: one file, a Section column saying which table each row belongs to

export const GSTR1_SECTIONS = { b2b: "B2B invoice", b2c: "B2C summary", creditNote: "Credit note", hsn: "HSN summary", total: "Total" } as const;

export const GSTR1_HEADER = [
  "Section",
  "Recipient GSTIN",
  "Recipient legal name",
  "Document number",
  "Document date",
  "Original invoice",
  "Place of supply",
  "Rate (%)",
  "Invoices",
  "HSN",
  "Description",
  "UQC",
  "Quantity",
  "Taxable value",
  "IGST",
  "CGST",
  "SGST",
  "Value",
] as const;

/** The return as CSV rows (the header's columns, blank where a section has nothing to say), amounts in rupees. */
export function gstr1Cells(g: Gstr1): CsvCell[][] {
  const money = (a: Gstr1Amounts) => [csvRupees(a.taxable), csvRupees(a.igst), csvRupees(a.cgst), csvRupees(a.sgst), csvRupees(a.value)];
  const S = GSTR1_SECTIONS;
  return [
    ...g.b2b.map((r) => [S.b2b, r.buyerGstin, r.buyerLegalName, r.invoiceNumber, r.date, "", r.placeOfSupply, r.rate, 1, "", "", "", "", ...money(r)]),
    ...g.b2c.map((r) => [S.b2c, "", "", "", "", "", r.placeOfSupply, r.rate, r.invoices, "", "", "", "", ...money(r)]),
    ...g.creditNotes.map((r) => [S.creditNote, r.buyerGstin, r.buyerLegalName, r.number, r.date, r.invoiceNumber, r.placeOfSupply, r.rate, "", "", "", "", "", ...money(r)]),
    ...g.hsn.map((r) => [S.hsn, "", "", "", "", "", "", "", "", r.hsn ?? "", r.description, r.uqc, r.quantity, ...money(r)]),
    [S.total, "", "", "", "", "", "", "", g.totals.b2b.count, "", "B2B invoices", "", "", ...money(g.totals.b2b)],
    [S.total, "", "", "", "", "", "", "", g.totals.b2c.count, "", "B2C invoices", "", "", ...money(g.totals.b2c)],
    [S.total, "", "", "", "", "", "", "", g.totals.creditNotes.count, "", "Credit notes", "", "", ...money(g.totals.creditNotes)],
    [S.total, "", "", "", "", "", "", "", "", "", "Invoices less credit notes", "", "", ...money(g.totals.net)],
  ];
}

export function gstr1Csv(g: Gstr1): string {
  return toCsv(GSTR1_HEADER, gstr1Cells(g));
}
