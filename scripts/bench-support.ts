// Shared pieces of the query benchmarks (bench-catalog.ts, bench-vendor-orders.ts): a seeded
// random source, a latency sampler, and the databases they run on.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Kysely, sql } from "kysely";
import pg from "pg";
import { migrateToLatest, openDatabase } from "~/db/db.server";
import { postgresDialect } from "~/db/postgres-dialect.server";
import type { Database } from "~/db/schema";
import { seedDemoCatalog, seedReferenceData } from "~/seed/seed.server";

export type BenchKind = "sqlite" | "postgres";

/** A repeatable pseudo-random source in [0, 1), so every run generates the same data. */
export function rand(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

/** p50 and p95 of `runs` timed calls, after three warm-up calls. */
export async function time(fn: () => Promise<unknown>, runs = 30) {
  for (let i = 0; i < 3; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(runs * 0.5)]!, p95: samples[Math.floor(runs * 0.95)]! };
}

/** A migrated database with the reference data and the demo catalogue, as the shop starts. */
export async function prepareShop(db: Kysely<Database>) {
  await migrateToLatest(db);
  await seedReferenceData(db);
  await seedDemoCatalog(db);
}

/** What the shop does at start (SQLite's PRAGMA optimize) or autovacuum does later (ANALYZE). */
export async function analyze(db: Kysely<Database>, kind: BenchKind) {
  await sql.raw(kind === "sqlite" ? "PRAGMA optimize = 0x10002" : "VACUUM ANALYZE").execute(db);
}

/**
 * Runs `bench` on a fresh SQLite file (in `keepDir` if given, which is then left in place), then,
 * when BENCH_DATABASE_URL is set, on a fresh PostgreSQL schema that is dropped afterwards (kept,
 * as `<schemaPrefix>kept`, with `keepDir`: both are there to profile once the bench is done).
 */
export async function onEachDatabase(
  names: { dirPrefix: string; schemaPrefix: string; keepDir?: string },
  bench: (label: string, db: Kysely<Database>, kind: BenchKind) => Promise<void>,
) {
  const dir = names.keepDir ?? fs.mkdtempSync(path.join(os.tmpdir(), names.dirPrefix));
  if (names.keepDir) for (const file of ["shop.db", "shop.db-wal", "shop.db-shm"]) fs.rmSync(path.join(dir, file), { force: true });
  const sqlite = openDatabase({ sqliteFile: path.join(dir, "shop.db") });
  await bench("SQLite (node:sqlite)", sqlite.db, "sqlite");
  await sqlite.close();
  if (!names.keepDir) fs.rmSync(dir, { recursive: true, force: true });

  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return;
  const schema = `${names.schemaPrefix}${names.keepDir ? "kept" : process.pid}`;
  const admin = new pg.Pool({ connectionString: url, max: 1 });
  if (names.keepDir) await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await admin.query(`CREATE SCHEMA "${schema}"`);
  const pool = new pg.Pool({ connectionString: url, options: `-c search_path="${schema}"` });
  const db = new Kysely<Database>({ dialect: postgresDialect(pool) });
  try {
    await bench("PostgreSQL", db, "postgres");
  } finally {
    await db.destroy();
    if (!names.keepDir) await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
    await admin.end();
  }
}
