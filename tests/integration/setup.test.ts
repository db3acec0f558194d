import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv, type Env } from "~/config/env.server";
import { demoAccounts } from "~/seed/demo-accounts";
import { createShop, type Shop } from "../../server/shop";
import { testDatabaseKinds } from "../support/test-db";

const quiet = () => {};

/** What the demo seed wrote: every demo account once, the sixteen products, and how many orders. */
async function seeded(shop: Shop) {
  const db = shop.database.db;
  const emails = (await db.selectFrom("user").select("email").execute()).map((u) => u.email);
  const products = await db.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const orders = await db.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return {
    demoAccounts: demoAccounts.map((a) => emails.filter((e) => e === a.email).length),
    products: Number(products.n),
    orders: Number(orders.n),
  };
}

// The demo's 16 products and 27 PC parts, each written once.
const ONCE = { demoAccounts: demoAccounts.map(() => 1), products: 43 };

/**
 * Setting up (migrations, reference data, demo seed) runs on every start: a restart, or several
 * instances of the shop starting at the same moment on one PostgreSQL database, must find the
 * data whole and write the demo data only once.
 */
describe.each(testDatabaseKinds)("starting the shop on %s", (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-setup-"));
  let env: Env;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    let databaseUrl: string | undefined;
    if (kind === "postgres") {
      const url = process.env.TEST_DATABASE_URL!;
      const name = `rc_setup_${process.pid}_${randomBytes(4).toString("hex")}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      const u = new URL(url);
      u.pathname = `/${name}`;
      databaseUrl = u.href;
      dropDatabase = async () => {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      };
    }
    env = parseEnv({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      SEED_DEMO: "1",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, SECRETS_KEY: randomBytes(32).toString("base64") } : {}),
    });
  });
  afterAll(async () => {
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  if (kind === "postgres") {
    it("two instances starting together both start, and the demo data is written once", { timeout: 60_000 }, async () => {
      const starts = await Promise.allSettled([createShop(env, { log: quiet }), createShop(env, { log: quiet })]);
      const shops = starts.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
      try {
        expect(starts.map((s) => (s.status === "rejected" ? String(s.reason) : "started"))).toEqual(["started", "started"]);
        const first = await seeded(shops[0]!);
        expect(first).toMatchObject(ONCE);
        expect(first.orders).toBeGreaterThan(0);
        // The demo orders are one plan: a second writer would have doubled them.
        const alone = await startShopElsewhere();
        expect(first.orders).toBe(alone);
      } finally {
        await Promise.all(shops.map((s) => s.close()));
      }
    });
  }

  // Each start seeds four months of demo orders: slow on a busy machine.
  it("a restart finds everything in place and writes nothing again", { timeout: 60_000 }, async () => {
    const before = await createShop(env, { log: quiet });
    const counts = await seeded(before);
    await before.close();
    const after = await createShop(env, { log: quiet });
    try {
      expect(await seeded(after)).toEqual(counts);
      expect(counts).toMatchObject(ONCE);
    } finally {
      await after.close();
    }
  });
});

/** How many demo orders one start alone writes, on a fresh embedded database. */
async function startShopElsewhere(): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-setup-alone-"));
  const shop = await createShop(parseEnv({ NODE_ENV: "test", DATA_DIR: dir, SEED_DEMO: "1" }), { log: quiet });
  try {
    return (await seeded(shop)).orders;
  } finally {
    await shop.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
