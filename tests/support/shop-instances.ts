import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { collectOutput } from "./run-log";

/** Where the browser tests find PostgreSQL: TEST_DATABASE_URL, as CI sets it, or the local default. */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

const HOW_TO_START_POSTGRES = [
  "This browser test needs PostgreSQL (it runs two shop instances on one database).",
  "Start it and point TEST_DATABASE_URL at it, for example:",
  "  sudo service postgresql start   (Debian/Ubuntu; trust auth for user postgres, database test)",
  "  docker run -d -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust -e POSTGRES_DB=test postgres:15",
  "  export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test",
].join("\n");

export interface ScratchDatabase {
  url: string;
  name: string;
  /** A connection to it, for the test's own checks. */
  client: pg.Client;
  drop(): Promise<void>;
}

/** A fresh, empty PostgreSQL database of the test's own, dropped (with its connections) by drop(). */
export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => {});
    throw new Error(`PostgreSQL is not reachable at ${POSTGRES_URL}: ${(error as Error).message}\n${HOW_TO_START_POSTGRES}`, { cause: error });
  }
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  const u = new URL(POSTGRES_URL);
  u.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: u.href });
  await client.connect();
  return {
    url: u.href,
    name,
    client,
    async drop() {
      await client.end().catch(() => {});
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

export interface ShopInstance {
  name: string;
  port: number;
  pid: number;
  /** What the process printed so far (start-up messages, errors). */
  output(): string;
  hasExited(): boolean;
  /** SIGTERM, then SIGKILL if it has not exited within a few seconds. */
  stop(): Promise<void>;
}

export interface InstanceOptions {
  name: string;
  port: number;
  env: Record<string, string>;
}

/** Starts `node server.js` from the production build (BUILD_DIR is inherited) with the given environment. */
export function startShopInstance({ name, port, env }: InstanceOptions): ShopInstance {
  const child: ChildProcess = spawn(process.execPath, ["server.js"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = collectOutput(child, `instance-${name}`);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // Should the test process end without stopping it (a killed worker), the instance goes with it.
  const orphanGuard = () => child.kill("SIGKILL");
  process.once("exit", orphanGuard);
  void exited.then(() => process.off("exit", orphanGuard));
  return {
    name,
    port,
    pid: child.pid!,
    output,
    hasExited: () => child.exitCode !== null || child.signalCode !== null,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Waits until the instance answers /readyz (or /, on a shop without it) with 200; fails early if it exits. */
export async function waitUntilReady(instance: ShopInstance, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer yet";
  while (Date.now() < deadline) {
    if (instance.hasExited()) throw new Error(`instance ${instance.name} exited while starting:\n${instance.output()}`);
    for (const probe of ["/readyz", "/"]) {
      try {
        const r = await fetch(`http://127.0.0.1:${instance.port}${probe}`, { redirect: "manual", signal: AbortSignal.timeout(5_000) });
        await r.arrayBuffer();
        if (r.status === 200) return;
        last = `${probe} answered ${r.status}`;
        if (r.status !== 404) break;
      } catch (error) {
        last = (error as Error).message;
        break;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`instance ${instance.name} was not ready within ${timeoutMs} ms (${last}):\n${instance.output()}`);
}
