import { GST_STATE_CODES } from "~/modules/identity/india";
import type { Paise } from "~/modules/money/money";
import { GST_RATE_PERCENT, gstOn } from "./totals";

/** The shop's home state, the place of supply for a seller without a GSTIN. */
export const HOME_STATE = "Uttar Pradesh";

export interface InvoiceLine {
  name: string;
  /** The HSN code the item was sold under (copied to the order line when it was placed); null on older lines. */
  hsnCode: string | null;
  unitPrice: Paise;
  quantity: number;
  lineTotal: Paise;
}

export interface SellerInvoice {
  vendorId: string;
  sellerName: string;
  gstin: string | null;
  sellerState: string;
  lines: InvoiceLine[];
  taxable: Paise;
  /** Intra-state supply: CGST + SGST (9% + 9%); inter-state: IGST 18%. */
  kind: "intra" | "inter";
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  total: Paise;
}

/** The seller's state, read from its GSTIN's state code; the shop's home state without one. */
export function sellerState(gstin: string | null): string {
  const code = gstin?.slice(0, 2);
  return (code && GST_STATE_CODES[code]) || HOME_STATE;
}

/** One GST tax invoice per seller of an order. */
export function sellerInvoices(
  items: readonly {
    vendorId: string;
    vendorName: string;
    gstin: string | null;
    name: string;
    hsnCode?: string | null;
    unitPrice: Paise;
    quantity: number;
    lineTotal: Paise;
  }[],
  shippingState: string,
): SellerInvoice[] {
  const bySeller = new Map<string, SellerInvoice>();
  for (const item of items) {
    let inv = bySeller.get(item.vendorId);
    if (!inv) {
      const state = sellerState(item.gstin);
      inv = {
        vendorId: item.vendorId,
        sellerName: item.vendorName,
        gstin: item.gstin,
        sellerState: state,
        lines: [],
        taxable: 0,
        kind: state === shippingState ? "intra" : "inter",
        cgst: 0,
        sgst: 0,
        igst: 0,
        total: 0,
      };
      bySeller.set(item.vendorId, inv);
    }
    inv.lines.push({ name: item.name, hsnCode: item.hsnCode ?? null, unitPrice: item.unitPrice, quantity: item.quantity, lineTotal: item.lineTotal });
    inv.taxable += item.lineTotal;
  }
  for (const inv of bySeller.values()) {
    const tax = gstOn(inv.taxable);
    if (inv.kind === "intra") {
      inv.cgst = Math.floor(tax / 2);
      inv.sgst = tax - inv.cgst;
    } else {
      inv.igst = tax;
    }
    inv.total = inv.taxable + tax;
  }
  return [...bySeller.values()];
}

export const HALF_GST_PERCENT = GST_RATE_PERCENT / 2;
