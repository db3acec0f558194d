import type { Kysely } from "kysely";

// Frozen. Complaints with a ticket (docs/product-rules.md, "Complaints"): a signed-in customer
// raises one and gets its number at once; the shop acknowledges it within 48 hours and resolves it
// within one month.
//
// - grievances: one complaint, its ticket number, the order it is about (if any), and its state:
//   open | acknowledged | closed, with the time of each step.
// - grievance_history: every step, who took it and what was written: raised | acknowledged |
//   replied | closed.
// - grievance_counters: the last ticket number of each financial year (GRV/2026-27/0001).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("grievances")
    // A random id: the ticket's address, not guessable from its number.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("financial_year", "text", (c) => c.notNull())
    .addColumn("sequence", "integer", (c) => c.notNull())
    .addColumn("customer_user_id", "text", (c) => c.notNull())
    .addColumn("order_id", "text", (c) => c.references("orders.id"))
    .addColumn("order_number", "text")
    .addColumn("subject", "text", (c) => c.notNull())
    // order | delivery | refund | product | seller | account | other
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("details", "text", (c) => c.notNull())
    // open | acknowledged | closed
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("acknowledged_at", "text")
    .addColumn("closed_at", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("grievances_sequence", ["financial_year", "sequence"])
    .execute();
  await db.schema.createIndex("grievances_by_customer").on("grievances").columns(["customer_user_id", "created_at"]).execute();
  await db.schema.createIndex("grievances_by_status").on("grievances").columns(["status", "created_at"]).execute();

  await db.schema
    .createTable("grievance_history")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("grievance_id", "text", (c) => c.notNull().references("grievances.id"))
    // raised | acknowledged | replied | closed
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("actor_user_id", "text", (c) => c.notNull())
    // customer | admin
    .addColumn("actor_role", "text", (c) => c.notNull())
    // The reply or the closing note, as written (shown as text, never HTML).
    .addColumn("message", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("grievance_history_by_grievance").on("grievance_history").columns(["grievance_id", "created_at"]).execute();

  await db.schema
    .createTable("grievance_counters")
    .addColumn("financial_year", "text", (c) => c.primaryKey())
    .addColumn("last", "integer", (c) => c.notNull())
    .execute();
}
