import type { Kysely } from "kysely";

// Frozen. Where the shop delivers and takes cash on delivery, by PIN code (docs/product-rules.md,
// "PIN codes"; app/modules/delivery/serviceability.ts).
//
// - pin_rules: a whole PIN code or a prefix of 1 to 6 digits, and what holds there:
//   not_serviceable (no delivery) or prepaid_only (no cash on delivery). One rule per prefix; the
//   longest prefix matching a PIN decides.
// - cod_settings: one row (id 1): the largest order total, in paise, that may be paid on
//   delivery; null is no limit, as a fresh shop starts.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("pin_rules")
    .addColumn("prefix", "text", (c) => c.primaryKey())
    // not_serviceable | prepaid_only
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("cod_settings")
    .addColumn("id", "integer", (c) => c.primaryKey())
    // bigint, as every order amount: a limit in crores passes what a PostgreSQL integer holds in paise.
    .addColumn("limit_paise", "bigint")
    .addColumn("updated_by", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.insertInto("cod_settings").values({ id: 1, limit_paise: null, updated_at: new Date().toISOString() }).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("cod_settings").execute();
  await db.schema.dropTable("pin_rules").execute();
}
