import { createHmac, randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { DEMO_RAZORPAY } from "~/seed/demo-payments";
import { placeOrder, type PlaceOrderInput } from "~/modules/orders/orders.server";
import { createPayments, type Payments } from "~/modules/payments/gateway.server";
import type { PayRequest } from "~/modules/payments/razorpay-checkout";
import { createSecretBox } from "~/lib/secret-box.server";
import { savePaymentSettings } from "~/modules/payments/settings.server";
import { startRazorpaySandbox, SANDBOX_CARDS, SANDBOX_UPI, type CheckoutPaymentResult, type RazorpaySandbox, type SentWebhook } from "../../sandbox/razorpay/sandbox";
import { razorpayWebhooks } from "../../server/razorpay-webhooks";
import { shippingAddress } from "./fixtures";
import type { TestDatabase } from "./test-db";

/**
 * The shop paid through its offline Razorpay sandbox, for integration tests: the demo's sandbox
 * keys saved in Payment Settings, the sandbox on a free port, and the shop's webhook endpoint on
 * another, where the sandbox sends its webhooks.
 */
export interface RazorpayRig {
  sandbox: RazorpaySandbox;
  payments: Payments;
  /** The shop's POST /webhooks/razorpay. */
  webhookUrl: string;
  /** Back to the sandbox's defaults: webhooks sent at once, one copy each, refunds processed. */
  reset(): void;
  close(): Promise<void>;
}

export async function startRazorpayRig(t: TestDatabase, { refundDelayMs = 30, transferDelayMs }: { refundDelayMs?: number; transferDelayMs?: number } = {}): Promise<RazorpayRig> {
  const box = createSecretBox(randomBytes(32));
  await savePaymentSettings(t.db, box, {
    razorpay: { enabled: true, ...DEMO_RAZORPAY },
    cod: { enabled: true },
    stripe: { enabled: false, publishableKey: null },
    bank: { enabled: false, accountName: null, bankName: null, ifsc: null },
  });
  const sandbox = await startRazorpaySandbox({ accounts: [DEMO_RAZORPAY], port: 0, refundDelayMs, ...(transferDelayMs === undefined ? {} : { transferDelayMs }) });
  const payments = createPayments({ db: t.db, secrets: box, sandbox: { url: sandbox.url, keyId: DEMO_RAZORPAY.keyId } });
  const app = express();
  app.post("/webhooks/razorpay", ...razorpayWebhooks(t, payments));
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/razorpay`;
  const reset = () => {
    sandbox.setWebhookUrl(webhookUrl);
    sandbox.setWebhookDelivery({ mode: "normal", copies: 1, delayMs: 0, reverse: false });
    sandbox.setRefundOutcome("processed");
  };
  reset();
  return {
    sandbox,
    payments,
    webhookUrl,
    reset,
    async close() {
      await sandbox.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** An unusual CVV, so a search of the database for it means something. */
export const TEST_CVV = "987";

/** Two digits, a few years ahead: the sandbox refuses an expired card. */
const EXPIRY_YEAR = String((new Date().getUTCFullYear() + 4) % 100).padStart(2, "0");

export type Instrument = { card: string } | { vpa: string };
export const CARD_OK: Instrument = { card: SANDBOX_CARDS.success };
export const CARD_DECLINED: Instrument = { card: SANDBOX_CARDS.declined };
export const UPI_OK: Instrument = { vpa: SANDBOX_UPI.success };

/** What the checkout script sends for a pay request, as a customer typing into the shop's fields. */
export function payAtSandbox(sandbox: RazorpaySandbox, pay: PayRequest, instrument: Instrument): Promise<CheckoutPaymentResult> {
  const common = { key_id: pay.keyId, order_id: pay.razorpayOrderId, amount: pay.amount, currency: pay.currency, email: pay.prefill.email, contact: pay.prefill.contact };
  if ("vpa" in instrument) return sandbox.pay({ ...common, method: "upi", vpa: instrument.vpa });
  return sandbox.pay({
    ...common,
    method: "card",
    card: { number: instrument.card, name: pay.prefill.name, expiry_month: "12", expiry_year: EXPIRY_YEAR, cvv: TEST_CVV },
  });
}

/** The checkout's success answer, as the browser posts it back; throws on a refusal. */
export function paidAnswer(result: CheckoutPaymentResult): { paymentId: string; orderId: string; signature: string } {
  if ("error" in result) throw new Error(`the sandbox refused the payment: ${result.error.description}`);
  return { paymentId: result.razorpay_payment_id, orderId: result.razorpay_order_id, signature: result.razorpay_signature };
}

/** Places a card (or UPI) order of one item for `userId`; its number and id. */
export async function placeOnlineOrder(
  t: TestDatabase,
  input: { userId: string; idempotencyKey: string; lines: PlaceOrderInput["lines"]; paymentMethod?: PlaceOrderInput["paymentMethod"] },
): Promise<{ number: string; id: string }> {
  const r = await placeOrder(t, { address: shippingAddress, paymentMethod: "card", ...input });
  if (!r.ok) throw new Error(r.message);
  const { id } = await t.db.selectFrom("orders").select("id").where("number", "=", r.number).executeTakeFirstOrThrow();
  return { number: r.number, id };
}

/** Razorpay's webhook signature: HMAC-SHA256 of the exact body under the webhook secret. */
export function signWebhook(body: string, secret: string = DEMO_RAZORPAY.webhookSecret): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

/** The webhooks the sandbox sent about one payment (by its id in the payload). */
export function webhooksOf(sandbox: RazorpaySandbox, paymentId: string): SentWebhook[] {
  return sandbox.sentWebhooks().filter((w) => {
    const body = JSON.parse(w.body) as { payload: { payment?: { entity: { id: string } } } };
    return body.payload.payment?.entity.id === paymentId;
  });
}

/** Polls `check` until it is true; no fixed sleeps. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
