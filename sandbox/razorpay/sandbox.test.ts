import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import vm from "node:vm";
import { describe, expect, onTestFinished, test } from "vitest";
import { CHECKOUT_SCRIPT } from "./checkout-script";
import { SANDBOX_BANK_ACCOUNTS, SANDBOX_CARDS, SANDBOX_UPI, startRazorpaySandbox, type CheckoutPaymentInput, type SandboxAccount } from "./sandbox";

const SHOP: SandboxAccount = { keyId: "rzp_test_ShopSandboxKey", keySecret: "shop-key-secret-1234", webhookSecret: "shop-webhook-secret-5678" };
const OTHER: SandboxAccount = { keyId: "rzp_test_OtherShopKey", keySecret: "other-key-secret-1234", webhookSecret: "other-webhook-secret" };
const EXPIRY_YEAR = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, "0");
const CVV = "739";
const AUTH_FAILED = { error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed", source: "NA", step: "NA", reason: "NA", metadata: {} } };

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A stand-in for the shop's POST /webhooks/razorpay: records every delivery, answers `status(n)` to the nth. */
async function startReceiver(status: (n: number) => number) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(status(received.length)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/razorpay`;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { url, received, close };
}

async function until<T>(what: string, check: () => T | undefined, timeoutMs = 3000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const basic = (a: SandboxAccount) => `Basic ${Buffer.from(`${a.keyId}:${a.keySecret}`).toString("base64")}`;
const events = (received: Received[]) => received.map((r) => (JSON.parse(r.body) as { event: string }).event);

async function setup({
  status = () => 200,
  refundDelayMs = 50,
  transferDelayMs = 50,
  accounts = [SHOP, OTHER],
}: { status?: (n: number) => number; refundDelayMs?: number; transferDelayMs?: number; accounts?: SandboxAccount[] } = {}) {
  const receiver = await startReceiver(status);
  const logs: string[] = [];
  const sandbox = await startRazorpaySandbox({ accounts, webhookUrl: receiver.url, refundDelayMs, transferDelayMs, log: (line) => logs.push(line) });
  onTestFinished(async () => {
    await sandbox.close();
    await receiver.close();
  });

  async function api(method: string, path: string, { body, account = SHOP, headers = {} }: { body?: unknown; account?: SandboxAccount | null; headers?: Record<string, string> } = {}) {
    const res = await fetch(`${sandbox.url}${path}`, {
      method,
      headers: { ...(account ? { authorization: basic(account) } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, json: text ? (JSON.parse(text) as Record<string, unknown> & { error?: Record<string, unknown> }) : null };
  }

  async function createOrder(body: Record<string, unknown> = {}, account = SHOP) {
    const res = await api("POST", "/v1/orders", { body: { amount: 149_900, currency: "INR", receipt: "RC-1001", ...body }, account });
    expect(res.status).toBe(200);
    return res.json as { id: string; amount: number };
  }

  const card = (order: { id: string; amount: number }, number: string, more: Partial<NonNullable<CheckoutPaymentInput["card"]>> = {}): CheckoutPaymentInput => ({
    key_id: SHOP.keyId,
    order_id: order.id,
    amount: order.amount,
    currency: "INR",
    method: "card",
    card: { number, name: "Asha Rao", expiry_month: "12", expiry_year: EXPIRY_YEAR, cvv: CVV, ...more },
    email: "asha@example.com",
    contact: "+919876543210",
  });

  async function checkout(input: unknown) {
    const res = await fetch(`${sandbox.url}/v1/checkout/payments`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(input) });
    return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, unknown> & { error?: Record<string, unknown> } };
  }

  return { sandbox, receiver, logs, api, createOrder, card, checkout };
}

describe("orders", () => {
  test("are created with Razorpay's shape and fetched only by their own account", async () => {
    const { api, createOrder } = await setup();
    const order = await createOrder({ notes: { shop_order: "RC-1001" } });
    expect(order).toEqual({
      id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      entity: "order",
      amount: 149_900,
      amount_paid: 0,
      amount_due: 149_900,
      currency: "INR",
      receipt: "RC-1001",
      offer_id: null,
      status: "created",
      attempts: 0,
      notes: { shop_order: "RC-1001" },
      created_at: expect.any(Number),
    });
    expect((await api("GET", `/v1/orders/${order.id}`)).json).toEqual(order);
    expect(await api("GET", `/v1/orders/${order.id}/payments`)).toMatchObject({ status: 200, json: { entity: "collection", count: 0, items: [] } });

    const elsewhere = await api("GET", `/v1/orders/${order.id}`, { account: OTHER });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.json?.error).toMatchObject({ code: "BAD_REQUEST_ERROR", description: "The id provided does not exist" });
    expect((await api("GET", "/v1/orders/order_NoSuchOrder123")).json?.error?.description).toBe("The id provided does not exist");
  });

  test("refuse bad input with a description", async () => {
    const { api } = await setup();
    const refused = async (body: unknown) => {
      const res = await api("POST", "/v1/orders", { body });
      expect(res.status).toBe(400);
      expect(Object.keys(res.json!.error!)).toEqual(["code", "description", "source", "step", "reason", "metadata"]);
      return res.json!.error!.description;
    };
    expect(await refused({ currency: "INR" })).toBe("The amount field is required.");
    expect(await refused({ amount: 99, currency: "INR" })).toBe("The amount must be atleast INR 1.00");
    expect(await refused({ amount: 100.5, currency: "INR" })).toBe("The amount must be an integer.");
    expect(await refused({ amount: 1000, currency: "USD" })).toBe("The currency must be INR.");
    expect(await refused({ amount: 1000, currency: "INR", colour: "pink" })).toBe("colour is/are not required and should not be sent");
  });

  test("need the right key and secret", async () => {
    const { api } = await setup();
    for (const account of [null, { ...SHOP, keySecret: "wrong-secret" }, { ...SHOP, keyId: "rzp_test_Unknown" }]) {
      const res = await api("POST", "/v1/orders", { body: { amount: 1000, currency: "INR" }, account });
      expect(res.status).toBe(401);
      expect(res.json).toEqual(AUTH_FAILED);
    }
  });
});

describe("checkout payments", () => {
  test("a test card succeeds, is captured at once, pays the order and sends its webhooks", async () => {
    const { api, createOrder, card, checkout, receiver } = await setup();
    const order = await createOrder();
    const res = await checkout(card(order, "4111 1111 1111 1111"));
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const { razorpay_payment_id: paymentId, razorpay_order_id: orderId, razorpay_signature: signature } = res.json as Record<string, string>;
    expect(orderId).toBe(order.id);
    expect(signature).toBe(createHmac("sha256", SHOP.keySecret).update(`${order.id}|${paymentId}`).digest("hex"));

    const payment = (await api("GET", `/v1/payments/${paymentId}`)).json!;
    expect(payment).toMatchObject({
      id: expect.stringMatching(/^pay_[A-Za-z0-9]{14}$/),
      entity: "payment",
      amount: 149_900,
      currency: "INR",
      status: "captured",
      order_id: order.id,
      method: "card",
      captured: true,
      amount_refunded: 0,
      refund_status: null,
      card_id: expect.stringMatching(/^card_/),
      card: { entity: "card", name: "Asha Rao", last4: "1111", network: "Visa", type: "credit", issuer: null, international: false, emi: false },
      vpa: null,
      email: "asha@example.com",
      error_code: null,
    });
    expect(payment.fee).toBeGreaterThan(0);
    expect((await api("GET", `/v1/orders/${order.id}`)).json).toMatchObject({ status: "paid", amount_paid: 149_900, amount_due: 0, attempts: 1 });
    expect((await api("GET", `/v1/orders/${order.id}/payments`)).json).toMatchObject({ count: 1, items: [{ id: paymentId }] });

    await until("three webhooks", () => (receiver.received.length >= 3 ? true : undefined));
    expect(events(receiver.received)).toEqual(["payment.authorized", "payment.captured", "order.paid"]);
    const [authorized, , paid] = receiver.received.map((r) => JSON.parse(r.body) as Record<string, unknown> & { payload: Record<string, { entity: Record<string, unknown> }> });
    // Each event is a snapshot of the moment it happened.
    expect(authorized!.payload.payment!.entity).toMatchObject({ id: paymentId, status: "authorized", captured: false });
    expect(paid).toMatchObject({ entity: "event", account_id: expect.stringMatching(/^acc_[A-Za-z0-9]{14}$/), contains: ["payment", "order"] });
    expect(paid!.payload.order!.entity).toMatchObject({ id: order.id, status: "paid" });
    expect(new Set(receiver.received.map((r) => r.headers["x-razorpay-event-id"])).size).toBe(3);
  });

  test("the declined card fails the payment with the bank's reason", async () => {
    const { api, createOrder, card, checkout, receiver } = await setup();
    const order = await createOrder();
    const res = await checkout(card(order, SANDBOX_CARDS.declined));
    expect(res.status).toBe(200);
    const paymentId = (res.json.error!.metadata as { payment_id: string }).payment_id;
    expect(res.json).toEqual({
      error: {
        code: "BAD_REQUEST_ERROR",
        description: "Your payment was declined by the bank. Please try another card or payment method.",
        source: "bank",
        step: "payment_authorization",
        reason: "card_declined",
        metadata: { payment_id: expect.stringMatching(/^pay_/), order_id: order.id },
      },
    });
    expect((await api("GET", `/v1/payments/${paymentId}`)).json).toMatchObject({
      status: "failed",
      captured: false,
      card: { last4: "0002" },
      error_code: "BAD_REQUEST_ERROR",
      error_description: "Your payment was declined by the bank. Please try another card or payment method.",
      error_source: "bank",
      error_step: "payment_authorization",
      error_reason: "card_declined",
    });
    expect((await api("GET", `/v1/orders/${order.id}`)).json).toMatchObject({ status: "attempted", attempts: 1, amount_paid: 0 });
    await until("payment.failed", () => (receiver.received.length >= 1 ? true : undefined));
    expect(events(receiver.received)).toEqual(["payment.failed"]);
  });

  test("other numbers, past expiries and bad security codes fail with a reason", async () => {
    const { createOrder, card, sandbox } = await setup();
    const order = await createOrder();
    const reason = async (input: CheckoutPaymentInput) => {
      const result = await sandbox.pay(input);
      return "error" in result ? [result.error.reason, result.error.description] : ["success"];
    };
    expect(await reason(card(order, "5555 5555 5555 4444"))).toEqual([
      "invalid_card",
      "Use the sandbox test card 4111 1111 1111 1111, or 4000 0000 0000 0002 for a decline.",
    ]);
    expect((await reason(card(order, SANDBOX_CARDS.success, { expiry_year: "20" })))[0]).toBe("card_expired");
    expect((await reason(card(order, SANDBOX_CARDS.success, { expiry_month: "13" })))[0]).toBe("invalid_card");
    expect((await reason(card(order, SANDBOX_CARDS.success, { cvv: "12" })))[0]).toBe("invalid_cvv");
    expect(await reason(card(order, SANDBOX_CARDS.success, { expiry_year: `20${EXPIRY_YEAR}` }))).toEqual(["success"]);
  });

  test("UPI: the success ID pays, the failure ID and any other fail", async () => {
    const { api, createOrder, sandbox } = await setup();
    const upi = (order: { id: string; amount: number }, vpa: string): CheckoutPaymentInput => ({
      key_id: SHOP.keyId,
      order_id: order.id,
      amount: order.amount,
      currency: "INR",
      method: "upi",
      vpa,
    });
    const first = await createOrder();
    const failed = await sandbox.pay(upi(first, SANDBOX_UPI.failure));
    expect(failed).toMatchObject({
      error: {
        description: "The UPI payment was declined. Please try again or choose another payment method.",
        source: "customer",
        step: "payment_authentication",
        reason: "payment_declined",
      },
    });
    expect(await sandbox.pay(upi(first, "asha@okbank"))).toMatchObject({
      error: { description: "Use the sandbox UPI ID success@razorpay, or failure@razorpay for a failure.", reason: "invalid_vpa" },
    });
    const paid = await sandbox.pay(upi(first, SANDBOX_UPI.success));
    if (!("razorpay_payment_id" in paid)) throw new Error("UPI success@razorpay did not pay");
    expect((await api("GET", `/v1/payments/${paid.razorpay_payment_id}`)).json).toMatchObject({ method: "upi", vpa: "success@razorpay", status: "captured", card_id: null });
    expect((await api("GET", `/v1/payments/${paid.razorpay_payment_id}`)).json).not.toHaveProperty("card");
    expect((await api("GET", `/v1/orders/${first.id}`)).json).toMatchObject({ status: "paid", attempts: 3 });
  });

  test("a wrong amount, key or order creates nothing; a paid order takes no second payment", async () => {
    const { api, createOrder, card, checkout, sandbox } = await setup();
    const order = await createOrder();
    const mismatch = await checkout({ ...card(order, SANDBOX_CARDS.success), amount: 100 });
    expect(mismatch.json.error).toMatchObject({ description: "The amount must match the order amount", metadata: { order_id: order.id } });
    expect((await sandbox.pay({ ...card(order, SANDBOX_CARDS.success), key_id: "rzp_test_Unknown" })) as unknown).toMatchObject({
      error: { description: "Authentication failed" },
    });
    const othersOrder = await createOrder({}, OTHER);
    expect(await sandbox.pay(card(othersOrder, SANDBOX_CARDS.success))).toMatchObject({ error: { description: "The id provided does not exist" } });
    expect((await api("GET", `/v1/orders/${order.id}`)).json).toMatchObject({ status: "created", attempts: 0 });
    expect((await api("GET", `/v1/orders/${order.id}/payments`)).json).toMatchObject({ count: 0 });

    expect(await sandbox.pay(card(order, SANDBOX_CARDS.success))).toHaveProperty("razorpay_payment_id");
    expect(await sandbox.pay(card(order, SANDBOX_CARDS.success))).toMatchObject({
      error: { description: "Order has already been paid", reason: "order_already_paid", metadata: { order_id: order.id } },
    });
    expect((await api("GET", `/v1/orders/${order.id}/payments`)).json).toMatchObject({ count: 1 });
  });

  test("an order created with payment_capture 0 waits for its capture", async () => {
    const { api, createOrder, card, sandbox, receiver } = await setup();
    const order = await createOrder({ payment_capture: 0 });
    const paid = await sandbox.pay(card(order, SANDBOX_CARDS.success));
    if (!("razorpay_payment_id" in paid)) throw new Error("the test card did not pay");
    const id = paid.razorpay_payment_id;
    expect((await api("GET", `/v1/payments/${id}`)).json).toMatchObject({ status: "authorized", captured: false });
    expect((await api("GET", `/v1/orders/${order.id}`)).json).toMatchObject({ status: "attempted", amount_paid: 0 });

    const wrong = await api("POST", `/v1/payments/${id}/capture`, { body: { amount: 100, currency: "INR" } });
    expect(wrong.json?.error?.description).toBe("Capture amount must be equal to the amount authorized");
    const captured = await api("POST", `/v1/payments/${id}/capture`, { body: { amount: order.amount, currency: "INR" } });
    expect(captured).toMatchObject({ status: 200, json: { id, status: "captured", captured: true } });
    expect((await api("GET", `/v1/orders/${order.id}`)).json).toMatchObject({ status: "paid", amount_paid: order.amount, amount_due: 0 });
    const again = await api("POST", `/v1/payments/${id}/capture`, { body: { amount: order.amount, currency: "INR" } });
    expect(again).toMatchObject({ status: 400, json: { error: { description: "This payment has already been captured" } } });

    await until("capture webhooks", () => (receiver.received.length >= 3 ? true : undefined));
    expect(events(receiver.received)).toEqual(["payment.authorized", "payment.captured", "order.paid"]);
  });
});

describe("refunds", () => {
  async function capturedPayment(ctx: Awaited<ReturnType<typeof setup>>) {
    const order = await ctx.createOrder();
    const paid = await ctx.sandbox.pay(ctx.card(order, SANDBOX_CARDS.success));
    if (!("razorpay_payment_id" in paid)) throw new Error("the test card did not pay");
    return paid.razorpay_payment_id;
  }

  test("one idempotency key makes one refund; another body under it is refused", async () => {
    const ctx = await setup({ refundDelayMs: 60_000 });
    const id = await capturedPayment(ctx);
    const key = { "X-Refund-Idempotency": "refund-RC-1001" };
    const first = await ctx.api("POST", `/v1/payments/${id}/refund`, { body: { amount: 149_900, speed: "normal", receipt: "RC-1001" }, headers: key });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      id: expect.stringMatching(/^rfnd_[A-Za-z0-9]{14}$/),
      entity: "refund",
      amount: 149_900,
      currency: "INR",
      payment_id: id,
      notes: [],
      receipt: "RC-1001",
      acquirer_data: { arn: null },
      created_at: expect.any(Number),
      batch_id: null,
      status: "pending",
      speed_processed: "normal",
      speed_requested: "normal",
    });
    const second = await ctx.api("POST", `/v1/payments/${id}/refund`, { body: { receipt: "RC-1001", speed: "normal", amount: 149_900 }, headers: key });
    expect(second).toMatchObject({ status: 200, json: { id: first.json!.id } });
    const changed = await ctx.api("POST", `/v1/payments/${id}/refund`, { body: { amount: 500, speed: "normal", receipt: "RC-1001" }, headers: key });
    expect(changed).toMatchObject({ status: 400, json: { error: { description: "Different request with the same idempotency key has already been processed." } } });
    expect((await ctx.api("GET", `/v1/payments/${id}/refunds`)).json).toMatchObject({ entity: "collection", count: 1 });
    expect((await ctx.api("GET", `/v1/refunds/${first.json!.id as string}`)).json).toMatchObject({ id: first.json!.id, status: "pending" });

    // The pending refund already holds the whole amount.
    const more = await ctx.api("POST", `/v1/payments/${id}/refund`, { body: { amount: 100 } });
    expect(more.status).toBe(400);
    const short = await ctx.api("POST", `/v1/payments/${id}/refund`, { body: {}, headers: { "X-Refund-Idempotency": "short" } });
    expect(short.status).toBe(400);
  });

  test("a refund over what is left, or of an uncaptured payment, is refused", async () => {
    const ctx = await setup();
    const id = await capturedPayment(ctx);
    const over = await ctx.api("POST", `/v1/payments/${id}/refund`, { body: { amount: 149_901 } });
    expect(over).toMatchObject({ status: 400, json: { error: { description: "The refund amount provided is greater than amount captured" } } });
    const order = await ctx.createOrder();
    const failed = await ctx.sandbox.pay(ctx.card(order, SANDBOX_CARDS.declined));
    if (!("error" in failed)) throw new Error("the declined card paid");
    const uncaptured = await ctx.api("POST", `/v1/payments/${failed.error.metadata.payment_id!}/refund`, { body: {} });
    expect(uncaptured.status).toBe(400);
  });

  test("after the delay a refund is processed (or fails) and its webhook goes", async () => {
    const ctx = await setup();
    const id = await capturedPayment(ctx);
    await until("the payment's webhooks", () => (ctx.receiver.received.length >= 3 ? true : undefined));
    const partial = await ctx.api("POST", `/v1/payments/${id}/refund`, { body: { amount: 49_900 } });
    const refundId = partial.json!.id as string;
    const processed = await until("refund.processed", () => ctx.receiver.received.find((r) => r.body.includes('"refund.processed"')));
    const event = JSON.parse(processed.body) as { contains: string[]; payload: { refund: { entity: unknown }; payment: { entity: unknown } } };
    expect(event.contains).toEqual(["refund", "payment"]);
    expect(event.payload.refund.entity).toMatchObject({ id: refundId, status: "processed", amount: 49_900 });
    expect(event.payload.payment.entity).toMatchObject({ id, amount_refunded: 49_900, refund_status: "partial", status: "captured" });
    expect((await ctx.api("GET", `/v1/refunds/${refundId}`)).json).toMatchObject({ status: "processed" });

    // The HTTP control, as a browser test in another process would use it.
    const control = await fetch(`${ctx.sandbox.url}/__sandbox/refunds`, { method: "POST", body: JSON.stringify({ outcome: "failed" }) });
    expect(control.status).toBe(204);
    const rest = await ctx.api("POST", `/v1/payments/${id}/refund`, { body: {} });
    expect(rest.json).toMatchObject({ amount: 100_000, status: "pending" });
    const failed = await until("refund.failed", () => ctx.receiver.received.find((r) => r.body.includes('"refund.failed"')));
    expect(JSON.parse(failed.body)).toMatchObject({ payload: { refund: { entity: { status: "failed" } }, payment: { entity: { amount_refunded: 49_900 } } } });

    ctx.sandbox.setRefundOutcome("processed");
    await ctx.api("POST", `/v1/payments/${id}/refund`, { body: {} });
    await until("the full refund", () => ctx.receiver.received.filter((r) => r.body.includes('"refund.processed"'))[1]);
    expect((await ctx.api("GET", `/v1/payments/${id}`)).json).toMatchObject({ status: "refunded", refund_status: "full", amount_refunded: 149_900 });
  });
});

describe("payments of an earlier run", () => {
  test("are remembered as captured: fetched, partly refunded, and never over-refunded", async () => {
    const receiver = await startReceiver(() => 200);
    const remembered = { id: "pay_RCDemo00000001", orderId: "order_RCDemo00000001", amount: 4_128_82, amountRefunded: 1_000_00, method: "upi" as const, createdAt: "2026-11-01T06:00:00.000Z" };
    const sandbox = await startRazorpaySandbox({ accounts: [{ ...SHOP, payments: [remembered] }, OTHER], webhookUrl: receiver.url, refundDelayMs: 20 });
    onTestFinished(async () => {
      await sandbox.close();
      await receiver.close();
    });
    const api = async (method: string, path: string, body?: unknown, account = SHOP) => {
      const res = await fetch(`${sandbox.url}${path}`, { method, headers: { authorization: basic(account), "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    };

    expect((await api("GET", `/v1/payments/${remembered.id}`)).json).toMatchObject({
      id: remembered.id,
      order_id: remembered.orderId,
      status: "captured",
      captured: true,
      method: "upi",
      amount: 4_128_82,
      amount_refunded: 1_000_00,
      refund_status: "partial",
      created_at: Date.parse(remembered.createdAt) / 1000,
    });
    expect((await api("GET", `/v1/orders/${remembered.orderId}`)).json).toMatchObject({ status: "paid", amount_paid: 4_128_82, amount_due: 0 });
    // Another account's payments are its own.
    expect((await api("GET", `/v1/payments/${remembered.id}`, undefined, OTHER)).status).toBe(400);

    // What was refunded before counts: 3,128.82 is left.
    const over = await api("POST", `/v1/payments/${remembered.id}/refund`, { amount: 3_128_83 });
    expect(over).toMatchObject({ status: 400, json: { error: { description: "The refund amount provided is greater than amount captured" } } });
    const part = await api("POST", `/v1/payments/${remembered.id}/refund`, { amount: 2_000_00 });
    expect(part).toMatchObject({ status: 200, json: { status: "pending", amount: 2_000_00, payment_id: remembered.id } });
    await until("refund.processed", () => receiver.received.find((r) => r.body.includes('"refund.processed"')));
    expect((await api("GET", `/v1/payments/${remembered.id}`)).json).toMatchObject({ status: "captured", amount_refunded: 3_000_00, refund_status: "partial" });
    const rest = await api("POST", `/v1/payments/${remembered.id}/refund`, {});
    expect(rest.json).toMatchObject({ amount: 1_128_82 });
    // Paid orders take no second payment.
    expect(await sandbox.pay({ key_id: SHOP.keyId, order_id: remembered.orderId, amount: 4_128_82, currency: "INR", method: "upi", vpa: SANDBOX_UPI.success })).toMatchObject({
      error: { reason: "order_already_paid" },
    });
  });

  test("are refused when they could not be Razorpay's", async () => {
    const start = (payment: Partial<{ id: string; orderId: string; amount: number; amountRefunded: number }>) =>
      startRazorpaySandbox({ accounts: [{ ...SHOP, payments: [{ id: "pay_RCDemo00000001", orderId: "order_RCDemo00000001", amount: 500_00, amountRefunded: 0, createdAt: new Date(), ...payment }] }] });
    await expect(start({ id: "pay_short" })).rejects.toThrow(/pay_short/);
    await expect(start({ amountRefunded: 600_00 })).rejects.toThrow(/60000 of 50000/);
  });
});

describe("webhooks", () => {
  async function pay(ctx: Awaited<ReturnType<typeof setup>>, number: string = SANDBOX_CARDS.declined) {
    return ctx.sandbox.pay(ctx.card(await ctx.createOrder(), number));
  }

  test("are signed over the exact raw body and say which account and event they are", async () => {
    const ctx = await setup();
    await pay(ctx);
    const [hook] = await until("a webhook", () => (ctx.receiver.received.length ? ctx.receiver.received : undefined));
    expect(hook!.headers["content-type"]).toBe("application/json");
    expect(hook!.headers["x-razorpay-signature"]).toBe(createHmac("sha256", SHOP.webhookSecret).update(hook!.body).digest("hex"));
    expect(hook!.headers["x-razorpay-event-id"]).toMatch(/^evt_[A-Za-z0-9]{14}$/);
    expect(JSON.parse(hook!.body)).toMatchObject({ entity: "event", event: "payment.failed", contains: ["payment"], created_at: expect.any(Number) });
    await until("the record", () => (ctx.sandbox.sentWebhooks().length ? true : undefined));
    expect(ctx.sandbox.sentWebhooks()).toEqual([
      { eventId: hook!.headers["x-razorpay-event-id"], event: "payment.failed", body: hook!.body, status: 200, error: null },
    ]);
  });

  test("copies: 3 sends each event three times under one event id", async () => {
    const ctx = await setup();
    ctx.sandbox.setWebhookDelivery({ copies: 3 });
    await pay(ctx);
    await until("three copies", () => (ctx.receiver.received.length >= 3 ? true : undefined));
    expect(events(ctx.receiver.received)).toEqual(["payment.failed", "payment.failed", "payment.failed"]);
    expect(new Set(ctx.receiver.received.map((r) => r.headers["x-razorpay-event-id"])).size).toBe(1);
    expect(new Set(ctx.receiver.received.map((r) => r.body)).size).toBe(1);
  });

  test("held events wait for the release, newest first when reversed", async () => {
    const ctx = await setup();
    const control = (path: string, body?: unknown) =>
      fetch(`${ctx.sandbox.url}/__sandbox/${path}`, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) });
    expect((await control("webhooks", { mode: "hold", reverse: true })).status).toBe(204);
    await pay(ctx, SANDBOX_CARDS.success);
    expect(ctx.receiver.received).toEqual([]);
    expect((await control("webhooks/release")).status).toBe(204);
    // The release answers once every held event has been answered.
    expect(events(ctx.receiver.received)).toEqual(["order.paid", "payment.captured", "payment.authorized"]);
    const sent = (await (await fetch(`${ctx.sandbox.url}/__sandbox/webhooks`)).json()) as { event: string; status: number }[];
    expect(sent.map((s) => [s.event, s.status])).toEqual([
      ["order.paid", 200],
      ["payment.captured", 200],
      ["payment.authorized", 200],
    ]);
    expect((await control("webhooks", { mode: "sometimes" })).status).toBe(400);
  });

  test("dropped events are never sent", async () => {
    const ctx = await setup();
    ctx.sandbox.setWebhookDelivery({ mode: "drop" });
    await pay(ctx);
    ctx.sandbox.setWebhookDelivery({ mode: "normal" });
    await pay(ctx, "5555 5555 5555 4444");
    // Sends go one at a time in order, so once the later event is in, the dropped one is not coming.
    await until("the later event", () => (ctx.receiver.received.length ? true : undefined));
    expect(ctx.receiver.received).toHaveLength(1);
    expect(JSON.parse(ctx.receiver.received[0]!.body)).toMatchObject({ payload: { payment: { entity: { error_reason: "invalid_card" } } } });
  });

  test("a refused send is retried, with every attempt recorded", async () => {
    const ctx = await setup({ status: (n) => (n === 1 ? 503 : 200) });
    await pay(ctx);
    await until("the retry", () => (ctx.sandbox.sentWebhooks().length >= 2 ? true : undefined));
    const [first, retry] = ctx.sandbox.sentWebhooks();
    expect(first).toMatchObject({ event: "payment.failed", status: 503 });
    expect(retry).toMatchObject({ eventId: first!.eventId, status: 200, body: first!.body });
  });

  test("an unreachable receiver is recorded as an error", async () => {
    const ctx = await setup();
    ctx.sandbox.setWebhookUrl("http://127.0.0.1:9/webhooks/razorpay");
    ctx.sandbox.setWebhookDelivery({ mode: "hold" });
    await pay(ctx);
    await ctx.sandbox.releaseWebhooks();
    expect(ctx.sandbox.sentWebhooks()).toEqual([expect.objectContaining({ event: "payment.failed", status: null, error: expect.any(String) })]);
  });
});

describe("Route", () => {
  const seller = {
    email: "sales@nehru-place-pcs.example",
    phone: "9876543210",
    type: "route",
    reference_id: "vendor-42",
    legal_business_name: "Nehru Place PCs",
    business_type: "proprietorship",
    contact_name: "Meera Iyer",
  };
  const bank = { account_number: "50100123456789", ifsc_code: "HDFC0000317", beneficiary_name: "Meera Iyer" };

  /** Route's onboarding as the shop's client makes it: account, stakeholder, product, bank account. */
  async function onboard(ctx: Awaited<ReturnType<typeof setup>>, settlements: Record<string, unknown> = bank) {
    const account = await ctx.api("POST", "/v2/accounts", { body: seller });
    expect(account.status).toBe(200);
    const id = account.json!.id as string;
    expect((await ctx.api("POST", `/v2/accounts/${id}/stakeholders`, { body: { name: "Meera Iyer", email: seller.email } })).status).toBe(200);
    const product = await ctx.api("POST", `/v2/accounts/${id}/products`, { body: { product_name: "route", tnc_accepted: true } });
    expect(product.status).toBe(200);
    const updated = await ctx.api("PATCH", `/v2/accounts/${id}/products/${product.json!.id as string}/`, { body: { settlements, tnc_accepted: true } });
    return { id, productId: product.json!.id as string, account: account.json!, product: product.json!, updated };
  }

  async function settled(ctx: Awaited<ReturnType<typeof setup>>, transferId: string, status: string) {
    const start = Date.now();
    while ((await ctx.api("GET", `/v1/transfers/${transferId}`)).json!.status !== status) {
      if (Date.now() - start > 3000) throw new Error(`Timed out waiting for ${transferId} to be ${status}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  type Event = { entity: string; event: string; account_id: string; contains: string[]; payload: { transfer: { entity: Record<string, unknown> } }; created_at: number };
  const transferEvents = (received: Received[]) => received.map((r) => JSON.parse(r.body) as Event).filter((e) => e.event.startsWith("transfer."));

  test("a linked account is onboarded in Route's steps and seen only by its merchant", async () => {
    const ctx = await setup();
    const { id, productId, account, product, updated } = await onboard(ctx);
    expect(account).toEqual({
      id: expect.stringMatching(/^acc_[A-Za-z0-9]{14}$/),
      type: "route",
      status: "created",
      email: seller.email,
      phone: "9876543210",
      reference_id: "vendor-42",
      legal_business_name: "Nehru Place PCs",
      customer_facing_business_name: "Nehru Place PCs",
      business_type: "proprietorship",
      contact_name: "Meera Iyer",
      profile: null,
      legal_info: null,
      notes: [],
      created_at: expect.any(Number),
    });
    expect(product).toMatchObject({
      id: expect.stringMatching(/^acc_prd_[A-Za-z0-9]{14}$/),
      product_name: "route",
      account_id: id,
      activation_status: "needs_clarification",
      requirements: [
        { field_reference: "settlements.beneficiary_name", reason_code: "field_missing", status: "required" },
        { field_reference: "settlements.account_number", reason_code: "field_missing", status: "required" },
        { field_reference: "settlements.ifsc_code", reason_code: "field_missing", status: "required" },
      ],
      tnc: { accepted: true },
    });
    expect(updated).toMatchObject({
      status: 200,
      json: { id: productId, activation_status: "activated", active_configuration: { settlements: bank }, requirements: [] },
    });
    expect((await ctx.api("GET", `/v2/accounts/${id}`)).json).toEqual(account);
    expect((await ctx.api("GET", `/v2/accounts/${id}/products/${productId}`)).json).toMatchObject({ activation_status: "activated" });
    // Asking for Route again answers the same configuration.
    expect((await ctx.api("POST", `/v2/accounts/${id}/products`, { body: { product_name: "route" } })).json).toMatchObject({ id: productId });

    const elsewhere = await ctx.api("GET", `/v2/accounts/${id}`, { account: OTHER });
    expect(elsewhere).toMatchObject({
      status: 400,
      json: { error: { code: "BAD_REQUEST_ERROR", description: "Linked account does not exist", reason: "linked_account_id_does_not_exist" } },
    });
  });

  test("linked accounts refuse bad input in Razorpay's error shape", async () => {
    const ctx = await setup();
    const refused = async (method: string, path: string, body: unknown) => {
      const res = await ctx.api(method, path, { body });
      expect(res.status).toBe(400);
      expect(Object.keys(res.json!.error!)).toEqual(["code", "description", "source", "step", "reason", "metadata"]);
      return res.json!.error!.description;
    };
    const { email: _email, ...noEmail } = seller;
    expect(await refused("POST", "/v2/accounts", noEmail)).toBe("The email field is required.");
    expect(await refused("POST", "/v2/accounts", { ...seller, email: "not an email" })).toBe("The email must be a valid email address.");
    expect(await refused("POST", "/v2/accounts", { ...seller, type: "standard" })).toBe("The type must be route.");
    expect(await refused("POST", "/v2/accounts", { ...seller, legal_business_name: "PC" })).toBe("The legal business name must be at least 4 characters.");
    expect(await refused("POST", "/v2/accounts", { ...seller, phone: "12" })).toBe("The phone must be 8 to 15 digits.");
    expect(await refused("POST", "/v2/accounts", { ...seller, reference_id: "x".repeat(21) })).toBe("The reference id may not be greater than 20 characters.");
    expect(await refused("POST", "/v2/accounts", { ...seller, gstin: "x" })).toBe("gstin is/are not required and should not be sent");

    const unknown = await ctx.api("POST", "/v2/accounts/acc_NoSuchAccount1/stakeholders", { body: { name: "Meera Iyer", email: seller.email } });
    expect(unknown).toMatchObject({ status: 400, json: { error: { description: "Linked account does not exist", reason: "linked_account_id_does_not_exist" } } });

    const badIfsc = await onboard(ctx, { ...bank, ifsc_code: "HDFC1000317" });
    expect(badIfsc.updated).toMatchObject({ status: 400, json: { error: { description: "The ifsc code must be a valid IFSC, like HDFC0000317." } } });
    for (const ifsc_code of ["hdfc0000317", "HDFC000031", "HDF00000317"]) {
      expect(await refused("PATCH", `/v2/accounts/${badIfsc.id}/products/${badIfsc.productId}`, { settlements: { ...bank, ifsc_code } })).toBe(
        "The ifsc code must be a valid IFSC, like HDFC0000317.",
      );
    }
    expect(await refused("PATCH", `/v2/accounts/${badIfsc.id}/products/${badIfsc.productId}`, { settlements: { ...bank, account_number: "12" } })).toBe(
      "The account number must be 5 to 35 letters or digits.",
    );
    // Without a settlement bank account the linked account takes no transfers.
    expect(await refused("POST", "/v1/transfers", { account: badIfsc.id, amount: 1000, currency: "INR" })).toBe(
      "The linked account is not activated for Route: add its settlement bank account first.",
    );
  });

  test("a transfer is pending, then processed, with a signed transfer.processed webhook", async () => {
    const ctx = await setup();
    const { id } = await onboard(ctx);
    const res = await ctx.api("POST", "/v1/transfers", {
      body: { account: id, amount: 1_23_450, currency: "INR", notes: { payout_id: "payout-7" } },
      headers: { "X-Transfer-Idempotency": "payout-7" },
    });
    expect(res.status).toBe(200);
    const transferId = res.json!.id as string;
    expect(res.json).toEqual({
      id: expect.stringMatching(/^trf_[A-Za-z0-9]{14}$/),
      entity: "transfer",
      status: "pending",
      source: expect.stringMatching(/^acc_[A-Za-z0-9]{14}$/),
      recipient: id,
      amount: 1_23_450,
      currency: "INR",
      amount_reversed: 0,
      fees: 364,
      tax: 56,
      notes: { payout_id: "payout-7" },
      linked_account_notes: [],
      on_hold: false,
      on_hold_until: null,
      recipient_settlement_id: null,
      error: { code: null, description: null, reason: null, field: null, step: null, id: transferId, source: null, metadata: null },
      processed_at: null,
      created_at: expect.any(Number),
    });

    const hook = await until("transfer.processed", () => ctx.receiver.received.find((r) => r.body.includes('"transfer.processed"')));
    expect(hook.headers["x-razorpay-signature"]).toBe(createHmac("sha256", SHOP.webhookSecret).update(hook.body).digest("hex"));
    expect(hook.headers["x-razorpay-event-id"]).toMatch(/^evt_[A-Za-z0-9]{14}$/);
    const event = JSON.parse(hook.body) as Event;
    expect(event).toMatchObject({ entity: "event", event: "transfer.processed", account_id: res.json!.source, contains: ["transfer"], created_at: expect.any(Number) });
    expect(event.payload.transfer.entity).toMatchObject({ id: transferId, status: "processed", processed_at: expect.any(Number), notes: { payout_id: "payout-7" } });
    expect((await ctx.api("GET", `/v1/transfers/${transferId}`)).json).toMatchObject({ id: transferId, status: "processed", processed_at: expect.any(Number) });
    expect((await ctx.api("GET", `/v1/transfers/${transferId}`, { account: OTHER })).json?.error?.description).toBe("The id provided does not exist");
  });

  test("one idempotency key transfers once; another body under it is refused", async () => {
    const ctx = await setup({ transferDelayMs: 60_000 });
    const { id } = await onboard(ctx);
    const key = { "X-Transfer-Idempotency": "payout-RC-1001-vendor-42" };
    const body = { account: id, amount: 50_000, currency: "INR", notes: { payout_id: "p1" } };
    const first = await ctx.api("POST", "/v1/transfers", { body, headers: key });
    const again = await ctx.api("POST", "/v1/transfers", { body: { notes: { payout_id: "p1" }, currency: "INR", amount: 50_000, account: id }, headers: key });
    expect(first.status).toBe(200);
    expect(again).toMatchObject({ status: 200, json: { id: first.json!.id } });
    const changed = await ctx.api("POST", "/v1/transfers", { body: { ...body, amount: 60_000 }, headers: key });
    expect(changed).toMatchObject({ status: 400, json: { error: { description: "Different request with the same idempotency key has already been processed." } } });
    const short = await ctx.api("POST", "/v1/transfers", { body, headers: { "X-Transfer-Idempotency": "p1" } });
    expect(short.json?.error?.description).toBe("The idempotency key must be 4 to 36 letters, digits, hyphens, underscores or spaces.");
    // Without a key each request is a new transfer, as at Razorpay.
    const other = await ctx.api("POST", "/v1/transfers", { body });
    expect(other.json!.id).not.toBe(first.json!.id);
  });

  test("transfers refuse a missing or unknown account and an amount that is not a positive integer", async () => {
    const ctx = await setup();
    const { id } = await onboard(ctx);
    const refused = async (body: unknown) => {
      const res = await ctx.api("POST", "/v1/transfers", { body });
      expect(res.status).toBe(400);
      expect(res.json!.error!.code).toBe("BAD_REQUEST_ERROR");
      return res.json!.error!.description;
    };
    expect(await refused({ amount: 1000, currency: "INR" })).toBe("The account field is required.");
    expect(await refused({ account: "vendor-42", amount: 1000, currency: "INR" })).toBe("vendor-42 is not a valid id");
    expect(await refused({ account: "acc_NoSuchAccount1", amount: 1000, currency: "INR" })).toBe("Linked account does not exist");
    expect(await refused({ account: id, currency: "INR" })).toBe("The amount field is required.");
    expect(await refused({ account: id, amount: 0, currency: "INR" })).toBe("The amount must be a positive integer.");
    expect(await refused({ account: id, amount: -500, currency: "INR" })).toBe("The amount must be a positive integer.");
    expect(await refused({ account: id, amount: 10.5, currency: "INR" })).toBe("The amount must be an integer.");
    expect(await refused({ account: id, amount: "1000", currency: "INR" })).toBe("The amount must be an integer.");
    expect(await refused({ account: id, amount: 1000, currency: "USD" })).toBe("The currency must be INR.");
    // Another merchant's linked account is unknown to this one.
    const theirs = await ctx.api("POST", "/v1/transfers", { body: { account: id, amount: 1000, currency: "INR" }, account: OTHER });
    expect(theirs.json?.error?.description).toBe("Linked account does not exist");
    // None of them made a transfer: events go in order, so the next good one's is the first.
    const good = await ctx.api("POST", "/v1/transfers", { body: { account: id, amount: 1000, currency: "INR" } });
    await until("its webhook", () => (transferEvents(ctx.receiver.received).length ? true : undefined));
    expect(transferEvents(ctx.receiver.received).map((e) => e.payload.transfer.entity.id)).toEqual([good.json!.id]);
  });

  test(`the bank account ${SANDBOX_BANK_ACCOUNTS.failing} fails every transfer with transfer.failed and the bank's reason`, async () => {
    const ctx = await setup();
    const { id } = await onboard(ctx, { ...bank, account_number: SANDBOX_BANK_ACCOUNTS.failing });
    const res = await ctx.api("POST", "/v1/transfers", { body: { account: id, amount: 75_000, currency: "INR" }, headers: { "X-Transfer-Idempotency": "payout-9" } });
    expect(res.json).toMatchObject({ status: "pending", recipient: id });
    const hook = await until("transfer.failed", () => ctx.receiver.received.find((r) => r.body.includes('"transfer.failed"')));
    expect(hook.headers["x-razorpay-signature"]).toBe(createHmac("sha256", SHOP.webhookSecret).update(hook.body).digest("hex"));
    const failedError = {
      code: "BAD_REQUEST_ERROR",
      description: "The beneficiary bank rejected the transfer.",
      reason: "beneficiary_bank_rejected",
      source: "beneficiary_bank",
      step: "transfer_processing",
      id: res.json!.id,
    };
    expect((JSON.parse(hook.body) as Event).payload.transfer.entity).toMatchObject({ id: res.json!.id, status: "failed", processed_at: null, error: failedError });
    expect((await ctx.api("GET", `/v1/transfers/${res.json!.id as string}`)).json).toMatchObject({ status: "failed", error: failedError });
    // The same key answers the failed transfer; it does not try again.
    const again = await ctx.api("POST", "/v1/transfers", { body: { account: id, amount: 75_000, currency: "INR" }, headers: { "X-Transfer-Idempotency": "payout-9" } });
    expect(again.json).toMatchObject({ id: res.json!.id, status: "failed" });
    expect(transferEvents(ctx.receiver.received).map((e) => e.event)).toEqual(["transfer.failed"]);
  });

  test("transfer webhooks can be held, delivered out of order and replayed", async () => {
    const ctx = await setup();
    const good = await onboard(ctx);
    const bad = await onboard(ctx, { ...bank, account_number: SANDBOX_BANK_ACCOUNTS.failing });
    ctx.sandbox.setWebhookDelivery({ mode: "hold", reverse: true });
    const first = await ctx.api("POST", "/v1/transfers", { body: { account: good.id, amount: 1000, currency: "INR" } });
    await settled(ctx, first.json!.id as string, "processed");
    const second = await ctx.api("POST", "/v1/transfers", { body: { account: bad.id, amount: 2000, currency: "INR" } });
    await settled(ctx, second.json!.id as string, "failed");
    expect(ctx.receiver.received).toEqual([]);

    await ctx.sandbox.releaseWebhooks();
    expect(transferEvents(ctx.receiver.received).map((e) => [e.event, e.payload.transfer.entity.id])).toEqual([
      ["transfer.failed", second.json!.id],
      ["transfer.processed", first.json!.id],
    ]);

    // A replay is the same event again: same id, body and signature.
    const processed = ctx.sandbox.sentWebhooks().find((w) => w.event === "transfer.processed")!;
    const control = await fetch(`${ctx.sandbox.url}/__sandbox/webhooks/replay`, { method: "POST", body: JSON.stringify({ eventId: processed.eventId }) });
    expect(control.status).toBe(204);
    await ctx.sandbox.replayWebhook(processed.eventId);
    const copies = ctx.receiver.received.filter((r) => r.headers["x-razorpay-event-id"] === processed.eventId);
    expect(copies).toHaveLength(3);
    expect(new Set(copies.map((c) => `${c.body}|${String(c.headers["x-razorpay-signature"])}`)).size).toBe(1);
    expect(ctx.sandbox.sentWebhooks().filter((w) => w.eventId === processed.eventId)).toHaveLength(3);
    const unknown = await fetch(`${ctx.sandbox.url}/__sandbox/webhooks/replay`, { method: "POST", body: JSON.stringify({ eventId: "evt_NoSuchEvent1234" }) });
    expect(unknown.status).toBe(404);
    await expect(ctx.sandbox.replayWebhook("evt_NoSuchEvent1234")).rejects.toThrow(/evt_NoSuchEvent1234/);
  });

  test("linked accounts of an earlier run are remembered, ready for transfers", async () => {
    const remembered = {
      id: "acc_RCDemoSeller01",
      email: seller.email,
      legalBusinessName: "Nehru Place PCs",
      contactName: "Meera Iyer",
      bankAccount: { accountNumber: SANDBOX_BANK_ACCOUNTS.failing, ifsc: "HDFC0000317", beneficiaryName: "Meera Iyer" },
      createdAt: "2026-11-01T06:00:00.000Z",
    };
    const ctx = await setup({ accounts: [{ ...SHOP, linkedAccounts: [remembered] }, OTHER] });
    expect((await ctx.api("GET", `/v2/accounts/${remembered.id}`)).json).toMatchObject({
      id: remembered.id,
      legal_business_name: "Nehru Place PCs",
      created_at: Date.parse(remembered.createdAt) / 1000,
    });
    const res = await ctx.api("POST", "/v1/transfers", { body: { account: remembered.id, amount: 1000, currency: "INR" } });
    expect(res.json).toMatchObject({ status: "pending", recipient: remembered.id });
    await until("transfer.failed", () => ctx.receiver.received.find((r) => r.body.includes('"transfer.failed"')));
    await expect(startRazorpaySandbox({ accounts: [{ ...SHOP, linkedAccounts: [{ ...remembered, bankAccount: { ...remembered.bankAccount, ifsc: "HDFC1000317" } }] }] })).rejects.toThrow(
      /HDFC1000317 is not an IFSC/,
    );
  });
});

