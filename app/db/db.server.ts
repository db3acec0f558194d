import fs from "node:fs";
import path from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { NodeSqliteDialect } from "@better-auth/kysely-adapter/node-sqlite-dialect";
import { CompiledQuery, Kysely, PostgresAdapter, sql, type DatabaseConnection, type Dialect, type Driver } from "kysely";
import { DEFAULT_MIGRATION_TABLE, Migrator } from "kysely/migration";
import pg from "pg";
import { trackAvailability, type Availability } from "./availability.server";
import { migrationProvider } from "./migrations";
import { postgresDialect } from "./postgres-dialect.server";
import type { Database } from "./schema";
import { watchWrites, type WriteListener } from "./write-watch.server";
import { logger } from "~/lib/logger.server";

export type DatabaseKind = "sqlite" | "postgres";

export interface DatabaseConfig {
  /** postgres://… selects PostgreSQL; otherwise the embedded SQLite file at `sqliteFile`. */
  databaseUrl?: string | undefined;
  sqliteFile?: string;
  /**
   * How hard SQLite waits for the disk at each commit. FULL (the default) syncs the WAL on every
   * commit, so an acknowledged order survives a power cut too; NORMAL is for the benchmark only.
   */
  synchronous?: "FULL" | "NORMAL";
}

export interface ShopDatabase {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The raw node:sqlite handle, when embedded (used for the online backup and tests). */
  sqlite?: DatabaseSync;
  /** Hears the tables each committed write touched (see write-watch.server.ts); returns the way to stop. */
  onWrite(listener: WriteListener): () => void;
  /**
   * Whether the database can be reached now (availability.server.ts): PostgreSQL may restart, fail
   * over or drop its connections; the embedded database is always there.
   */
  availability: Availability;
  close(): Promise<void>;
}

/**
 * How long a request waits for a pooled connection, a new one's connect included, before it is
 * told the database is out of reach: never the half minute of a hanging request. A connection is
 * usually had in well under a millisecond; under a flash sale's load, in tens.
 */
export const CONNECT_TIMEOUT_MS = 2_000;
/** TCP keepalive on idle connections, so one the network dropped silently is found and replaced. */
const KEEPALIVE_AFTER_MS = 10_000;

// PostgreSQL returns BIGINT (COUNT(*), SUM) as strings by default; our values fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export function openDatabase(config: DatabaseConfig): ShopDatabase {
  const listeners = new Set<WriteListener>();
  const onWrite = (listener: WriteListener) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const watched = (dialect: Dialect) =>
    watchWrites(dialect, (tables) => {
      for (const listener of listeners) listener(tables);
    });
  if (config.databaseUrl) {
    const databaseUrl = config.databaseUrl;
    const availability = trackAvailability({
      probe: () => probePostgres(databaseUrl),
      log: (change) =>
        change.up
          ? logger.info(`database reachable again after ${Math.round(change.downForMs)} ms`)
          : logger.error({ err: errorFields(change.err) }, "database unreachable: answering 503 until it is back"),
    });
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_AFTER_MS,
    });
    // A connection the server ends (a restart, a failover, a dropped network) is an 'error' event
    // on its client, idle or in use; unheard, Node ends the whole process. The pool listens only
    // while a client is idle, so every client gets a listener of its own for its whole life. The
    // query it was running fails with the same error, and the pool drops the client on release.
    pool.on("connect", (client) => {
      client.on("error", (err) => {
        logger.warn({ err: errorFields(err) }, "database connection lost");
        availability.failed(err);
      });
    });
    // The pool's own report of an idle client's error: heard above already. (pool.end() also
    // resolves before its connections have finished closing: a database dropped at that moment,
    // as the tests do, ends them with such an error too.)
    pool.on("error", () => {});
    // Every statement, transaction and connection that fails out of reach says so at once, before
    // the error reaches the request: its answer is then "back in a few seconds", not a 500.
    const db = new Kysely<Database>({ dialect: watched(reportingFailures(postgresDialect(pool), (err) => availability.failed(err))) });
    return {
      db,
      kind: "postgres",
      onWrite,
      availability,
      close: async () => {
        availability.stop();
        await db.destroy();
      },
    };
  }
  const file = config.sqliteFile ?? ":memory:";
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new DatabaseSync(file);
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec(`PRAGMA synchronous = ${config.synchronous === "NORMAL" ? "NORMAL" : "FULL"}`);
  sqlite.exec("PRAGMA foreign_keys = ON");
  sqlite.exec("PRAGMA busy_timeout = 5000");
  // Lets SQLite gather the statistics its planner needs, cheaply, as the SQLite docs advise at open.
  sqlite.exec("PRAGMA optimize = 0x10002");
  const db = new Kysely<Database>({ dialect: watched(writingFromTheStart(new NodeSqliteDialect({ database: reusingStatements(sqlite) }))) });
  return { db, kind: "sqlite", sqlite, onWrite, availability: ALWAYS_AVAILABLE, close: () => db.destroy() };
}

/** The embedded database is a file this process holds open: it does not go away. */
const ALWAYS_AVAILABLE: Availability = { up: true, downs: 0, failed: () => {}, onChange: () => () => {}, stop: () => {} };

const PROBE_TIMEOUT_MS = 1_000;

/** `select 1` on a connection of its own (never waiting behind a busy pool), given a second at most. */
async function probePostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: PROBE_TIMEOUT_MS, query_timeout: PROBE_TIMEOUT_MS });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
  } finally {
    await client.end().catch(() => {});
  }
}

