import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import type { ShopDatabase } from "./db.server";
import type { Commit } from "./write-watch.server";

const CHANNEL = "rc_catalogue_changed";
const RELISTEN_MS = 1_000;
/**
 * The LISTEN connection is asked a trivial query this often, and taken as lost when it does not
 * answer within the same time: a connection the network dropped silently would otherwise leave
 * this instance deaf to the others' changes, its pages stale, until TCP gave up on it.
 */
const HEARTBEAT_MS = 10_000;
/** PostgreSQL's limit on a NOTIFY payload is 8000 bytes; a longer list of keys is sent as "everything". */
const MAX_PAYLOAD = 7_000;

/**
 * What changed, as one process tells the others: some keys (`product:…`, what pages note they
 * show: server/catalogue-changes.ts), or everything (any change it cannot name so narrowly, and
 * whatever another process did that could not be heard in detail).
 */
export type Change = { keys: readonly string[] } | "everything";

export interface CommitFeed {
  /** On SQLite, asks whether another process committed since the last ask (a few µs); elsewhere nothing. */
  beforeRead(): void;
  close(): Promise<void>;
}

/**
 * The commits to the shop's database that a process must hear of, its own and other processes':
 * - `mine(commit)`, for this process's own commits (db/write-watch.server.ts); the change the other
 *   instances must hear of, if any (on PostgreSQL, a NOTIFY after the commit, carrying it);
 * - `others(change)`, for another process's or instance's commit: on PostgreSQL the change of a
 *   NOTIFY heard on a LISTEN connection of this process's own; on SQLite "everything" at a change
 *   of `data_version`, read at each `beforeRead` (it changes when another connection has committed);
 * - `feed(up)`, on PostgreSQL: whether others can be heard at all (the LISTEN connection is up;
 *   it starts down and comes back by itself);
 * - `onError(err, "announce" | "listen")`: a NOTIFY that failed, or the LISTEN connection lost
 *   (once until it is back, however many attempts to come back fail meanwhile).
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
  mine: (commit: Commit) => Change | null;
  others: (change: Change) => void;
  feed: (up: boolean) => void;
  onError: (err: unknown, what: "announce" | "listen") => void;
}): CommitFeed {
  const instance = randomUUID();
  const stopWatching = database.onWrite((commit) => {
    const change = mine(commit);
    if (!change) return;
    if (database.kind === "postgres") {
      sql`select pg_notify(${CHANNEL}, ${notice(instance, change)})`.execute(database.db).catch((err: unknown) => onError(err, "announce"));
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
          others("everything");
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
  let heartbeat: NodeJS.Timeout | undefined;
  // Told once per outage, not at each attempt to come back (one a second while the database is away).
  let toldLost = false;
  const listen = async () => {
    const c = new pg.Client({ connectionString: databaseUrl, keepAlive: true, connectionTimeoutMillis: HEARTBEAT_MS });
    client = c;
    const lost = (err?: unknown) => {
      if (client !== c) return;
      client = null;
      clearInterval(heartbeat);
      feed(false);
      c.end().catch(() => {});
      if (closed) return;
      if (err && !toldLost) onError(err, "listen");
      toldLost = true;
      retry = setTimeout(() => void listen(), RELISTEN_MS);
    };
    c.on("error", lost);
    c.on("end", () => lost());
    c.on("notification", (msg) => {
      if (msg.channel !== CHANNEL) return;
      const heard = readNotice(msg.payload);
      if (heard.from !== instance) others(heard.change);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
      if (client !== c || closed) return;
      feed(true);
      toldLost = false;
      heartbeat = setInterval(() => {
        const timeout = setTimeout(() => lost(new Error(`the LISTEN connection did not answer within ${HEARTBEAT_MS} ms`)), HEARTBEAT_MS);
        c.query("select 1").then(
          () => clearTimeout(timeout),
          (err: unknown) => {
            clearTimeout(timeout);
            lost(err);
          },
        );
      }, HEARTBEAT_MS);
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
      clearInterval(heartbeat);
      stopWatching();
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

/** A NOTIFY's payload: who sent it, and what changed. */
function notice(from: string, change: Change): string {
  const text = JSON.stringify(change === "everything" ? { from, everything: true } : { from, keys: change.keys });
  return text.length <= MAX_PAYLOAD ? text : JSON.stringify({ from, everything: true });
}

/** Reads a payload; anything unreadable (an older instance's bare id, during a rolling deploy) means everything changed. */
export function readNotice(payload: string | undefined): { from: string | undefined; change: Change } {
  try {
    const parsed = JSON.parse(payload ?? "") as { from?: unknown; keys?: unknown };
    const from = typeof parsed.from === "string" ? parsed.from : undefined;
    if (Array.isArray(parsed.keys) && parsed.keys.every((k) => typeof k === "string")) return { from, change: { keys: parsed.keys as string[] } };
    return { from, change: "everything" };
  } catch {
    return { from: payload, change: "everything" };
  }
}
