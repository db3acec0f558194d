import type { Kysely } from "kysely";

// Frozen. Saved PC builds (docs/product-rules.md, "PC builds"): a build has its own address that
// anyone can open (`/builds/:id`), keeps each part's name and price as they were the day it was
// saved (today's are read from the product beside them), and belongs to the customer who saved it,
// or to no one when saved signed out.
//
// - builds: `id` is the address, random and unguessable; `user_id` null when saved signed out.
// - build_parts: the parts in the order the builder lists them. A part chosen twice (two memory
//   kits, two drives) is two rows. `product_id` is not a foreign key: a build outlives a product
//   its seller deletes, and says so.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("builds")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("builds_by_user").on("builds").columns(["user_id", "created_at"]).execute();
  await db.schema
    .createTable("build_parts")
    .addColumn("build_id", "text", (c) => c.notNull().references("builds.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("product_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("price_paise", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("build_parts_pk", ["build_id", "position"])
    .execute();
}
