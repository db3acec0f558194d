import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { NodeSqliteDialect } from "@better-auth/kysely-adapter/node-sqlite-dialect";
import { Kysely, sql } from "kysely";
import pg from "pg";
import { migrateToLatest, writingFromTheStart } from "~/db/db.server";
import { postgresDialect } from "~/db/postgres-dialect.server";
import type { Database } from "~/db/schema";
import { seedReferenceData } from "~/seed/seed.server";
import type { JobQueue, RetryPolicy } from "~/modules/jobs/jobs";
import { createPgBossQueue } from "~/modules/jobs/pg-boss-queue.server";
import { createTableQueue } from "~/modules/jobs/table-queue.server";
import { createOutbox, type Outbox } from "~/modules/jobs/outbox.server";

export interface TestDatabase {
  kind: "sqlite" | "postgres";
  db: Kysely<Database>;
  /** The database's real job queue (pg-boss in a schema of its own on PostgreSQL); nothing works it unless a test does. */
  jobs: JobQueue;
  outbox: Outbox;
  /** pg-boss's schema, on PostgreSQL. */
  jobsSchema?: string;
  destroy(): Promise<void>;
}

export const TEST_BASE_URL = "http://shop.test";

/** Retries without waiting, so a test sees a failing job through all its tries at once. */
export const IMPATIENT: RetryPolicy = { attempts: 3, delaySeconds: 0, maxDelaySeconds: 0, leaseSeconds: 60 };

/**
 * The databases integration tests run against: always a fresh SQLite file, and a fresh
 * PostgreSQL schema as well when TEST_DATABASE_URL is set. Both are migrated the same way.
 */
export const testDatabaseKinds: ("sqlite" | "postgres")[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export async function createTestDatabase(kind: "sqlite" | "postgres", options: { policies?: Partial<Record<"mail.send", RetryPolicy>> } = {}): Promise<TestDatabase> {
  if (kind === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-test-"));
    const sqlite = new DatabaseSync(path.join(dir, "shop.db"));
    sqlite.exec("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;");
    const db = new Kysely<Database>({ dialect: writingFromTheStart(new NodeSqliteDialect({ database: sqlite })) });
    await migrateToLatest(db);
    await seedReferenceData(db);
    const jobs = createTableQueue(db, { pollMs: 50, policies: options.policies });
    return {
      kind,
      db,
      jobs,
      outbox: createOutbox(jobs, TEST_BASE_URL),
      destroy: async () => {
        await jobs.stop();
        await db.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Pool({ connectionString: url, max: 1 });
  await admin.query(`CREATE SCHEMA "${schema}"`);
  const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c search_path="${schema}"` });
  const db = new Kysely<Database>({ dialect: postgresDialect(pool) });
  await migrateToLatest(db);
  await seedReferenceData(db);
  const jobsSchema = `${schema}_jobs`;
  const jobs = await createPgBossQueue({ connectionString: url, schema: jobsSchema, policies: options.policies, pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1 });
  return {
    kind,
    db,
    jobs,
    jobsSchema,
    outbox: createOutbox(jobs, TEST_BASE_URL),
    destroy: async () => {
      await jobs.stop();
      await db.destroy();
      await admin.query(`DROP SCHEMA "${jobsSchema}" CASCADE`);
      await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
      await admin.end();
    },
  };
}

export { sql };
