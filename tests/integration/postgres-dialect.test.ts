import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/db.server";
import { postgresDialect } from "~/db/postgres-dialect.server";
import type { Database } from "~/db/schema";

// Test workers each migrate a schema of their own in one database while others drop theirs. With
// Kysely's own introspection that failed at random (`schema "t_…" does not exist`, the CI run of
// 2026-11-27): it reads every schema and names each table of each in a function call.
const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)("the PostgreSQL dialect beside other schemas", () => {
  const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const own = `t_${suffix}_own`;
  const other = `t_${suffix}_other`;
  let admin: pg.Pool;
  let pool: pg.Pool;
  let db: Kysely<Database>;

  beforeAll(async () => {
    admin = new pg.Pool({ connectionString: url, max: 2 });
    await admin.query(`CREATE SCHEMA "${own}"`);
    await admin.query(`CREATE SCHEMA "${other}"; CREATE TABLE "${other}".elsewhere (id serial primary key)`);
    pool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path="${own}"` });
    db = new Kysely<Database>({ dialect: postgresDialect(pool) });
    await db.schema.createTable("here").addColumn("id", "serial", (c) => c.primaryKey()).addColumn("note", "text").execute();
  });

  afterAll(async () => {
    await db?.destroy();
    await admin?.query(`DROP SCHEMA IF EXISTS "${own}" CASCADE; DROP SCHEMA IF EXISTS "${other}" CASCADE`);
    await admin?.end();
  });

  it("introspects the connection's own schema and nothing else, with the columns Kysely's own reports", async () => {
    const tables = await db.introspection.getTables();
    expect(tables.map((t) => `${t.schema}.${t.name}`)).toEqual([`${own}.here`]);
    const stock = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1, options: `-c search_path="${own}"` }) }) });
    try {
      const theirs = (await stock.introspection.getTables()).filter((t) => t.schema === own);
      expect(tables).toEqual(theirs);
    } finally {
      await stock.destroy();
    }
  });

  it("migrates while another schema is created and dropped over and over", async () => {
    let churning = true;
    const churn = (async () => {
      for (let i = 0; churning; i++) {
        const name = `t_${suffix}_churn_${i}`;
        await admin.query(`CREATE SCHEMA "${name}"; CREATE TABLE "${name}".t (id serial primary key)`);
        await admin.query(`DROP SCHEMA "${name}" CASCADE`);
      }
    })();
    try {
      for (let i = 0; i < 40; i++) await db.introspection.getTables({ withInternalKyselyTables: true });
      await migrateToLatest(db);
      expect((await db.introspection.getTables()).map((t) => t.name)).toContain("products");
    } finally {
      churning = false;
      await churn;
    }
  });
});
