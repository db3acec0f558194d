import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The part of Razorpay's REST API the shop uses (orders, payments, refunds, and Route's linked
 * accounts and transfers that pay sellers), over plain fetch
 * with HTTP Basic auth (docs/decisions/014). The same client talks to the shop's sandbox.
 */

export interface RazorpayOrder {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: "created" | "attempted" | "paid";
  attempts: number;
  notes: Record<string, string> | unknown[];
  created_at: number;
}

export interface RazorpayPayment {
  id: string;
  entity: "payment";
  amount: number;
  currency: string;
  status: "created" | "authorized" | "captured" | "refunded" | "failed";
  order_id: string | null;
  method: string;
  amount_refunded: number;
  refund_status: null | "partial" | "full";
  captured: boolean;
  error_code: string | null;
  error_description: string | null;
  error_reason: string | null;
  created_at: number;
}

export interface RazorpayRefund {
  id: string;
  entity: "refund";
  amount: number;
  currency: string;
  payment_id: string;
  /** What the shop sent with the refund (our refund's id); an empty array when nothing was. */
  notes: Record<string, string> | unknown[];
  receipt: string | null;
  status: "pending" | "processed" | "failed";
  created_at: number;
}

/** A seller's account under Route (`POST /v2/accounts`); transfers go to its `acc_` id. */
export interface RazorpayLinkedAccount {
  id: string;
  type: "route";
  status: "created" | "suspended";
  email: string;
  phone: string;
  reference_id: string | null;
  legal_business_name: string;
  business_type: string;
  contact_name: string;
  notes: Record<string, string> | unknown[];
  created_at: number;
}

interface RazorpayProductConfig {
  id: string;
  product_name: "route";
  account_id: string;
  activation_status: "requested" | "needs_clarification" | "under_review" | "activated" | "suspended";
}

/** Money moved from the shop's balance to a linked account (Route's direct transfer). */
export interface RazorpayTransfer {
  id: string;
  entity: "transfer";
  status: "pending" | "processed" | "failed" | "reversed";
  /** The shop's own account. */
  source: string;
  /** The linked account paid. */
  recipient: string;
  amount: number;
  currency: string;
  amount_reversed: number;
  /** What the shop sent with the transfer; an empty array when nothing was. */
  notes: Record<string, string> | unknown[];
  on_hold: boolean;
  /** Every field null unless the transfer failed. */
  error: {
    code: string | null;
    description: string | null;
    reason: string | null;
    field: string | null;
    step: string | null;
    source: string | null;
    id: string | null;
    metadata: unknown;
  };
  processed_at: number | null;
  created_at: number;
}

interface Collection<T> {
  entity: "collection";
  count: number;
  items: T[];
}

/** An answer from Razorpay that is not a success; `status` 0 when it could not be reached at all. */
export class RazorpayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
    readonly reason: string | null = null,
  ) {
    super(`Razorpay ${status || "unreachable"}: ${code}: ${description}`);
  }
}

export interface RazorpayClient {
  createOrder(input: { amount: number; currency: "INR"; receipt: string; notes: Record<string, string> }): Promise<RazorpayOrder>;
  fetchOrder(orderId: string): Promise<RazorpayOrder>;
  fetchOrderPayments(orderId: string): Promise<RazorpayPayment[]>;
  fetchPayment(paymentId: string): Promise<RazorpayPayment>;
  capturePayment(paymentId: string, amount: number): Promise<RazorpayPayment>;
  /**
   * A refund of `amount` (all or part of the payment); the same idempotency key (at least 10
   * characters) never refunds twice. Razorpay sends the notes back in the refund's webhooks.
   */
  refundPayment(paymentId: string, input: { amount: number; idempotencyKey: string; receipt: string; notes?: Record<string, string> }): Promise<RazorpayRefund>;
  fetchRefund(refundId: string): Promise<RazorpayRefund>;
  /**
   * A seller's linked account, ready for transfers: Route's onboarding in order (the account, its
   * contact as stakeholder, the Route product, its settlement bank account). Returns the `acc_` id.
   * Not idempotent: a failure after the first call leaves an account without Route, so check the
   * bank details (IFSC `^[A-Z]{4}0[A-Z0-9]{6}$`) before calling.
   */
  createLinkedAccount(input: {
    email: string;
    phone: string;
    legalBusinessName: string;
    contactName: string;
    /** The shop's id for the seller, at most 20 characters. */
    referenceId: string;
    bankAccount: { accountNumber: string; ifsc: string; beneficiaryName: string };
    /** Razorpay's business type; "proprietorship" unless given. */
    businessType?: "individual" | "proprietorship" | "partnership" | "private_limited" | "public_limited" | "llp";
  }): Promise<string>;
  /**
   * Pays `amount` paise to a linked account from the shop's balance; the same idempotency key (4 to
   * 36 letters, digits, hyphens, underscores or spaces) with the same input never transfers twice.
   * It starts "pending"; `transfer.processed` or `transfer.failed` says how it ended.
   */
  createTransfer(input: { account: string; amount: number; idempotencyKey: string; notes?: Record<string, string> }): Promise<RazorpayTransfer>;
  fetchTransfer(transferId: string): Promise<RazorpayTransfer>;
}

