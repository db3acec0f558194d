import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { NodeSqliteDialect } from "@better-auth/kysely-adapter/node-sqlite-dialect";
import { Kysely, sql, type Dialect } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writingFromTheStart } from "~/db/db.server";

/**
 * Two connections to one SQLite file, as the shop and a second process (a script, a backup, a
 * browser test's fixture) are. A transaction that reads and then writes must not fail because the
 * other connection wrote in between (app/db/db.server.ts, writingFromTheStart).
 */

interface Counter {
  counter: { id: number; n: number };
}

let dir: string;
let file: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-tx-"));
  file = path.join(dir, "shop.db");
  const setup = new DatabaseSync(file);
  setup.exec("PRAGMA journal_mode = WAL; CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL); INSERT INTO counter VALUES (1, 0);");
  setup.close();
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function open(dialectOf: (database: DatabaseSync) => Dialect) {
  const sqlite = new DatabaseSync(file);
  sqlite.exec("PRAGMA busy_timeout = 5000");
  return new Kysely<Counter>({ dialect: dialectOf(sqlite) });
}

/** The other process: it does not wait for a lock, so a transaction holding one shows at once. */
function otherProcessWrites(): "written" | "locked" {
  const other = new DatabaseSync(file);
  other.exec("PRAGMA busy_timeout = 0");
  try {
    other.exec("UPDATE counter SET n = n + 100 WHERE id = 1");
    return "written";
  } catch (error) {
    if (/database is locked/.test(String(error))) return "locked";
    throw error;
  } finally {
    other.close();
  }
}

/** Reads the counter, lets the other process try its write, then writes what it read plus one. */
async function readThenWrite(db: Kysely<Counter>) {
  let other: ReturnType<typeof otherProcessWrites> | undefined;
  await db.transaction().execute(async (trx) => {
    const { n } = await trx.selectFrom("counter").select("n").where("id", "=", 1).executeTakeFirstOrThrow();
    other = otherProcessWrites();
    await trx.updateTable("counter").set({ n: n + 1 }).where("id", "=", 1).execute();
  });
  return other;
}

describe("SQLite transactions between two connections", () => {
  it("a deferred transaction fails at its first write when another connection wrote after its read", async () => {
    const db = open((database) => new NodeSqliteDialect({ database }));
    try {
      await expect(readThenWrite(db)).rejects.toThrow(/database is locked/);
    } finally {
      await db.destroy();
    }
  });

  it("the shop's transactions hold the write lock from BEGIN: the other writer waits, and nothing fails or is lost", async () => {
    const db = open((database) => writingFromTheStart(new NodeSqliteDialect({ database })));
    try {
      expect(await readThenWrite(db)).toBe("locked");
      expect(otherProcessWrites()).toBe("written");
      const { n } = await db.selectFrom("counter").select("n").where("id", "=", 1).executeTakeFirstOrThrow();
      expect(n).toBe(101);
      expect((await sql<{ ok: number }>`select 1 as ok`.execute(db)).rows[0]?.ok).toBe(1);
    } finally {
      await db.destroy();
    }
  });
});
