import { sql, type Kysely } from "kysely";

// Frozen. Online payments through Razorpay (docs/decisions/014).
//
// An order now has a payment state beside its fulfilment status: `payment_status` is one of
// cod | awaiting | failed | paid | refund_pending | refunded | refund_failed | void
// (app/modules/payments/payment-status.ts). A card or UPI order is paid for through one Razorpay
// order (`razorpay_order_id`); the payment that paid it is `razorpay_payment_id`.
//
// `payment_events` makes every webhook (by Razorpay's event id) and every checkout callback apply
// once. `refunds` holds one refund per Razorpay payment; its id is the idempotency key Razorpay
// sees, so a refund asked for twice is made once.
//
// Orders placed before payments were real were never charged online; they are recorded as paid
// when they went ahead (the demo's history), void when cancelled, and a pending bank transfer
// awaits its money.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Razorpay signs its webhooks with a secret of their own, set in its dashboard; sealed like the key secret.
  await db.schema.alterTable("payment_settings").addColumn("razorpay_webhook_secret_sealed", "text").execute();
  await db.schema.alterTable("orders").addColumn("payment_status", "text", (c) => c.notNull().defaultTo("cod")).execute();
  await db.schema.alterTable("orders").addColumn("razorpay_order_id", "text").execute();
  await db.schema.alterTable("orders").addColumn("razorpay_payment_id", "text").execute();
  // The last failed attempt's reason, in words a customer understands.
  await db.schema.alterTable("orders").addColumn("payment_error", "text").execute();
  await db.schema.alterTable("orders").addColumn("paid_at", "text").execute();
  await db.schema.createIndex("orders_by_razorpay_order").on("orders").column("razorpay_order_id").unique().execute();
  await db.schema.createIndex("orders_awaiting_payment").on("orders").columns(["payment_status", "created_at"]).execute();
  await sql`update orders set payment_status = case
      when payment_method = 'cod' then 'cod'
      when status = 'cancelled' then 'void'
      when payment_method = 'bank_transfer' and status = 'pending' then 'awaiting'
      else 'paid' end`.execute(db);

  await db.schema
    .createTable("payment_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    // payment.captured, payment.failed, refund.processed, …, or "callback" for the checkout's own
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("order_id", "text")
    .addColumn("payment_id", "text")
    .addColumn("received_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("refunds")
    // Our id, sent as X-Refund-Idempotency.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
    .addColumn("payment_id", "text", (c) => c.notNull().unique())
    .addColumn("amount_paise", "integer", (c) => c.notNull())
    // requested (not yet accepted by Razorpay) | pending | processed | failed
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("razorpay_refund_id", "text", (c) => c.unique())
    .addColumn("failure", "text")
    // why: "cancelled" (the order was) or "surplus" (a second payment, or one after cancelling)
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("refunds_by_order").on("refunds").column("order_id").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("refunds").execute();
  await db.schema.dropTable("payment_events").execute();
  await db.schema.dropIndex("orders_awaiting_payment").execute();
  await db.schema.dropIndex("orders_by_razorpay_order").execute();
  await db.schema.alterTable("payment_settings").dropColumn("razorpay_webhook_secret_sealed").execute();
  for (const c of ["paid_at", "payment_error", "razorpay_payment_id", "razorpay_order_id", "payment_status"]) {
    await db.schema.alterTable("orders").dropColumn(c).execute();
  }
}
