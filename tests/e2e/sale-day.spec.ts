import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { sql } from "kysely";
import { CHECKOUT_MESSAGES } from "~/modules/orders/checkout";
import { startPrivatePostgres } from "../../scripts/private-postgres.mjs";
import { CATALOG } from "../support/catalog";
import { restartInBackground, shoppersWithCarts, withDatabase, type Shopper } from "../support/sale-day";
import { startShopInstance, waitUntilReady, type ShopInstance } from "../support/shop-instances";

/**
 * A sale day on two instances of the shop sharing one PostgreSQL, a cluster of the test's own
 * (scripts/private-postgres.mjs), so that its connections can be cut and the server restarted
 * (issue 46, parts 3 and 5; docs/decisions/030-outages-and-overload.md):
 * - the flash sale: 50 in stock, 500 customers pressing Place Order within a second, split between
 *   the instances: exactly 50 orders, everyone else told plainly, nobody charged for an order not
 *   placed, and the product out of stock on both instances within a second;
 * - connections terminated while requests run (pg_terminate_backend): both instances keep running
 *   and answer, at once and plainly, and then as ever; the job queue and the change feed come back;
 * - PostgreSQL restarted (pg_ctl restart -m fast) and stopped for a few seconds under load: the
 *   same, and nothing acknowledged is lost or done twice.
 * Every answer is bounded in time: a hang fails the test.
 */

const FIRST_PORT = Number(process.env.E2E_PORT ?? 4173) + 6;
const START_TIMEOUT_MS = 90_000;
const SALE = CATALOG.g213Keyboard;
const SALE_STOCK = 50;
const SALE_CUSTOMERS = 500;
/** What the outage tests' customers order: never sold out. */
const EVERYDAY = CATALOG.samsungSsd;

const ADDRESS = { fullName: "Sale Shopper", phone: "+91 98765 43210", addressLine1: "14, Janpath Lane", addressLine2: "", city: "New Delhi", state: "Delhi", postalCode: "110001" };
const AUTH_SECRET = randomBytes(32).toString("base64");

let cluster: Awaited<ReturnType<typeof startPrivatePostgres>> | undefined;
let instances: ShopInstance[] = [];
let dataDirs: string[] = [];
const url = (i: ShopInstance) => `http://127.0.0.1:${i.port}`;

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(START_TIMEOUT_MS + 60_000);
  cluster = await startPrivatePostgres();
  const shared = { DATABASE_URL: cluster.url, SECRETS_KEY: randomBytes(32).toString("base64"), AUTH_SECRET, NODE_ENV: "production", SEED_DEMO: "1" };
  dataDirs = ["a", "b"].map((name) => fs.mkdtempSync(path.join(os.tmpdir(), `rc-sale-${name}-`)));
  instances = ["a", "b"].map((name, i) => startShopInstance({ name: `sale-${name}`, port: FIRST_PORT + i, env: { ...shared, DATA_DIR: dataDirs[i]!, BASE_URL: `http://127.0.0.1:${FIRST_PORT + i}` } }));
  await Promise.all(instances.map((instance) => waitUntilReady(instance, START_TIMEOUT_MS)));
});

test.afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await cluster?.stop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: string;
  retryAfter: string | null;
  location: string | null;
  ms: number;
}

/** Any request, bounded: one that hangs for 20 s fails the test. */
async function ask(target: string, init: RequestInit = {}): Promise<Answer> {
  const started = performance.now();
  const r = await fetch(target, { redirect: "manual", ...init, signal: AbortSignal.timeout(20_000) });
  const body = await r.text();
  return { status: r.status, body, retryAfter: r.headers.get("retry-after"), location: r.headers.get("location"), ms: performance.now() - started };
}

/** Place Order as the checkout posts it: `.data` from the page's script, the document without it. */
function placeOrder(instance: ShopInstance, shopper: Shopper, key: string, { paymentMethod, script }: { paymentMethod: "card" | "cod"; script: boolean }): Promise<Answer> {
  const form = new URLSearchParams({ intent: "place", ...ADDRESS, paymentMethod, idempotencyKey: key, ...(paymentMethod === "card" ? { paidOnline: "1" } : {}) });
  return ask(`${url(instance)}/checkout${script ? ".data" : ""}`, { method: "POST", body: form, headers: { cookie: shopper.cookie, origin: url(instance) } });
}

