import express, { type Router } from "express";
import type { Kysely } from "kysely";
import type { Availability } from "~/db/availability.server";
import { databaseReady } from "~/db/db.server";
import type { Database } from "~/db/schema";

/**
 * For load balancers: /healthz says the process answers (no database), /readyz that the database
 * answers with every migration applied (503 otherwise). Plain text, never versions or internals.
 * While the database is known to be away (availability.server.ts) /readyz says so at once, and
 * /healthz stays 200: the process is well and must not be restarted for it.
 */
export function healthRoutes(db: Kysely<Database>, availability?: Pick<Availability, "up">): Router {
  const router = express.Router();
  router.get("/healthz", (_req, res) => {
    res.status(200).type("text/plain").set("Cache-Control", "no-store").send("ok");
  });
  router.get("/readyz", async (_req, res) => {
    const ready = (availability?.up ?? true) && (await databaseReady(db));
    res
      .status(ready ? 200 : 503)
      .type("text/plain")
      .set("Cache-Control", "no-store")
      .send(ready ? "ok" : "not ready");
  });
  return router;
}
