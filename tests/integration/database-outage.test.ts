import net from "node:net";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONNECT_TIMEOUT_MS, openDatabase, type ShopDatabase } from "~/db/db.server";
import { isDatabaseUnavailable } from "~/db/errors.server";

/**
 * The shop's database (app/db/db.server.ts) when PostgreSQL goes away and comes back: the process
 * goes on (an unheard 'error' on a connection in use ended it), queries fail at once as
 * "unavailable" rather than hang, the availability it reports goes down and comes back by itself,
 * and the next queries are answered. Issue 46, part 3; docs/decisions/030-outages-and-overload.md.
 */

const url = process.env.TEST_DATABASE_URL;

/** Polls `check` every 25 ms until it holds, for at most `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not so within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * A TCP proxy in front of PostgreSQL that the test can cut: `cut()` ends every connection through
 * it and refuses new ones (nothing listens), as a server restarting or a network gone does;
 * `restore()` listens again on the same port.
 */
async function cuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port = 0) => new Promise<number>((resolve) => server.listen(port, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)));
  const port = await listen();
  return {
    port,
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    async restore() {
      await listen(port);
    },
    close: () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve())).finally(() => sockets.forEach((s) => s.destroy())),
  };
}

describe.runIf(url)("the shop's database when PostgreSQL goes away (PostgreSQL)", () => {
  const app = `rc-outage-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
  });

  /** The database with this test's application_name, so the test can find its connections. */
  function open(base: string): ShopDatabase {
    const u = new URL(base);
    u.searchParams.set("application_name", app);
    return openDatabase({ databaseUrl: u.href });
  }

  it("a connection terminated in use: the process goes on, the query fails as 'unavailable', and the next queries are answered", async () => {
    const database = open(url!);
    try {
      const changes: boolean[] = [];
      database.availability.onChange((up) => changes.push(up));
      await sql`select 1`.execute(database.db);
      // Connections in use, checked out of the pool (which listens only to its idle ones): two
      // running a statement, two in a transaction between statements, as a request is while it
      // works out what to write next. The server's 57P01 then reaches no statement: it is an
      // 'error' event on the client, which unheard ended the process.
      let between!: () => void;
      const betweenStatements = new Promise<void>((resolve) => (between = resolve));
      // The caller of a statement that failed finds the database already taken as away: its
      // request is answered "back in a few seconds" (server/admission.ts), not 500.
      const downsWhenFailed: number[] = [];
      const inFlight = [
        ...Array.from({ length: 2 }, () =>
          sql`select pg_sleep(5)`.execute(database.db).catch((e: unknown) => {
            downsWhenFailed.push(database.availability.downs);
            throw e;
          }),
        ),
        ...Array.from({ length: 2 }, () =>
          database.db.transaction().execute(async (trx) => {
            await sql`select 1`.execute(trx);
            await betweenStatements;
            await sql`select 2`.execute(trx);
          }),
        ),
      ].map((p) => p.then(() => null, (e: unknown) => e));
      await until(async () => {
        const { rows } = await admin.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where application_name = $1 and (query like 'select pg_sleep%' or state = 'idle in transaction')", [app]);
        return rows[0]!.n === 4;
      }, 5_000);
      const { rows } = await admin.query<{ n: number }>("select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = $1", [app]);
      expect(rows[0]!.n).toBeGreaterThanOrEqual(4);
      // Give the server's goodbyes time to arrive while the transactions still hold their connections.
      await new Promise((r) => setTimeout(r, 200));
      between();

      const errors = await Promise.all(inFlight);
      for (const e of errors) expect(isDatabaseUnavailable(e), String(e)).toBe(true);
      expect(downsWhenFailed).toEqual([1, 1]);
      // Taken as down, then a probe of its own finds it there and brings it back. (A transaction
      // that goes on with its dead connection after that takes it down again for one probe.)
      await until(() => changes.includes(false) && database.availability.up, 5_000);
      expect(changes.length % 2).toBe(0);
      expect(changes.filter((up, i) => up !== (i % 2 === 1))).toEqual([]);
      expect(database.availability.downs).toBe(changes.length / 2);
      // The pool dropped the dead connections: the next queries are answered.
      const answers = await Promise.all(Array.from({ length: 6 }, () => sql<{ one: number }>`select 1 as one`.execute(database.db)));
      expect(answers.map((a) => a.rows[0]!.one)).toEqual([1, 1, 1, 1, 1, 1]);
    } finally {
      await database.close();
    }
  });

  it("while nothing answers, queries fail at once and the database is reported away; back by itself when it listens again", async () => {
    const target = new URL(url!);
    const proxy = await cuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const through = new URL(url!);
    through.hostname = "127.0.0.1";
    through.port = String(proxy.port);
    const database = open(through.href);
    try {
      await sql`select 1`.execute(database.db);
      const running = sql`select pg_sleep(5)`.execute(database.db).then(() => null, (e: unknown) => e);
      await new Promise((r) => setTimeout(r, 100));
      await proxy.cut();
      // In use when the network went: failed, not hanging.
      expect(isDatabaseUnavailable(await running)).toBe(true);
      await until(() => !database.availability.up, 2_000);
      // Nothing listens: a query is refused at once, well inside the connection timeout.
      const started = performance.now();
      const refused = await sql`select 1`.execute(database.db).then(() => null, (e: unknown) => e);
      expect(isDatabaseUnavailable(refused), String(refused)).toBe(true);
      expect(performance.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS);
      // Still away after a few probes.
      await new Promise((r) => setTimeout(r, 1_200));
      expect(database.availability.up).toBe(false);

      await proxy.restore();
      await until(() => database.availability.up, 3_000);
      expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows).toEqual([{ one: 1 }]);
      expect(database.availability.downs).toBe(1);
    } finally {
      await database.close();
      await proxy.close();
    }
  });
});

describe("the embedded database", () => {
  it("is always available", async () => {
    const database = openDatabase({});
    try {
      expect(database.availability.up).toBe(true);
      database.availability.failed(Object.assign(new Error("terminating connection"), { code: "57P01" }));
      expect(database.availability.up).toBe(true);
    } finally {
      await database.close();
    }
  });
});
