import type { Kysely } from "kysely";

// Frozen. What sellers are owed and paid (issue 23; docs/decisions/023-settlements.md).
//
// - order_items.category: the product's category when the order was placed, so the commission of
//   a line does not move when a seller later recategorises the product; filled in for old lines.
// - settlement_rates: the commission (a default, and per category), TCS and TDS rates, each with
//   the date it takes effect. Rows are never changed: a new rate is a new row from a later date.
// - ledger_entries: every amount a seller's part of an order adds or takes from what the seller is
//   owed, in paise, signed (+ owed to the seller). Balances are sums of entries; nothing stores a
//   total. Payouts are entries too, one per part a payout covers.
// - payouts: money sent to a seller, by Razorpay Route or a bank transfer, once per idempotency key.
// - vendor_payout_accounts: where a seller is paid: the account number sealed (secret-box) and
//   masked for display, and the seller's Razorpay Route linked account once made.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("order_items").addColumn("category", "text").execute();
  await db
    .updateTable("order_items")
    .set((eb) => ({ category: eb.selectFrom("products").select("products.category").whereRef("products.id", "=", "order_items.product_id") }))
    .execute();

  // The parts whose money is still held: delivered within the return window, or not delivered.
  await db.schema.createIndex("order_parts_by_status_delivered").on("order_parts").columns(["status", "delivered_at"]).execute();

  await db.schema
    .createTable("settlement_rates")
    .addColumn("id", "text", (c) => c.primaryKey())
    // commission | tcs | tds
    .addColumn("kind", "text", (c) => c.notNull())
    // A commission rate for one category; null is the default (and always null for TCS and TDS).
    .addColumn("category", "text")
    // Hundredths of a percent: 500 is 5%, 50 is 0.5%, 10 is 0.1%.
    .addColumn("rate_bp", "integer", (c) => c.notNull())
    // YYYY-MM-DD, India time: parts placed on or after this day use this rate.
    .addColumn("effective_from", "text", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("settlement_rates_lookup").on("settlement_rates").columns(["kind", "category", "effective_from"]).execute();

  await db.schema
    .createTable("payouts")
    .addColumn("id", "text", (c) => c.primaryKey())
    // PO-000001: what the seller and the admin quote.
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("vendor_id", "text", (c) => c.notNull().references("vendors.id"))
    // bigint: a large seller's payout passes ₹2.1 crore, the most a PostgreSQL integer holds in paise.
    .addColumn("amount_paise", "bigint", (c) => c.notNull())
    // route | bank
    .addColumn("method", "text", (c) => c.notNull())
    // processing | processed | failed
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("razorpay_transfer_id", "text", (c) => c.unique())
    .addColumn("utr", "text")
    .addColumn("failure", "text")
    .addColumn("actor_user_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("processed_at", "text")
    .execute();
  await db.schema.createIndex("payouts_by_vendor").on("payouts").columns(["vendor_id", "created_at"]).execute();

  await db.schema
    .createTable("ledger_entries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("vendor_id", "text", (c) => c.notNull().references("vendors.id"))
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
    .addColumn("order_number", "text", (c) => c.notNull())
    // sale | commission | commission_gst | tcs | tds | refund | commission_reversal |
    // commission_gst_reversal | tcs_reversal | tds_reversal | payout | payout_reversal
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("amount_paise", "bigint", (c) => c.notNull())
    // TCS is owed to the Centre and the state (CGST + SGST) or the Centre alone (IGST): the
    // part's supply decides, as its tax invoice does. intra | inter
    .addColumn("supply", "text", (c) => c.notNull())
    .addColumn("payout_id", "text", (c) => c.references("payouts.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  // Balances sum each part's entries: these two read the sums from the index alone.
  await db.schema.createIndex("ledger_entries_by_part").on("ledger_entries").columns(["order_id", "vendor_id", "kind", "amount_paise"]).execute();
  await db.schema.createIndex("ledger_entries_by_vendor_part").on("ledger_entries").columns(["vendor_id", "order_id", "kind", "amount_paise"]).execute();
  await db.schema.createIndex("ledger_entries_by_vendor").on("ledger_entries").columns(["vendor_id", "created_at"]).execute();
  await db.schema.createIndex("ledger_entries_by_month").on("ledger_entries").columns(["created_at"]).execute();
  await db.schema.createIndex("ledger_entries_by_payout").on("ledger_entries").columns(["payout_id"]).execute();

  await db.schema
    .createTable("payout_counters")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("last", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("vendor_payout_accounts")
    .addColumn("vendor_id", "text", (c) => c.primaryKey().references("vendors.id"))
    .addColumn("holder_name", "text", (c) => c.notNull())
    .addColumn("account_number_sealed", "text", (c) => c.notNull())
    .addColumn("account_number_masked", "text", (c) => c.notNull())
    .addColumn("ifsc", "text", (c) => c.notNull())
    .addColumn("razorpay_account_id", "text")
    .addColumn("updated_by", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}
