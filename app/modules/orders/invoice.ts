import { gstOn, invoiceNumber, placeOfSupply, splitGst, supplierState, supplyKind, type Supply } from "~/modules/gst/gst";
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
  /** The e-way bill the seller shipped its part with (gst/eway-bill.ts); null when none was needed or it has not shipped. */
  ewayBillNumber: string | null;
}

/**
 * One GST tax invoice per seller of an order; rate, place of supply and split are GST's (gst/gst.ts).
 * `ewayBills` gives, by seller, the e-way bill number its part was shipped with.
 */
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
  ewayBills: Readonly<Record<string, string | null>> = {},
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
        ewayBillNumber: ewayBills[item.vendorId] ?? null,
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

/**
 * A seller's tax invoice number on an order, from the sellers of its lines in order: each seller's
 * place is where its first line stands, as `sellerInvoices` lists them. Null when it sells none.
 */
export function sellerInvoiceNumber(orderNumber: string, lineSellers: readonly string[], vendorId: string): string | null {
  const index = [...new Set(lineSellers)].indexOf(vendorId);
  return index < 0 ? null : invoiceNumber(orderNumber, index);
}

/** An order's tax invoices as its page shows them: one per seller, each with the e-way bill its part was shipped with. */
export function orderInvoices(order: {
  items: Parameters<typeof sellerInvoices>[0];
  address: { state: string };
  shipments: readonly { vendorId: string; ewayBillNumber: string | null }[];
}): SellerInvoice[] {
  return sellerInvoices(order.items, order.address.state, Object.fromEntries(order.shipments.map((s) => [s.vendorId, s.ewayBillNumber])));
}
