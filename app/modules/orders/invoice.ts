import { gstOn, placeOfSupply, splitGst, supplierState, supplyKind, type Supply } from "~/modules/gst/gst";
import type { Paise } from "~/modules/money/money";

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
  /** Intra-state supply: CGST + SGST (9% + 9%); inter-state: IGST 18% (gst/gst.ts). */
  kind: Supply;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  total: Paise;
}

/** One GST tax invoice per seller of an order; rate, place of supply and split are GST's (gst/gst.ts). */
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
      const state = supplierState(item.gstin);
      inv = {
        vendorId: item.vendorId,
        sellerName: item.vendorName,
        gstin: item.gstin,
        sellerState: state,
        lines: [],
        taxable: 0,
        kind: supplyKind(state, placeOfSupply(shippingState)),
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
    Object.assign(inv, splitGst(inv.kind, tax));
    inv.total = inv.taxable + tax;
  }
  return [...bySeller.values()];
}
