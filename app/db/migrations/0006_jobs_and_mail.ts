import type { Kysely } from "kysely";

// Frozen. Mail the shop sends and the background work that sends it (docs/decisions/013).
//
// `mail` holds every message the shop has decided to send, written in the same transaction as
// the event it announces (an order, a shipment), rendered once: the admin's Mail page reads it,
// and the delivery job marks it sent or failed. Delivery itself is a job.
//
// `jobs` is the embedded database's job queue (on PostgreSQL, pg-boss keeps its own tables in
// its own schema and this table stays empty). A job is claimed by moving `locked_until` into
// the future; a worker that dies leaves a lock that runs out, and the job is claimed again.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("mail")
    .addColumn("id", "text", (c) => c.primaryKey())
    // what the mail is about: "order-placed", "part-shipped", … (app/modules/mail/templates)
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text", (c) => c.notNull())
    // the order number or account the mail concerns, for the admin's search
    .addColumn("reference", "text")
    // queued | sent | failed
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("mail_by_created").on("mail").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("mail_by_status").on("mail").columns(["status", "created_at"]).execute();

  await db.schema
    .createTable("jobs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    // queued | active | done | failed
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (c) => c.notNull())
    .addColumn("run_after", "text", (c) => c.notNull())
    .addColumn("locked_until", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("jobs_due").on("jobs").columns(["status", "run_after"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("jobs").execute();
  await db.schema.dropTable("mail").execute();
}
