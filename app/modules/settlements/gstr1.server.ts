import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";
import { invoiceNumber, type Supply } from "~/modules/gst/gst";
import { sellerInvoices } from "~/modules/orders/invoice";
import { UNPAID } from "~/modules/payments/payment-status";
import { buildGstr1, type Gstr1, type Gstr1CreditNoteInput, type Gstr1InvoiceInput } from "./gstr1";
import { indiaMonthOf, monthRange, monthsBetween } from "./months";

/**
 * The seller's GSTR-1 view of a month (gstr1.ts): its invoices dated in the month and its credit
 * notes issued in it, months of India time (months.ts). Every query is scoped to the seller's id,
 * which the route takes from the session.
 *
 * An invoice is the seller's part of an order, dated when the order was placed (as the order page
 * issues it, numbered `invoiceNumber(order, the seller's place on it)`), unless the part was
 * cancelled or the order still awaits its online payment or bank transfer. Its figures are
 * `sellerInvoices`' on the order's lines; a credit note's are the ones stored when it was issued.
 */

type Db = Kysely<Database> | Transaction<Database>;

export interface VendorGstr1 extends Gstr1 {
  /** Months the seller can pick: from its first order to `now`'s month, newest first (and the month shown). */
  months: string[];
}

export async function vendorGstr1(db: Db, vendorId: string, month: string, now = new Date()): Promise<VendorGstr1> {
  const { start, end } = monthRange(month);
  const [first, invoices, creditNotes] = await Promise.all([
    db
      .selectFrom("order_parts")
      .select((eb) => eb.fn.min<string>("order_created_at").as("first"))
      .where("vendor_id", "=", vendorId)
      .executeTakeFirst(),
    monthInvoices(db, vendorId, start, end),
    monthCreditNotes(db, vendorId, start, end),
  ]);
  const months = monthsBetween(first?.first ? indiaMonthOf(first.first) : null, indiaMonthOf(now));
  if (!months.includes(month)) months.push(month);
  months.sort((a, b) => b.localeCompare(a));
  return { ...buildGstr1(month, invoices, creditNotes), months };
}

/** The seller's invoices of orders placed in [start, end): every line of each such order (the seller's place on it needs them all). */
async function monthInvoices(db: Db, vendorId: string, start: string, end: string): Promise<Gstr1InvoiceInput[]> {
  const lines = await db
    .selectFrom("order_parts as mine")
    .innerJoin("orders", "orders.id", "mine.order_id")
    .innerJoin("order_items", "order_items.order_id", "mine.order_id")
    .innerJoin("vendors", "vendors.id", "order_items.vendor_id")
    .select([
      "orders.id as order_id",
      "orders.number",
      "orders.created_at",
      "orders.ship_state",
      "orders.buyer_gstin",
      "orders.buyer_legal_name",
      "order_items.vendor_id",
      "vendors.name as vendor_name",
      "vendors.gstin",
      "order_items.name",
      "order_items.hsn_code",
      "order_items.category",
      "order_items.unit_price_paise",
      "order_items.quantity",
      "order_items.line_total_paise",
    ])
    .where("mine.vendor_id", "=", vendorId)
    .where("mine.status", "<>", "cancelled")
    .where("mine.order_created_at", ">=", start)
    .where("mine.order_created_at", "<", end)
    .where("orders.payment_status", "not in", [...UNPAID])
    .orderBy("orders.created_at")
    .orderBy("orders.id")
    .orderBy("order_items.position")
    .execute();
  const byOrder = new Map<string, typeof lines>();
  for (const line of lines) {
    const own = byOrder.get(line.order_id);
    if (own) own.push(line);
    else byOrder.set(line.order_id, [line]);
  }
  return [...byOrder.values()].map((items) => {
    const o = items[0]!;
    const invoices = sellerInvoices(
      items.map((i) => ({
        vendorId: i.vendor_id,
        vendorName: i.vendor_name,
        gstin: i.gstin,
        name: i.name,
        hsnCode: i.hsn_code || null,
        unitPrice: Number(i.unit_price_paise),
        quantity: Number(i.quantity),
        lineTotal: Number(i.line_total_paise),
      })),
      o.ship_state,
    );
    const index = invoices.findIndex((inv) => inv.vendorId === vendorId);
    return {
      invoiceNumber: invoiceNumber(o.number, index),
      placedAt: o.created_at,
      placeOfSupply: o.ship_state,
      buyerGstin: o.buyer_gstin,
      buyerLegalName: o.buyer_legal_name,
      invoice: invoices[index]!,
      categories: items.filter((i) => i.vendor_id === vendorId).map((i) => i.category),
    };
  });
}

/** The seller's credit notes issued in [start, end), with the order's buyer and the returned line. */
async function monthCreditNotes(db: Db, vendorId: string, start: string, end: string): Promise<Gstr1CreditNoteInput[]> {
  const rows = await db
    .selectFrom("credit_notes")
    .innerJoin("returns", "returns.id", "credit_notes.return_id")
    .innerJoin("orders", "orders.id", "returns.order_id")
    .innerJoin("order_items", "order_items.id", "returns.order_item_id")
    .select([
      "credit_notes.number",
      "credit_notes.created_at",
      "credit_notes.invoice_number",
      "credit_notes.kind",
      "credit_notes.taxable_paise",
      "credit_notes.cgst_paise",
      "credit_notes.sgst_paise",
      "credit_notes.igst_paise",
      "credit_notes.total_paise",
      "orders.ship_state",
      "orders.buyer_gstin",
      "orders.buyer_legal_name",
      "order_items.hsn_code",
      "order_items.category",
      "returns.quantity",
    ])
    .where("credit_notes.vendor_id", "=", vendorId)
    .where("credit_notes.created_at", ">=", start)
    .where("credit_notes.created_at", "<", end)
    .execute();
  return rows.map((r) => ({
    number: r.number,
    createdAt: r.created_at,
    invoiceNumber: r.invoice_number,
    placeOfSupply: r.ship_state,
    buyerGstin: r.buyer_gstin,
    buyerLegalName: r.buyer_legal_name,
    kind: r.kind as Supply,
    taxable: Number(r.taxable_paise),
    cgst: Number(r.cgst_paise),
    sgst: Number(r.sgst_paise),
    igst: Number(r.igst_paise),
    total: Number(r.total_paise),
    hsnCode: r.hsn_code || null,
    category: r.category,
    quantity: Number(r.quantity),
  }));
}
