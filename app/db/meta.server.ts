import type { Kysely } from "kysely";
import type { Database } from "./schema";

/**
 * One-time steps (a demo seed, a backfill) leave a mark in `app_meta` when done, so a restart, or
 * another instance on the same database, skips them.
 */
export async function isDone(db: Kysely<Database>, key: string): Promise<boolean> {
  const done = await db.selectFrom("app_meta").select("value").where("key", "=", key).executeTakeFirst();
  return done !== undefined;
}

/** Marks a one-time step done, with when; the first mark stays. */
export async function markDone(db: Kysely<Database>, key: string, now = new Date()): Promise<void> {
  await db
    .insertInto("app_meta")
    .values({ key, value: now.toISOString() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}
