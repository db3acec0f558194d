import type { Kysely } from "kysely";

// Frozen. The shop's payment settings: one row (id 1), written by the admin panel. Secrets (the
// Razorpay key secret, the Stripe secret key, the bank account number) are stored sealed with
// AES-256-GCM by the application ("v1.<iv>.<tag>.<ciphertext>"), never in plain text. `version`
// goes up on every save, so an edit made from an outdated form is refused instead of overwriting.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("payment_settings")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("razorpay_enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("razorpay_key_id", "text")
    .addColumn("razorpay_key_secret_sealed", "text")
    .addColumn("cod_enabled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("stripe_enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("stripe_publishable_key", "text")
    .addColumn("stripe_secret_key_sealed", "text")
    .addColumn("bank_enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("bank_account_name", "text")
    .addColumn("bank_account_number_sealed", "text")
    .addColumn("bank_name", "text")
    .addColumn("bank_ifsc", "text")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .execute();
  // A fresh shop: cash on delivery on, every other method off (docs/decisions/006).
  await db
    .insertInto("payment_settings")
    .values({ id: 1, razorpay_enabled: 0, cod_enabled: 1, stripe_enabled: 0, bank_enabled: 0, version: 1, updated_at: new Date().toISOString() })
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("payment_settings").execute();
}
