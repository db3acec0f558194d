// The sale-day bench's own database: a PostgreSQL cluster it starts (scripts/private-postgres.mjs),
// never the machine's shared one, or the embedded SQLite file of its one instance. The bench reads
// the catalogue from it, raises the stock of what its customers order (so that a minute of orders
// never sells out: the bench's database, nobody else's), and counts the acknowledged orders found.
import { spawn } from "node:child_process";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { postgresBinDir, startPrivatePostgres } from "../private-postgres.mjs";

/** What the bench asks of either database. */
function queries(run) {
  return {
    /** Every product the shop shows, in a fixed order (the same plan on two checkouts). */
    listedProducts: () => run("SELECT id, stock FROM products WHERE listed = 1 ORDER BY id", []),
    async raiseStock(ids, stock) {
      for (const id of ids) await run("UPDATE products SET stock = $2 WHERE id = $1 AND stock < $2", [id, stock]);
    },
    /** Of these order numbers, those the database holds. */
    async ordersFound(numbers) {
      const found = new Set();
      for (const number of numbers) {
        const rows = await run("SELECT number FROM orders WHERE number = $1", [number]);
        if (rows.length > 0) found.add(number);
      }
      return found;
    },
    /** The orders placed with these idempotency keys, as key → number. */
    async ordersByKey(keys) {
      const placed = new Map();
      for (const key of keys) {
        const [row] = await run("SELECT number FROM orders WHERE idempotency_key = $1", [key]);
        if (row) placed.set(key, row.number);
      }
      return placed;
    },
  };
}

/** A fresh PostgreSQL cluster of the bench's own, with a restart that never blocks the load generator. */
export async function privatePostgres() {
  const cluster = await startPrivatePostgres();
  const run = async (text, values) => {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows;
    } finally {
      await client.end();
    }
  };
  return {
    kind: "postgres",
    url: cluster.url,
    ...queries(run),
    /**
     * `pg_ctl restart -m fast` as scripts/private-postgres.mjs does it, in a child process the
     * bench waits for without stopping: its restart() waits synchronously, which would hold every
     * request the schedule sends meanwhile. Without -o, pg_ctl starts the server again with the
     * options it was started with (postmaster.opts).
     */
    restart() {
      const ctl = path.join(postgresBinDir(), "pg_ctl");
      const args = ["restart", "-D", path.join(cluster.dir, "data"), "-l", path.join(cluster.dir, "server.log"), "-w", "-t", "60", "-m", "fast"];
      const [file, argv] = process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", ctl, ...args]] : [ctl, args];
      return new Promise((resolve, reject) => {
        const child = spawn(file, argv, { stdio: ["ignore", "ignore", "pipe"] });
        let stderr = "";
        child.stderr.on("data", (chunk) => (stderr += chunk));
        child.once("error", reject);
        child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`pg_ctl restart failed (${code}): ${stderr}`))));
      });
    },
    /** The server's own log. */
    log: () => cluster.log(),
    stop: () => cluster.stop(),
  };
}

/** The embedded database of the one instance, in its DATA_DIR (opened once the instance has made it). */
export function embeddedDatabase(dataDir) {
  const file = path.join(dataDir, "shop.db");
  const run = async (text, values) => {
    const db = new DatabaseSync(file);
    try {
      db.exec("PRAGMA busy_timeout = 5000");
      // The same statements as on PostgreSQL, $1 written ?1 (SQLite's numbered parameter).
      const statement = db.prepare(text.replace(/\$(\d+)/g, "?$1"));
      return /^\s*select/i.test(text) ? statement.all(...values) : (statement.run(...values), []);
    } finally {
      db.close();
    }
  };
  return { kind: "sqlite", file, ...queries(run), stop: async () => {} };
}
