import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type ShopDatabase } from "~/db/db.server";
import { demoProducts } from "~/seed/demo-catalog";
import { seedDemoCatalog, seedReferenceData } from "~/seed/seed.server";
import { ANY_TABLE, type Write } from "~/db/write-watch.server";
import { writeSearchDocument } from "~/modules/catalog/search-index.server";
import { followCatalogueChanges } from "../../server/catalogue-changes";
import { createPageCache, type PageCache } from "../../server/page-cache";
import { insertUsers } from "../support/fixtures";
import { testDatabaseKinds } from "../support/test-db";

/**
 * The write watch (app/db/write-watch.server.ts) on the shop's own dialects, as openDatabase
 * makes them, and the page cache's catalogue follower built on it (server/catalogue-changes.ts).
 */

const PRODUCT = demoProducts[0]!.id;
const PAGE = { status: 200, headers: [["content-type", "text/html"]] as [string, string][], body: Buffer.from("<p>page</p>"), maxAgeSeconds: 60 };

interface OpenedShop {
  database: ShopDatabase;
  /** PostgreSQL: the connection string, search_path and application name included. */
  url?: string;
  /** SQLite: the database file. */
  file?: string;
  /** Another ShopDatabase on the same data (PostgreSQL: the same schema; SQLite: the same file). */
  reopen(name: string): { database: ShopDatabase; url?: string };
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated shop database with the demo catalogue, opened by openDatabase itself: on
 * SQLite a file of its own, on PostgreSQL a schema of its own (chosen through the connection
 * string's search_path, so the pool and the LISTEN connection both land in it).
 */
async function openShop(kind: "sqlite" | "postgres"): Promise<OpenedShop> {
  let opened: OpenedShop;
  if (kind === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-watch-"));
    const sqliteFile = path.join(dir, "shop.db");
    const database = openDatabase({ sqliteFile });
    opened = {
      database,
      file: sqliteFile,
      reopen: () => ({ database: openDatabase({ sqliteFile }) }),
      destroy: async () => {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } else {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error("TEST_DATABASE_URL is not set");
    const schema = `w_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    const urlFor = (name: string) => {
      const u = new URL(base);
      u.searchParams.set("options", `-c search_path=${schema}`);
      u.searchParams.set("application_name", `${schema}_${name}`);
      return u.href;
    };
    const url = urlFor("main");
    const database = openDatabase({ databaseUrl: url });
    opened = {
      database,
      url,
      reopen: (name) => ({ database: openDatabase({ databaseUrl: urlFor(name) }), url: urlFor(name) }),
      destroy: async () => {
        await database.close();
        await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
        await admin.end();
      },
    };
  }
  await migrateToLatest(opened.database.db);
  await seedReferenceData(opened.database.db);
  await seedDemoCatalog(opened.database.db);
  return opened;
}

/** Every report the listener heard, each as a sorted list of tables, and each commit's writes. */
function listen(database: ShopDatabase) {
  const heard: string[][] = [];
  const writes: Write[][] = [];
  const stop = database.onWrite((commit) => {
    heard.push([...commit.tables].sort());
    writes.push([...commit.writes]);
  });
  return { heard, writes, stop };
}

async function until(check: () => boolean | Promise<boolean>, { timeoutMs = 2_000, what = "the condition" } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not hold within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function message(id: string) {
  return { id, name: "Watcher", email: "watcher@example.in", phone: null, subject: "Other", message: `write watch ${id}`, created_at: new Date().toISOString(), read_at: null };
}

describe.each(testDatabaseKinds)("write watch on %s", (kind) => {
  let shop: OpenedShop;
  let db: ShopDatabase["db"];
  let heard: string[][];
  let writes: Write[][];
  let stop: () => void;

  beforeAll(async () => {
    shop = await openShop(kind);
    db = shop.database.db;
    ({ heard, writes, stop } = listen(shop.database));
  });
  afterAll(async () => {
    stop?.();
    await shop?.destroy();
  });
  beforeEach(() => {
    heard.length = 0;
    writes.length = 0;
  });

  it("says which columns an update set and which rows by id it was pinned to, when the statement says so", async () => {
    const other = demoProducts[1]!.id;
    await db.updateTable("products").set((eb) => ({ stock: eb("stock", "-", 1) })).where("id", "=", PRODUCT).where("stock", ">=", 1).execute();
    await db.updateTable("products").set({ stock: 4, price_paise: 100_00 }).where("id", "in", [PRODUCT, other]).execute();
    await db.updateTable("products").set({ stock: 5 }).where((eb) => eb.or([eb("id", "=", PRODUCT), eb("id", "=", other)])).execute();
    await db.updateTable("products").set({ stock: 6 }).where("vendor_id", "=", "vendor-1").execute();
    await db.insertInto("app_meta").values({ key: `cols-${randomUUID()}`, value: "1" }).execute();
    await sql`update products set stock = stock + 1 where id = ${PRODUCT}`.execute(db);
    expect(writes).toEqual([
      [{ table: "products", schema: null, columns: ["stock"], ids: [PRODUCT] }],
      [{ table: "products", schema: null, columns: ["stock", "price_paise"], ids: [PRODUCT, other] }],
      [{ table: "products", schema: null, columns: ["stock"], ids: null }],
      [{ table: "products", schema: null, columns: ["stock"], ids: null }],
      [{ table: "app_meta", schema: null, columns: null, ids: null }],
      [{ table: "products", schema: null, columns: null, ids: null }],
    ]);
  });

  it("reports an insert, an update and a delete outside a transaction once each, as it happens", async () => {
    const id = randomUUID();
    await db.insertInto("contact_messages").values(message(id)).execute();
    expect(heard).toEqual([["contact_messages"]]);
    await db.updateTable("products").set({ stock: 7 }).where("id", "=", PRODUCT).execute();
    expect(heard).toEqual([["contact_messages"], ["products"]]);
    await db.deleteFrom("contact_messages").where("id", "=", id).execute();
    expect(heard).toEqual([["contact_messages"], ["products"], ["contact_messages"]]);
    // An aliased table is still that table.
    await db.updateTable("products as p").set({ stock: 8 }).where("p.id", "=", PRODUCT).execute();
    expect(heard.at(-1)).toEqual(["products"]);
  });

  it("reports nothing of a transaction until its commit, then all its tables at once", async () => {
    const id = randomUUID();
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("contact_messages").values(message(id)).execute();
      await trx.updateTable("products").set({ stock: 9 }).where("id", "=", PRODUCT).execute();
      await trx.updateTable("products").set({ stock: 10 }).where("id", "=", PRODUCT).execute();
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual([["contact_messages", "products"]]);

    // The same with a transaction the caller commits itself.
    heard.length = 0;
    const trx = await db.startTransaction().execute();
    await trx.deleteFrom("contact_messages").where("id", "=", id).execute();
    expect(heard).toEqual([]);
    await trx.commit().execute();
    expect(heard).toEqual([["contact_messages"]]);
    expect(await db.selectFrom("contact_messages").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
  });

  it("never reports a rolled-back transaction, and the next one starts clean", async () => {
    const id = randomUUID();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto("contact_messages").values(message(id)).execute();
        await trx.updateTable("products").set({ stock: 0 }).where("id", "=", PRODUCT).execute();
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const trx = await db.startTransaction().execute();
    await trx.updateTable("products").set({ stock: 0 }).where("id", "=", PRODUCT).execute();
    await trx.rollback().execute();
    expect(heard).toEqual([]);
    expect(await db.selectFrom("contact_messages").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();

    // A transaction after the rolled-back ones reports only its own tables.
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("app_meta").values({ key: `watch-${id}`, value: "1" }).execute();
    });
    expect(heard).toEqual([["app_meta"]]);
  });

  it("reports nothing for reads, in a transaction or not", async () => {
    await db.selectFrom("products").selectAll().where("id", "=", PRODUCT).execute();
    await sql`select count(*) as n from products`.execute(db);
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom("products").select("stock").execute();
      await sql`with p as (select id from products) select count(*) from p`.execute(trx);
    });
    expect(heard).toEqual([]);
  });

  it("reads the table out of raw SQL writes", async () => {
    await sql`update products set stock = stock + 1 where id = ${PRODUCT}`.execute(db);
    expect(heard).toEqual([["products"]]);
    await sql`UPDATE "products" SET stock = stock - 1 WHERE id = ${PRODUCT}`.execute(db);
    await sql`insert into app_meta (key, value) values (${`raw-${randomUUID()}`}, 'x')`.execute(db);
    await sql`delete from app_meta where value = 'x'`.execute(db);
    expect(heard).toEqual([["products"], ["products"], ["app_meta"], ["app_meta"]]);
  });

  it("reports any table for raw DDL", async () => {
    const table = `watch_scratch_${Math.random().toString(36).slice(2, 8)}`;
    await sql`create table ${sql.table(table)} (id integer)`.execute(db);
    expect(heard).toEqual([[ANY_TABLE]]);
    await sql`drop table ${sql.table(table)}`.execute(db);
    expect(heard).toEqual([[ANY_TABLE], [ANY_TABLE]]);
  });

  it("stops telling a listener that unsubscribed", async () => {
    const other = listen(shop.database);
    other.stop();
    await db.updateTable("products").set({ stock: 5 }).where("id", "=", PRODUCT).execute();
    expect(other.heard).toEqual([]);
    expect(heard).toEqual([["products"]]);
  });

  if (kind === "postgres") {
    it("keeps two transactions on two connections apart: each reports its own tables at its own commit", async () => {
      const first = await db.startTransaction().execute();
      const second = await db.startTransaction().execute();
      await first.updateTable("products").set({ stock: 11 }).where("id", "=", PRODUCT).execute();
      await second.insertInto("app_meta").values({ key: `two-${randomUUID()}`, value: "1" }).execute();
      expect(heard).toEqual([]);
      await second.commit().execute();
      expect(heard).toEqual([["app_meta"]]);
      await first.commit().execute();
      expect(heard).toEqual([["app_meta"], ["products"]]);
    });

    it("reports the table written by a data-modifying WITH of a select", async () => {
      // PostgreSQL runs a WITH's update even when the statement around it is a select.
      await db
        .with("changed", (qb) => qb.updateTable("products").set({ stock: 12 }).where("id", "=", PRODUCT).returning("id"))
        .selectFrom("changed")
        .selectAll()
        .execute();
      expect(await db.selectFrom("products").select("stock").where("id", "=", PRODUCT).executeTakeFirstOrThrow()).toEqual({ stock: 12 });
      expect(heard).toEqual([["products"]]);
    });
  }
});

const OTHER_PRODUCT = demoProducts[1]!.id;

/** Keeps a page that shows `shown` in the cache and says whether it is still fresh there. */
function keep(cache: PageCache, { key = "http://shop.test/products", shown = [] as string[] } = {}): () => boolean {
  cache.set(key, cache.clock, { ...PAGE, shows: new Set(shown) });
  return () => {
    const page = cache.get(key);
    return page !== undefined && cache.isFresh(page);
  };
}

/** A page showing PRODUCT's stock, and one showing another product's. */
function keepTwo(cache: PageCache) {
  return {
    showsIt: keep(cache, { key: "http://shop.test/products/it", shown: [`product:${PRODUCT}`] }),
    showsOther: keep(cache, { key: "http://shop.test/products/other", shown: [`product:${OTHER_PRODUCT}`] }),
  };
}

function follow(database: ShopDatabase, url?: string) {
  const cache = createPageCache();
  const errors: string[] = [];
  const changes = followCatalogueChanges({ database, databaseUrl: url, cache, onError: (_err, what) => errors.push(what) });
  return { cache, errors, changes };
}

/** An order's stock write: stock alone, of one product named by id (app/modules/orders/orders.server.ts, takeStock). */
const sell = (db: ShopDatabase["db"], id = PRODUCT) =>
  db
    .updateTable("products")
    .set((eb) => ({ stock: eb("stock", "-", 1) }))
    .where("id", "=", id)
    .where("stock", ">=", 1)
    .execute();

describe("catalogue changes on sqlite", () => {
  let shop: OpenedShop;
  beforeAll(async () => {
    shop = await openShop("sqlite");
  });
  afterAll(async () => shop?.destroy());

  it("for its own commits: a stock change makes stale the pages that show that product, and no others; sessions and orders none", async () => {
    const { cache, changes } = follow(shop.database);
    try {
      const { showsIt, showsOther } = keepTwo(cache);
      const list = keep(cache);
      await shop.database.db.updateTable("orders").set({ status: "processing" }).where("id", "=", "no-such-order").execute();
      await shop.database.db.deleteFrom("session").where("id", "=", "no-such-session").execute();
      expect([showsIt(), showsOther(), list()]).toEqual([true, true, true]);
      // An order's commit: its rows, and the stock of what it bought.
      await shop.database.db.transaction().execute(async (trx) => {
        await sell(trx);
        await trx.insertInto("contact_messages").values(message(randomUUID())).execute();
      });
      expect([showsIt(), showsOther(), list()]).toEqual([false, true, true]);

      // A price change may move a product in any list: every page.
      const third = keepTwo(cache);
      await shop.database.db.updateTable("products").set({ price_paise: 123_400 }).where("id", "=", OTHER_PRODUCT).execute();
      expect([third.showsIt(), third.showsOther()]).toEqual([false, false]);

      // Its own commits do not change data_version: a later look does not make pages stale again.
      const held = keep(cache);
      await delay(60);
      changes.beforeLookup();
      expect(held()).toBe(true);
    } finally {
      await changes.close();
    }
  });

  it("makes every page stale when a search document alone is rewritten (pages show search results)", async () => {
    const { cache, changes } = follow(shop.database);
    try {
      const held = keep(cache);
      const p = demoProducts[0]!;
      await shop.database.db.transaction().execute((trx) => writeSearchDocument(trx, { ...p, name: `${p.name} Refreshed` }));
      expect(held()).toBe(false);
    } finally {
      await changes.close();
    }
  });

  it("sees another connection's commit at the next lookup after 50 ms, and takes it for everything", async () => {
    const { cache, changes } = follow(shop.database);
    const other = new DatabaseSync(shop.file!);
    try {
      other.exec("PRAGMA busy_timeout = 5000");
      const held = keep(cache);
      await delay(60);
      changes.beforeLookup();
      expect(held(), "nothing changed yet").toBe(true);

      other.prepare("UPDATE products SET stock = stock + 1 WHERE id = ?").run(PRODUCT);
      await delay(60);
      changes.beforeLookup();
      expect(held()).toBe(false);

      // A change another connection makes inside a transaction counts once it is committed.
      const again = keep(cache);
      other.exec("BEGIN");
      other.prepare("UPDATE products SET price_paise = price_paise + 100 WHERE id = ?").run(PRODUCT);
      await delay(60);
      changes.beforeLookup();
      expect(again(), "not committed yet").toBe(true);
      other.exec("COMMIT");
      await delay(60);
      changes.beforeLookup();
      expect(again()).toBe(false);
    } finally {
      other.close();
      await changes.close();
    }
  });

  it("stops following once closed", async () => {
    const { cache, changes } = follow(shop.database);
    await changes.close();
    const held = keep(cache);
    await shop.database.db.updateTable("products").set({ price_paise: 99_900 }).where("id", "=", PRODUCT).execute();
    expect(held()).toBe(true);
  });
});

if (testDatabaseKinds.includes("postgres")) describe("catalogue changes on postgres, between two instances", () => {
  let shop: OpenedShop;
  let second: { database: ShopDatabase; url?: string };
  let watcher: pg.Client;
  let a: ReturnType<typeof follow>;
  let b: ReturnType<typeof follow>;

  beforeAll(async () => {
    shop = await openShop("postgres");
    second = shop.reopen("b");
    a = follow(shop.database, shop.url);
    b = follow(second.database, second.url);
    watcher = new pg.Client({ connectionString: shop.url });
    await watcher.connect();
    // No page is kept fresh until each LISTEN connection is up.
    for (const { cache } of [a, b]) await until(() => keep(cache)(), { what: "the cache hearing changes" });
  });
  afterAll(async () => {
    await a?.changes.close();
    await b?.changes.close();
    await watcher?.end();
    await second?.database.close();
    await shop?.destroy();
  });

  it("an order's stock write through A makes stale the pages showing that product on A at once and on B within 2 s, and no others", async () => {
    const onA = keepTwo(a.cache);
    const onB = keepTwo(b.cache);
    await sell(shop.database.db);
    expect([onA.showsIt(), onA.showsOther()]).toEqual([false, true]);
    await until(() => !onB.showsIt(), { what: "B's page of the product going stale" });
    expect(onB.showsOther()).toBe(true);
  });

  it("any other products write through A makes every page stale on both", async () => {
    const heldA = keep(a.cache);
    const heldB = keep(b.cache);
    await shop.database.db.updateTable("products").set({ price_paise: 101_00 }).where("id", "=", PRODUCT).execute();
    expect(heldA()).toBe(false);
    await until(() => !heldB(), { what: "B's pages going stale" });
  });

  it("a write to user, session or orders through A leaves both caches", async () => {
    const heldA = keep(a.cache);
    const heldB = keep(b.cache);
    await insertUsers({ kind: "postgres", db: shop.database.db }, [{ id: `watch-${randomUUID()}` }]);
    const user = await shop.database.db.selectFrom("user").select("id").where("id", "like", "watch-%").executeTakeFirstOrThrow();
    const now = new Date();
    await shop.database.db
      .insertInto("session")
      .values({ id: randomUUID(), token: randomUUID(), userId: user.id, expiresAt: new Date(now.getTime() + 60_000), createdAt: now, updatedAt: now, ipAddress: null, userAgent: null, impersonatedBy: null })
      .execute();
    await shop.database.db.updateTable("orders").set({ status: "processing" }).where("id", "=", "no-such-order").execute();
    expect(heldA()).toBe(true);
    // A catalogue change would reach B in a few ms; give it ten times that.
    await delay(300);
    expect(heldB()).toBe(true);
  });

  it("keeps no page of B fresh while its LISTEN connection is down, and hears A again once it is back", async () => {
    const { rowCount } = await watcher.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND query LIKE 'LISTEN %'",
      [new URL(second.url!).searchParams.get("application_name")],
    );
    expect(rowCount).toBe(1);
    await until(() => b.errors.length > 0, { what: "B hearing its connection was lost" });
    expect(b.errors).toEqual(["catalogue change feed lost; no page kept fresh until it is back"]);
    expect(keep(b.cache)(), "deaf: nothing kept fresh").toBe(false);
    await until(() => keep(b.cache)(), { timeoutMs: 5_000, what: "B hearing changes again" });

    // Back, it hears A again.
    const onB = keepTwo(b.cache);
    await sell(shop.database.db);
    await until(() => !onB.showsIt(), { what: "B's page of the product going stale after reconnecting" });
    expect(onB.showsOther()).toBe(true);
  });

  it("once B is closed, A's writes no longer reach it", async () => {
    await b.changes.close();
    const heldB = keep(b.cache);
    const heldA = keep(a.cache);
    await shop.database.db.updateTable("products").set({ price_paise: 102_00 }).where("id", "=", PRODUCT).execute();
    expect(heldA()).toBe(false);
    await delay(300);
    expect(heldB()).toBe(true);
  });
});
