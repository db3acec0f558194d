import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { registerByPost } from "../support/accounts";
import { CATALOG, productPath } from "../support/catalog";
import { DELHI_ADDRESS } from "../support/checkout";
import { freePort } from "../support/free-port";
import { createScratchDatabase, startShopInstance, waitUntilReady, type ScratchDatabase, type ShopInstance } from "../support/shop-instances";

/**
 * Issue 46: an order costs a little, not the whole cache. On an instance of its own, on each
 * database: the pages it is asked for most are in its cache from its first request (server/warm-up.ts);
 * an order refreshes the page of the product it bought and leaves pages that do not show it as
 * they were; and many visitors asking at once for a page nobody has asked for get one render
 * between them (server/request-handler.ts). `Server-Timing: page;desc=…` says how each was answered.
 */

const BOUGHT = CATALOG.mxMaster; // Peripherals
const UNRELATED = CATALOG.samsungSsd; // Storage: its page shows no Peripherals

for (const kind of ["sqlite", "postgres"] as const) {
  test.describe(`pages and stock on ${kind}`, () => {
    test.describe.configure({ mode: "serial", timeout: 90_000 });
    let instance: ShopInstance | undefined;
    let database: ScratchDatabase | undefined;
    let dataDir = "";
    let base = "";

    test.beforeAll(async () => {
      test.setTimeout(120_000);
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `rc-stock-${kind}-`));
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      const env: Record<string, string> = { DATA_DIR: dataDir, NODE_ENV: "production", SEED_DEMO: "1", BASE_URL: base };
      if (kind === "postgres") {
        database = await createScratchDatabase("rc_stock");
        Object.assign(env, { DATABASE_URL: database.url, SECRETS_KEY: randomBytes(32).toString("base64") });
      }
      instance = startShopInstance({ name: `stock-${kind}`, port, env });
      await waitUntilReady(instance, 90_000);
    });

    test.afterAll(async () => {
      await instance?.stop();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    /** A cookieless GET: how it was answered, and the page. */
    async function visit(address: string): Promise<{ source: string | undefined; html: string }> {
      const response = await fetch(base + address, { headers: { "accept-encoding": "br" } });
      expect(response.status, address).toBe(200);
      return { source: /desc="(\w+)"/.exec(response.headers.get("server-timing") ?? "")?.[1], html: await response.text() };
    }

    const stockShown = (html: string) => Number(/In Stock \((\d+) available\)/.exec(html)?.[1]);

    test("answers its most asked pages from the cache from its very first request", async () => {
      expect((await visit("/")).source).toBe("hit");
      expect((await visit("/products")).source).toBe("hit");
      expect((await visit("/products?category=Laptop")).source).toBe("hit");
    });

    test("an order refreshes the page of what it bought, and leaves the pages that do not show it as they were", async () => {
      // Kept: each asked for once already (the home page's and the catalogue's links are warm already).
      for (const address of [productPath(BOUGHT), productPath(UNRELATED), "/about"]) await visit(address);
      const before = await visit(productPath(BOUGHT));
      expect(before.source).toBe("hit");
      const unrelated = await visit(productPath(UNRELATED));
      expect(unrelated.html, "the unrelated page does not show the product bought").not.toContain(productPath(BOUGHT));

      const shopper = await playwrightRequest.newContext({ baseURL: base });
      try {
        await registerByPost(shopper);
        const origin = { Origin: base };
        const added = await shopper.post("/cart", { form: { intent: "add", productId: BOUGHT.id, quantity: "1" }, headers: origin, maxRedirects: 0 });
        expect(added.status(), await added.text()).toBeLessThan(400);
        const placed = await shopper.post("/checkout", {
          form: { intent: "place", ...DELHI_ADDRESS, fullName: "Stock Test", paymentMethod: "cod", idempotencyKey: randomUUID() },
          headers: origin,
          maxRedirects: 0,
        });
        expect(placed.status(), await placed.text()).toBe(302);
      } finally {
        await shopper.dispose();
      }

      const after = await visit(productPath(BOUGHT));
      expect(after.source, "the page of what was bought is rendered again").toBe("rendered");
      expect(stockShown(after.html)).toBe(stockShown(before.html) - 1);
      expect((await visit(productPath(UNRELATED))).source).toBe("hit");
      expect((await visit("/about")).source).toBe("hit");
      expect((await visit(productPath(BOUGHT))).source).toBe("hit");
    });

    test("many visitors asking at once for a page nobody asked for get one render between them", async () => {
      const address = `/products?q=zz${randomUUID().slice(0, 8)}`;
      const answers = await Promise.all(Array.from({ length: 20 }, () => visit(address)));
      const sources = answers.map((a) => a.source);
      expect(sources.filter((s) => s === "rendered")).toHaveLength(1);
      expect(sources.every((s) => s === "rendered" || s === "waited" || s === "hit")).toBe(true);
      expect(new Set(answers.map((a) => a.html)).size).toBe(1);
    });
  });
}
