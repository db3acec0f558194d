import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { APIRequestContext, APIResponse, PlaywrightWorkerArgs } from "@playwright/test";
import { expect } from "@playwright/test";
import { freePort } from "./free-port";
import { collectOutput } from "./run-log";

/**
 * A shop server of a test's own (`node server.js` on the production build, BUILD_DIR inherited),
 * on a free loopback port and a DATA_DIR the test chooses, for the tests that kill, stop, back up
 * and restart it (tests/e2e/durability.spec.ts, backups.spec.ts). Stopped by its PID.
 */

const root = path.resolve(import.meta.dirname, "../..");

export function freshDataDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `rc-${prefix}-`));
}

export interface ShopProcess {
  url: string;
  pid: number;
  /** Everything the server printed, for failure messages. */
  output(): string;
  /** SIGKILL: no shutdown handler runs, as in a crash. */
  kill(): Promise<void>;
  /** SIGTERM, as an operator stops it; SIGKILL if it has not gone within 10 s. */
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/**
 * The servers, clients and folders a test made, put away by `cleanUp` in an afterEach hook, which
 * Playwright runs even when the test failed or ran out of time.
 */
export class TestResources {
  private shops: ShopProcess[] = [];
  private clients: APIRequestContext[] = [];
  private dirs: string[] = [];

  dir(prefix: string): string {
    const dir = freshDataDir(prefix);
    this.dirs.push(dir);
    return dir;
  }

  async shop(dataDir: string, env: Record<string, string> = {}): Promise<ShopProcess> {
    const shop = await startShop(dataDir, env);
    this.shops.push(shop);
    return shop;
  }

  async client(playwright: PlaywrightWorkerArgs["playwright"], shop: ShopProcess, storageState?: Awaited<ReturnType<APIRequestContext["storageState"]>>): Promise<APIRequestContext> {
    const client = await clientFor(playwright, shop, storageState);
    this.clients.push(client);
    return client;
  }

  async cleanUp(): Promise<void> {
    for (const c of this.clients.splice(0)) await c.dispose().catch(() => {});
    for (const s of this.shops.splice(0)) await s.kill();
    for (const d of this.dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  }
}

/** Starts the shop on `dataDir` and waits until it answers / (at most 90 s). */
export async function startShop(dataDir: string, env: Record<string, string> = {}): Promise<ShopProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: "production", SEED_DEMO: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = collectOutput(child, "shop");
  const gone = exited(child);
  const signal = async (s: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(s);
    await gone;
  };
  const shop: ShopProcess = {
    url,
    pid: child.pid!,
    output,
    kill: () => signal("SIGKILL"),
    async stop() {
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await signal("SIGTERM");
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the shop on ${dataDir} exited at start:\n${output()}`);
    try {
      if ((await fetch(url + "/")).ok) return shop;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await shop.kill();
      throw new Error(`the shop on ${dataDir} did not answer within 90 s:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** An API client of its own (cookies of its own) for a server, posting as the shop's pages do (Origin). */
export async function clientFor(playwright: PlaywrightWorkerArgs["playwright"], shop: ShopProcess, storageState?: Awaited<ReturnType<APIRequestContext["storageState"]>>) {
  return playwright.request.newContext({ baseURL: shop.url, extraHTTPHeaders: { Origin: shop.url }, storageState });
}

/** Signs the client in through /login (or /admin/login), as the form does. */
export async function signIn(client: APIRequestContext, email: string, password: string, door: "/login" | "/admin/login" = "/login"): Promise<void> {
  const response = await client.post(door, { form: { email, password }, maxRedirects: 0 });
  expect(response.status(), `signing in ${email}: ${await response.text().catch(() => "")}`).toBe(302);
}

export const DEMO_CUSTOMER = { email: "customer@rccomputers.in", password: "Customer@123" } as const;
export const DEMO_ADMIN = { email: "admin@rccomputers.in", password: "Admin@123" } as const;

const ADDRESS = {
  fullName: "Priya Sharma",
  phone: "+91 98765 43210",
  addressLine1: "14, Janpath Lane",
  addressLine2: "",
  city: "New Delhi",
  state: "Delhi",
  postalCode: "110001",
};

/**
 * One order through the checkout's own posts (app/routes/checkout.tsx): add to cart, the shipping
 * step, then Place Order with cash on delivery. Returns the order number once the server has
 * acknowledged it (the redirect to the confirmation), or the response that was not that.
 */
export async function placeCodOrder(client: APIRequestContext, productId: string): Promise<{ number: string } | { response: APIResponse }> {
  const added = await client.post("/cart", { form: { intent: "add", productId, quantity: "1" }, maxRedirects: 0 });
  if (!added.ok()) return { response: added };
  const shipping = await client.post("/checkout", { form: { intent: "shipping", ...ADDRESS }, maxRedirects: 0 });
  if (!shipping.ok()) return { response: shipping };
  const placed = await client.post("/checkout", {
    form: { intent: "place", ...ADDRESS, paymentMethod: "cod", idempotencyKey: crypto.randomUUID() },
    maxRedirects: 0,
  });
  const number = /\/checkout\?placed=(RC-\d{6})$/.exec(placed.headers().location ?? "")?.[1];
  if (placed.status() === 302 && number) return { number };
  return { response: placed };
}

/** Opens a server's database directly (read-only), closed afterwards. */
export function withShopDatabase<T>(dataDir: string, fn: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(path.join(dataDir, "shop.db"), { readOnly: true });
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    return fn(db);
  } finally {
    db.close();
  }
}

export function integrityCheck(dataDir: string): string {
  return withShopDatabase(dataDir, (db) => (db.prepare("PRAGMA integrity_check").all() as { integrity_check: string }[]).map((r) => r.integrity_check).join("; "));
}

/** Order numbers in a server's database, of those asked about. */
export function storedOrderNumbers(dataDir: string): Set<string> {
  return withShopDatabase(dataDir, (db) => new Set((db.prepare("SELECT number FROM orders").all() as { number: string }[]).map((r) => r.number)));
}

/** Gives a product a stock no burst of test orders can run out of. */
export function plentyOfStock(dataDir: string, productId: string): void {
  const db = new DatabaseSync(path.join(dataDir, "shop.db"));
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    db.prepare("UPDATE products SET stock = 1000000 WHERE id = ?").run(productId);
  } finally {
    db.close();
  }
}

/**
 * `npm run <script> -- <args>` with the given environment, run without blocking the test (its
 * other clients keep posting meanwhile); its output and exit code. At most 120 s.
 */
export async function npmRun(script: string, args: string[], env: Record<string, string>): Promise<{ status: number | null; output: string }> {
  const child = spawn("npm", ["run", "--silent", script, "--", ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
  const status = await new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  clearTimeout(timer);
  return { status, output };
}