function productPage(instance: ShopInstance, productId: string): Promise<Answer> {
  return ask(`${url(instance)}/products/${productId}`);
}

function alive(): boolean[] {
  return instances.map((i) => !i.hasExited());
}

test("the flash sale: 50 in stock, 500 Place Orders within a second on two instances: 50 orders, everyone else told, nobody charged for nothing", async () => {
  const shoppers = await shoppersWithCarts({ databaseUrl: cluster!.url, authSecret: AUTH_SECRET, baseUrl: url(instances[0]!), count: SALE_CUSTOMERS, productId: SALE.id, prefix: "flash" });
  await withDatabase(cluster!.url, async (db) => {
    await db.updateTable("products").set({ stock: SALE_STOCK }).where("id", "=", SALE.id).execute();
  });
  // Both instances show the product in stock (kept in their page caches).
  for (const instance of instances) {
    for (let i = 0; i < 2; i++) expect((await productPage(instance, SALE.id)).body).toContain("In Stock (");
  }

  // Every customer presses Place Order (card) once, half on each instance, all within half a second.
  const keys = shoppers.map(() => randomUUID());
  const answers = await Promise.all(
    shoppers.map(async (shopper, i) => {
      await new Promise((r) => setTimeout(r, i));
      return placeOrder(instances[i % 2]!, shopper, keys[i]!, { paymentMethod: "card", script: true });
    }),
  );
  const lastAnswerAt = performance.now();

  // For the report: how long the customers waited to be told (not asserted: timeouts catch hangs).
  const waited = answers.map((a) => a.ms).sort((x, y) => x - y);
  const told = [200, 409, 503].map((s) => `${answers.filter((a) => a.status === s).length} × ${s}`).join(", ");
  test.info().annotations.push({ type: "flash sale", description: `${told}; told within ${Math.round(waited[SALE_CUSTOMERS / 2]!)} ms (median), ${Math.round(waited.at(-1)!)} ms (last)` });
  const placed = answers.filter((a) => a.status === 200);
  const soldOut = answers.filter((a) => a.status === 409);
  const busy = answers.filter((a) => a.status === 503);
  expect(answers.filter((a) => ![200, 409, 503].includes(a.status)).map((a) => `${a.status} ${a.body.slice(0, 200)}`)).toEqual([]);
  expect(placed).toHaveLength(SALE_STOCK);
  // Everyone else is told plainly: sold out, or too busy and nothing placed.
  for (const a of soldOut) expect(a.body).toContain(`Sorry, “${SALE.name}” is now out of stock.`);
  for (const a of busy) {
    expect(a.retryAfter).toBe("3");
    expect(JSON.parse(a.body)).toMatchObject({ error: "busy", message: CHECKOUT_MESSAGES.busyNotPlaced });
  }
  // Only those placed were asked to pay (a Razorpay order to pay into); nobody else was.
  for (const a of placed) expect(a.body).toMatch(/order_[A-Za-z0-9]+/);
  for (const a of [...soldOut, ...busy]) expect(a.body).not.toMatch(/order_[A-Za-z0-9]+|razorpay/i);

  await withDatabase(cluster!.url, async (db) => {
    const orders = await db
      .selectFrom("orders")
      .innerJoin("order_items", "order_items.order_id", "orders.id")
      .select(["orders.idempotency_key", "orders.razorpay_order_id", "order_items.quantity"])
      .where("order_items.product_id", "=", SALE.id)
      .where("orders.idempotency_key", "in", keys)
      .execute();
    expect(orders).toHaveLength(SALE_STOCK);
    // Each placed order is the one its customer was told of, with its own Razorpay order; a refused customer has none.
    const placedKeys = new Set(answers.flatMap((a, i) => (a.status === 200 ? [keys[i]!] : [])));
    expect(new Set(orders.map((o) => o.idempotency_key))).toEqual(placedKeys);
    expect(new Set(orders.map((o) => o.razorpay_order_id)).size).toBe(SALE_STOCK);
    expect(orders.every((o) => o.razorpay_order_id !== null && Number(o.quantity) === 1)).toBe(true);
    const { stock } = await db.selectFrom("products").select("stock").where("id", "=", SALE.id).executeTakeFirstOrThrow();
    expect(Number(stock)).toBe(0);
  });

  // Within a second of the last answer, both instances show it out of stock.
  await Promise.all(
    instances.map((instance) =>
      expect
        .poll(
          async () => {
            const page = (await productPage(instance, SALE.id)).body;
            return !page.includes("In Stock (") && page.includes("Out of Stock");
          },
          { timeout: Math.max(100, 1_000 - (performance.now() - lastAnswerAt)), intervals: [25] },
        )
        .toBe(true),
    ),
  );
  expect(alive()).toEqual([true, true]);
});

