import express, { type Router } from "express";
import { sql, type Kysely } from "kysely";
import { DEFAULT_MIGRATION_TABLE } from "kysely/migration";
import { migrationProvider } from "~/db/migrations";
import type { Database } from "~/db/schema";

const READY_TIMEOUT_MS = 2_000;

/** True when the database answers and every migration the app ships with has been applied. */
export async function databaseReady(db: Kysely<Database>, timeoutMs = READY_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const check = (async () => {
    const applied = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
    const names = new Set(applied.rows.map((r) => r.name));
    return Object.keys(await migrationProvider.getMigrations()).every((name) => names.has(name));
  })().catch(() => false);
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For load balancers: /healthz says the process answers (no database), /readyz that the database
 * answers with every migration applied (503 otherwise). Plain text, never versions or internals.
 */
export function healthRoutes(db: Kysely<Database>): Router {
  const router = express.Router();
  router.get("/healthz", (_req, res) => {
    res.status(200).type("text/plain").set("Cache-Control", "no-store").send("ok");
  });
  router.get("/readyz", async (_req, res) => {
    const ready = await databaseReady(db);
    res
      .status(ready ? 200 : 503)
      .type("text/plain")
      .set("Cache-Control", "no-store")
      .send(ready ? "ok" : "not ready");
  });
  return router;
}
