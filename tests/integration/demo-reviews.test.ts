import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/config/env.server";
import { createSecretBox } from "~/lib/secret-box.server";
import { createIdentity, type Identity } from "~/modules/identity/accounts.server";
import { productReviews, reviewEligibility } from "~/modules/reviews/reviews.server";
import { seedDemoAccounts, seedDemoCatalog, seedDemoReviews } from "~/seed/seed.server";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const NOW = new Date("2026-11-24T08:00:00.000Z");

/** The demo's reviews (demo-reviews.ts): demo shoppers reviewed what was delivered to them; the demo customer can review at once. */
describe.each(testDatabaseKinds)("the demo's reviews on %s", (kind) => {
  let t: TestDatabase;
  let identity: Identity;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-demo-reviews-"));

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db, NOW);
    identity = await createIdentity(t.db, kind, parseEnv({ DATA_DIR: dataDir, NODE_ENV: "test" }), t.outbox);
    expect(await seedDemoAccounts(identity, createSecretBox(randomBytes(32)), NOW)).toBe(true);
    expect(await seedDemoReviews(identity, NOW)).toBe(true);
  }, 60_000);
  afterAll(async () => {
    await t?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("gives several products 2 to 6 verified reviews, some with photos and a seller's answer, and agrees with each product's rating", async () => {
    const rows = await t.db.selectFrom("reviews").select(["product_id", "user_id", "order_id", "created_at"]).execute();
    const byProduct = new Map<string, number>();
    for (const r of rows) byProduct.set(r.product_id, (byProduct.get(r.product_id) ?? 0) + 1);
    expect(byProduct.size).toBeGreaterThanOrEqual(5);
    for (const [, n] of byProduct) expect(n).toBeGreaterThanOrEqual(2);
    // The demo customer's own review of the SSD is the seventh.
    for (const [, n] of byProduct) expect(n).toBeLessThanOrEqual(7);
    expect(Math.max(...byProduct.values())).toBeGreaterThanOrEqual(6);
    for (const r of rows) expect(r.created_at <= NOW.toISOString()).toBe(true);
    expect(Number((await t.db.selectFrom("review_photos").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n)).toBeGreaterThan(0);
    expect((await t.db.selectFrom("reviews").select("id").where("reply_body", "is not", null).execute()).length).toBeGreaterThan(0);
    // Each review's order was delivered to its writer.
    for (const r of rows) {
      const part = await t.db
        .selectFrom("order_parts")
        .innerJoin("order_items", (j) => j.onRef("order_items.order_id", "=", "order_parts.order_id").onRef("order_items.vendor_id", "=", "order_parts.vendor_id"))
        .select("order_parts.status")
        .where("order_parts.order_id", "=", r.order_id)
        .where("order_items.product_id", "=", r.product_id)
        .where("order_parts.customer_user_id", "=", r.user_id)
        .executeTakeFirstOrThrow();
      expect(part.status).toBe("delivered");
    }
    const ssd = await productReviews(t.db, "product-samsung-990-pro-2tb", { sort: "helpful", stars: null, page: 1 });
    expect(ssd!.rating.count).toBe(byProduct.get("product-samsung-990-pro-2tb"));
    expect(ssd!.reviews[0]!.helpful).toBeGreaterThan(0);
    // Written once.
    expect(await seedDemoReviews(identity, NOW)).toBe(false);
  });

  it("leaves the demo customer delivered items to review at once", async () => {
    const priya = await t.db.selectFrom("user").select("id").where("email", "=", "customer@rccomputers.in").executeTakeFirstOrThrow();
    const me = { id: priya.id, role: "customer" as const };
    expect(await reviewEligibility(t.db, me, "product-logitech-mx-master-3s")).toMatchObject({ ok: true, existing: null });
    expect(await reviewEligibility(t.db, me, "product-logitech-g213-prodigy")).toMatchObject({ ok: true, existing: null });
    expect(await reviewEligibility(t.db, me, "product-samsung-990-pro-2tb")).toMatchObject({ ok: true, existing: { rating: 5 } });
    // Shipped, not delivered: not yet.
    expect(await reviewEligibility(t.db, me, "product-benq-gw2490")).toMatchObject({ ok: false, reason: "not_delivered" });
  });
});
