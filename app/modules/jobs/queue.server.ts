import type { Env } from "~/config/env.server";
import type { ShopDatabase } from "~/db/db.server";
import type { JobQueue } from "./jobs";
import { createPgBossQueue } from "./pg-boss-queue.server";
import { createTableQueue } from "./table-queue.server";

/** The shop's queue for its database: pg-boss on PostgreSQL, the `jobs` table on the embedded SQLite. */
export async function createJobQueue(database: ShopDatabase, env: Pick<Env, "databaseUrl">): Promise<JobQueue> {
  if (database.kind === "postgres" && env.databaseUrl) return createPgBossQueue({ connectionString: env.databaseUrl });
  return createTableQueue(database.db);
}
