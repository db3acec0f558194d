import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { NodeSqliteDialect } from "@better-auth/kysely-adapter/node-sqlite-dialect";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { migrateToLatest } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { seedReferenceData } from "~/db/seed/seed.server";

export interface TestDatabase {
  kind: "sqlite" | "postgres";
  db: Kysely<Database>;
  destroy(): Promise<void>;
}

/**
 * The databases integration tests run against: always a fresh SQLite file, and a fresh
 * PostgreSQL schema as well when TEST_DATABASE_URL is set. Both are migrated the same way.
 */
export const testDatabaseKinds: ("sqlite" | "postgres")[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export async function createTestDatabase(kind: "sqlite" | "postgres"): Promise<TestDatabase> {
  if (kind === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-test-"));
    const sqlite = new DatabaseSync(path.join(dir, "shop.db"));
    sqlite.exec("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;");
    const db = new Kysely<Database>({ dialect: new NodeSqliteDialect({ database: sqlite }) });
    await migrateToLatest(db);
    await seedReferenceData(db);
    return {
      kind,
      db,
      destroy: async () => {
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await migrateToLatest(db);
  await seedReferenceData(db);
  return {
    kind,
    db,
    destroy: async () => {
      await db.destroy();
      await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
      await admin.end();
    },
  };
}

export { sql };
