import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/config/env.server";
import { indiaDay } from "~/lib/india-time";
import { createSecretBox } from "~/lib/secret-box.server";
import { isDelayed } from "~/modules/delivery/arrival";
import { addHoliday } from "~/modules/delivery/calendar.server";
import { promisesForSellers } from "~/modules/delivery/promise.server";
import { createIdentity } from "~/modules/identity/accounts.server";
import { getOrderForUser, placeOrder } from "~/modules/orders/orders.server";
import { vendorOrderDetail } from "~/modules/vendors/orders.server";
import { seedDemoAccounts, seedDemoCatalog } from "~/seed/seed.server";
import { insertUsers, shippingAddress as address } from "../support/fixtures";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

// The delivery promise kept on each order part (docs/product-rules.md, "Delivery dates"): fixed
// when the order is placed, and said on the order page, the confirmation, the mail and to the seller.

/** An instant given in India wall-clock time. */
const ist = (local: string) => new Date(`${local}+05:30`);
// Monday 23 November 2026, before the 14:00 cut-off.
const MONDAY_MORNING = ist("2026-11-23T10:00:00");

const KEYBOARD = "product-logitech-g213-prodigy"; // vendor-1, dispatches from Delhi 110019
const SSD = "product-samsung-990-pro-2tb"; // vendor-2, Mumbai 400007
const MOUSE = "product-logitech-mx-master-3s"; // vendor-3, its dispatch PIN taken away below
const VARDHAN = "Vardhan Infotech Distributors Pvt. Ltd."; // vendor-1
const SHREE = "Shree Lamington Computer Traders"; // vendor-2
const SILICON = "Silicon Plateau Systems Pvt. Ltd."; // vendor-3

describe.each(testDatabaseKinds)("order promises on %s", (kind) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await insertUsers(t, [{ id: "u-1" }]);
    await t.db.updateTable("vendors").set({ handling_days: 3 }).where("id", "=", "vendor-2").execute();
    await t.db.updateTable("vendors").set({ dispatch_pin: null }).where("id", "=", "vendor-3").execute();
  });
  afterAll(async () => t?.destroy());

  const partsOf = async (number: string) =>
    t.db
      .selectFrom("order_parts")
      .select(["vendor_id", "promised_from", "promised_to"])
      .where("order_number", "=", number)
      .orderBy("vendor_id")
      .execute();

  let number = "";

  it("stores each part's promise when the order is placed, none for a seller with no dispatch PIN", async () => {
    const r = await placeOrder(
      t,
      { userId: "u-1", lines: [KEYBOARD, SSD, MOUSE].map((productId) => ({ productId, quantity: 1 })), address, paymentMethod: "cod", idempotencyKey: "p-1" },
      MONDAY_MORNING,
    );
    if (!r.ok) throw new Error(r.message);
    number = r.number;
    // To Noida (not a metro): 3 to 5 business days after dispatch. vendor-1 (handling 1) dispatches
    // Tuesday 24th; vendor-2 (handling 3) Thursday 26th; Sunday 29th is skipped.
    expect(await partsOf(number)).toEqual([
      { vendor_id: "vendor-1", promised_from: "2026-11-27", promised_to: "2026-11-30" },
      { vendor_id: "vendor-2", promised_from: "2026-11-30", promised_to: "2026-12-02" },
      { vendor_id: "vendor-3", promised_from: null, promised_to: null },
    ]);
    // The same as the promise the checkout showed at that moment.
    const shown = await promisesForSellers(t.db, { vendorIds: ["vendor-1", "vendor-2"], destinationPin: address.postalCode, now: MONDAY_MORNING });
    expect(shown.get("vendor-1")).toMatchObject({ earliest: "2026-11-27", latest: "2026-11-30" });
    expect(shown.get("vendor-2")).toMatchObject({ earliest: "2026-11-30", latest: "2026-12-02" });
  });

  it("says the promise on the order page by status, and marks a part past its day delayed", async () => {
    const shipments = async (now: Date) => (await getOrderForUser(t.db, "u-1", number, now))!.shipments.map((s) => [s.vendorName, s.arrival]);
    // By seller name: Shree Lamington (vendor-2), Silicon Plateau (vendor-3), Vardhan Infotech (vendor-1).
    expect(await shipments(MONDAY_MORNING)).toEqual([
      [SHREE, { text: "Delivery Mon 30 Nov – Wed 2 Dec", delayed: false }],
      [SILICON, null],
      [VARDHAN, { text: "Delivery Fri 27 – Mon 30 Nov", delayed: false }],
    ]);
    // On Monday 30th vendor-1's part is not yet late; on Tuesday 1st it is.
    await t.db.updateTable("order_parts").set({ status: "shipped" }).where("order_number", "=", number).where("vendor_id", "=", "vendor-1").execute();
    expect((await shipments(ist("2026-11-30T23:59:00")))[2]).toEqual([VARDHAN, { text: "Arriving by Mon, 30 Nov", delayed: false }]);
    expect((await shipments(ist("2026-12-01T00:00:00")))[2]).toEqual([VARDHAN, { text: "Delayed: expected by Mon, 30 Nov", delayed: true }]);
    // The seller sees the day it promised.
    expect((await vendorOrderDetail(t.db, "vendor-2", number, MONDAY_MORNING))?.deadline).toEqual({ text: "Promised to the customer by Wed, 2 Dec", delayed: false });
    expect((await vendorOrderDetail(t.db, "vendor-1", number, ist("2026-12-01T09:00:00")))?.deadline).toEqual({
      text: "Late: promised to the customer by Mon, 30 Nov",
      delayed: true,
    });
    expect((await vendorOrderDetail(t.db, "vendor-3", number, MONDAY_MORNING))?.deadline).toBeNull();
  });

  it("keeps the promise when the seller's settings or the holidays change afterwards", async () => {
    expect(await addHoliday(t.db, { day: "2026-11-27", name: "Shop closed" })).toMatchObject({ ok: true });
    await t.db.updateTable("vendors").set({ handling_days: 5, cut_off: "09:00" }).where("id", "=", "vendor-1").execute();
    await t.db.updateTable("vendors").set({ dispatch_pin: "560002" }).where("id", "=", "vendor-3").execute();
    expect(await partsOf(number)).toEqual([
      { vendor_id: "vendor-1", promised_from: "2026-11-27", promised_to: "2026-11-30" },
      { vendor_id: "vendor-2", promised_from: "2026-11-30", promised_to: "2026-12-02" },
      { vendor_id: "vendor-3", promised_from: null, promised_to: null },
    ]);
    // A new order now would be promised later: the change applies from here on.
    const now = await promisesForSellers(t.db, { vendorIds: ["vendor-1"], destinationPin: address.postalCode, now: MONDAY_MORNING });
    expect(now.get("vendor-1")!.latest > "2026-11-30").toBe(true);
  });

  it("puts each part's promise in the order-placed mail, as text", async () => {
    const mail = await t.db.selectFrom("mail").select(["text_body", "html_body"]).where("kind", "=", "order-placed").where("reference", "=", number).executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(`Delivery dates:\n- ${SHREE}: Delivery Mon 30 Nov – Wed 2 Dec\n- ${VARDHAN}: Delivery Fri 27 – Mon 30 Nov\n`);
    expect(mail.html_body).toContain(`${SHREE}: Delivery Mon 30 Nov – Wed 2 Dec`);
    // The seller without a promise is left out, not shown as empty.
    expect(mail.text_body.match(/^- .*: Delivery /gm)).toHaveLength(2);
  });
});

