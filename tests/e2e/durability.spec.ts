import { expect, test } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { CATALOG } from "../support/catalog";
import { DEMO_CUSTOMER, TestResources, integrityCheck, placeCodOrder, plentyOfStock, signIn, storedOrderNumbers } from "../support/shop-process";

// Decision 012: the embedded database commits with synchronous = FULL, and an order is
// acknowledged only once committed. A server of the test's own is killed with SIGKILL during a
// burst of orders; after a restart on the same DATA_DIR every acknowledged order is there and the
// database is intact.

const PRODUCT = CATALOG.g213Keyboard.id;
const WORKERS = 4;
const KILL_AFTER = 12;

const resources = new TestResources();
test.afterEach(() => resources.cleanUp());

test("every order acknowledged before a SIGKILL is there after a restart, and the database is intact", async ({ playwright }) => {
  test.setTimeout(240_000);
  const dataDir = resources.dir("kill");
  const shop = await resources.shop(dataDir);
  plentyOfStock(dataDir, PRODUCT);
  const first = await resources.client(playwright, shop);
  await signIn(first, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  // The same customer in every client, each with a cart (cookie) of its own.
  const session = await first.storageState();
  const clients = [first];
  for (let i = 1; i < WORKERS; i++) clients.push(await resources.client(playwright, shop, session));

  const acknowledged: string[] = [];
  let killing = false;
  let failure: Error | undefined;
  const burst = clients.map(async (client) => {
    while (!killing && !failure) {
      try {
        const r = await placeCodOrder(client, PRODUCT);
        if ("number" in r) acknowledged.push(r.number);
        else if (!killing) failure ??= new Error(`an order post answered ${r.response.status()}: ${(await r.response.text()).slice(0, 300)}`);
      } catch (error) {
        // Once the server is being killed, posts cut short are expected; before, they are not.
        if (!killing) failure ??= error as Error;
      }
    }
  });
  await expect
    .poll(
      () => {
        if (failure) throw failure;
        return acknowledged.length;
      },
      { timeout: 120_000, message: "orders acknowledged before the kill" },
    )
    .toBeGreaterThanOrEqual(KILL_AFTER);
  killing = true;
  await shop.kill();
  await Promise.all(burst);
  const ackedAtKill = [...acknowledged];
  expect(new Set(ackedAtKill).size).toBe(ackedAtKill.length);
  // No clean close: the WAL is still there, and the restart recovers from it.
  expect(fs.existsSync(path.join(dataDir, "shop.db-wal"))).toBe(true);

  const restarted = await resources.shop(dataDir);
  expect(integrityCheck(dataDir)).toBe("ok");
  const stored = storedOrderNumbers(dataDir);
  expect(ackedAtKill.filter((n) => !stored.has(n)), "acknowledged orders missing after the restart").toEqual([]);

  // The customer finds them in the shop, and the restarted shop takes orders again.
  const after = await resources.client(playwright, restarted);
  await signIn(after, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  const last = ackedAtKill.at(-1)!;
  const orderPage = await after.get(`/orders/${last}`);
  expect(orderPage.status()).toBe(200);
  expect(await orderPage.text()).toContain(last);
  const again = await placeCodOrder(after, PRODUCT);
  expect("number" in again ? again.number : `${again.response.status()} ${await again.response.text()}`).toMatch(/^RC-\d{6}$/);
});