describe("the browser side", () => {
  test("razorpay.js pays through the sandbox that served it", async () => {
    const ctx = await setup();
    const res = await fetch(`${ctx.sandbox.url}/v1/razorpay.js`);
    expect(res.headers.get("content-type")).toMatch(/^application\/javascript/);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const context = vm.createContext({ document: { currentScript: { src: `${ctx.sandbox.url}/v1/razorpay.js` } }, fetch, setTimeout, URL, JSON, Number, String });
    context.window = context;
    vm.runInContext(await res.text(), context);

    const order = await ctx.createOrder();
    const rzp = new context.Razorpay({ key: SHOP.keyId });
    const ready = new Promise((resolve) => rzp.once("ready", resolve));
    const outcome = new Promise<Record<string, unknown>>((resolve) => {
      rzp.on("payment.success", resolve);
      rzp.on("payment.error", resolve);
    });
    await ready;
    rzp.createPayment({
      amount: order.amount,
      currency: "INR",
      order_id: order.id,
      email: "asha@example.com",
      contact: "+919876543210",
      method: "card",
      "card[name]": "Asha Rao",
      "card[number]": "4111 1111 1111 1111",
      "card[expiry_month]": "12",
      "card[expiry_year]": EXPIRY_YEAR,
      "card[cvv]": CVV,
    });
    const success = (await outcome) as Record<string, string>;
    expect(success.razorpay_order_id).toBe(order.id);
    expect(success.razorpay_signature).toBe(createHmac("sha256", SHOP.keySecret).update(`${order.id}|${success.razorpay_payment_id}`).digest("hex"));

    const upiError = new Promise<{ error: Record<string, unknown> }>((resolve) => rzp.once("payment.error", resolve));
    rzp.createPayment({ amount: order.amount, currency: "INR", order_id: order.id, method: "upi", vpa: SANDBOX_UPI.success });
    expect((await upiError).error).toMatchObject({ reason: "order_already_paid" });
  });

  test("razorpay.js reports an unreachable gateway as NETWORK_ERROR", async () => {
    const context = vm.createContext({ document: { currentScript: { src: "http://127.0.0.1:9/v1/razorpay.js" } }, fetch, setTimeout, URL, JSON, Number, String });
    context.window = context;
    vm.runInContext(CHECKOUT_SCRIPT, context);
    const rzp = new context.Razorpay({ key: SHOP.keyId });
    const failure = new Promise<{ error: Record<string, unknown> }>((resolve) => rzp.on("payment.error", resolve));
    rzp.createPayment({ amount: 1000, currency: "INR", order_id: "order_Unreachable1234", method: "upi", vpa: SANDBOX_UPI.success });
    expect((await failure).error).toMatchObject({
      code: "NETWORK_ERROR",
      description: "We could not reach the payment gateway. Please check your connection and try again.",
      metadata: { order_id: "order_Unreachable1234" },
    });
  });

  test("the payment endpoint answers CORS preflights", async () => {
    const { sandbox } = await setup();
    const res = await fetch(`${sandbox.url}/v1/checkout/payments`, {
      method: "OPTIONS",
      headers: { origin: "http://127.0.0.1:4173", "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toContain("POST");
    expect(res.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("content-type");
  });
});

test("unknown routes are 404 and bodies over 64 KB are 413, in Razorpay's error shape", async () => {
  const { api } = await setup();
  const missing = await api("GET", "/v1/customers");
  expect(missing).toMatchObject({ status: 404, json: { error: { code: "BAD_REQUEST_ERROR" } } });
  const large = await api("POST", "/v1/orders", { body: { amount: 1000, currency: "INR", receipt: "x".repeat(70_000) } });
  expect(large).toMatchObject({ status: 413, json: { error: { code: "BAD_REQUEST_ERROR" } } });
});

test("no stored object, webhook or log line holds the card number or the CVV", async () => {
  const ctx = await setup();
  const seen: string[] = [];
  for (const number of ["4111 1111 1111 1111", SANDBOX_CARDS.declined, "5555 5555 5555 4444"]) {
    const order = await ctx.createOrder();
    const result = await ctx.checkout(ctx.card(order, number));
    seen.push(JSON.stringify(result.json));
    seen.push(JSON.stringify((await ctx.api("GET", `/v1/orders/${order.id}/payments`)).json));
  }
  await until("the webhooks", () => (ctx.sandbox.sentWebhooks().length >= 5 ? true : undefined));
  seen.push(...ctx.sandbox.sentWebhooks().map((s) => s.body), ...ctx.receiver.received.map((r) => r.body), ...ctx.logs);
  expect(ctx.logs.length).toBeGreaterThan(0);
  // The hint for an unknown card names the test cards: fixed text, not what was typed.
  const hint = "Use the sandbox test card 4111 1111 1111 1111, or 4000 0000 0000 0002 for a decline.";
  expect(seen.some((text) => text.includes(hint))).toBe(true);
  for (const text of seen) {
    const compact = text.replaceAll(hint, "").replace(/\s+/g, "");
    for (const number of [SANDBOX_CARDS.success, SANDBOX_CARDS.declined, "5555555555554444"]) expect(compact).not.toContain(number);
    expect(text).not.toMatch(/cvv/i);
    expect(text).not.toMatch(new RegExp(`"${CVV}"`));
  }
});
