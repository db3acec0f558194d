import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBox } from "~/lib/secret-box.server";
import { PAYOUT_MESSAGES, settleOrder, vendorBalance } from "~/modules/settlements/ledger.server";
import { savePayoutAccount } from "~/modules/settlements/payout-account.server";
import { applyTransfer, payThroughRoute, ROUTE_PAYOUT_MESSAGES, runRouteTransfer } from "~/modules/settlements/route-payouts.server";
import { seedDemoCatalog } from "~/seed/seed.server";
import { SANDBOX_BANK_ACCOUNTS } from "../../sandbox/razorpay/sandbox";
import { jobHandlers } from "../../server/shop";
import { deliveredOrder } from "../support/delivered-order";
import { insertUsers } from "../support/fixtures";
import { signWebhook, startRazorpayRig, waitFor, type RazorpayRig } from "../support/razorpay";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

// Sellers paid through Razorpay Route, end to end against the offline sandbox: the payout, its
// job, the linked account and transfer, and the transfer webhooks back to the shop's endpoint.
const KEYBOARD = "product-logitech-g213-prodigy"; // vendor-1
const SSD = "product-samsung-990-pro-2tb"; // vendor-2
const DAY = 86_400_000;
const box = createSecretBox(randomBytes(32));

describe.each(testDatabaseKinds)("payouts through Razorpay Route on %s", (kind) => {
  let t: TestDatabase;
  let rig: RazorpayRig;
  let key = 0;
  const newKey = () => `route-${kind}-${process.pid}-${++key}`;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await insertUsers(t, [
      { id: "asha", name: "Asha Verma", email: "asha@example.in" },
      { id: "u-v1", name: "Rohit Vardhan", email: "owner1@example.in", role: "vendor" },
      { id: "u-v2", name: "Meera Shah", email: "owner2@example.in", role: "vendor" },
      { id: "u-admin", name: "Shop Admin", role: "admin" },
    ]);
    for (const [vendorId, owner] of [["vendor-1", "u-v1"], ["vendor-2", "u-v2"]] as const) {
      await t.db.updateTable("vendors").set({ owner_user_id: owner }).where("id", "=", vendorId).execute();
    }
    await t.db.updateTable("products").set({ stock: 1000 }).where("id", "in", [KEYBOARD, SSD]).execute();
    const details = (accountNumber: string, holderName: string) => ({ holderName, accountNumber, confirmAccountNumber: accountNumber, ifsc: "HDFC0001234" });
    expect(await savePayoutAccount(t, box, { vendorId: "vendor-1", actorUserId: "u-v1", details: details("501001234321", "Rohit Vardhan") })).toMatchObject({ ok: true });
    // vendor-2's bank rejects every transfer (the sandbox's failing account number).
    expect(await savePayoutAccount(t, box, { vendorId: "vendor-2", actorUserId: "u-v2", details: details(SANDBOX_BANK_ACCOUNTS.failing, "Meera Shah") })).toMatchObject({ ok: true });
    rig = await startRazorpayRig(t, { transferDelayMs: 30 });
    await t.jobs.work(jobHandlers({ db: t.db, mailer: { send: async () => {} }, outbox: t.outbox, payments: rig.payments, secrets: box }));
  });
  afterAll(async () => {
    await rig?.close();
    await t?.destroy();
  });

  /** A part delivered ten days ago (past the return window), posted to the ledger: payable now. */
  async function payableOrder(productId: string) {
    const now = Date.now();
    const o = await deliveredOrder(t, { userId: "asha", lines: [{ productId, quantity: 1 }], placedAt: new Date(now - 12 * DAY), deliveredAt: new Date(now - 10 * DAY) });
    await settleOrder(t.db, o.id);
    return o;
  }
  const payout = (id: string) => t.db.selectFrom("payouts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const entries = (payoutId: string) =>
    t.db.selectFrom("ledger_entries").select(["kind", "order_id", "vendor_id", "amount_paise"]).where("payout_id", "=", payoutId).orderBy("kind").orderBy("order_id").execute();
  const transferWebhooks = (transferId: string) =>
    rig.sandbox.sentWebhooks().filter((w) => (JSON.parse(w.body) as { payload: { transfer?: { entity: { id: string } } } }).payload.transfer?.entity.id === transferId);
  const api = async () => (await rig.payments.razorpay())!.api;

  it("records the payout processing with its entries at once, and processed when the transfer webhook comes", async () => {
    await payableOrder(KEYBOARD);
    const before = await vendorBalance(t.db, "vendor-1");
    expect(before.payable).toBeGreaterThan(0);

    const r = await payThroughRoute(t, { vendorId: "vendor-1", idempotencyKey: newKey(), actorUserId: "u-admin" });
    if (!r.ok) throw new Error(r.message);
    expect(r.message).toMatch(/^Payout PO-\d{6} of ₹[\d,]+\.\d{2} sent to Razorpay: it shows Processing until Razorpay confirms the transfer\.$/);
    expect(await payout(r.payoutId)).toMatchObject({ method: "route", status: "processing", amount_paise: before.payable, utr: null, actor_user_id: "u-admin" });
    // The money left payable at once.
    expect(await vendorBalance(t.db, "vendor-1")).toMatchObject({ payable: 0, paid: before.paid + before.payable });

    await waitFor("the payout to be processed", async () => (await payout(r.payoutId)).status === "processed", 15_000);
    const done = await payout(r.payoutId);
    expect(done.razorpay_transfer_id).toMatch(/^trf_/);
    expect(done.processed_at).not.toBeNull();
    expect(done.failure).toBeNull();
    const linked = await t.db.selectFrom("vendor_payout_accounts").select("razorpay_account_id").where("vendor_id", "=", "vendor-1").executeTakeFirstOrThrow();
    expect(linked.razorpay_account_id).toMatch(/^acc_/);
    const transfer = await (await api()).fetchTransfer(done.razorpay_transfer_id!);
    expect(transfer).toMatchObject({ status: "processed", recipient: linked.razorpay_account_id, amount: before.payable, notes: { payout_id: r.payoutId } });
    expect(transferWebhooks(transfer.id).map((w) => w.event)).toEqual(["transfer.processed"]);
    expect((await entries(r.payoutId)).every((e) => e.kind === "payout")).toBe(true);
  });

  it("a transfer the bank rejects fails the payout with its reason and makes the money payable again, once however the webhooks come", async () => {
    await payableOrder(SSD);
    await payableOrder(SSD);
    const before = await vendorBalance(t.db, "vendor-2");
    // Each event three times, held, then sent newest first.
    rig.sandbox.setWebhookDelivery({ mode: "hold", copies: 3, reverse: true });
    try {
      const r = await payThroughRoute(t, { vendorId: "vendor-2", idempotencyKey: newKey(), actorUserId: "u-admin" });
      if (!r.ok) throw new Error(r.message);
      expect(await vendorBalance(t.db, "vendor-2")).toMatchObject({ payable: 0 });
      // Another seller's payout after it, whose webhooks are sent before its.
      await payableOrder(KEYBOARD);
      const later = await payThroughRoute(t, { vendorId: "vendor-1", idempotencyKey: newKey(), actorUserId: "u-admin" });
      if (!later.ok) throw new Error(later.message);
      await waitFor("the transfer to be made", async () => (await payout(r.payoutId)).razorpay_transfer_id !== null, 15_000);
      const transferId = (await payout(r.payoutId)).razorpay_transfer_id!;
      await waitFor("Razorpay to fail it", async () => (await (await api()).fetchTransfer(transferId)).status === "failed");
      // Razorpay knows; the shop does not until its webhook comes.
      expect(await payout(r.payoutId)).toMatchObject({ status: "processing" });

      await waitFor("the later transfer to be made", async () => (await payout(later.payoutId)).razorpay_transfer_id !== null, 15_000);
      const laterTransfer = (await payout(later.payoutId)).razorpay_transfer_id!;
      await waitFor("Razorpay to process it", async () => (await (await api()).fetchTransfer(laterTransfer)).status === "processed");
      await rig.sandbox.releaseWebhooks();
      await waitFor("the payout to fail", async () => (await payout(r.payoutId)).status === "failed", 15_000);
      await waitFor("the later payout to be processed", async () => (await payout(later.payoutId)).status === "processed", 15_000);
      expect(await entries(later.payoutId)).toSatisfy((rows: { kind: string }[]) => rows.every((e) => e.kind === "payout"));
      expect(await payout(r.payoutId)).toMatchObject({ failure: "The beneficiary bank rejected the transfer.", processed_at: null });

      const check = async () => {
        const rows = await entries(r.payoutId);
        const paid = rows.filter((e) => e.kind === "payout");
        const back = rows.filter((e) => e.kind === "payout_reversal");
        expect(paid).toHaveLength(2);
        expect(back.map((e) => [e.order_id, e.vendor_id, Number(e.amount_paise)])).toEqual(paid.map((e) => [e.order_id, e.vendor_id, -Number(e.amount_paise)]));
        expect(await vendorBalance(t.db, "vendor-2")).toMatchObject({ payable: before.payable, paid: before.paid });
      };
      await check();

      // The same event again, the job again, the status applied again: nothing more.
      const sent = transferWebhooks(transferId);
      expect(sent.map((w) => w.event)).toEqual(["transfer.failed", "transfer.failed", "transfer.failed"]);
      expect(new Set(sent.map((w) => w.eventId)).size).toBe(1);
      await rig.sandbox.replayWebhook(sent[0]!.eventId);
      await runRouteTransfer(t, rig.payments, box, r.payoutId);
      const transfer = await (await api()).fetchTransfer(transferId);
      expect(await t.db.transaction().execute((trx) => applyTransfer(trx, r.payoutId, transfer))).toBe("settled");
      await check();
      expect(await t.db.selectFrom("payment_events").select("id").where("id", "=", sent[0]!.eventId).execute()).toHaveLength(1);
    } finally {
      rig.reset();
    }
  });

  it("a late or contrary transfer event changes no final payout: the shop reads the transfer from Razorpay", async () => {
    const processed = await t.db.selectFrom("payouts").selectAll().where("vendor_id", "=", "vendor-1").where("status", "=", "processed").executeTakeFirstOrThrow();
    const failed = await t.db.selectFrom("payouts").selectAll().where("vendor_id", "=", "vendor-2").where("status", "=", "failed").executeTakeFirstOrThrow();
    const entriesBefore = [await entries(processed.id), await entries(failed.id)];
    const post = async (event: string, transferId: string, payoutId: string) => {
      const body = JSON.stringify({ entity: "event", event, contains: ["transfer"], payload: { transfer: { entity: { id: transferId, entity: "transfer", status: event.slice(9), notes: { payout_id: payoutId } } } } });
      const res = await fetch(rig.webhookUrl, { method: "POST", body, headers: { "content-type": "application/json", "x-razorpay-signature": signWebhook(body), "x-razorpay-event-id": `evt_${newKey()}` } });
      expect(res.status).toBe(200);
    };
    await post("transfer.failed", processed.razorpay_transfer_id!, processed.id);
    await post("transfer.processed", failed.razorpay_transfer_id!, failed.id);
    expect(await payout(processed.id)).toMatchObject({ status: "processed", failure: null });
    expect(await payout(failed.id)).toMatchObject({ status: "failed", processed_at: null });
    // Even asked directly with the contrary status, a final payout stays as it is.
    const contrary = { ...(await (await api()).fetchTransfer(processed.razorpay_transfer_id!)), status: "failed" as const };
    expect(await t.db.transaction().execute((trx) => applyTransfer(trx, processed.id, contrary))).toBe("settled");
    expect([await entries(processed.id), await entries(failed.id)]).toEqual(entriesBefore);
  });

  it("one key pays once however often it is posted; two payouts at once pay once", async () => {
    await payableOrder(KEYBOARD);
    const k = newKey();
    const [a, b] = await Promise.all([
      payThroughRoute(t, { vendorId: "vendor-1", idempotencyKey: k, actorUserId: "u-admin" }),
      payThroughRoute(t, { vendorId: "vendor-1", idempotencyKey: k, actorUserId: "u-admin" }),
    ]);
    if (!a.ok || !b.ok) throw new Error("both posts of one key answer with the payout");
    expect(a.payoutId).toBe(b.payoutId);
    expect([a.repeated, b.repeated].sort()).toEqual([false, true]);
    expect(a.repeated ? a.message : b.message).toMatch(/was already made; nothing more was paid\.$/);

    await payableOrder(KEYBOARD);
    const both = await Promise.all([
      payThroughRoute(t, { vendorId: "vendor-1", idempotencyKey: newKey(), actorUserId: "u-admin" }),
      payThroughRoute(t, { vendorId: "vendor-1", idempotencyKey: newKey(), actorUserId: "u-admin" }),
    ]);
    const paid = both.filter((r) => r.ok);
    expect(paid).toHaveLength(1);
    expect(both.find((r) => !r.ok)).toEqual({ ok: false, reason: "conflict", message: PAYOUT_MESSAGES.nothingPayable });

    const ids = [a.payoutId, paid[0]!.ok ? paid[0]!.payoutId : ""];
    await waitFor("both payouts to be processed", async () => (await Promise.all(ids.map(payout))).every((p) => p.status === "processed"), 15_000);
    // One transfer each, to the linked account made for the first payout.
    const rows = await Promise.all(ids.map(payout));
    expect(new Set(rows.map((p) => p.razorpay_transfer_id)).size).toBe(2);
    const linked = await t.db.selectFrom("vendor_payout_accounts").select("razorpay_account_id").where("vendor_id", "=", "vendor-1").executeTakeFirstOrThrow();
    for (const p of rows) {
      expect(await (await api()).fetchTransfer(p.razorpay_transfer_id!)).toMatchObject({ recipient: linked.razorpay_account_id, amount: Number(p.amount_paise) });
    }
    expect(await vendorBalance(t.db, "vendor-1")).toMatchObject({ payable: 0 });
  });

  it("refuses a seller without a payout account, and any Route payout while Razorpay is off", async () => {
    expect(await payThroughRoute(t, { vendorId: "vendor-3", idempotencyKey: newKey(), actorUserId: "u-admin" })).toEqual({ ok: false, reason: "conflict", message: ROUTE_PAYOUT_MESSAGES.noAccount });
    await payableOrder(KEYBOARD);
    await t.db.updateTable("payment_settings").set({ razorpay_enabled: 0 }).execute();
    try {
      expect(await payThroughRoute(t, { vendorId: "vendor-1", idempotencyKey: newKey(), actorUserId: "u-admin" })).toEqual({ ok: false, reason: "conflict", message: ROUTE_PAYOUT_MESSAGES.razorpayOff });
    } finally {
      await t.db.updateTable("payment_settings").set({ razorpay_enabled: 1 }).execute();
    }
    expect((await vendorBalance(t.db, "vendor-1")).payable).toBeGreaterThan(0);
  });
});