/**
 * Customers and visitors keep coming to both instances while `fault` runs: uncached pages, the
 * visitor's answer, and Place Order (cash on delivery, without script). Returns every answer.
 */
async function underLoad(shoppers: Shopper[], fault: () => Promise<void>) {
  const orders: { key: string; shopper: Shopper; instance: ShopInstance; answer: Answer }[] = [];
  const others: Answer[] = [];
  let stop = false;
  let n = 0;
  const loop = async (work: () => Promise<void>) => {
    while (!stop) await work();
  };
  const loops = instances.flatMap((instance, i) => [
    loop(async () => void others.push(await ask(`${url(instance)}/products?q=outage-${n++}`, { headers: { accept: "text/html" } }))),
    loop(async () => void others.push(await ask(`${url(instance)}/visitor`, { headers: { cookie: shoppers[i]!.cookie } }))),
    ...shoppers.slice(i * 2, i * 2 + 2).map((shopper) =>
      loop(async () => {
        const key = randomUUID();
        orders.push({ key, shopper, instance, answer: await placeOrder(instance, shopper, key, { paymentMethod: "cod", script: false }) });
      }),
    ),
  ]);
  await new Promise((r) => setTimeout(r, 500));
  await fault();
  await new Promise((r) => setTimeout(r, 2_000));
  stop = true;
  await Promise.all(loops);
  return { orders, others };
}

/** Every answer under load is one a person can act on, quickly: the page, or "not now" with when to try again. */
function expectPlainAnswers({ orders, others }: Awaited<ReturnType<typeof underLoad>>): void {
  const all = [...others, ...orders.map((o) => o.answer)];
  expect(all.filter((a) => ![200, 302, 503].includes(a.status)).map((a) => `${a.status} ${a.body.slice(0, 300)}`)).toEqual([]);
  const notNow = all.filter((a) => a.status === 503);
  for (const a of notNow) expect(a.retryAfter).toMatch(/^[1-9]\d*$/);
  // Nobody waited for the database: a connection is had within 2 s or the answer is "not now".
  expect(Math.max(...all.map((a) => a.ms))).toBeLessThan(10_000);
}

/** Every order acknowledged is there; Place Order pressed again after "not now" makes exactly one order per key. */
async function expectNothingLostOrTwice(orders: Awaited<ReturnType<typeof underLoad>>["orders"]): Promise<void> {
  for (const o of orders.filter((x) => x.answer.status === 503)) {
    const again = await placeOrder(o.instance, o.shopper, o.key, { paymentMethod: "cod", script: false });
    expect(again.status, again.body.slice(0, 300)).toBe(302);
  }
  await withDatabase(cluster!.url, async (db) => {
    const rows = await db
      .selectFrom("orders")
      .select(["idempotency_key", "number", (eb) => eb.fn.countAll<number>().over((ob) => ob.partitionBy("idempotency_key")).as("same_key")])
      .where(
        "idempotency_key",
        "in",
        orders.map((o) => o.key),
      )
      .execute();
    const byKey = new Map(rows.map((r) => [r.idempotency_key, r]));
    for (const o of orders) {
      const row = byKey.get(o.key);
      if (o.answer.status === 302) expect(o.answer.location).toBe(`/checkout?placed=${row?.number}`);
      expect(row, `order for ${o.key} (answered ${o.answer.status})`).toBeDefined();
    }
    expect(rows.every((r) => Number(r.same_key) === 1)).toBe(true);
  });
}