const SEED_NOW = new Date("2026-11-24T08:00:00.000Z");

describe.each(testDatabaseKinds)("the demo's order promises on %s", (kind) => {
  let t: TestDatabase;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-order-promises-"));

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db, SEED_NOW);
    const identity = await createIdentity(t.db, kind, parseEnv({ DATA_DIR: dataDir, NODE_ENV: "test" }), t.outbox);
    expect(await seedDemoAccounts(identity, createSecretBox(randomBytes(32)), SEED_NOW)).toBe(true);
  }, 60_000);
  afterAll(async () => {
    await t?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("gives every demo part the promise made at its own placement time", async () => {
    const parts = await t.db
      .selectFrom("order_parts")
      .innerJoin("orders", "orders.id", "order_parts.order_id")
      .select(["order_parts.vendor_id", "order_parts.status", "order_parts.promised_from", "order_parts.promised_to", "orders.created_at", "orders.ship_postal_code"])
      .execute();
    expect(parts.length).toBeGreaterThan(70);
    for (const p of parts) {
      const promise = (await promisesForSellers(t.db, { vendorIds: [p.vendor_id], destinationPin: p.ship_postal_code, now: new Date(p.created_at) })).get(p.vendor_id)!;
      expect([p.promised_from, p.promised_to]).toEqual([promise.earliest, promise.latest]);
    }
    const delayedShipped = parts.filter((p) => p.status === "shipped" && isDelayed({ status: p.status, promisedFrom: p.promised_from, promisedTo: p.promised_to }, indiaDay(SEED_NOW)));
    expect(delayedShipped.length).toBeGreaterThanOrEqual(1);
  });

  it("shows the demo customer a shipment held up past its date", async () => {
    const priya = await t.db.selectFrom("user").select("id").where("email", "=", "customer@rccomputers.in").executeTakeFirstOrThrow();
    const order = await getOrderForUser(t.db, priya.id, "RC-190004", SEED_NOW);
    expect(order?.shipments).toHaveLength(1);
    expect(order!.shipments[0]).toMatchObject({ status: "shipped", arrival: { delayed: true, text: expect.stringMatching(/^Delayed: expected by \w{3}, \d{1,2} \w{3}$/) } });
    // Her delivered orders say nothing of a promise: their delivered date stands.
    const delivered = await getOrderForUser(t.db, priya.id, "RC-190001", SEED_NOW);
    expect(delivered!.shipments.every((s) => s.arrival === null)).toBe(true);
  });
});
