import { expect, test } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { CATALOG } from "../support/catalog";
import { SEEDED_RAZORPAY } from "../support/payment-settings";
import { PNG_1X1, postProduct } from "../support/products";
import {
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  TestResources,
  integrityCheck,
  npmRun,
  placeCodOrder,
  plentyOfStock,
  signIn,
  withShopDatabase,
} from "../support/shop-process";

// `npm run backup` while the shop runs and takes orders, then `npm run restore` into a fresh
// DATA_DIR (decision 012): the restored shop has exactly the orders the backup caught (a
// consistent snapshot: every order before it, none after, each whole), its product images, and
// the key that opens its sealed payment secrets.

const PRODUCT = CATALOG.g213Keyboard.id;

const resources = new TestResources();
test.afterEach(() => resources.cleanUp());

/** Every order of a database in the order it was written, with its number of lines. */
function ordersInCommitOrder(dataDir: string): { number: string; lines: number }[] {
  return withShopDatabase(dataDir, (db) =>
    (
      db.prepare("SELECT o.number, (SELECT COUNT(*) FROM order_items i WHERE i.order_id = o.id) AS lines FROM orders o ORDER BY o.rowid").all() as {
        number: string;
        lines: number;
      }[]
    ).map((r) => ({ number: r.number, lines: Number(r.lines) })),
  );
}

test("a backup taken while the shop takes orders restores exactly its orders, the images and the sealed secrets", async ({ playwright }) => {
  test.setTimeout(300_000);
  const dataDir = resources.dir("backup-live");
  const backupRoot = resources.dir("backups");
  const restoredDir = resources.dir("backup-restored");
  const shop = await resources.shop(dataDir);
  plentyOfStock(dataDir, PRODUCT);

  // A product image uploaded before the backup.
  const admin = await resources.client(playwright, shop);
  await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password, "/admin/login");
  const productName = `Backup Test Webcam ${Date.now()}`;
  const created = await postProduct(admin, "/admin/products/new", {
    name: productName,
    price: "2499",
    stock: "5",
    category: "Peripherals",
    vendorId: "vendor-1",
    image: { name: "webcam.png", mimeType: "image/png", buffer: PNG_1X1 },
  });
  expect(created.status(), await created.text()).toBe(302);
  const imageUrl = withShopDatabase(dataDir, (db) => (db.prepare("SELECT image_url FROM products WHERE name = ?").get(productName) as { image_url: string }).image_url);
  expect(imageUrl).toMatch(/^\/uploads\/products\/[^/]+\.png$/);

  const customer = await resources.client(playwright, shop);
  await signIn(customer, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  const place = async () => {
    const r = await placeCodOrder(customer, PRODUCT);
    if (!("number" in r)) throw new Error(`an order post answered ${r.response.status()}: ${(await r.response.text()).slice(0, 300)}`);
    return r.number;
  };
  const before = [await place(), await place(), await place()];

  // The backup runs while a second customer client keeps placing orders.
  const busy = await resources.client(playwright, shop, await customer.storageState());
  let backingUp = true;
  const during: string[] = [];
  const burst = (async () => {
    while (backingUp) {
      const r = await placeCodOrder(busy, PRODUCT);
      if (!("number" in r)) throw new Error(`an order post during the backup answered ${r.response.status()}`);
      during.push(r.number);
    }
  })();
  const backup = await npmRun("backup", [], { DATA_DIR: dataDir, BACKUP_DIR: backupRoot });
  backingUp = false;
  await burst;
  expect(backup.status, backup.output).toBe(0);
  expect(during.length, "orders placed while the backup ran").toBeGreaterThan(0);
  const folder = /^to (.+)$/m.exec(backup.output)?.[1] ?? "";
  expect(path.dirname(folder)).toBe(backupRoot);
  expect(path.basename(folder)).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d(-\d+)?$/);
  expect(fs.readdirSync(folder).sort()).toEqual(["backup.json", "secrets.key", "shop.db", "uploads"]);

  const after = [await place(), await place()];
  const live = ordersInCommitOrder(dataDir);
  await shop.stop();

  // Restoring needs the shop stopped; into a fresh DATA_DIR here.
  const restore = await npmRun("restore", [folder], { DATA_DIR: restoredDir });
  expect(restore.status, restore.output).toBe(0);
  expect(fs.readFileSync(path.join(restoredDir, "secrets.key"))).toEqual(fs.readFileSync(path.join(dataDir, "secrets.key")));
  const restoredShop = await resources.shop(restoredDir, { SEED_DEMO: "0" });

  // Exactly what the live database held at one instant: a prefix of its orders in the order they
  // were written, holding every order placed before the backup and none placed after it.
  expect(integrityCheck(restoredDir)).toBe("ok");
  const restored = ordersInCommitOrder(restoredDir);
  expect(restored).toEqual(live.slice(0, restored.length));
  const restoredNumbers = new Set(restored.map((o) => o.number));
  expect(before.filter((n) => !restoredNumbers.has(n)), "orders placed before the backup, missing").toEqual([]);
  expect(after.filter((n) => restoredNumbers.has(n)), "orders placed after the backup, present").toEqual([]);
  expect(restored.every((o) => o.lines > 0)).toBe(true);
  expect(JSON.parse(fs.readFileSync(path.join(folder, "backup.json"), "utf8"))).toMatchObject({ orders: restored.length, uploads: true, secretsKey: true });

  // The customer finds the last order the backup caught.
  const customerAgain = await resources.client(playwright, restoredShop);
  await signIn(customerAgain, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  const lastCaught = restored.at(-1)!.number;
  expect(await (await customerAgain.get(`/orders/${lastCaught}`)).text()).toContain(lastCaught);

  // The image uploaded before the backup still loads.
  const image = await customerAgain.get(imageUrl);
  expect(image.status()).toBe(200);
  expect(Buffer.from(await image.body())).toEqual(PNG_1X1);

  // The sealed payment secrets still open under the restored key: shown masked, no "can't be read".
  const adminAgain = await resources.client(playwright, restoredShop);
  await signIn(adminAgain, DEMO_ADMIN.email, DEMO_ADMIN.password, "/admin/login");
  const settings = await adminAgain.get("/admin/payment-settings");
  expect(settings.status()).toBe(200);
  const html = await settings.text();
  expect(html).toContain(SEEDED_RAZORPAY.masked);
  expect(html).not.toMatch(/be read with the current SECRETS_KEY/i);
});

