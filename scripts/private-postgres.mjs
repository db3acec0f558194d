// A PostgreSQL cluster of a test's or a bench's own: `initdb` into a temporary folder, its own
// loopback port, stopped and removed by `stop()` (or when the process exits). Faults are played on
// it, never on the machine's shared server on port 5432: `restart()` is `pg_ctl restart -m fast`,
// which ends every connection as a failover or a minor upgrade does.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** Debian's server binaries, newest version first, or PG_BIN. */
export function postgresBinDir() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => path.join(root, v, "bin")).find((dir) => fs.existsSync(path.join(dir, "initdb")));
  if (!found) throw new Error("PostgreSQL's server binaries (initdb, pg_ctl) were not found under /usr/lib/postgresql; set PG_BIN to their folder.");
  return found;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a fresh cluster (user postgres, trust auth, database `shop`) and returns its URL and the
 * way to restart, stop for a while, and remove it. As root, the server runs as the `postgres`
 * account, which initdb requires.
 */
export async function startPrivatePostgres({ settings = {}, log = () => {} } = {}) {
  const bin = postgresBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-pg-"));
  const data = path.join(dir, "data");
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
  const run = (cmd, args) => {
    const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", path.join(bin, cmd), ...args]] : [path.join(bin, cmd), args];
    const r = spawnSync(file, argv, { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (${r.status}): ${r.stderr || r.stdout}`);
    return r.stdout;
  };
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
  const options = Object.entries({ listen_addresses: "127.0.0.1", port, unix_socket_directories: dir, max_connections: 200, ...settings })
    .map(([k, v]) => `-c ${k}=${v}`)
    .join(" ");
  const ctl = (action, extra = []) => run("pg_ctl", [action, "-D", data, "-l", path.join(dir, "server.log"), "-w", "-t", "60", ...extra]);
  ctl("start", ["-o", options]);
  run("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "shop"]);
  log(`private PostgreSQL on 127.0.0.1:${port} (${data})`);

  let stopped = false;
  const remove = () => {
    if (stopped) return;
    stopped = true;
    try {
      ctl("stop", ["-m", "immediate"]);
    } catch {
      /* already down */
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", remove);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/shop`,
    port,
    dir,
    /** `pg_ctl restart -m fast`: every connection ended (57P01), the server back when this resolves. */
    restart() {
      ctl("restart", ["-m", "fast", "-o", options]);
    },
    /** Stops the server (fast) and leaves its data, for an outage of a chosen length. */
    pause() {
      ctl("stop", ["-m", "fast"]);
    },
    resume() {
      ctl("start", ["-o", options]);
    },
    /** The server's own log, for a failing check's message. */
    log: () => fs.readFileSync(path.join(dir, "server.log"), "utf8"),
    stop: async () => {
      process.removeListener("exit", remove);
      remove();
    },
  };
}