/** What a log line says of a database error: its message and code, never its parameters. */
function errorFields(err: unknown): { message: string; code?: string } {
  const e = err as { message?: unknown; code?: unknown } | null;
  return { message: String(e?.message ?? err), ...(typeof e?.code === "string" ? { code: e.code } : {}) };
}

/**
 * SQLite transactions that take the write lock when they begin (BEGIN IMMEDIATE) instead of at
 * their first write. A deferred transaction that has read and then writes fails at once with
 * "database is locked" when another connection (a second process: a script, a backup, a test's
 * fixture) committed in between, whatever the busy timeout; an immediate one waits its turn at
 * BEGIN, within the busy timeout, and then cannot be overtaken. Within one process the dialect
 * already runs one transaction at a time, so nothing is lost by taking the lock early.
 * tests/integration/sqlite-transactions.test.ts shows the difference.
 */
export function writingFromTheStart(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: (): Driver => {
      const inner = dialect.createDriver();
      return {
        init: () => inner.init(),
        acquireConnection: () => inner.acquireConnection(),
        beginTransaction: async (connection: DatabaseConnection) => {
          await connection.executeQuery(CompiledQuery.raw("begin immediate"));
        },
        commitTransaction: (connection) => inner.commitTransaction(connection),
        rollbackTransaction: (connection) => inner.rollbackTransaction(connection),
        releaseConnection: (connection) => inner.releaseConnection(connection),
        destroy: () => inner.destroy(),
      };
    },
  };
}

/**
 * A dialect whose failures are reported as they happen: getting a connection, each statement,
 * and beginning, committing or rolling back a transaction. Nothing else changes: the error goes on
 * to the caller.
 */
export function reportingFailures(dialect: Dialect, report: (err: unknown) => void): Dialect {
  const reported = <T>(work: Promise<T>): Promise<T> =>
    work.catch((err: unknown) => {
      report(err);
      throw err;
    });
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: (): Driver => {
      const inner = dialect.createDriver();
      const inners = new WeakMap<DatabaseConnection, DatabaseConnection>();
      const unwrap = (connection: DatabaseConnection) => inners.get(connection) ?? connection;
      return {
        init: () => inner.init(),
        acquireConnection: async () => {
          const connection = await reported(inner.acquireConnection());
          const proxy = new Proxy(connection, {
            get(target, prop) {
              if (prop === "executeQuery") return (...args: Parameters<DatabaseConnection["executeQuery"]>) => reported(target.executeQuery(...args));
              const value: unknown = Reflect.get(target, prop);
              return typeof value === "function" ? value.bind(target) : value;
            },
          });
          inners.set(proxy, connection);
          return proxy;
        },
        beginTransaction: (connection, settings) => reported(inner.beginTransaction(unwrap(connection), settings)),
        commitTransaction: (connection) => reported(inner.commitTransaction(unwrap(connection))),
        rollbackTransaction: (connection) => reported(inner.rollbackTransaction(unwrap(connection))),
        savepoint: inner.savepoint && ((connection, name, compile) => reported(inner.savepoint!(unwrap(connection), name, compile))),
        rollbackToSavepoint: inner.rollbackToSavepoint && ((connection, name, compile) => reported(inner.rollbackToSavepoint!(unwrap(connection), name, compile))),
        releaseSavepoint: inner.releaseSavepoint && ((connection, name, compile) => reported(inner.releaseSavepoint!(unwrap(connection), name, compile))),
        releaseConnection: (connection) => inner.releaseConnection(unwrap(connection)),
        destroy: () => inner.destroy(),
      };
    },
  };
}

/** Brings the schema up to date; the same migrations run on both databases. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  // On PostgreSQL, Kysely looks for its migration tables in every schema unless told which one;
  // a database holding a second copy of the shop (another schema) would then be taken for this one.
  const migrationTableSchema = db.getExecutor().adapter instanceof PostgresAdapter ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s : undefined;
  const migrator = new Migrator({ db, provider: migrationProvider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === "Error") logger.error(`migration ${r.migrationName} failed`);
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** PostgreSQL advisory lock key held while an instance sets the shop up (any fixed number of our own). */
const SETUP_LOCK_ID = 7_203_551_390_210_001n;

/**
 * Instances sharing one PostgreSQL database may start at the same moment (a deploy, a restart of
 * all of them). Setting up checks before it writes (is the demo seeded? does this account exist?),
 * so they take turns: the lock is held by one connection while the work runs on the pool, and is
 * released when that connection ends, even if the process dies.
 */
export async function oneInstanceAtATime<T>(database: ShopDatabase, work: () => Promise<T>): Promise<T> {
  if (database.kind !== "postgres") return work();
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${sql.lit(SETUP_LOCK_ID)})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(SETUP_LOCK_ID)})`.execute(connection);
    }
  });
}

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

const MAX_STATEMENTS = 500;

/**
 * The SQLite handle as the dialect sees it, with each statement prepared once and kept: the
 * dialect prepares the SQL of every query it runs, and the same few dozen queries make up the
 * shop's pages. node:sqlite resets a statement on each run, and runs are synchronous, so one
 * statement may serve every caller. The least recently used go when there are too many (IN lists
 * of every length make distinct SQL).
 */
function reusingStatements(sqlite: DatabaseSync): DatabaseSync {
  const statements = new Map<string, StatementSync>();
  const prepare = (query: string): StatementSync => {
    let statement = statements.get(query);
    if (statement) statements.delete(query);
    else statement = sqlite.prepare(query);
    statements.set(query, statement);
    if (statements.size > MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
    return statement;
  };
  return new Proxy(sqlite, {
    get(target, prop) {
      if (prop === "prepare") return prepare;
      const value: unknown = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