/** Both instances answer as ever again, with the job queue's and the change feed's LISTEN back on every instance. */
async function expectBackToNormal(shoppers: Shopper[]): Promise<void> {
  for (const instance of instances) {
    await expect.poll(async () => (await ask(`${url(instance)}/readyz`)).status, { timeout: 10_000, intervals: [100] }).toBe(200);
    expect((await ask(`${url(instance)}/products?q=after-${randomUUID()}`)).status).toBe(200);
  }
  await expect
    .poll(
      () =>
        withDatabase(cluster!.url, async (db) => {
          const { rows } = await sql<{ query: string }>`select query from pg_stat_activity where datname = current_database() and query ilike 'listen %'`.execute(db);
          return { feeds: rows.filter((r) => r.query === "LISTEN rc_catalogue_changed").length, queues: rows.filter((r) => /^LISTEN "pgboss/.test(r.query)).length };
        }),
      { timeout: 20_000, intervals: [250] },
    )
    .toEqual({ feeds: instances.length, queues: instances.length });
  // The job queue works again: a new order's mail is sent.
  const key = randomUUID();
  const placed = await placeOrder(instances[1]!, shoppers[0]!, key, { paymentMethod: "cod", script: false });
  expect(placed.status).toBe(302);
  const number = placed.location!.replace("/checkout?placed=", "");
  await expect
    .poll(() => withDatabase(cluster!.url, async (db) => (await db.selectFrom("mail").select("status").where("reference", "=", number).where("kind", "=", "order-placed").executeTakeFirst())?.status), { timeout: 30_000, intervals: [250] })
    .toBe("sent");
}

test.describe("the database goes away and comes back", () => {
  let shoppers: Shopper[] = [];
  test.beforeAll(async () => {
    shoppers = await shoppersWithCarts({ databaseUrl: cluster!.url, authSecret: AUTH_SECRET, baseUrl: url(instances[0]!), count: 4, productId: EVERYDAY.id, prefix: "outage" });
    await withDatabase(cluster!.url, async (db) => {
      await db.updateTable("products").set({ stock: 1_000_000 }).where("id", "=", EVERYDAY.id).execute();
    });
  });

  test("connections terminated in use (pg_terminate_backend): both instances keep running and answer, and then as ever", async () => {
    const load = await underLoad(shoppers, async () => {
      await withDatabase(cluster!.url, async (db) => {
        const { rows } = await sql<{ n: number }>`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(db);
        expect(rows[0]!.n).toBeGreaterThan(4);
      });
    });
    expect(alive()).toEqual([true, true]);
    expectPlainAnswers(load);
    await expectNothingLostOrTwice(load.orders);
    await expectBackToNormal(shoppers);
  });

  test("PostgreSQL restarted (pg_ctl restart -m fast): both instances keep running and answer, and then as ever", async () => {
    const load = await underLoad(shoppers, () => restartInBackground(cluster!));
    expect(alive()).toEqual([true, true]);
    expectPlainAnswers(load);
    // The restart was felt: some answers were "back in a few seconds".
    expect([...load.others, ...load.orders.map((o) => o.answer)].some((a) => a.status === 503)).toBe(true);
    await expectNothingLostOrTwice(load.orders);
    await expectBackToNormal(shoppers);
  });

  test("PostgreSQL stopped for a few seconds: at once 'we'll be right back' (503, Retry-After), /readyz 503, /healthz 200; then as ever", async () => {
    cluster!.pause();
    try {
      for (const instance of instances) {
        await expect.poll(async () => (await ask(`${url(instance)}/readyz`)).status, { timeout: 5_000, intervals: [50] }).toBe(503);
        expect((await ask(`${url(instance)}/healthz`)).status).toBe(200);
        const page = await ask(`${url(instance)}/products?q=away-${randomUUID()}`, { headers: { accept: "text/html" } });
        expect(page.status).toBe(503);
        expect(page.retryAfter).toBe("5");
        expect(page.body.replaceAll("&#39;", "'")).toContain("We'll be right back");
        expect(page.body).toContain("Nothing you did was lost");
        const visitor = await ask(`${url(instance)}/visitor`, { headers: { cookie: shoppers[0]!.cookie } });
        expect(visitor.status).toBe(503);
        expect(JSON.parse(visitor.body)).toMatchObject({ error: "unavailable", retryAfterSeconds: 5 });
        const placing = await placeOrder(instance, shoppers[0]!, randomUUID(), { paymentMethod: "cod", script: true });
        expect(placing.status).toBe(503);
        expect(JSON.parse(placing.body)).toMatchObject({ message: CHECKOUT_MESSAGES.awayNotPlaced });
        // None of it waited for the database.
        for (const a of [page, visitor, placing]) expect(a.ms).toBeLessThan(1_000);
        // A page kept in the page cache is still served.
        expect((await ask(`${url(instance)}/products/${SALE.id}`)).status).toBe(200);
      }
    } finally {
      cluster!.resume();
    }
    expect(alive()).toEqual([true, true]);
    await expectBackToNormal(shoppers);
  });
});