test("npm run restore refuses a folder that is not a backup, and a shop that is running", async () => {
  test.setTimeout(180_000);
  const dataDir = resources.dir("restore-refusals");
  const notBackup = resources.dir("not-a-backup");
  const backupRoot = resources.dir("backups-refusals");
  const shop = await resources.shop(dataDir);

  const wrong = await npmRun("restore", [notBackup], { DATA_DIR: dataDir });
  expect(wrong.status).toBe(1);
  expect(wrong.output).toContain(`${notBackup} is not a backup made by npm run backup`);

  const backup = await npmRun("backup", [backupRoot], { DATA_DIR: dataDir });
  expect(backup.status, backup.output).toBe(0);
  const folder = /^to (.+)$/m.exec(backup.output)![1]!;
  const running = await npmRun("restore", [folder], { DATA_DIR: dataDir });
  expect(running.status).toBe(1);
  expect(running.output).toContain("Stop the shop first");
  expect(fs.readdirSync(dataDir).filter((f) => f.startsWith("before-restore"))).toEqual([]);
  expect((await fetch(shop.url + "/")).ok).toBe(true);

  const postgres = await npmRun("backup", [], { DATA_DIR: dataDir, DATABASE_URL: "postgres://shop@127.0.0.1:5432/shop" });
  expect(postgres.status).toBe(1);
  expect(postgres.output).toContain("pg_dump -Fc");
  expect(fs.readdirSync(backupRoot)).toHaveLength(1);
});
