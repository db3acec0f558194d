import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import type { ShopDatabase } from "./db.server";

const CHANNEL = "rc_catalogue_changed";
const RELISTEN_MS = 1_000;

export interface CommitFeed {
  /** On SQLite, asks whether another process committed since the last ask (a few µs); elsewhere nothing. */
  beforeRead(): void;
  close(): Promise<void>;
}

/**
 * The commits to the shop's database that a process must hear of, its own and other processes':
 * - `mine(tables)`, for this process's own commits (db/write-watch.server.ts); true when the other
 *   instances must hear of it too (on PostgreSQL, a NOTIFY after the commit);
 * - `others()`, for another process's or instance's commit: on PostgreSQL a NOTIFY heard on a
 *   LISTEN connection of this process's own; on SQLite a change of `data_version`, read at each
 *   `beforeRead` (it changes when another connection has committed);
 * - `feed(up)`, on PostgreSQL: whether others can be heard at all (the LISTEN connection is up;
 *   it starts down and comes back by itself);
 * - `onError(err, "announce" | "listen")`: a NOTIFY that failed, or the LISTEN connection lost.
 */
export function followCommits({
  database,
  databaseUrl,
  mine,
  others,
  feed,
  onError,
}: {
  database: ShopDatabase;
  databaseUrl?: string | undefined;
  mine: (tables: ReadonlySet<string>) => boolean;
  others: () => void;
  feed: (up: boolean) => void;
  onError: (err: unknown, what: "announce" | "listen") => void;
}): CommitFeed {
  const instance = randomUUID();
  const stopWatching = database.onWrite((tables) => {
    if (!mine(tables)) return;
    if (database.kind === "postgres") {
      sql`select pg_notify(${CHANNEL}, ${instance})`.execute(database.db).catch((err: unknown) => onError(err, "announce"));
    }
  });

  if (database.kind === "sqlite" && database.sqlite) {
    const dataVersion = database.sqlite.prepare("PRAGMA data_version");
    const read = () => (dataVersion.get() as { data_version: number }).data_version;
    let seen = read();
    return {
      beforeRead() {
        const version = read();
        if (version !== seen) {
          seen = version;
          others();
        }
      },
      close: async () => stopWatching(),
    };
  }

  if (!databaseUrl) throw new Error("followCommits: PostgreSQL needs its DATABASE_URL");
  feed(false);
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const listen = async () => {
    const c = new pg.Client({ connectionString: databaseUrl });
    client = c;
    const lost = (err?: unknown) => {
      if (client !== c) return;
      client = null;
      feed(false);
      c.end().catch(() => {});
      if (closed) return;
      if (err) onError(err, "listen");
      retry = setTimeout(() => void listen(), RELISTEN_MS);
    };
    c.on("error", lost);
    c.on("end", () => lost());
    c.on("notification", (msg) => {
      if (msg.channel === CHANNEL && msg.payload !== instance) others();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
      if (client === c && !closed) feed(true);
    } catch (err) {
      lost(err);
    }
  };
  void listen();
  return {
    beforeRead() {},
    async close() {
      closed = true;
      clearTimeout(retry);
      stopWatching();
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
