import { createHmac, randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEMO_RAZORPAY } from "~/seed/demo-payments";
import { seedDemoCatalog } from "~/seed/seed.server";
import { createSecretBox } from "~/lib/secret-box.server";
import type { JobName } from "~/modules/jobs/jobs";
import type { createTableQueue } from "~/modules/jobs/table-queue.server";
import { jobHandlers } from "../../server/shop";
import { advanceVendorPart, setOrderStatusByAdmin } from "~/modules/orders/fulfilment.server";
import { cancelOrderForUser, placeOrder, reconcileOrder } from "~/modules/orders/orders.server";
import { PAYMENT_MESSAGES, RECONCILE_AFTER_SECONDS, confirmCheckoutPayment, startOnlinePayment, type CheckoutCallback } from "~/modules/orders/online-payments.server";
import { runRefund } from "~/modules/payments/online.server";
import type { PayRequest } from "~/modules/payments/razorpay-checkout";
import { AWAITING_PAYMENT_MESSAGE } from "~/modules/payments/payment-status";
import type { RazorpayPayment, RazorpayRefund } from "~/modules/payments/razorpay.server";
import { SANDBOX_CARDS } from "../../sandbox/razorpay/sandbox";
import { insertUsers, shippingAddress } from "../support/fixtures";
import {
  CARD_DECLINED,
  CARD_OK,
  TEST_CVV,
  UPI_OK,
  paidAnswer,
  payAtSandbox,
  placeOnlineOrder,
  signWebhook,
  startRazorpayRig,
  waitFor,
  webhooksOf,
  type Instrument,
  type RazorpayRig,
} from "../support/razorpay";
import { createTestDatabase, sql, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const KEYBOARD = "product-logitech-g213-prodigy"; // vendor-1
const SSD = "product-samsung-990-pro-2tb"; // vendor-2

const CUSTOMER = "asha";
const CUSTOMER_EMAIL = "asha@example.in";
const OTHER = "ravi";
const OWNER_1 = "owner1@example.in";
const OWNER_2 = "owner2@example.in";
const ADMIN = "admin-1";

const DECLINED = "Your payment was declined by the bank. Please try another card or payment method.";
const SUCCEEDED = ["payment.authorized", "payment.captured", "order.paid"];

describe.each(testDatabaseKinds)("online payments through the Razorpay sandbox on %s", (kind) => {
  let t: TestDatabase;
  let rig: RazorpayRig;
  let key = 0;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await insertUsers(t, [
      { id: CUSTOMER, name: "Asha Verma", email: CUSTOMER_EMAIL },
      { id: OTHER, name: "Ravi Kumar" },
      { id: "owner-1", name: "Rohit Vardhan", email: OWNER_1, role: "vendor" },
      { id: "owner-2", name: "Meera Shah", email: OWNER_2, role: "vendor" },
      { id: ADMIN, name: "Admin", role: "admin" },
    ]);
    await t.db.updateTable("vendors").set({ owner_user_id: "owner-1" }).where("id", "=", "vendor-1").execute();
    await t.db.updateTable("vendors").set({ owner_user_id: "owner-2" }).where("id", "=", "vendor-2").execute();
    // Enough for every order here, whether or not its stock comes back.
    await t.db.updateTable("products").set({ stock: 500 }).where("id", "in", [KEYBOARD, SSD]).execute();
    rig = await startRazorpayRig(t);
  });
  afterEach(() => rig.reset());
  afterAll(async () => {
    await rig?.close();
    await t?.destroy();
  });

  const order = (paymentMethod: "card" | "upi" = "card", lines = [{ productId: KEYBOARD, quantity: 1 }]) =>
    placeOnlineOrder(t, { userId: CUSTOMER, idempotencyKey: `pay-${++key}`, lines, paymentMethod });

  async function start(number: string): Promise<PayRequest> {
    const r = await startOnlinePayment(t.db, rig.payments, CUSTOMER, number);
    if (!r.ok || r.paid) throw new Error(`expected a pay request for ${number}, got ${JSON.stringify(r)}`);
    return r.pay;
  }

  const confirm = (number: string, callback: CheckoutCallback, userId = CUSTOMER) => confirmCheckoutPayment(t, rig.payments, userId, number, callback);

  async function pay(number: string, instrument: Instrument = CARD_OK): Promise<CheckoutCallback> {
    return paidAnswer(await payAtSandbox(rig.sandbox, await start(number), instrument));
  }

  const row = (id: string) =>
    t.db
      .selectFrom("orders")
      .select(["status", "payment_method", "payment_status", "razorpay_order_id", "razorpay_payment_id", "payment_error", "paid_at", "total_paise"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  const mailOf = async (number: string) =>
    (await t.db.selectFrom("mail").select(["kind", "to_address"]).where("reference", "=", number).orderBy("kind").orderBy("to_address").execute()).map((m) => [
      m.kind,
      m.to_address,
    ]);

  const placedMail = [
    ["order-placed", CUSTOMER_EMAIL],
    ["vendor-new-order", OWNER_1],
  ];

  const eventsOf = async (orderId: string) => (await t.db.selectFrom("payment_events").select(["id", "event"]).where("order_id", "=", orderId).orderBy("id").execute());

  const refundsOf = (orderId: string) =>
    t.db.selectFrom("refunds").select(["id", "payment_id", "amount_paise", "status", "reason", "razorpay_refund_id", "failure"]).where("order_id", "=", orderId).execute();

  /** The jobs of one name as the database's real queue holds them: their data and when they are due. */
  async function jobsNamed(name: JobName): Promise<{ data: Record<string, string>; due: Date }[]> {
    if (t.kind === "sqlite") {
      const rows = await t.db.selectFrom("jobs").select(["data", "run_after"]).where("name", "=", name).execute();
      return rows.map((r) => ({ data: JSON.parse(r.data) as Record<string, string>, due: new Date(r.run_after) }));
    }
    const { rows } = await sql<{ data: Record<string, string>; start_after: Date }>`select data, start_after from ${sql.table(`${t.jobsSchema}.job`)} where name = ${name}`.execute(t.db);
    return rows.map((r) => ({ data: r.data, due: new Date(r.start_after) }));
  }

  /** Waits until the sandbox's webhooks of these events about a payment were each answered 200. */
  async function webhooksAnswered(paymentId: string, events: string[] = SUCCEEDED): Promise<void> {
    await waitFor(`${events.join(", ")} of ${paymentId} answered`, () => {
      const sent = webhooksOf(rig.sandbox, paymentId);
      return events.every((e) => sent.some((w) => w.event === e && w.status === 200));
    });
  }

  /** Razorpay's own record of a payment's refunds. */
  async function sandboxRefunds(paymentId: string): Promise<RazorpayRefund[]> {
    const auth = Buffer.from(`${DEMO_RAZORPAY.keyId}:${DEMO_RAZORPAY.keySecret}`).toString("base64");
    const res = await fetch(`${rig.sandbox.url}/v1/payments/${paymentId}/refunds`, { headers: { authorization: `Basic ${auth}` } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { items: RazorpayRefund[] }).items;
  }

  async function account() {
    const a = await rig.payments.razorpay();
    if (!a) throw new Error("Razorpay is not configured");
    return a;
  }

  const postWebhook = (body: string, headers: Record<string, string>) =>
    fetch(rig.webhookUrl, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });

  /** A webhook as Razorpay would send it about this payment. */
  const webhookBody = (event: string, payment: RazorpayPayment) =>
    JSON.stringify({ entity: "event", account_id: "acc_RCTestAccount01", event, contains: ["payment"], payload: { payment: { entity: payment } }, created_at: Math.floor(Date.now() / 1000) });

  describe.each([
    ["card", CARD_OK],
    ["upi", UPI_OK],
  ] as const)("paid by %s", (method, instrument) => {
    it("awaits payment, then is paid for exactly its total and announced once; the webhooks change nothing more", async () => {
      const placedAt = Date.now();
      const o = await order(method, [
        { productId: KEYBOARD, quantity: 1 },
        { productId: SSD, quantity: 1 },
      ]);
      expect(await row(o.id)).toMatchObject({ status: "pending", payment_method: method, payment_status: "awaiting", razorpay_order_id: null, paid_at: null });
      const check = (await jobsNamed("payment.reconcile")).filter((j) => j.data.orderId === o.id);
      expect(check).toHaveLength(1);
      expect(check[0]!.due.getTime()).toBeGreaterThanOrEqual(placedAt + (RECONCILE_AFTER_SECONDS - 5) * 1000);
      expect(await mailOf(o.number)).toEqual([]);

      const total = Number((await row(o.id)).total_paise);
      const request = await start(o.number);
      expect(request).toMatchObject({
        number: o.number,
        amount: total,
        currency: "INR",
        keyId: DEMO_RAZORPAY.keyId,
        script: `${rig.sandbox.url}/v1/razorpay.js`,
        prefill: { name: shippingAddress.fullName, email: CUSTOMER_EMAIL, contact: shippingAddress.phone },
      });
      expect(await (await account()).api.fetchOrder(request.razorpayOrderId)).toMatchObject({ amount: total, currency: "INR", receipt: o.number, status: "created" });
      expect((await start(o.number)).razorpayOrderId).toBe(request.razorpayOrderId);

      const answer = paidAnswer(await payAtSandbox(rig.sandbox, request, instrument));
      expect(answer.orderId).toBe(request.razorpayOrderId);
      expect(await confirm(o.number, answer)).toEqual({ ok: true });
      const paid = { status: "pending", payment_status: "paid", razorpay_order_id: request.razorpayOrderId, razorpay_payment_id: answer.paymentId, payment_error: null };
      expect(await row(o.id)).toMatchObject(paid);
      expect((await row(o.id)).paid_at).not.toBeNull();
      const announced = [
        ["order-placed", CUSTOMER_EMAIL],
        ["vendor-new-order", OWNER_1],
        ["vendor-new-order", OWNER_2],
      ];
      expect(await mailOf(o.number)).toEqual(announced);

      await webhooksAnswered(answer.paymentId);
      expect(await row(o.id)).toMatchObject(paid);
      expect(await mailOf(o.number)).toEqual(announced);
      expect((await eventsOf(o.id)).map((e) => e.event).sort()).toEqual(["callback", ...SUCCEEDED].sort());
      expect(await refundsOf(o.id)).toEqual([]);
      expect(await startOnlinePayment(t.db, rig.payments, CUSTOMER, o.number)).toEqual({ ok: true, paid: true });
    });
  });

  describe("a declined card", () => {
    async function declined(o: { number: string; id: string }) {
      const request = await start(o.number);
      const r = await payAtSandbox(rig.sandbox, request, CARD_DECLINED);
      if (!("error" in r)) throw new Error("the declined card was accepted");
      expect(r.error).toMatchObject({ description: DECLINED, reason: "card_declined", source: "bank" });
      await webhooksAnswered(r.error.metadata.payment_id!, ["payment.failed"]);
      return request;
    }

    it("marks the order failed with the bank's reason; a second card pays the same Razorpay order", async () => {
      const o = await order();
      const first = await declined(o);
      expect(await row(o.id)).toMatchObject({ status: "pending", payment_status: "failed", payment_error: DECLINED, razorpay_payment_id: null, paid_at: null });
      expect(await mailOf(o.number)).toEqual([]);

      const again = await start(o.number);
      expect(again.razorpayOrderId).toBe(first.razorpayOrderId);
      const answer = paidAnswer(await payAtSandbox(rig.sandbox, again, { card: "4111 1111 1111 1111" }));
      expect(await confirm(o.number, answer)).toEqual({ ok: true });
      expect(await row(o.id)).toMatchObject({ payment_status: "paid", payment_error: null, razorpay_payment_id: answer.paymentId });
      await webhooksAnswered(answer.paymentId);
      expect(await mailOf(o.number)).toEqual(placedMail);
    });

    it("switches the same order to cash on delivery, announced once; a card payment arriving after that is refunded", async () => {
      const input = { userId: CUSTOMER, idempotencyKey: `pay-${++key}`, lines: [{ productId: KEYBOARD, quantity: 1 }], address: shippingAddress };
      const placed = await placeOrder(t, { ...input, paymentMethod: "card" });
      if (!placed.ok) throw new Error(placed.message);
      const { id } = await t.db.selectFrom("orders").select("id").where("number", "=", placed.number).executeTakeFirstOrThrow();
      const request = await declined({ number: placed.number, id });

      for (let i = 0; i < 2; i++) {
        expect(await placeOrder(t, { ...input, paymentMethod: "cod" })).toMatchObject({ ok: true, number: placed.number, existing: true, paymentMethod: "cod", paymentStatus: "cod" });
      }
      expect(await row(id)).toMatchObject({ status: "pending", payment_method: "cod", payment_status: "cod", payment_error: null });
      expect(await mailOf(placed.number)).toEqual(placedMail);
      expect(await startOnlinePayment(t.db, rig.payments, CUSTOMER, placed.number)).toMatchObject({ ok: false, reason: "conflict", message: PAYMENT_MESSAGES.notPayable });
      expect(await reconcileOrder(t, rig.payments, id)).toBe("settled");
      expect(await row(id)).toMatchObject({ status: "pending", payment_status: "cod" });

      // The customer's card page was still open: Razorpay takes the money, the shop gives it back.
      const late = paidAnswer(await payAtSandbox(rig.sandbox, request, CARD_OK));
      await webhooksAnswered(late.paymentId);
      expect(await row(id)).toMatchObject({ payment_method: "cod", payment_status: "cod", razorpay_payment_id: null });
      expect(await refundsOf(id)).toMatchObject([{ payment_id: late.paymentId, reason: "surplus", status: "requested" }]);
      expect(await mailOf(placed.number)).toEqual(placedMail);
    });
  });

  describe("a forged checkout callback", () => {
    it("is refused whether the signature is wrong, another order's, or replayed against another order; nothing changes", async () => {
      // Only the callbacks speak here: Razorpay's webhooks would pay the orders themselves.
      rig.sandbox.setWebhookDelivery({ mode: "drop" });
      const a = await order();
      const b = await order();
      const c = await order();
      const answerA = await pay(a.number);
      const answerB = await pay(b.number);
      const cRazorpayOrder = (await start(c.number)).razorpayOrderId;
      const flipped = answerA.signature.slice(0, -1) + (answerA.signature.endsWith("0") ? "1" : "0");

      const forgeries: [string, CheckoutCallback][] = [
        [a.number, { ...answerA, signature: flipped }],
        [a.number, { ...answerA, signature: "" }],
        [a.number, { ...answerA, signature: createHmac("sha256", "not-the-key-secret").update(`${answerA.orderId}|${answerA.paymentId}`).digest("hex") }],
        [a.number, { ...answerA, signature: answerB.signature }],
        [a.number, { ...answerA, paymentId: answerB.paymentId }],
        [a.number, answerB],
        [c.number, answerA],
        [c.number, { ...answerA, orderId: cRazorpayOrder }],
      ];
      for (const [number, callback] of forgeries) {
        expect(await confirm(number, callback)).toEqual({ ok: false, reason: "invalid", message: PAYMENT_MESSAGES.notConfirmed });
      }
      // Another customer cannot confirm this customer's order, even with its true answer.
      expect(await confirm(a.number, answerA, OTHER)).toMatchObject({ ok: false, reason: "not_found" });

      for (const o of [a, b, c]) {
        expect(await row(o.id)).toMatchObject({ status: "pending", payment_status: "awaiting", razorpay_payment_id: null, paid_at: null });
        expect(await eventsOf(o.id)).toEqual([]);
        expect(await mailOf(o.number)).toEqual([]);
      }
      // The true answers were refused for nothing but the forgery.
      expect(await confirm(a.number, answerA)).toEqual({ ok: true });
      expect(await confirm(b.number, answerB)).toEqual({ ok: true });
      expect((await row(a.id)).razorpay_payment_id).toBe(answerA.paymentId);
      expect((await row(b.id)).razorpay_payment_id).toBe(answerB.paymentId);
    });
  });

  describe("webhooks", () => {
    it("do not pay an order for a payment of another amount: it is refunded instead", async () => {
      rig.sandbox.setWebhookDelivery({ mode: "drop" });
      const o = await order();
      const answer = await pay(o.number);
      const payment = await (await account()).api.fetchPayment(answer.paymentId);
      const short = payment.amount - 100;
      const body = webhookBody("payment.captured", { ...payment, amount: short });
      const res = await postWebhook(body, { "x-razorpay-signature": signWebhook(body), "x-razorpay-event-id": `evt_short${kind}0001` });
      expect(res.status).toBe(200);

      expect(await row(o.id)).toMatchObject({ payment_status: "awaiting", razorpay_payment_id: null, paid_at: null });
      expect(await mailOf(o.number)).toEqual([]);
      const refunds = await refundsOf(o.id);
      expect(refunds).toMatchObject([{ payment_id: answer.paymentId, amount_paise: short, reason: "surplus", status: "requested" }]);
      expect((await jobsNamed("payment.refund")).filter((j) => j.data.refundId === refunds[0]!.id)).toHaveLength(1);

      await runRefund(t, rig.payments, refunds[0]!.id);
      expect(await sandboxRefunds(answer.paymentId)).toMatchObject([{ amount: short, payment_id: answer.paymentId }]);
      expect((await refundsOf(o.id))[0]).toMatchObject({ status: "pending" });
    });

    it("are refused with a bad signature (400), and while no webhook secret is set (503)", async () => {
      rig.sandbox.setWebhookDelivery({ mode: "drop" });
      const o = await order();
      const answer = await pay(o.number);
      const payment = await (await account()).api.fetchPayment(answer.paymentId);
      const body = webhookBody("payment.captured", payment);
      const eventId = `evt_forged${kind}001`;
      const refused: Record<string, string>[] = [
        { "x-razorpay-signature": signWebhook(body, "not-the-webhook-secret"), "x-razorpay-event-id": eventId },
        { "x-razorpay-signature": signWebhook(body, DEMO_RAZORPAY.keySecret), "x-razorpay-event-id": eventId },
        { "x-razorpay-signature": signWebhook(`${body} `), "x-razorpay-event-id": eventId },
        { "x-razorpay-event-id": eventId },
      ];
      for (const headers of refused) expect((await postWebhook(body, headers)).status).toBe(400);

      const { razorpay_webhook_secret_sealed: sealed } = await t.db.selectFrom("payment_settings").select("razorpay_webhook_secret_sealed").executeTakeFirstOrThrow();
      await t.db.updateTable("payment_settings").set({ razorpay_webhook_secret_sealed: null }).execute();
      try {
        expect((await postWebhook(body, { "x-razorpay-signature": signWebhook(body), "x-razorpay-event-id": eventId })).status).toBe(503);
      } finally {
        await t.db.updateTable("payment_settings").set({ razorpay_webhook_secret_sealed: sealed }).execute();
      }
      expect(await t.db.selectFrom("payment_events").select("id").where("id", "=", eventId).execute()).toEqual([]);
      expect(await row(o.id)).toMatchObject({ payment_status: "awaiting", razorpay_payment_id: null });

      // The same body, signed right, is believed.
      expect((await postWebhook(body, { "x-razorpay-signature": signWebhook(body), "x-razorpay-event-id": eventId })).status).toBe(200);
      expect(await row(o.id)).toMatchObject({ payment_status: "paid", razorpay_payment_id: answer.paymentId });
    });

    it("delivered three times each are applied once: one record per event, one announcement", async () => {
      rig.sandbox.setWebhookDelivery({ copies: 3 });
      const o = await order();
      const answer = await pay(o.number); // no callback: the webhooks alone pay it
      await waitFor("nine webhooks answered", () => webhooksOf(rig.sandbox, answer.paymentId).filter((w) => w.status === 200).length === 9);
      const sent = webhooksOf(rig.sandbox, answer.paymentId);
      const ids = [...new Set(sent.map((w) => w.eventId))].sort();
      expect(ids).toHaveLength(3);
      for (const id of ids) expect(sent.filter((w) => w.eventId === id)).toHaveLength(3);

      expect(await row(o.id)).toMatchObject({ payment_status: "paid", razorpay_payment_id: answer.paymentId });
      expect((await eventsOf(o.id)).map((e) => e.id)).toEqual(ids);
      expect(await mailOf(o.number)).toEqual(placedMail);
    });

    it("out of order leave the order paid: a late failure of the first attempt, order.paid before payment.captured", async () => {
      rig.sandbox.setWebhookDelivery({ mode: "hold" });
      const o = await order();
      const request = await start(o.number);
      const failed = await payAtSandbox(rig.sandbox, request, { card: "4000 0000 0000 0002" });
      if (!("error" in failed)) throw new Error("the declined card was accepted");
      const answer = paidAnswer(await payAtSandbox(rig.sandbox, request, CARD_OK));
      expect(await row(o.id)).toMatchObject({ payment_status: "awaiting" });

      rig.sandbox.setWebhookDelivery({ reverse: true });
      await rig.sandbox.releaseWebhooks();
      const sent = rig.sandbox.sentWebhooks().filter((w) => w.body.includes(request.razorpayOrderId));
      expect(sent.map((w) => [w.event, w.status])).toEqual([
        ["order.paid", 200],
        ["payment.captured", 200],
        ["payment.authorized", 200],
        ["payment.failed", 200],
      ]);
      expect(await row(o.id)).toMatchObject({ payment_status: "paid", razorpay_payment_id: answer.paymentId, payment_error: null });
      expect(await mailOf(o.number)).toEqual(placedMail);
      expect(await refundsOf(o.id)).toEqual([]);
    });
  });

  describe("the 30-minute check", () => {
    it("pays an order whose callback and webhooks were lost, from the queue's own job", async () => {
      rig.sandbox.setWebhookDelivery({ mode: "drop" });
      const o = await order();
      const answer = await pay(o.number);
      expect(await row(o.id)).toMatchObject({ payment_status: "awaiting" });

      if (t.kind === "sqlite") {
        // Its job comes due 30 minutes on: bring it forward and let the queue work it.
        await t.db.updateTable("jobs").set({ run_after: new Date(Date.now() - 1000).toISOString() }).where("name", "=", "payment.reconcile").where("data", "like", `%${o.id}%`).execute();
        const handlers = jobHandlers({ db: t.db, mailer: { send: () => Promise.reject(new Error("no mail is sent here")) }, outbox: t.outbox, payments: rig.payments, secrets: createSecretBox(randomBytes(32)) });
        const queue = t.jobs as ReturnType<typeof createTableQueue>;
        expect(await queue.runDue({ "payment.reconcile": handlers["payment.reconcile"] })).toBe(1);
      } else {
        expect(await reconcileOrder(t, rig.payments, o.id)).toBe("paid");
      }
      expect(await row(o.id)).toMatchObject({ status: "pending", payment_status: "paid", razorpay_payment_id: answer.paymentId });
      expect(await mailOf(o.number)).toEqual(placedMail);
      expect(await reconcileOrder(t, rig.payments, o.id)).toBe("settled");
      expect(await mailOf(o.number)).toEqual(placedMail);
    });

    it("captures a payment Razorpay left authorized, and pays the order with it", async () => {
      const o = await order();
      await useManualCapture(o);
      const answer = await pay(o.number);
      expect((await (await account()).api.fetchPayment(answer.paymentId)).status).toBe("authorized");
      expect(await reconcileOrder(t, rig.payments, o.id)).toBe("paid");
      expect((await (await account()).api.fetchPayment(answer.paymentId)).status).toBe("captured");
      expect(await row(o.id)).toMatchObject({ payment_status: "paid", razorpay_payment_id: answer.paymentId });
      expect(await mailOf(o.number)).toEqual(placedMail);
    });

    it("cancels an order never paid: stock back, the customer told nothing was charged, no seller told", async () => {
      const stock = async () => Number((await t.db.selectFrom("products").select("stock").where("id", "=", KEYBOARD).executeTakeFirstOrThrow()).stock);
      const before = await stock();
      const started = await order(); // the customer reached the card form and left
      await start(started.number);
      const never = await order(); // the customer left before it
      expect(await stock()).toBe(before - 2);

      for (const o of [started, never]) {
        expect(await reconcileOrder(t, rig.payments, o.id)).toBe("cancelled");
        expect(await row(o.id)).toMatchObject({ status: "cancelled", payment_status: "void", razorpay_payment_id: null });
        const mail = await t.db.selectFrom("mail").select(["kind", "to_address", "text_body"]).where("reference", "=", o.number).execute();
        expect(mail.map((m) => [m.kind, m.to_address])).toEqual([["order-cancelled", CUSTOMER_EMAIL]]);
        expect(mail[0]!.text_body).toContain("We did not receive the payment for your order within 30 minutes, so it has been cancelled.");
        expect(mail[0]!.text_body).toContain("Nothing was charged.");
        expect(await reconcileOrder(t, rig.payments, o.id)).toBe("settled");
      }
      expect(await stock()).toBe(before);
      expect(await mailOf(never.number)).toEqual([["order-cancelled", CUSTOMER_EMAIL]]);
    });

    it("cancels an unpaid order whose Razorpay order the gateway does not know (a restarted sandbox)", async () => {
      const o = await order();
      await start(o.number);
      await t.db.updateTable("orders").set({ razorpay_order_id: "order_ForgottenOrder01" }).where("id", "=", o.id).execute();
      expect(await reconcileOrder(t, rig.payments, o.id)).toBe("cancelled");
    });
  });

  it("makes a new Razorpay order for an unpaid order whose old one the gateway forgot, and it pays", async () => {
    const o = await order();
    await start(o.number);
    await t.db.updateTable("orders").set({ razorpay_order_id: "order_ForgottenOrder02" }).where("id", "=", o.id).execute();
    const pay = await start(o.number);
    expect(pay.razorpayOrderId).not.toBe("order_ForgottenOrder02");
    expect(await confirm(o.number, paidAnswer(await payAtSandbox(rig.sandbox, pay, CARD_OK)))).toEqual({ ok: true });
    expect(await row(o.id)).toMatchObject({ payment_status: "paid", razorpay_order_id: pay.razorpayOrderId });
  });

  /** Razorpay with automatic capture off for this order: its payments wait, authorized, for the shop to capture them. */
  async function useManualCapture(o: { id: string; number: string }): Promise<void> {
    const auth = Buffer.from(`${DEMO_RAZORPAY.keyId}:${DEMO_RAZORPAY.keySecret}`).toString("base64");
    const res = await fetch(`${rig.sandbox.url}/v1/orders`, {
      method: "POST",
      headers: { authorization: `Basic ${auth}`, "content-type": "application/json" },
      body: JSON.stringify({ amount: Number((await row(o.id)).total_paise), currency: "INR", receipt: o.number, payment_capture: 0 }),
    });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    await t.db.updateTable("orders").set({ razorpay_order_id: id }).where("id", "=", o.id).execute();
  }

  describe("refunds", () => {
    async function paidOrder() {
      const o = await order();
      const answer = await pay(o.number);
      expect(await confirm(o.number, answer)).toEqual({ ok: true });
      await webhooksAnswered(answer.paymentId);
      return { ...o, paymentId: answer.paymentId };
    }

    it("asked twice are made once: refund pending, then refunded when Razorpay says so", async () => {
      const o = await paidOrder();
      expect(await cancelOrderForUser(t, CUSTOMER, o.number)).toMatchObject({ ok: true });
      expect(await cancelOrderForUser(t, CUSTOMER, o.number)).toMatchObject({ ok: false, reason: "conflict" });
      const total = Number((await row(o.id)).total_paise);
      expect(await row(o.id)).toMatchObject({ status: "cancelled", payment_status: "refund_pending" });
      const [refund, ...more] = await refundsOf(o.id);
      expect(more).toEqual([]);
      expect(refund).toMatchObject({ payment_id: o.paymentId, amount_paise: total, reason: "cancelled", status: "requested", razorpay_refund_id: null });
      expect((await jobsNamed("payment.refund")).filter((j) => j.data.refundId === refund!.id)).toHaveLength(1);
      const cancelled = await t.db.selectFrom("mail").select("text_body").where("reference", "=", o.number).where("kind", "=", "order-cancelled").execute();
      expect(cancelled).toHaveLength(1);
      expect(cancelled[0]!.text_body).toContain("We have started a refund of");

      rig.sandbox.setWebhookDelivery({ mode: "hold" });
      await Promise.all([runRefund(t, rig.payments, refund!.id), runRefund(t, rig.payments, refund!.id)]);
      await runRefund(t, rig.payments, refund!.id);
      const made = await sandboxRefunds(o.paymentId);
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ amount: total, payment_id: o.paymentId });
      expect(await refundsOf(o.id)).toMatchObject([{ status: "pending", razorpay_refund_id: made[0]!.id }]);
      expect(await row(o.id)).toMatchObject({ payment_status: "refund_pending" });

      await waitFor("Razorpay processed the refund", async () => (await (await account()).api.fetchRefund(made[0]!.id)).status === "processed");
      await rig.sandbox.releaseWebhooks();
      expect(await refundsOf(o.id)).toMatchObject([{ status: "processed", razorpay_refund_id: made[0]!.id }]);
      expect(await row(o.id)).toMatchObject({ status: "cancelled", payment_status: "refunded" });
    });

    it("follows an administrator's cancellation of a shipped paid order", async () => {
      const o = await paidOrder();
      expect(await advanceVendorPart(t, { vendorId: "vendor-1", number: o.number, from: "pending", actorUserId: "owner-1" })).toMatchObject({ ok: true });
      const shipment = { carrier: "Blue Dart", trackingNumber: "BD12345678" };
      expect(await advanceVendorPart(t, { vendorId: "vendor-1", number: o.number, from: "processing", actorUserId: "owner-1", shipment })).toMatchObject({ ok: true });
      expect(await row(o.id)).toMatchObject({ status: "shipped", payment_status: "paid" });

      expect(await setOrderStatusByAdmin(t, { number: o.number, status: "cancelled", actorUserId: ADMIN })).toMatchObject({ ok: true });
      expect(await row(o.id)).toMatchObject({ status: "cancelled", payment_status: "refund_pending" });
      const [refund, ...more] = await refundsOf(o.id);
      expect(more).toEqual([]);
      expect(refund).toMatchObject({ payment_id: o.paymentId, reason: "cancelled", status: "requested" });
      await runRefund(t, rig.payments, refund!.id);
      await waitFor("the order refunded", async () => (await row(o.id)).payment_status === "refunded");
      expect(await sandboxRefunds(o.paymentId)).toHaveLength(1);
    });

    it("give back a payment made after the customer cancelled the unpaid order", async () => {
      const o = await order();
      const request = await start(o.number);
      expect(await cancelOrderForUser(t, CUSTOMER, o.number)).toMatchObject({ ok: true });
      expect(await row(o.id)).toMatchObject({ status: "cancelled", payment_status: "void" });
      const cancelled = await t.db.selectFrom("mail").select(["kind", "to_address", "text_body"]).where("reference", "=", o.number).execute();
      expect(cancelled.map((m) => [m.kind, m.to_address])).toEqual([["order-cancelled", CUSTOMER_EMAIL]]);
      expect(cancelled[0]!.text_body).toContain("Nothing was charged.");

      // The payment page was still open in another tab.
      const answer = paidAnswer(await payAtSandbox(rig.sandbox, request, CARD_OK));
      expect(await confirm(o.number, answer)).toMatchObject({ ok: false, reason: "conflict" });
      await webhooksAnswered(answer.paymentId);
      expect(await row(o.id)).toMatchObject({ status: "cancelled", payment_status: "void", razorpay_payment_id: null });
      expect(await refundsOf(o.id)).toMatchObject([{ payment_id: answer.paymentId, reason: "surplus", status: "requested" }]);
      expect(await mailOf(o.number)).toEqual([["order-cancelled", CUSTOMER_EMAIL]]);
    });

    it("that Razorpay fails leave the order refund failed", async () => {
      const o = await paidOrder();
      rig.sandbox.setRefundOutcome("failed");
      expect(await cancelOrderForUser(t, CUSTOMER, o.number)).toMatchObject({ ok: true });
      const [refund] = await refundsOf(o.id);
      await runRefund(t, rig.payments, refund!.id);
      await waitFor("the order's refund failed", async () => (await row(o.id)).payment_status === "refund_failed");
      expect(await refundsOf(o.id)).toMatchObject([{ status: "failed" }]);
      expect((await refundsOf(o.id))[0]!.failure).toBeTruthy();
    });
  });

  describe("races", () => {
    it("two callbacks at once pay the order once and announce it once", async () => {
      const o = await order();
      const answer = await pay(o.number);
      expect(await Promise.all([confirm(o.number, answer), confirm(o.number, answer)])).toEqual([{ ok: true }, { ok: true }]);
      expect(await row(o.id)).toMatchObject({ payment_status: "paid", razorpay_payment_id: answer.paymentId });
      await webhooksAnswered(answer.paymentId);
      expect(await mailOf(o.number)).toEqual(placedMail);
      expect((await eventsOf(o.id)).filter((e) => e.event === "callback")).toHaveLength(1);
      expect(await refundsOf(o.id)).toEqual([]);
    });

    it("two successful payments of one order: paid by the first, the second refunded", async () => {
      const o = await order();
      await useManualCapture(o);
      const request = await start(o.number);
      const first = paidAnswer(await payAtSandbox(rig.sandbox, request, CARD_OK));
      const second = paidAnswer(await payAtSandbox(rig.sandbox, request, UPI_OK));
      expect(await confirm(o.number, first)).toEqual({ ok: true });
      expect(await confirm(o.number, second)).toMatchObject({ ok: false, reason: "conflict" });

      const total = Number((await row(o.id)).total_paise);
      expect(await row(o.id)).toMatchObject({ payment_status: "paid", razorpay_payment_id: first.paymentId });
      await webhooksAnswered(second.paymentId, ["payment.captured"]);
      const [refund, ...more] = await refundsOf(o.id);
      expect(more).toEqual([]);
      expect(refund).toMatchObject({ payment_id: second.paymentId, amount_paise: total, reason: "surplus", status: "requested" });
      await runRefund(t, rig.payments, refund!.id);
      await waitFor("the surplus refund processed", async () => (await refundsOf(o.id))[0]!.status === "processed");
      expect(await sandboxRefunds(second.paymentId)).toHaveLength(1);
      expect(await sandboxRefunds(first.paymentId)).toEqual([]);
      expect(await row(o.id)).toMatchObject({ payment_status: "paid", razorpay_payment_id: first.paymentId });
      expect(await mailOf(o.number)).toEqual(placedMail);
    });
  });

  it("a seller cannot ship an unpaid card order, and can once it is paid", async () => {
    const o = await order();
    const advance = () => advanceVendorPart(t, { vendorId: "vendor-1", number: o.number, from: "pending", actorUserId: "owner-1" });
    expect(await advance()).toEqual({ ok: false, reason: "conflict", message: AWAITING_PAYMENT_MESSAGE });
    const part = () => t.db.selectFrom("order_parts").select("status").where("order_number", "=", o.number).executeTakeFirstOrThrow();
    expect(await part()).toEqual({ status: "pending" });
    expect(await confirm(o.number, await pay(o.number))).toEqual({ ok: true });
    expect(await advance()).toMatchObject({ ok: true });
    expect(await part()).toEqual({ status: "processing" });
  });

  // Last: it reads what every flow above left behind.
  it("keeps no card number, security code or Razorpay secret in any table", async () => {
    const tables =
      t.kind === "sqlite"
        ? (await sql<{ schema: string; name: string }>`select 'main' as schema, name from sqlite_master where type = 'table'`.execute(t.db)).rows
        : (
            await sql<{ schema: string; name: string }>`select table_schema as schema, table_name as name from information_schema.tables
              where table_type = 'BASE TABLE' and table_schema in (current_schema(), ${t.jobsSchema!})`.execute(t.db)
          ).rows;
    expect(tables.map((x) => x.name)).toEqual(expect.arrayContaining(["orders", "payment_events", "refunds", "mail", "payment_settings"]));
    const cells: string[] = [];
    for (const table of tables) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(`${table.schema}.${table.name}`)}`.execute(t.db);
      for (const r of rows) {
        for (const [column, value] of Object.entries(r)) {
          const text = Buffer.isBuffer(value) ? value.toString("latin1") : typeof value === "object" && value !== null && !(value instanceof Date) ? JSON.stringify(value) : String(value);
          cells.push(`${table.name}.${column}=${text}`);
        }
      }
    }
    const dump = cells.join("\n");
    // The dump does reach what the flows wrote.
    expect(dump).toContain("pay_");
    expect(dump).toContain(DEMO_RAZORPAY.keyId);

    const spaced = (n: string) => n.replace(/(\d{4})(?=\d)/g, "$1 ");
    for (const secret of [SANDBOX_CARDS.success, SANDBOX_CARDS.declined, spaced(SANDBOX_CARDS.success), spaced(SANDBOX_CARDS.declined), DEMO_RAZORPAY.keySecret, DEMO_RAZORPAY.webhookSecret]) {
      expect(dump).not.toContain(secret);
    }
    // Three digits, or "cvv" inside a random id, turn up by chance: look for the code as a whole value, or named.
    const named = /(^|[^a-z0-9])cvv([^a-z0-9]|$)/i;
    expect(cells.filter((c) => c.endsWith(`=${TEST_CVV}`) || named.test(c))).toEqual([]);
  });
});
