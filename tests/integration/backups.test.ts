import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BackupError, MANIFEST_FILE, backupEmbedded, restoreEmbedded } from "~/db/backup.server";
import { migrateToLatest, openDatabase, type ShopDatabase } from "~/db/db.server";
import { seedDemoCatalog, seedReferenceData } from "~/seed/seed.server";
import { createTableQueue } from "~/modules/jobs/table-queue.server";
import { createOutbox } from "~/modules/jobs/outbox.server";
import { placeOrder } from "~/modules/orders/orders.server";
import { insertUsers, shippingAddress as address } from "../support/fixtures";
import { TEST_BASE_URL } from "../support/test-db";

// The embedded database's durability settings and `npm run backup` / `npm run restore`
// (app/db/backup.server.ts). The round trip through a running server is tests/e2e/backups.spec.ts.

const KEYBOARD = "product-logitech-g213-prodigy";

function pragma(db: DatabaseSync, name: string): unknown {
  return Object.values(db.prepare(`PRAGMA ${name}`).get() as Record<string, unknown>)[0];
}

describe("the embedded database's durability", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-durable-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("commits with synchronous = FULL in WAL mode, so an acknowledged order survives a power cut", async () => {
    const shop = openDatabase({ sqliteFile: path.join(dir, "shop.db") });
    try {
      expect(pragma(shop.sqlite!, "journal_mode")).toBe("wal");
      expect(pragma(shop.sqlite!, "synchronous")).toBe(2); // FULL
    } finally {
      await shop.close();
    }
  });

  it("lets the order benchmark ask for NORMAL, to measure what FULL costs", async () => {
    const bench = openDatabase({ sqliteFile: path.join(dir, "bench.db"), synchronous: "NORMAL" });
    try {
      expect(pragma(bench.sqlite!, "synchronous")).toBe(1); // NORMAL
    } finally {
      await bench.close();
    }
  });
});

