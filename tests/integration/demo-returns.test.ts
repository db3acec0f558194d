import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/config/env.server";
import { createSecretBox } from "~/lib/secret-box.server";
import { createIdentity, type Identity } from "~/modules/identity/accounts.server";
import { adminGrievance, listAdminGrievances } from "~/modules/grievances/grievances.server";
import { overdueForSeller } from "~/modules/returns/rules";
import { customerReturns, listReturns } from "~/modules/returns/returns.server";
import { demoProducts } from "~/seed/demo-catalog";
import { seedDemoAccounts, seedDemoCatalog } from "~/seed/seed.server";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const NOW = new Date("2026-11-24T08:00:00.000Z");
const DAY = 86_400_000;

/**
 * The demo's returns (demo-returns.ts): the demo customer has something to return and requests of
 * her own, and the sellers and the admin have a request in every state, written once.
 */
describe.each(testDatabaseKinds)("the demo's returns on %s", (kind) => {
  let t: TestDatabase;
  let identity: Identity;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-demo-returns-"));
  const secrets = createSecretBox(randomBytes(32));
  const count = async (table: "orders" | "returns" | "refunds" | "credit_notes" | "return_history") =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db, NOW);
    identity = await createIdentity(t.db, kind, parseEnv({ DATA_DIR: dataDir, NODE_ENV: "test" }), t.outbox);
    expect(await seedDemoAccounts(identity, secrets, NOW)).toBe(true);
  }, 60_000);
  afterAll(async () => {
    await t?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("give the demo customer a card order to return from, a request waiting and one refunded", async () => {
    const priya = await t.db.selectFrom("user").select("id").where("email", "=", "customer@rccomputers.in").executeTakeFirstOrThrow();
    const orders = await t.db.selectFrom("orders").selectAll().where("user_id", "=", priya.id).orderBy("number").execute();
    expect(orders.map((o) => [o.number, o.payment_method, o.payment_status])).toEqual([
      ["RC-190001", "card", "paid"],
      ["RC-190002", "cod", "cod"],
      ["RC-190003", "upi", "paid"],
      ["RC-190004", "cod", "cod"],
    ]);
    expect(orders[0]!.razorpay_order_id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(orders[0]!.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);

    // Delivered two days ago: both items open, the keyboard for a refund, the graphics card for a replacement only.
    const card = (await customerReturns(t.db, priya.id, "RC-190001", NOW))!;
    expect(card.returns).toEqual([]);
    expect(card.lines.map((l) => [l.name.split(" ")[0], l.open, l.reasons.find((r) => r.value === "defective")?.resolutions])).toEqual([
      ["Logitech", true, ["refund", "replacement"]],
      ["ZOTAC", true, ["replacement"]],
    ]);
    expect(new Set(card.lines.map((l) => l.vendorId)).size).toBe(1);
    const delivered = new Date(card.lines[0]!.deliveredAt!).getTime();
    expect((NOW.getTime() - delivered) / DAY).toBeCloseTo(2, 1);

    const cod = (await customerReturns(t.db, priya.id, "RC-190002", NOW))!;
    expect(cod.returns.map((r) => [r.number, r.status, r.refund.to])).toEqual([["RC-190002-R1", "requested", "UPI: pr•••@okicici"]]);
    expect((NOW.getTime() - new Date(cod.lines[0]!.deliveredAt!).getTime()) / DAY).toBeCloseTo(4, 1);

    const upi = (await customerReturns(t.db, priya.id, "RC-190003", NOW))!;
    const [refunded] = upi.returns;
    expect(refunded).toMatchObject({ status: "refunded", creditNote: { number: expect.stringMatching(/^CN\//) as unknown as string } });
    expect(refunded!.history.map((h) => h.status)).toEqual(["requested", "approved", "picked_up", "received", "refunded"]);
    expect(refunded!.refunds).toEqual([
      expect.objectContaining({ status: "processed", method: "razorpay", amountPaise: refunded!.refund.total, razorpayRefundId: expect.stringMatching(/^rfnd_[A-Za-z0-9]{14}$/) as unknown as string }),
    ]);
  });

  it("give the sellers requests in every state, one of them unanswered for more than 48 hours", async () => {
    const all = await listReturns(t.db, { all: true });
    const states = all.map((r) => r.status);
    for (const s of ["requested", "approved", "picked_up", "refunded", "replacement_shipped", "rejected", "withdrawn"]) expect(states, s).toContain(s);
    expect(new Set(all.map((r) => r.vendorId))).toEqual(new Set(["vendor-1", "vendor-2", "vendor-3"]));
    expect(all.filter((r) => overdueForSeller({ status: r.status, createdAt: r.createdAt }, NOW))).toHaveLength(1);
    expect(all.find((r) => r.status === "approved")!.pickup).not.toBeNull();
    expect(all.find((r) => r.status === "replacement_shipped")!.replacement).toMatchObject({ status: "shipped" });
    // Every step happened before now, in order.
    for (const r of all) {
      const times = r.history.map((h) => h.createdAt);
      expect([...times].sort(), r.number).toEqual(times);
      expect(times.at(-1)! < NOW.toISOString(), r.number).toBe(true);
    }
    // Every online refund is processed with its Razorpay id; nothing was announced or left to run.
    const refunds = await t.db.selectFrom("refunds").selectAll().execute();
    expect(refunds.length).toBeGreaterThanOrEqual(2);
    for (const r of refunds) expect(r).toMatchObject({ method: "razorpay", status: "processed", razorpay_refund_id: expect.stringMatching(/^rfnd_/) as unknown as string });
    expect(await t.db.selectFrom("mail").select("id").execute()).toEqual([]);
    // Like the demo orders, the returns are history: the catalogue's stock is as seeded.
    const stock = await t.db.selectFrom("products").select(["id", "stock"]).execute();
    for (const p of demoProducts) expect(Number(stock.find((s) => s.id === p.id)!.stock), p.id).toBe(p.stock);
    if (kind === "sqlite") expect(await t.db.selectFrom("jobs").select("id").execute()).toEqual([]);
  });

  it("also give the admin two complaints from demo shoppers: one acknowledged with a reply, one open and overdue", async () => {
    const page = await listAdminGrievances(t.db, { status: null, page: 1 }, NOW);
    expect(page.rows.map((g) => [g.customerEmail, g.status, g.flags])).toEqual([
      ["ananya.iyer@example.com", "open", ["Not acknowledged within 48 hours"]],
      ["aarav.gupta@example.com", "acknowledged", []],
    ]);
    const answered = await adminGrievance(t.db, page.rows[1]!.id, NOW);
    expect(answered!.history.map((h) => h.event)).toEqual(["raised", "acknowledged", "replied"]);
    expect(answered!.orderNumber).toMatch(/^RC-\d{6}$/);
    // Nothing of the demo was mailed.
    expect(await t.db.selectFrom("mail").select("id").where("reference", "like", "GRV/%").execute()).toEqual([]);
  });

  it("is written once", async () => {
    const before = await Promise.all([count("orders"), count("returns"), count("refunds"), count("credit_notes"), count("return_history")]);
    expect(await seedDemoAccounts(identity, secrets, new Date(NOW.getTime() + DAY))).toBe(false);
    expect(await Promise.all([count("orders"), count("returns"), count("refunds"), count("credit_notes"), count("return_history")])).toEqual(before);
    expect(before[0]).toBe(77); // the shoppers' 72, the demo customer's 4 and the business buyer's 1
  });
});
