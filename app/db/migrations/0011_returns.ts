import { sql, type Kysely } from "kysely";

// Frozen. Returns, replacements, refunds of part of an order and credit notes (issue 22;
// docs/decisions/022-returns.md).
//
// - categories.return_rule: what a category's items may come back for (returns/rules.ts).
// - order_parts.delivered_at: when the part was last marked Delivered, the start of its return
//   window; filled in from the parts' history for parts delivered before.
// - returns: one request per order line (part of its quantity), its state, the pickup, the
//   inspection and the replacement's shipment; return_photos and return_history beside it.
// - refunds: a payment may now be refunded in parts, once per return (and again after a refusal,
//   with a new idempotency key), so payment_id is unique only for the whole-order refunds of
//   before. SQLite cannot drop a column's constraint: the table is copied.
// - credit_notes: a seller's GST credit note per accepted refund, numbered per seller and
//   financial year (credit_note_counters).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("categories").addColumn("return_rule", "text", (c) => c.notNull().defaultTo("returnable")).execute();
  await db.updateTable("categories").set({ return_rule: "replacement_only" }).where("name", "=", "Component").execute();

  await db.schema.alterTable("order_parts").addColumn("delivered_at", "text").execute();
  await sql`update order_parts set delivered_at = (
      select max(h.created_at) from order_status_history h
      where h.order_id = order_parts.order_id and h.vendor_id = order_parts.vendor_id and h.status = 'delivered')
    where status = 'delivered'`.execute(db);

  await db.schema
    .createTable("returns")
    .addColumn("id", "text", (c) => c.primaryKey())
    // RR-000001: what the customer, the seller and the admin quote.
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
    .addColumn("order_number", "text", (c) => c.notNull())
    .addColumn("vendor_id", "text", (c) => c.notNull().references("vendors.id"))
    .addColumn("customer_user_id", "text", (c) => c.notNull())
    .addColumn("order_item_id", "text", (c) => c.notNull().references("order_items.id"))
    .addColumn("product_id", "text", (c) => c.notNull())
    .addColumn("product_name", "text", (c) => c.notNull())
    .addColumn("unit_price_paise", "integer", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    // damaged | defective | wrong_item | missing_parts | not_needed
    .addColumn("reason", "text", (c) => c.notNull())
    // refund | replacement
    .addColumn("resolution", "text", (c) => c.notNull())
    .addColumn("details", "text", (c) => c.notNull())
    .addColumn("serial_number", "text")
    // requested | approved | picked_up | received | refunded | replacement_shipped | closed | rejected | withdrawn | refused
    .addColumn("status", "text", (c) => c.notNull())
    // What the refund will be, worked out when asked for (returns/rules.ts, refundFor).
    .addColumn("refund_items_paise", "integer", (c) => c.notNull())
    .addColumn("refund_tax_paise", "integer", (c) => c.notNull())
    .addColumn("refund_shipping_paise", "integer", (c) => c.notNull())
    .addColumn("refund_total_paise", "integer", (c) => c.notNull())
    // Where a cash-on-delivery or bank-transfer refund goes: sealed (secret-box), and masked for display.
    .addColumn("refund_to_sealed", "text")
    .addColumn("refund_to_masked", "text")
    .addColumn("pickup_carrier", "text")
    .addColumn("pickup_reference", "text")
    // The seller's (or admin's) reason for a rejection or a refusal on inspection.
    .addColumn("decision_note", "text")
    .addColumn("restock", "integer", (c) => c.notNull().defaultTo(0))
    // The replacement's own shipment: pending | processing | shipped | delivered.
    .addColumn("replacement_status", "text")
    .addColumn("replacement_carrier", "text")
    .addColumn("replacement_tracking", "text")
    .addColumn("answered_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("returns_by_order").on("returns").columns(["order_id", "order_item_id"]).execute();
  await db.schema.createIndex("returns_by_vendor").on("returns").columns(["vendor_id", "created_at"]).execute();
  await db.schema.createIndex("returns_by_status").on("returns").columns(["status", "created_at"]).execute();

  await db.schema
    .createTable("return_photos")
    .addColumn("return_id", "text", (c) => c.notNull().references("returns.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("return_photos_pk", ["return_id", "position"])
    .execute();

  await db.schema
    .createTable("return_history")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("return_id", "text", (c) => c.notNull().references("returns.id"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("actor_user_id", "text")
    // customer | vendor | admin | system
    .addColumn("actor_role", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("return_history_by_return").on("return_history").columns(["return_id", "created_at"]).execute();

  await db.schema
    .createTable("refunds_next")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
    // Razorpay's payment, or null for a refund paid by hand (cash on delivery, bank transfer).
    .addColumn("payment_id", "text")
    .addColumn("amount_paise", "integer", (c) => c.notNull())
    // requested | pending | processed | failed
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("razorpay_refund_id", "text", (c) => c.unique())
    .addColumn("failure", "text")
    // cancelled | surplus | return
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("return_id", "text", (c) => c.references("returns.id"))
    // razorpay | manual
    .addColumn("method", "text", (c) => c.notNull().defaultTo("razorpay"))
    // The bank transfer's reference (UTR) of a refund paid by hand.
    .addColumn("utr", "text")
    .addColumn("actor_user_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await sql`insert into refunds_next (id, order_id, payment_id, amount_paise, status, razorpay_refund_id, failure, reason, created_at, updated_at)
    select id, order_id, payment_id, amount_paise, status, razorpay_refund_id, failure, reason, created_at, updated_at from refunds`.execute(db);
  await db.schema.dropTable("refunds").execute();
  await db.schema.alterTable("refunds_next").renameTo("refunds").execute();
  await db.schema.createIndex("refunds_by_order").on("refunds").column("order_id").execute();
  await db.schema.createIndex("refunds_by_return").on("refunds").column("return_id").execute();
  // A whole-order refund (cancelled, surplus) is made once per payment, whoever asks.
  await db.schema.createIndex("refunds_once_per_payment").on("refunds").column("payment_id").unique().where(sql.ref("return_id"), "is", null).execute();

  await db.schema
    .createTable("credit_notes")
    .addColumn("id", "text", (c) => c.primaryKey())
    // CN/2026-27/0001: unique in its seller's series (GST allows 16 characters)
    .addColumn("number", "text", (c) => c.notNull())
    .addColumn("return_id", "text", (c) => c.notNull().unique().references("returns.id"))
    .addColumn("vendor_id", "text", (c) => c.notNull().references("vendors.id"))
    .addColumn("financial_year", "text", (c) => c.notNull())
    .addColumn("sequence", "integer", (c) => c.notNull())
    .addColumn("invoice_number", "text", (c) => c.notNull())
    // intra (CGST + SGST) | inter (IGST), as on the invoice it reduces
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("taxable_paise", "integer", (c) => c.notNull())
    .addColumn("cgst_paise", "integer", (c) => c.notNull())
    .addColumn("sgst_paise", "integer", (c) => c.notNull())
    .addColumn("igst_paise", "integer", (c) => c.notNull())
    .addColumn("total_paise", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("credit_notes_sequence", ["vendor_id", "financial_year", "sequence"])
    .addUniqueConstraint("credit_notes_number", ["vendor_id", "number"])
    .execute();

  await db.schema
    .createTable("credit_note_counters")
    .addColumn("vendor_id", "text", (c) => c.notNull())
    .addColumn("financial_year", "text", (c) => c.notNull())
    .addColumn("last", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("credit_note_counters_pk", ["vendor_id", "financial_year"])
    .execute();
}