describe("backups of the embedded database", () => {
  let root: string;
  let dataDir: string;
  let backupRoot: string;
  let shop: ShopDatabase | undefined;
  let placed = 0;

  async function openShop(): Promise<ShopDatabase> {
    const s = openDatabase({ sqliteFile: path.join(dataDir, "shop.db") });
    await migrateToLatest(s.db);
    return s;
  }

  async function order(s: ShopDatabase): Promise<string> {
    const r = await placeOrder({ db: s.db, outbox: createOutbox(createTableQueue(s.db), TEST_BASE_URL) }, { userId: "u-1", lines: [{ productId: KEYBOARD, quantity: 1 }], address, paymentMethod: "cod", idempotencyKey: `k-${placed++}` });
    if (!r.ok) throw new Error(r.message);
    return r.number;
  }

  function ordersIn(file: string): string[] {
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      return (db.prepare("SELECT number FROM orders ORDER BY number").all() as { number: string }[]).map((r) => r.number);
    } finally {
      db.close();
    }
  }

  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "rc-backup-"));
    dataDir = path.join(root, "data");
    backupRoot = path.join(root, "backups");
    shop = await openShop();
    await seedReferenceData(shop.db);
    await seedDemoCatalog(shop.db);
    await insertUsers({ kind: "sqlite", db: shop.db }, [{ id: "u-1" }]);
    fs.mkdirSync(path.join(dataDir, "uploads", "products"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "uploads", "products", "photo.png"), "image bytes");
    fs.writeFileSync(path.join(dataDir, "secrets.key"), "the key\n", { mode: 0o600 });
  });
  afterEach(async () => {
    await shop?.close();
    shop = undefined;
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("copies the open database, the images and the key into a dated folder, with exactly the orders placed before it", async () => {
    const before = [await order(shop!), await order(shop!), await order(shop!)];
    const { folder, manifest } = backupEmbedded({ dataDir, backupRoot, now: new Date("2026-11-24T10:15:00Z") });
    const after = await order(shop!);

    expect(folder).toBe(path.join(backupRoot, "2026-11-24T10-15-00"));
    expect(manifest).toMatchObject({ orders: 3, uploads: true, secretsKey: true });
    expect(ordersIn(path.join(folder, "shop.db"))).toEqual(before.sort());
    expect(ordersIn(path.join(folder, "shop.db"))).not.toContain(after);
    expect(fs.readFileSync(path.join(folder, "uploads", "products", "photo.png"), "utf8")).toBe("image bytes");
    expect(fs.readFileSync(path.join(folder, "secrets.key"), "utf8")).toBe("the key\n");
    expect(fs.statSync(path.join(folder, "secrets.key")).mode & 0o077).toBe(0);
    expect(fs.statSync(folder).mode & 0o077).toBe(0);

    // A second backup in the same second gets a folder of its own.
    const second = backupEmbedded({ dataDir, backupRoot, now: new Date("2026-11-24T10:15:00Z") });
    expect(second.folder).toBe(path.join(backupRoot, "2026-11-24T10-15-00-2"));
    expect(second.manifest.orders).toBe(4);
  });

  it("says so when DATA_DIR holds no database", () => {
    expect(() => backupEmbedded({ dataDir: path.join(root, "elsewhere"), backupRoot })).toThrow(/There is no shop database at .*elsewhere/);
  });

  it("restores into a stopped shop: the backup's orders exactly, the replaced files kept aside, no stale WAL left", async () => {
    const before = [await order(shop!), await order(shop!)];
    const { folder } = backupEmbedded({ dataDir, backupRoot });
    await order(shop!);
    fs.writeFileSync(path.join(dataDir, "uploads", "products", "later.png"), "a later image");
    await shop!.close();
    shop = undefined;
    // A shop killed after a commit leaves it in the WAL beside the database.
    const crash = spawnSync(process.execPath, [
      "-e",
      `const { DatabaseSync } = require("node:sqlite");
       const db = new DatabaseSync(${JSON.stringify(path.join(dataDir, "shop.db"))});
       db.exec("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0");
       db.prepare("INSERT INTO app_meta (key, value) VALUES ('written-before-the-crash', 'yes')").run();
       process.kill(process.pid, "SIGKILL");`,
    ]);
    expect(crash.signal).toBe("SIGKILL");
    expect(fs.existsSync(path.join(dataDir, "shop.db-wal"))).toBe(true);

    const { keptAside, manifest } = restoreEmbedded({ folder, dataDir, now: new Date("2026-11-24T11:00:00Z") });

    expect(manifest.orders).toBe(2);
    expect(ordersIn(path.join(dataDir, "shop.db"))).toEqual(before.sort());
    expect(fs.existsSync(path.join(dataDir, "shop.db-wal"))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "shop.db-shm"))).toBe(false);
    expect(fs.readdirSync(path.join(dataDir, "uploads", "products"))).toEqual(["photo.png"]);
    expect(fs.readFileSync(path.join(dataDir, "secrets.key"), "utf8")).toBe("the key\n");

    expect(keptAside).toBe(path.join(dataDir, "before-restore-2026-11-24T11-00-00"));
    expect(fs.readdirSync(keptAside!)).toEqual(expect.arrayContaining(["secrets.key", "shop.db", "uploads"]));
    expect(ordersIn(path.join(keptAside!, "shop.db"))).toHaveLength(3);
    // What the WAL held is kept aside too, and does not leak into the restored database.
    const metaIn = (file: string) => {
      const db = new DatabaseSync(file);
      try {
        return db.prepare("SELECT value FROM app_meta WHERE key = 'written-before-the-crash'").get();
      } finally {
        db.close();
      }
    };
    expect(metaIn(path.join(keptAside!, "shop.db"))).toEqual({ value: "yes" });
    expect(metaIn(path.join(dataDir, "shop.db"))).toBeUndefined();
    expect(fs.readdirSync(path.join(keptAside!, "uploads", "products")).sort()).toEqual(["later.png", "photo.png"]);

    // The restored shop opens and takes orders again.
    shop = await openShop();
    await order(shop);
    expect(Number((await shop.db.selectFrom("orders").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)).toBe(3);
  });

  it("refuses while the shop has the database open, and changes nothing", async () => {
    const { folder } = backupEmbedded({ dataDir, backupRoot });
    await order(shop!);
    expect(() => restoreEmbedded({ folder, dataDir })).toThrow(/The shop is running on .*Stop the shop first/);
    expect(fs.readdirSync(dataDir).filter((f) => f.startsWith("before-restore"))).toEqual([]);
    expect(ordersIn(path.join(dataDir, "shop.db"))).toHaveLength(1);
  });

  it("refuses a folder that is not a backup, or whose database is damaged, and changes nothing", async () => {
    await shop!.close();
    shop = undefined;
    const notBackup = path.join(root, "holiday-photos");
    fs.mkdirSync(notBackup);
    fs.writeFileSync(path.join(notBackup, "shop.db"), "not a database");
    expect(() => restoreEmbedded({ folder: notBackup, dataDir })).toThrow(BackupError);
    expect(() => restoreEmbedded({ folder: notBackup, dataDir })).toThrow(/is not a backup made by npm run backup \(no readable backup\.json\)/);
    expect(() => restoreEmbedded({ folder: path.join(root, "missing"), dataDir })).toThrow(/is not a backup .*no such folder/);

    const { folder } = backupEmbedded({ dataDir, backupRoot });
    fs.writeFileSync(path.join(folder, "shop.db"), "garbage, not SQLite");
    expect(() => restoreEmbedded({ folder, dataDir })).toThrow(/shop\.db is damaged/);

    fs.writeFileSync(path.join(folder, MANIFEST_FILE), JSON.stringify({ kind: "something-else" }));
    expect(() => restoreEmbedded({ folder, dataDir })).toThrow(/backup\.json is not ours/);
    expect(fs.readdirSync(dataDir).filter((f) => f.startsWith("before-restore"))).toEqual([]);
  });
});
