// One sale on one checkout, start to end: its database, its instances started together, nginx in
// front, the crowd made through the shop, then the schedule sent open loop with faults on cue, the
// acknowledged orders looked for in the database, and everything it started stopped and removed.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { startBalancer } from "./balancer.mjs";
import { removeAtExit } from "./cleanup.mjs";
import { customersWithCarts, visitorsWithCarts, withCookies } from "./crowd.mjs";
import { embeddedDatabase, privatePostgres } from "./database.mjs";
import { cookiePairs, send } from "./http.mjs";
import { shopInstance } from "./instances.mjs";
import { REQUESTS, answered, orderNumberOf } from "./requests.mjs";
import { runOpenLoop, salePlan } from "./schedule.mjs";
import { summarise } from "./report.mjs";

/** Stock given to what the customers order, far more than a sale can sell. */
const ORDER_STOCK = 1_000_000;
/** What a visitor adds to the cart must be in stock more than a visitor will add in a minute. */
const MIN_CART_STOCK = 10;
/** How many products the customers order, so that the orders' stock changes spread over several product pages. */
const ORDER_PRODUCTS = 6;

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

const say = (text) => console.log(`  ${text}`);
const since = (t0) => performance.now() - t0;

/** Starts the instances at the same moment and waits until every one answers /readyz. */
async function startInstances({ count, checkout, buildDir, env, work, onExit }) {
  const names = "abcdefghijklmnopqrstuvwxyz";
  const instances = [];
  for (let i = 0; i < count; i++) {
    const dataDir = path.join(work, `data-${names[i]}`);
    fs.mkdirSync(dataDir);
    instances.push(shopInstance({ name: names[i], checkout, buildDir, port: await freePort(), env: { ...env, DATA_DIR: dataDir }, logDir: work, onExit }));
  }
  for (const instance of instances) instance.start();
  await Promise.all(instances.map((instance) => instance.ready()));
  return instances;
}

/** Starts the instance again after `seconds`, and waits until it is ready. */
async function restartLater(instance, seconds, note) {
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  instance.start();
  note(`instance ${instance.name} started again`);
  try {
    await instance.ready();
    note(`instance ${instance.name} ready`);
  } catch (error) {
    note(`instance ${instance.name} did not come back: ${error.message.split("\n")[0]}`);
  }
}

/**
 * The faults of the options, each started at its second and recorded as events; each returns the
 * interval it lasted (from the fault to the shop being whole again), for "outside a fault".
 */
function scheduleFaults({ options, instances, database, t0, note, faults }) {
  const pending = [];
  const at = (seconds, run) =>
    pending.push(
      new Promise((resolve) => setTimeout(resolve, Math.max(0, t0 + seconds * 1000 - performance.now()))).then(async () => {
        const from = since(t0);
        try {
          await run();
        } catch (error) {
          note(`fault failed: ${error.message}`);
        }
        faults.push({ from, to: since(t0) });
      }),
    );
  if (options.killInstanceAt !== null) {
    at(options.killInstanceAt, async () => {
      const victim = instances[0];
      note(`kill -9 instance ${victim.name} (pid ${victim.pid})`);
      victim.kill();
      await restartLater(victim, options.restartAfter, note);
    });
  }
  if (options.restartPostgresAt !== null) {
    at(options.restartPostgresAt, async () => {
      note("PostgreSQL restart (pg_ctl restart -m fast)");
      await database.restart();
      note("PostgreSQL back");
    });
  }
  return Promise.all(pending);
}

/** Sends one planned step and records its answer; a visitor's cart follows the cookie the shop set. */
function fireStep({ base, step, t0, who, timeoutMs, results }) {
  const lag = since(t0) - step.at;
  const request = REQUESTS[step.kind](base, who, step);
  return send(base, request, step.at + timeoutMs - since(t0)).then((answer) => {
    const ok = answered(step.kind, answer);
    const result = { at: step.at, kind: step.kind, ms: since(t0) - step.at, lag, ok, outcome: answer.error ?? answer.status };
    if (step.kind === "order") Object.assign(result, { key: step.idempotencyKey, number: ok ? orderNumberOf(answer) : null });
    // The shop answers the customer's placing post by emptying the cart; the next order sends the same cart again.
    if (step.kind === "cart-add" && ok) who.cookie = withCookies(who.cookie, cookiePairs(answer.cookies));
    results.push(result);
  });
}

/** Which acknowledged orders the database holds, and which unacknowledged ones were placed all the same. */
async function checkOrders(database, results) {
  const placing = results.filter((r) => r.kind === "order");
  const acknowledged = placing.filter((r) => r.number).map((r) => r.number);
  const found = await database.ordersFound(acknowledged);
  const unacknowledged = placing.filter((r) => !r.number).map((r) => r.key);
  const placedAnyway = await database.ordersByKey(unacknowledged);
  return {
    attempted: placing.length,
    acknowledged: acknowledged.length,
    found: found.size,
    lost: acknowledged.filter((n) => !found.has(n)),
    placedUnacknowledged: placedAnyway.size,
  };
}

/**
 * Runs the sale on `checkout` (its production build in `buildDir`) and returns the raw results
 * and their summary. Everything it starts is stopped before it returns, or at exit.
 */
