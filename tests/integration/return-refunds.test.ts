import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { JobName } from "~/modules/jobs/jobs";
import { cancelOrderForUser } from "~/modules/orders/orders.server";
import { confirmCheckoutPayment, startOnlinePayment, type CheckoutCallback } from "~/modules/orders/online-payments.server";
import { runRefund } from "~/modules/payments/online.server";
import type { RazorpayRefund } from "~/modules/payments/razorpay.server";
import { REFUND_MESSAGES, payRefundByHand, refundsOfReturns, requestReturnRefund, retryRefund } from "~/modules/payments/refunds.server";
import { seedDemoCatalog } from "~/seed/seed.server";
import { insertUsers } from "../support/fixtures";
import { CARD_OK, paidAnswer, payAtSandbox, placeOnlineOrder, signWebhook, startRazorpayRig, waitFor, webhooksOf, type RazorpayRig } from "../support/razorpay";
import { createTestDatabase, sql, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const KEYBOARD = "product-logitech-g213-prodigy";
const CUSTOMER = "asha";
const ADMIN = "admin-1";
const SUCCEEDED = ["payment.authorized", "payment.captured", "order.paid"];

describe.each(testDatabaseKinds)("refunds of returns on %s", (kind) => {
  let t: TestDatabase;
  let rig: RazorpayRig;
  let key = 0;
  let returns = 0;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await insertUsers(t, [
      { id: CUSTOMER, name: "Asha Verma", email: "asha@example.in" },
      { id: ADMIN, name: "Admin", role: "admin" },
    ]);
    await t.db.updateTable("products").set({ stock: 500 }).where("id", "=", KEYBOARD).execute();
    rig = await startRazorpayRig(t);
    await t.db.updateTable("payment_settings").set({ bank_enabled: 1 }).where("id", "=", 1).execute();
  });
  afterEach(() => rig.reset());
  afterAll(async () => {
    await rig?.close();
    await t?.destroy();
  });

  const order = (paymentMethod: "card" | "upi" | "cod" | "bank_transfer" = "card") =>
    placeOnlineOrder(t, { userId: CUSTOMER, idempotencyKey: `return-refund-${++key}`, lines: [{ productId: KEYBOARD, quantity: 2 }], paymentMethod });

  const orderRow = (id: string) =>
    t.db.selectFrom("orders").select(["total_paise", "payment_status", "razorpay_payment_id"]).where("id", "=", id).executeTakeFirstOrThrow();

  async function paidOrder() {
    const o = await order();
    const start = await startOnlinePayment(t.db, rig.payments, CUSTOMER, o.number);
    if (!start.ok || start.paid) throw new Error("expected a pay request");
    const answer: CheckoutCallback = paidAnswer(await payAtSandbox(rig.sandbox, start.pay, CARD_OK));
    expect(await confirmCheckoutPayment(t, rig.payments, CUSTOMER, o.number, answer)).toEqual({ ok: true });
    await waitFor("the payment's webhooks answered", () => SUCCEEDED.every((e) => webhooksOf(rig.sandbox, answer.paymentId).some((w) => w.event === e && w.status === 200)));
    return { ...o, paymentId: answer.paymentId, total: Number((await orderRow(o.id)).total_paise) };
  }

  /** A return of the order's line, as the returns module writes it (only what refunds need). */
  async function aReturn(orderId: string): Promise<string> {
    const item = await t.db.selectFrom("order_items").selectAll().where("order_id", "=", orderId).executeTakeFirstOrThrow();
    const o = await t.db.selectFrom("orders").select("number").where("id", "=", orderId).executeTakeFirstOrThrow();
    const id = crypto.randomUUID();
    const stamp = new Date().toISOString();
    await t.db
      .insertInto("returns")
      .values({
        id,
        number: `${o.number}-R${++returns}`,
        order_id: orderId,
        order_number: o.number,
        vendor_id: item.vendor_id,
        customer_user_id: CUSTOMER,
        order_item_id: item.id,
        product_id: item.product_id,
        product_name: item.name,
        unit_price_paise: item.unit_price_paise,
        quantity: 1,
        reason: "defective",
        resolution: "refund",
        details: "It stopped working.",
        serial_number: null,
        status: "received",
        refund_items_paise: 0,
        refund_tax_paise: 0,
        refund_shipping_paise: 0,
        refund_total_paise: 0,
        refund_to_sealed: null,
        refund_to_masked: null,
        pickup_carrier: null,
        pickup_reference: null,
        decision_note: null,
        replacement_status: null,
        replacement_carrier: null,
        replacement_tracking: null,
        answered_at: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    return id;
  }

  const refund = (orderId: string, returnId: string, amount: number, now = new Date()) =>
    t.db.transaction().execute((trx) => requestReturnRefund(trx, t.outbox, { orderId, returnId, amount, actorUserId: ADMIN }, now));

  const refundRow = (id: string) => t.db.selectFrom("refunds").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const refundsOfOrder = (orderId: string) => t.db.selectFrom("refunds").selectAll().where("order_id", "=", orderId).orderBy("created_at").execute();

  /** The jobs of one name as the database's real queue holds them. */
  async function jobsNamed(name: JobName): Promise<Record<string, string>[]> {
    if (t.kind === "sqlite") {
      return (await t.db.selectFrom("jobs").select("data").where("name", "=", name).execute()).map((r) => JSON.parse(r.data) as Record<string, string>);
    }
    const { rows } = await sql<{ data: Record<string, string> }>`select data from ${sql.table(`${t.jobsSchema}.job`)} where name = ${name}`.execute(t.db);
    return rows.map((r) => r.data);
  }
  const refundJobs = async (refundId: string) => (await jobsNamed("payment.refund")).filter((j) => j.refundId === refundId);

  async function sandboxRefunds(paymentId: string): Promise<RazorpayRefund[]> {
    const account = await rig.payments.razorpay();
    const res = await fetch(`${rig.sandbox.url}/v1/payments/${paymentId}/refunds`, {
      headers: { authorization: `Basic ${Buffer.from(`${account!.keyId}:${account!.keySecret}`).toString("base64")}` },
    });
    return ((await res.json()) as { items: RazorpayRefund[] }).items;
  }

  const postRefundWebhook = (event: "refund.processed" | "refund.failed", refund: Partial<RazorpayRefund>, eventId: string) => {
    const body = JSON.stringify({ entity: "event", account_id: "acc_RCTestAccount01", event, contains: ["refund"], payload: { refund: { entity: refund } }, created_at: 1 });
    return fetch(rig.webhookUrl, { method: "POST", headers: { "content-type": "application/json", "x-razorpay-signature": signWebhook(body), "x-razorpay-event-id": eventId }, body });
  };

  it("refunds one payment in two parts, each through Razorpay and its webhook; the order stays paid", async () => {
    const o = await paidOrder();
    const first = Math.floor(o.total / 3);
    const second = o.total - first;
    const a = await refund(o.id, await aReturn(o.id), first);
    const b = await refund(o.id, await aReturn(o.id), second);
    expect(a).not.toBe(b);
    expect(await refundRow(a)).toMatchObject({ payment_id: o.paymentId, amount_paise: first, status: "requested", method: "razorpay", reason: "return", actor_user_id: ADMIN, utr: null });
    expect(await refundJobs(a)).toHaveLength(1);
    expect(await refundJobs(b)).toHaveLength(1);

    await Promise.all([runRefund(t, rig.payments, a), runRefund(t, rig.payments, b), runRefund(t, rig.payments, a)]);
    await waitFor("both refunds processed", async () => (await refundRow(a)).status === "processed" && (await refundRow(b)).status === "processed");

    const made = await sandboxRefunds(o.paymentId);
    expect(made).toHaveLength(2);
    const byNote = Object.fromEntries(made.map((r) => [(r.notes as Record<string, string>).refund_id, r]));
    expect(byNote[a]).toMatchObject({ amount: first, status: "processed", receipt: o.number });
    expect(byNote[b]).toMatchObject({ amount: second, status: "processed" });
    expect(await refundRow(a)).toMatchObject({ razorpay_refund_id: byNote[a]!.id, failure: null });
    expect(await refundRow(b)).toMatchObject({ razorpay_refund_id: byNote[b]!.id });
    expect(await orderRow(o.id)).toMatchObject({ payment_status: "paid" });
  });

  it("refuses a refund over what is left of the order, and a second live refund of one return; nothing is written", async () => {
    const o = await paidOrder();
    const r1 = await aReturn(o.id);
    await expect(refund(o.id, r1, o.total + 1)).rejects.toThrow(REFUND_MESSAGES.tooMuch);
    await expect(refund(o.id, r1, 0)).rejects.toThrow();
    await expect(refund(o.id, r1, 10.5)).rejects.toThrow();
    expect(await refundsOfOrder(o.id)).toEqual([]);

    await refund(o.id, r1, o.total - 100);
    await expect(refund(o.id, r1, 50)).rejects.toThrow("already has a refund");
    await expect(refund(o.id, await aReturn(o.id), 101)).rejects.toThrow(REFUND_MESSAGES.tooMuch);
    expect(await refundsOfOrder(o.id)).toHaveLength(1);

    // Two at once, each fitting alone but not together: one is refused.
    const both = await Promise.allSettled([refund(o.id, await aReturn(o.id), 60), refund(o.id, await aReturn(o.id), 60)]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await refundsOfOrder(o.id)).toHaveLength(2);
  });

  it("applies a refund webhook once, found by our id in its notes, and never moves a refund back", async () => {
    const o = await paidOrder();
    const id = await refund(o.id, await aReturn(o.id), 500);
    const entity: Partial<RazorpayRefund> = { id: "rfnd_Webhook0000001", entity: "refund", amount: 500, currency: "INR", payment_id: o.paymentId, notes: { refund_id: id }, status: "processed" };
    expect((await postRefundWebhook("refund.processed", entity, `evt_once_${kind}_1`)).status).toBe(200);
    const processed = await refundRow(id);
    expect(processed).toMatchObject({ status: "processed", razorpay_refund_id: "rfnd_Webhook0000001" });

    const later = async () => {
      expect((await postRefundWebhook("refund.processed", entity, `evt_once_${kind}_1`)).status).toBe(200);
      expect((await postRefundWebhook("refund.processed", entity, `evt_once_${kind}_2`)).status).toBe(200);
      expect((await postRefundWebhook("refund.failed", { ...entity, status: "failed" }, `evt_once_${kind}_3`)).status).toBe(200);
    };
    await new Promise((r) => setTimeout(r, 5)); // a later clock, so a second change would show in updated_at
    await later();
    expect(await refundRow(id)).toEqual(processed);
    const events = await t.db.selectFrom("payment_events").select("id").where("id", "like", `evt_once_${kind}_%`).execute();
    expect(events).toHaveLength(3);
  });

  it("matches a refund webhook without notes by Razorpay's refund id", async () => {
    const o = await paidOrder();
    const id = await refund(o.id, await aReturn(o.id), 700);
    rig.sandbox.setWebhookDelivery({ mode: "drop" });
    await runRefund(t, rig.payments, id);
    const [made] = await sandboxRefunds(o.paymentId);
    expect(await refundRow(id)).toMatchObject({ status: "pending", razorpay_refund_id: made!.id });
    expect((await postRefundWebhook("refund.processed", { ...made!, notes: [], status: "processed" }, `evt_by_rzp_id_${kind}`)).status).toBe(200);
    expect(await refundRow(id)).toMatchObject({ status: "processed" });
  });

  it("a cancelled order's refund of before (no notes, no Razorpay id yet) is still found by its payment", async () => {
    const o = await paidOrder();
    expect(await cancelOrderForUser(t, CUSTOMER, o.number)).toMatchObject({ ok: true });
    const [whole] = await refundsOfOrder(o.id);
    expect(whole).toMatchObject({ reason: "cancelled", return_id: null, status: "requested", method: "razorpay" });
    const entity: Partial<RazorpayRefund> = { id: "rfnd_OldRefund00001", entity: "refund", amount: o.total, currency: "INR", payment_id: o.paymentId, notes: [], status: "processed" };
    expect((await postRefundWebhook("refund.processed", entity, `evt_old_${kind}`)).status).toBe(200);
    expect(await refundRow(whole!.id)).toMatchObject({ status: "processed", razorpay_refund_id: "rfnd_OldRefund00001" });
    expect(await orderRow(o.id)).toMatchObject({ payment_status: "refunded" });
    // Cancelled twice, refunded once: the partial unique index still holds whole-order refunds to one.
    expect(await refundsOfOrder(o.id)).toHaveLength(1);
  });

  it("tries a failed refund again as a new row with a new idempotency key; the failed one stays", async () => {
    const o = await paidOrder();
    const returnId = await aReturn(o.id);
    const failed = await refund(o.id, returnId, 900, new Date(Date.now() - 60_000));
    rig.sandbox.setRefundOutcome("failed");
    await runRefund(t, rig.payments, failed);
    await waitFor("the refund failed", async () => (await refundRow(failed)).status === "failed");
    expect((await refundRow(failed)).failure).toBeTruthy();
    expect(await orderRow(o.id)).toMatchObject({ payment_status: "paid" });

    rig.sandbox.setRefundOutcome("processed");
    expect(await retryRefund(t, { refundId: crypto.randomUUID(), actorUserId: ADMIN })).toEqual({ ok: false, reason: "not_found", message: REFUND_MESSAGES.notFound });
    expect(await retryRefund(t, { refundId: failed, actorUserId: ADMIN })).toEqual({ ok: true, message: REFUND_MESSAGES.retried });
    expect(await retryRefund(t, { refundId: failed, actorUserId: ADMIN })).toEqual({ ok: false, reason: "conflict", message: REFUND_MESSAGES.retryDone });
    const rows = await refundsOfOrder(o.id);
    expect(rows).toHaveLength(2);
    const again = rows.find((r) => r.id !== failed)!;
    expect(again).toMatchObject({ return_id: returnId, payment_id: o.paymentId, amount_paise: 900, status: "requested", method: "razorpay", reason: "return", actor_user_id: ADMIN });
    expect(await refundJobs(again.id)).toHaveLength(1);
    expect(await retryRefund(t, { refundId: again.id, actorUserId: ADMIN })).toEqual({ ok: false, reason: "conflict", message: REFUND_MESSAGES.retryNotFailed });

    await runRefund(t, rig.payments, again.id);
    await waitFor("the retry processed", async () => (await refundRow(again.id)).status === "processed");
    expect(await refundRow(failed)).toMatchObject({ status: "failed" });
    const made = await sandboxRefunds(o.paymentId);
    expect(made.map((r) => [(r.notes as Record<string, string>).refund_id, r.status]).sort()).toEqual([[failed, "failed"], [again.id, "processed"]].sort());

    const listed = await refundsOfReturns(t.db, [returnId, "no-such-return"]);
    expect(listed["no-such-return"]).toEqual([]);
    expect(listed[returnId]!.map((r) => [r.id, r.status])).toEqual([
      [again.id, "processed"],
      [failed, "failed"],
    ]);
    expect(listed[returnId]![0]).toMatchObject({ amountPaise: 900, method: "razorpay", razorpayRefundId: expect.stringMatching(/^rfnd_/), utr: null });
    expect(await refundsOfReturns(t.db, [])).toEqual({});
  });

  it("tries again only a return's Razorpay refund", async () => {
    const o = await paidOrder();
    rig.sandbox.setRefundOutcome("failed");
    expect(await cancelOrderForUser(t, CUSTOMER, o.number)).toMatchObject({ ok: true });
    const [whole] = await refundsOfOrder(o.id);
    await runRefund(t, rig.payments, whole!.id);
    await waitFor("the order's refund failed", async () => (await orderRow(o.id)).payment_status === "refund_failed");
    expect(await retryRefund(t, { refundId: whole!.id, actorUserId: ADMIN })).toEqual({ ok: false, reason: "conflict", message: REFUND_MESSAGES.retryOnlyRazorpay });

    // Paid by bank transfer instead: the cancelled order is refunded.
    expect(await payRefundByHand(t, { refundId: whole!.id, utr: "HDFCN52026112612345", actorUserId: ADMIN })).toMatchObject({ ok: true });
    expect(await refundRow(whole!.id)).toMatchObject({ status: "processed", method: "manual", utr: "HDFCN52026112612345" });
    expect(await orderRow(o.id)).toMatchObject({ payment_status: "refunded" });
  });

  it.each(["cod", "bank_transfer"] as const)("a %s order's refund is paid by hand with the bank's UTR, once", async (method) => {
    const o = await order(method);
    const total = Number((await orderRow(o.id)).total_paise);
    const returnId = await aReturn(o.id);
    const id = await refund(o.id, returnId, total);
    expect(await refundRow(id)).toMatchObject({ payment_id: null, method: "manual", status: "requested", reason: "return", return_id: returnId });
    expect(await refundJobs(id)).toEqual([]);
    await runRefund(t, rig.payments, id);
    expect(await refundRow(id)).toMatchObject({ status: "requested" });

    for (const utr of ["", "12345678901", "ABCD 1234 5678", "A".repeat(23), "UTR-1234567890"]) {
      expect(await payRefundByHand(t, { refundId: id, utr, actorUserId: ADMIN })).toEqual({ ok: false, reason: "invalid", message: REFUND_MESSAGES.utr });
    }
    expect(await payRefundByHand(t, { refundId: "no-such-refund", utr: "SBIN123456789012", actorUserId: ADMIN })).toEqual({
      ok: false,
      reason: "not_found",
      message: REFUND_MESSAGES.notFound,
    });
    const clicks = await Promise.all([
      payRefundByHand(t, { refundId: id, utr: " sbin123456789012 ", actorUserId: ADMIN }),
      payRefundByHand(t, { refundId: id, utr: "SBIN999999999999", actorUserId: ADMIN }),
    ]);
    expect(clicks.filter((c) => c.ok)).toHaveLength(1);
    expect(clicks.find((c) => !c.ok)).toEqual({ ok: false, reason: "conflict", message: REFUND_MESSAGES.alreadyPaid });
    const paid = await refundRow(id);
    expect(paid).toMatchObject({ status: "processed", method: "manual", actor_user_id: ADMIN });
    expect(["SBIN123456789012", "SBIN999999999999"]).toContain(paid.utr);
    expect(await payRefundByHand(t, { refundId: id, utr: "SBIN123456789012", actorUserId: ADMIN })).toMatchObject({ ok: false, reason: "conflict" });
    expect(await refundRow(id)).toEqual(paid);
    await expect(refund(o.id, await aReturn(o.id), 1)).rejects.toThrow(REFUND_MESSAGES.tooMuch);
  });

  it("pays by hand a return's refund Razorpay failed, but not one still with Razorpay, nor one tried again", async () => {
    const o = await paidOrder();
    const asked = await refund(o.id, await aReturn(o.id), 300);
    expect(await payRefundByHand(t, { refundId: asked, utr: "SBIN123456789012", actorUserId: ADMIN })).toEqual({ ok: false, reason: "conflict", message: REFUND_MESSAGES.notByHand });

    rig.sandbox.setRefundOutcome("failed");
    const returnId = await aReturn(o.id);
    const failed = await refund(o.id, returnId, 400);
    await runRefund(t, rig.payments, failed);
    await waitFor("the refund failed", async () => (await refundRow(failed)).status === "failed");
    expect(await retryRefund(t, { refundId: failed, actorUserId: ADMIN })).toMatchObject({ ok: true });
    expect(await payRefundByHand(t, { refundId: failed, utr: "SBIN123456789012", actorUserId: ADMIN })).toEqual({ ok: false, reason: "conflict", message: REFUND_MESSAGES.paidOtherwise });

    const other = await refund(o.id, await aReturn(o.id), 200);
    await runRefund(t, rig.payments, other);
    await waitFor("the refund failed", async () => (await refundRow(other)).status === "failed");
    expect(await payRefundByHand(t, { refundId: other, utr: "ICIC000012345678", actorUserId: ADMIN })).toMatchObject({ ok: true });
    expect(await refundRow(other)).toMatchObject({ status: "processed", method: "manual", utr: "ICIC000012345678", payment_id: o.paymentId });
    expect(await retryRefund(t, { refundId: other, actorUserId: ADMIN })).toEqual({ ok: false, reason: "conflict", message: REFUND_MESSAGES.retryOnlyRazorpay });
  });
});
