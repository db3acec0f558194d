import type { AddressInfo } from "node:net";
import express from "express";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { healthRoutes } from "../../server/health";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

async function serve(t: TestDatabase) {
  const app = express();
  app.use(healthRoutes(t.db));
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

describe.each(testDatabaseKinds)("health checks on %s", (kind) => {
  let t: TestDatabase;
  let server: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    server = await serve(t);
  });
  afterAll(async () => {
    server?.close();
    await t?.destroy();
  });

  it("/healthz and /readyz answer 200 ok in plain text, without versions, GET and HEAD", async () => {
    for (const path of ["/healthz", "/readyz"]) {
      const response = await fetch(`${server.base}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.text()).toBe("ok");
      const head = await fetch(`${server.base}${path}`, { method: "HEAD" });
      expect(head.status, `HEAD ${path}`).toBe(200);
    }
  });

  it("/readyz answers 503 while a migration the app ships with is not applied, and /healthz stays 200", async () => {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(t.db);
    const name = rows[0]!.name;
    await sql`delete from kysely_migration where name = ${name}`.execute(t.db);
    try {
      const response = await fetch(`${server.base}/readyz`);
      expect(response.status).toBe(503);
      expect(await response.text()).toBe("not ready");
      expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(t.db);
    }
    expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
  });
});

describe("readiness without a database", () => {
  it("/readyz answers 503 on a database that was never migrated, and on a closed one", async () => {
    const t = await createTestDatabase("sqlite");
    const server = await serve(t);
    try {
      await sql`drop table kysely_migration`.execute(t.db);
      expect((await fetch(`${server.base}/readyz`)).status).toBe(503);
      await t.db.destroy();
      const response = await fetch(`${server.base}/readyz`);
      expect(response.status).toBe(503);
      expect(await response.text()).toBe("not ready");
      expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    } finally {
      server.close();
      await t.destroy().catch(() => {});
    }
  });
});