export function createRazorpayClient({
  apiUrl,
  keyId,
  keySecret,
  timeoutMs = 15_000,
}: {
  apiUrl: string;
  keyId: string;
  keySecret: string;
  timeoutMs?: number;
}): RazorpayClient {
  const authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;
  async function call<T>(method: "GET" | "POST" | "PATCH", path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${apiUrl}${path}`, {
        method,
        headers: { authorization, accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      throw new RazorpayError(0, "NETWORK_ERROR", e instanceof Error ? e.message : String(e));
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new RazorpayError(res.status, "BAD_RESPONSE", `not JSON (HTTP ${res.status})`);
    }
    if (!res.ok) {
      const e = (json as { error?: { code?: string; description?: string; reason?: string } }).error ?? {};
      throw new RazorpayError(res.status, e.code ?? "SERVER_ERROR", e.description ?? `HTTP ${res.status}`, e.reason ?? null);
    }
    return json as T;
  }
  const id = (value: string) => encodeURIComponent(value);
  return {
    createOrder: (input) => call("POST", "/v1/orders", input),
    fetchOrder: (orderId) => call("GET", `/v1/orders/${id(orderId)}`),
    fetchOrderPayments: async (orderId) => (await call<Collection<RazorpayPayment>>("GET", `/v1/orders/${id(orderId)}/payments`)).items,
    fetchPayment: (paymentId) => call("GET", `/v1/payments/${id(paymentId)}`),
    capturePayment: (paymentId, amount) => call("POST", `/v1/payments/${id(paymentId)}/capture`, { amount, currency: "INR" }),
    refundPayment: (paymentId, { amount, idempotencyKey, receipt, notes }) =>
      call("POST", `/v1/payments/${id(paymentId)}/refund`, { amount, speed: "normal", receipt, ...(notes ? { notes } : {}) }, { "X-Refund-Idempotency": idempotencyKey }),
    fetchRefund: (refundId) => call("GET", `/v1/refunds/${id(refundId)}`),
    async createLinkedAccount({ email, phone, legalBusinessName, contactName, referenceId, bankAccount, businessType = "proprietorship" }) {
      const account = await call<RazorpayLinkedAccount>("POST", "/v2/accounts", {
        email,
        phone,
        type: "route",
        reference_id: referenceId,
        legal_business_name: legalBusinessName,
        business_type: businessType,
        contact_name: contactName,
      });
      const path = `/v2/accounts/${id(account.id)}`;
      await call("POST", `${path}/stakeholders`, { name: contactName, email });
      const product = await call<RazorpayProductConfig>("POST", `${path}/products`, { product_name: "route", tnc_accepted: true });
      await call("PATCH", `${path}/products/${id(product.id)}`, {
        settlements: { account_number: bankAccount.accountNumber, ifsc_code: bankAccount.ifsc, beneficiary_name: bankAccount.beneficiaryName },
        tnc_accepted: true,
      });
      return account.id;
    },
    createTransfer: ({ account, amount, idempotencyKey, notes }) =>
      call("POST", "/v1/transfers", { account, amount, currency: "INR", ...(notes ? { notes } : {}) }, { "X-Transfer-Idempotency": idempotencyKey }),
    fetchTransfer: (transferId) => call("GET", `/v1/transfers/${id(transferId)}`),
  };
}

function sameHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected, "hex");
  const b = Buffer.from(/^[0-9a-f]+$/i.test(given) ? given : "", "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Checkout's callback: HMAC-SHA256 of "<order id>|<payment id>" under the key secret, compared in constant time. */
export function checkoutSignatureValid(orderId: string, paymentId: string, signature: string, keySecret: string): boolean {
  return sameHex(createHmac("sha256", keySecret).update(`${orderId}|${paymentId}`).digest("hex"), signature);
}

/** A webhook: HMAC-SHA256 of the raw body, exactly as received, under the webhook secret. */
export function webhookSignatureValid(rawBody: Buffer | string, signature: string, webhookSecret: string): boolean {
  return sameHex(createHmac("sha256", webhookSecret).update(rawBody).digest("hex"), signature);
}
