import { indiaMonthOf } from "~/lib/india-time";
import type { Paise } from "~/modules/money/money";
import { gstinState, stateCode } from "./gstin";

/**
 * The one home of GST on the shop's goods (docs/architecture.md, "Where things are decided"): the
 * rate and its rounding, the place of supply, intra- or inter-state, the split into CGST + SGST or
 * IGST, India's financial year, and the numbers of invoices and credit notes. Orders' invoices,
 * returns' credit notes, the sellers' ledger, statements and tax reports all call these and decide
 * none of it again. Pure: server and browser import it alike.
 */

/** GST on the shop's goods: 18% (docs/product-rules.md). */
export const GST_RATE_PERCENT = 18;

/** Within a state the rate is levied half as CGST and half as SGST. */
export const HALF_GST_PERCENT = GST_RATE_PERCENT / 2;

/** GST on an amount, to the nearest paisa. */
export function gstOn(amount: Paise): Paise {
  return Math.round((amount * GST_RATE_PERCENT) / 100);
}

/**
 * One unit's price with its GST, as an order of that one unit charges it (orders/totals.ts
 * `orderTotals`): the total shown beside a price, and the lowest MRP a product may declare.
 */
export function priceWithGst(unitPrice: Paise): Paise {
  return unitPrice + gstOn(unitPrice);
}

/** The operator's home state: where its own supplies (commission) come from, and a seller without a GSTIN is taken to be. */
export const HOME_STATE = "Uttar Pradesh";

/** A supplier's state, read from its GSTIN's state code; the shop's home state without one. */
export function supplierState(gstin: string | null): string {
  return (gstin && gstinState(gstin)) || HOME_STATE;
}

/** The place of supply of goods that move: the state they are delivered to (IGST Act 2017, section 10(1)(a)). */
export function placeOfSupply(deliveryState: string): string {
  return deliveryState;
}

/** A place of supply as a B2B invoice states it (CGST Rules 2017, rule 46(n)): the state's name and code, "Maharashtra (27)". */
export function placeOfSupplyLabel(state: string): string {
  const code = stateCode(state);
  return code ? `${state} (${code})` : state;
}

/** Intra-state supply: CGST + SGST; inter-state: IGST. */
export type Supply = "intra" | "inter";

/** Whether a supply is within one state (the supplier's is the place of supply) or across states. */
export function supplyKind(supplierStateName: string, placeOfSupplyState: string): Supply {
  return supplierStateName === placeOfSupplyState ? "intra" : "inter";
}

export interface GstSplit {
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
}

/** A tax amount split as the supply asks: IGST whole across states; within one, CGST the lower half and SGST the rest, so no paisa is lost. */
export function splitGst(supply: Supply, tax: Paise): GstSplit {
  if (supply === "inter") return { cgst: 0, sgst: 0, igst: tax };
  const cgst = Math.floor(tax / 2);
  return { cgst, sgst: tax - cgst, igst: 0 };
}

/** India's financial year (1 April to 31 March) of a month "YYYY-MM", as "2026-27". */
export function financialYearOfMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const from = Number(month.slice(5, 7)) >= 4 ? year : year - 1;
  return `${from}-${String((from + 1) % 100).padStart(2, "0")}`;
}

/** India's financial year of an instant, in India time: "2026-27". */
export function financialYear(at: Date): string {
  return financialYearOfMonth(indiaMonthOf(at));
}

/** GST's limit on an invoice's or a credit note's number (CGST Rules 2017, rules 46(b) and 53(1A)). */
export const DOCUMENT_NUMBER_MAX = 16;

/**
 * A seller's tax invoice number on an order: the order's number and the seller's place among its
 * invoices ("RC-482913-1"). Order numbers are never reused, so each seller's numbers are unique in
 * every financial year.
 */
export function invoiceNumber(orderNumber: string, index: number): string {
  return `${orderNumber}-${index + 1}`;
}

/** A seller's credit note number: its own series per financial year ("CN/2026-27/0001"). */
export function creditNoteNumber(fy: string, sequence: number): string {
  return `CN/${fy}/${String(sequence).padStart(4, "0")}`;
}

/** The operator's commission invoice number for a seller and month: one per seller per month, never reused. */
export function commissionInvoiceNumber(vendorId: string, month: string): string {
  return `CI/${financialYearOfMonth(month)}/${vendorId}/${month.slice(5, 7)}`;
}