export async function runSale({ checkout, buildDir, label, options }) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "rc-bench-sale-"));
  const dropWork = removeAtExit(work);
  const stops = [];
  // Times are from the sale's start; what happens before it (an instance ending while the crowd is made) is negative.
  const clock = { t0: performance.now() };
  const events = [];
  const note = (what) => events.push({ at: since(clock.t0), what });
  // During the sale the bench is the instances' supervisor (systemd's Restart=, a container's
  // restart policy): one that ends by itself is started again, as one killed on cue is.
  const supervisor = { active: false, restarts: [] };
  const onExit = (message, instance) => {
    note(message);
    if (supervisor.active) supervisor.restarts.push(restartLater(instance, options.restartAfter, note));
  };
  try {
    const embedded = options.embedded;
    say(embedded ? "one instance on the embedded SQLite database" : "a private PostgreSQL cluster…");
    const pg = embedded ? null : await privatePostgres();
    if (pg) {
      stops.push(() => pg.stop());
      // Its folder goes with it: the log is kept in the run's folder when asked to.
      if (options.keepLogs) stops.push(async () => fs.writeFileSync(path.join(work, "postgres.log"), pg.log()));
    }
    const balancerPort = await freePort();
    const base = `http://127.0.0.1:${balancerPort}`;
    const env = {
      DATABASE_URL: pg?.url ?? "",
      SECRETS_KEY: randomBytes(32).toString("base64"),
      NODE_ENV: "production",
      SEED_DEMO: "1",
      BASE_URL: base,
      TRUST_PROXY: "loopback",
    };
    say(`${options.instances === 1 ? "1 instance" : `${options.instances} instances`} of ${label} starting…`);
    const instances = await startInstances({ count: options.instances, checkout, buildDir, env, work, onExit });
    stops.push(() => Promise.all(instances.map((i) => i.stop())));
    const database = pg ?? embeddedDatabase(path.join(work, "data-a"));
    const balancer = await startBalancer({ dir: path.join(work, "nginx"), ports: instances.map((i) => i.port), port: balancerPort, retry503: options.retry503 });
    stops.push(() => balancer.stop());
    say(`nginx on ${base} in front of ${instances.map((i) => `${i.name} :${i.port}`).join(", ")}`);

    const products = await database.listedProducts();
    const inStock = products.filter((p) => p.stock >= MIN_CART_STOCK);
    // A few products spread over the catalogue (the same on both checkouts), so that the orders'
    // stock changes touch several product pages, as a sale's do.
    const orderProducts = [...new Set(Array.from({ length: ORDER_PRODUCTS }, (_, i) => inStock[Math.floor((i * inStock.length) / ORDER_PRODUCTS)].id))];
    const ordering = options.ordersPerSecond > 0;
    if (ordering) await database.raiseStock(orderProducts, ORDER_STOCK);
    say(`${products.length} products listed${ordering ? `; stock of the ${orderProducts.length} the customers order raised to ${ORDER_STOCK.toLocaleString("en-IN")} in the bench's database` : ""}`);

    say(`${options.visitors} visitors adding to their carts${ordering ? ` and ${options.customers} customers registering` : ""}, through the shop…`);
    const visitors = await visitorsWithCarts(base, options.visitors, (i) => inStock[i % inStock.length].id);
    const customers = ordering ? await customersWithCarts(base, options.customers, orderProducts, randomBytes(4).toString("hex")) : [];

    const steps = salePlan({ ...options, products: products.length });
    const results = [];
    const faults = [];
    const inFlight = [];
    say(`the sale: ${steps.length} requests over ${options.seconds} s…`);
    const loadBefore = os.loadavg()[0];
    const cpuBefore = process.cpuUsage();
    const t0 = performance.now() + 100;
    clock.t0 = t0;
    supervisor.active = true;
    const faultsDone = scheduleFaults({ options, instances, database, t0, note, faults });
    await runOpenLoop(steps, t0, (step) => {
      const who = step.kind === "checkout" || step.kind === "order" ? customers[step.customer] : visitors[step.visitor];
      const planned = step.product === null || step.product === undefined ? step : { ...step, product: products[step.product].id };
      inFlight.push(fireStep({ base, step: planned, t0, who, timeoutMs: options.timeoutSeconds * 1000, results }));
    });
    await Promise.all(inFlight);
    const cpu = process.cpuUsage(cpuBefore);
    const generatorCpu = (cpu.user + cpu.system) / 1000 / since(t0);
    supervisor.active = false;
    await faultsDone;
    await Promise.all(supervisor.restarts);
    const loadAfter = os.loadavg()[0];
    say("looking for the acknowledged orders in the database…");
    const orders = await checkOrders(database, results);
    const summary = summarise({ results, events, faults, orders, seconds: options.seconds, nginx: balancer.complaints(), generatorCpu });
    return { label, checkout, options, loadAverage: { before: loadBefore, after: loadAfter }, events, faults, summary, results: results.sort((a, b) => a.at - b.at) };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    if (options.keepLogs) say(`logs kept in ${work}`);
    else fs.rmSync(work, { recursive: true, force: true });
    dropWork();
  }
}
