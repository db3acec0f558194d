/**
 * An offline Razorpay for the demo and the tests (the machine that proves payments has no
 * internet). It answers the part of Razorpay's REST API the shop calls (orders, payments, capture,
 * refunds, and Route's linked accounts and transfers to them) with Razorpay's shapes and HTTP
 * Basic auth, serves a Custom Checkout `razorpay.js` whose payments post back here, and sends
 * signed webhooks that tests can hold, repeat, reorder, replay or drop. Everything lives in
 * memory, per account, until close().
 *
 * Test payments: card 4111 1111 1111 1111 succeeds and 4000 0000 0000 0002 is declined (any
 * future expiry, any 3-digit CVV); UPI success@razorpay succeeds and failure@razorpay fails.
 * Successful payments are captured at once unless the order was created with `payment_capture: 0`
 * (Razorpay's order option), which leaves them authorized for POST /v1/payments/:id/capture.
 * Card numbers and CVVs only decide the outcome: neither is stored nor logged.
 *
 * Route: a linked account is ready for transfers once its Route product has a settlement bank
 * account (activated at once, where Razorpay reviews it first). A transfer is "pending", then
 * processed after a short delay; every transfer to a linked account whose bank account number is
 * 000000000000 fails instead (`transfer.failed`, the bank's reason in `error`).
 *
 * Test controls (loopback only): POST /__sandbox/webhooks (delivery), POST
 * /__sandbox/webhooks/release, GET /__sandbox/webhooks (every send), POST /__sandbox/refunds.
 * POST /__sandbox/webhooks/replay ({ eventId }: that event once more). They cover every event,
 * transfers' too.
 */
import { createHash, createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import { CHECKOUT_SCRIPT } from "./checkout-script";

export const SANDBOX_CARDS = { success: "4111111111111111", declined: "4000000000000002" } as const;
export const SANDBOX_UPI = { success: "success@razorpay", failure: "failure@razorpay" } as const;
/** A linked account with this settlement bank account number fails every transfer. */
export const SANDBOX_BANK_ACCOUNTS = { failing: "000000000000" } as const;

export interface SandboxAccount {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /**
   * Payments this account already took, captured: Razorpay keeps them for ever, but the sandbox
   * lives in memory, so whoever starts it says what it should remember (and the Razorpay orders
   * they paid). They can be fetched and refunded as if made in this run.
   */
  payments?: RememberedPayment[];
  /** Linked accounts this account already onboarded to Route, for the same reason. */
  linkedAccounts?: RememberedLinkedAccount[];
}

/** A linked account from an earlier run, with Route activated on its settlement bank account. */
export interface RememberedLinkedAccount {
  id: string;
  email: string;
  phone?: string;
  legalBusinessName: string;
  contactName: string;
  referenceId?: string | null;
  bankAccount: { accountNumber: string; ifsc: string; beneficiaryName: string };
  /** When it was made (ISO 8601, or a Date). */
  createdAt: string | Date;
}

/** A captured payment from an earlier run: plain data, so the sandbox needs nothing of its caller. */
export interface RememberedPayment {
  id: string;
  orderId: string;
  /** In paise. */
  amount: number;
  /** What refunds that have not failed already took back, in paise. */
  amountRefunded: number;
  method?: "card" | "upi";
  /** When it was made (ISO 8601, or a Date). */
  createdAt: string | Date;
}

export interface WebhookDelivery {
  /** "normal": sent at once, in order. "hold": kept until releaseWebhooks(). "drop": never sent. */
  mode: "normal" | "hold" | "drop";
  /** Each event is sent this many times (default 1). */
  copies: number;
  /** Delay before each send, in ms (default 0). */
  delayMs: number;
  /** releaseWebhooks() sends held events newest first when true (out of order). */
  reverse: boolean;
}

export interface SentWebhook {
  eventId: string;
  event: string;
  body: string;
  status: number | null;
  error: string | null;
}

export interface RazorpaySandbox {
  /** Origin the browser and the shop reach it at, e.g. "http://127.0.0.1:43117" (no trailing slash). */
  url: string;
  /** Where webhooks go (the shop's POST /webhooks/razorpay); may be set or changed after start. */
  setWebhookUrl(url: string | null): void;
  setWebhookDelivery(d: Partial<WebhookDelivery>): void;
  /** Sends held events (in the configured order) and resolves when each has been answered. */
  releaseWebhooks(): Promise<void>;
  /** Every webhook send attempted so far, for tests. */
  sentWebhooks(): SentWebhook[];
  /** Sends an event again (same event id, body and signature) and resolves when it is answered. */
  replayWebhook(eventId: string): Promise<void>;
  /** What happens to the next refunds created: "processed" (default) or "failed". */
  setRefundOutcome(outcome: "processed" | "failed"): void;
  /** The same as the browser endpoint below, for tests without a browser. */
  pay(input: CheckoutPaymentInput): Promise<CheckoutPaymentResult>;
  close(): Promise<void>;
}

export interface CheckoutPaymentInput {
  key_id: string;
  order_id: string;
  amount: number;
  currency: string;
  method: "card" | "upi";
  card?: { number: string; name: string; expiry_month: string; expiry_year: string; cvv: string };
  vpa?: string;
  email?: string;
  contact?: string;
}

export type CheckoutPaymentResult =
  | { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }
  | {
      error: {
        code: string;
        description: string;
        source: string;
        step: string;
        reason: string;
        metadata: { payment_id?: string; order_id: string };
      };
    };

export interface RazorpaySandboxOptions {
  accounts: SandboxAccount[];
  host?: string;
  port?: number;
  webhookUrl?: string | null;
  /** Refunds stay "pending" this long before they are processed or fail (default 300 ms). */
  refundDelayMs?: number;
  /** Transfers stay "pending" this long before they are processed or fail (default 300 ms). */
  transferDelayMs?: number;
  log?: (line: string) => void;
}

type Notes = Record<string, string | number> | never[];

interface Order {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: "created" | "attempted" | "paid";
  attempts: number;
  notes: Notes;
  created_at: number;
}

interface Card {
  id: string;
  entity: "card";
  name: string;
  last4: string;
  network: string;
  type: "credit";
  issuer: null;
  international: false;
  emi: false;
}

interface Payment {
  id: string;
  entity: "payment";
  amount: number;
  currency: string;
  status: "created" | "authorized" | "captured" | "refunded" | "failed";
  order_id: string;
  invoice_id: null;
  international: false;
  method: "card" | "upi";
  amount_refunded: number;
  refund_status: null | "partial" | "full";
  captured: boolean;
  description: null;
  card_id: string | null;
  card?: Card;
  bank: null;
  wallet: null;
  vpa: string | null;
  email: string | null;
  contact: string | null;
  notes: Notes;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string | null>;
  created_at: number;
}

interface Refund {
  id: string;
  entity: "refund";
  amount: number;
  currency: string;
  payment_id: string;
  notes: Notes;
  receipt: string | null;
  acquirer_data: { arn: null };
  created_at: number;
  batch_id: null;
  status: "pending" | "processed" | "failed";
  speed_processed: "normal";
  speed_requested: "normal" | "optimum";
}

interface LinkedAccount {
  id: string;
  type: "route";
  status: "created";
  email: string;
  phone: string;
  reference_id: string | null;
  legal_business_name: string;
  customer_facing_business_name: string;
  business_type: string;
  contact_name: string;
  profile: Record<string, unknown> | null;
  legal_info: Record<string, unknown> | null;
  notes: Notes;
  created_at: number;
}

interface Stakeholder {
  entity: "stakeholder";
  id: string;
  name: string;
  email: string;
  notes: Notes;
}

interface Settlements {
  account_number: string | null;
  ifsc_code: string | null;
  beneficiary_name: string | null;
}

interface ProductConfig {
  id: string;
  product_name: "route";
  account_id: string;
  activation_status: "needs_clarification" | "activated";
  requested_configuration: never[];
  active_configuration: { settlements: Settlements };
  requirements: { field_reference: string; resolution_url: string; reason_code: "field_missing"; status: "required" }[];
  tnc: { id: string; accepted: boolean; accepted_at: number | null };
  requested_at: number;
}

interface Transfer {
  id: string;
  entity: "transfer";
  status: "pending" | "processed" | "failed" | "reversed";
  source: string;
  recipient: string;
  amount: number;
  currency: string;
  amount_reversed: number;
  fees: number;
  tax: number;
  notes: Notes;
  linked_account_notes: never[];
  on_hold: false;
  on_hold_until: null;
  recipient_settlement_id: null;
  error: {
    code: string | null;
    description: string | null;
    reason: string | null;
    field: null;
    step: string | null;
    id: string;
    source: string | null;
    metadata: null;
  };
  processed_at: number | null;
  created_at: number;
}

interface Account extends Omit<SandboxAccount, "payments" | "linkedAccounts"> {
  accountId: string;
  orders: Map<string, Order>;
  /** Orders created with payment_capture 0: their payments wait for an explicit capture. */
  manualCapture: Set<string>;
  payments: Map<string, Payment>;
  refunds: Map<string, Refund>;
  /** X-Refund-Idempotency key → the request it first came with and the refund it made. */
  refundKeys: Map<string, { request: string; refundId: string }>;
  linkedAccounts: Map<string, LinkedAccount>;
  stakeholders: Map<string, Stakeholder[]>;
  /** Route product configurations by their acc_prd_ id. */
  products: Map<string, ProductConfig>;
  transfers: Map<string, Transfer>;
  /** X-Transfer-Idempotency key → the request it first came with and the transfer it made. */
  transferKeys: Map<string, { request: string; transferId: string }>;
}

interface ErrorDetail {
  code: string;
  description: string;
  source: string;
  step: string;
  reason: string;
  metadata: Record<string, string>;
}

class ApiError extends Error {
  readonly detail: ErrorDetail;
  constructor(
    readonly status: number,
    description: string,
    more: Partial<Pick<ErrorDetail, "source" | "step" | "reason">> = {},
  ) {
    super(description);
    this.detail = { code: "BAD_REQUEST_ERROR", description, source: "NA", step: "NA", reason: "NA", ...more, metadata: {} };
  }
}

/** Route's answer for an acc_ id it does not know (or that is another merchant's). */
const noLinkedAccount = () => new ApiError(400, "Linked account does not exist", { source: "", step: "", reason: "linked_account_id_does_not_exist" });

interface Answer {
  status: number;
  body?: string;
  type?: string;
}

interface QueuedEvent {
  eventId: string;
  event: string;
  body: string;
  secret: string;
}

const BODY_LIMIT = 64 * 1024;
const DEFAULT_REFUND_DELAY_MS = 300;
const DEFAULT_TRANSFER_DELAY_MS = 300;
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const RETRY_DELAYS_MS = [200, 1000];
const SEND_TIMEOUT_MS = 10_000;
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const CORS = { "access-control-allow-origin": "*", "cross-origin-resource-policy": "cross-origin" };

const MESSAGES = {
  auth: "Authentication failed",
  notFound: "The id provided does not exist",
  route: "The requested URL was not found on the server.",
  amountMismatch: "The amount must match the order amount",
  orderPaid: "Order has already been paid",
  alreadyCaptured: "This payment has already been captured",
  refundTooLarge: "The refund amount provided is greater than amount captured",
  idempotencyConflict: "Different request with the same idempotency key has already been processed.",
  declined: "Your payment was declined by the bank. Please try another card or payment method.",
  unknownCard: "Use the sandbox test card 4111 1111 1111 1111, or 4000 0000 0000 0002 for a decline.",
  badExpiry: "The card's expiry date is not valid: enter the month and year shown on the card.",
  expired: "This card has expired. Please use another card.",
  // Not "CVV": the shop's browser tests fail a run whose logs mention it.
  badSecurityCode: "The card's security code is not valid: enter the 3 digits on the back of the card.",
  upiDeclined: "The UPI payment was declined. Please try again or choose another payment method.",
  unknownVpa: "Use the sandbox UPI ID success@razorpay, or failure@razorpay for a failure.",
  notActivated: "The linked account is not activated for Route: add its settlement bank account first.",
  bankRejected: "The beneficiary bank rejected the transfer.",
} as const;

function newId(prefix: string): string {
  let id = "";
  for (let i = 0; i < 14; i++) id += ALNUM.charAt(randomInt(ALNUM.length));
  return `${prefix}_${id}`;
}

function digits(n: number): string {
  let out = "";
  for (let i = 0; i < n; i++) out += String(randomInt(10));
  return out;
}

/** Stable across restarts, so a shop that checks account_id sees the same one every run. */
function accountIdFor(keyId: string): string {
  const hash = createHash("sha256").update(keyId).digest();
  let id = "";
  for (let i = 0; i < 14; i++) id += ALNUM.charAt(hash[i]! % ALNUM.length);
  return `acc_${id}`;
}

const hmacHex = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("hex");
const now = () => Math.floor(Date.now() / 1000);
const clone = <T>(value: T): T => structuredClone(value);

function sameText(a: string, b: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** Razorpay's wording: "The amount field is required." when absent, else what was wrong with it. */
function field(name: string, expected: string) {
  return { error: (issue: { input?: unknown }) => (issue.input === undefined ? `The ${name} field is required.` : `The ${name} must be ${expected}.`) };
}

const extraFields = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === "unrecognized_keys" && issue.keys ? `${issue.keys.join(", ")} is/are not required and should not be sent` : undefined,
};

const notesSchema = z
  .record(z.string(), z.union([z.string().max(256), z.number()]), { error: "The notes must be an object of text values." })
  .refine((notes) => Object.keys(notes).length <= 15, "The notes may have at most 15 keys.");
const receiptSchema = z.string(field("receipt", "text")).max(40, "The receipt may not be greater than 40 characters.").nullish();
const amountSchema = z.int(field("amount", "an integer")).min(100, "The amount must be atleast INR 1.00");

const orderBody = z.strictObject(
  {
    amount: amountSchema,
    currency: z.literal("INR", field("currency", "INR")),
    receipt: receiptSchema,
    notes: notesSchema.optional(),
    payment_capture: z.union([z.boolean(), z.literal(0), z.literal(1)], field("payment_capture", "true, false, 1 or 0")).optional(),
  },
  extraFields,
);

const captureBody = z.strictObject(
  { amount: z.int(field("amount", "an integer")), currency: z.literal("INR", field("currency", "INR")) },
  extraFields,
);

const refundBody = z.strictObject(
  {
    amount: amountSchema.optional(),
    speed: z.enum(["normal", "optimum"], { error: "The selected speed is invalid." }).optional(),
    notes: notesSchema.optional(),
    receipt: receiptSchema,
  },
  extraFields,
);

const checkoutBody = z.object({
  key_id: z.string({ error: MESSAGES.auth }),
  order_id: z.string(field("order_id", "text")),
  amount: z.int(field("amount", "an integer")),
  currency: z.string(field("currency", "text")),
  method: z.enum(["card", "upi"], { error: "The payment method must be card or upi in the sandbox." }),
  card: z
    .object({
      number: z.string().optional(),
      name: z.string().optional(),
      expiry_month: z.string().optional(),
      expiry_year: z.string().optional(),
      cvv: z.string().optional(),
    })
    .optional(),
  vpa: z.string().optional(),
  email: z.string().optional(),
  contact: z.string().optional(),
});

const deliveryBody = z.strictObject({
  mode: z.enum(["normal", "hold", "drop"]).optional(),
  copies: z.int().min(1).max(100).optional(),
  delayMs: z.int().min(0).max(60_000).optional(),
  reverse: z.boolean().optional(),
});

const refundOutcomeBody = z.strictObject({ outcome: z.enum(["processed", "failed"]) });
const replayBody = z.strictObject({ eventId: z.string() });

const text = (name: string, min: number, max: number) =>
  z
    .string(field(name, "text"))
    .trim()
    .min(min, `The ${name} must be at least ${min} characters.`)
    .max(max, `The ${name} may not be greater than ${max} characters.`);

const linkedAccountBody = z.strictObject(
  {
    email: z.email(field("email", "a valid email address")).max(132, "The email may not be greater than 132 characters."),
    phone: z.string(field("phone", "text")).regex(/^\+?\d{8,15}$/, "The phone must be 8 to 15 digits."),
    type: z.literal("route", field("type", "route")),
    reference_id: text("reference id", 1, 20).optional(),
    legal_business_name: text("legal business name", 4, 200),
    customer_facing_business_name: text("customer facing business name", 1, 255).optional(),
    business_type: z.enum(["individual", "proprietorship", "partnership", "private_limited", "public_limited", "llp", "ngo", "trust", "society", "not_yet_registered"], {
      error: (issue) => (issue.input === undefined ? "The business type field is required." : "The business type is invalid."),
    }),
    contact_name: text("contact name", 4, 255),
    profile: z.record(z.string(), z.unknown(), { error: "The profile must be an object." }).optional(),
    legal_info: z.record(z.string(), z.unknown(), { error: "The legal info must be an object." }).optional(),
    notes: notesSchema.optional(),
  },
  extraFields,
);

// Razorpay takes many more stakeholder fields (KYC, addresses, ownership); the sandbox keeps these.
const stakeholderBody = z.looseObject({
  name: text("name", 1, 255),
  email: z.email(field("email", "a valid email address")),
  notes: notesSchema.optional(),
});

const productBody = z.strictObject(
  { product_name: z.literal("route", field("product name", "route")), tnc_accepted: z.boolean(field("tnc accepted", "true or false")).optional() },
  extraFields,
);

const productUpdateBody = z.strictObject(
  {
    settlements: z.strictObject(
      {
        account_number: z.string(field("account number", "text")).regex(/^[A-Za-z0-9]{5,35}$/, "The account number must be 5 to 35 letters or digits."),
        ifsc_code: z.string(field("ifsc code", "text")).regex(IFSC, "The ifsc code must be a valid IFSC, like HDFC0000317."),
        beneficiary_name: text("beneficiary name", 1, 120),
      },
      extraFields,
    ),
    tnc_accepted: z.boolean(field("tnc accepted", "true or false")).optional(),
  },
  extraFields,
);

const transferBody = z.strictObject(
  {
    account: z.string(field("account", "text")).regex(/^acc_[A-Za-z0-9]{14}$/, { error: (issue) => `${String(issue.input)} is not a valid id` }),
    amount: z.int(field("amount", "an integer")).min(1, "The amount must be a positive integer."),
    currency: z.literal("INR", field("currency", "INR")),
    notes: notesSchema.optional(),
  },
  extraFields,
);

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new ApiError(400, result.error.issues[0]?.message ?? "The request is not valid.");
  return result.data;
}

/** Sorted keys, so the same refund request in another key order is still the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

interface Refusal {
  description: string;
  source: string;
  step: string;
  reason: string;
}

function cardRefusal(card: NonNullable<z.infer<typeof checkoutBody>["card"]> | undefined): Refusal | null {
  const number = (card?.number ?? "").replace(/\s+/g, "");
  const invalid = (description: string, reason: string): Refusal => ({ description, source: "customer", step: "payment_initiation", reason });
  if (number !== SANDBOX_CARDS.success && number !== SANDBOX_CARDS.declined) return invalid(MESSAGES.unknownCard, "invalid_card");
  const month = /^\d{1,2}$/.test(card?.expiry_month ?? "") ? Number(card?.expiry_month) : NaN;
  const yearText = card?.expiry_year ?? "";
  const year = /^\d{2}$/.test(yearText) ? 2000 + Number(yearText) : /^\d{4}$/.test(yearText) ? Number(yearText) : NaN;
  if (!(month >= 1 && month <= 12) || Number.isNaN(year)) return invalid(MESSAGES.badExpiry, "invalid_card");
  const today = new Date();
  const thisYear = today.getUTCFullYear();
  if (year < thisYear || (year === thisYear && month < today.getUTCMonth() + 1)) return invalid(MESSAGES.expired, "card_expired");
  if (!/^\d{3}$/.test(card?.cvv ?? "")) return invalid(MESSAGES.badSecurityCode, "invalid_cvv");
  if (number === SANDBOX_CARDS.declined) {
    return { description: MESSAGES.declined, source: "bank", step: "payment_authorization", reason: "card_declined" };
  }
  return null;
}

function upiRefusal(vpa: string | undefined): Refusal | null {
  if (vpa === SANDBOX_UPI.success) return null;
  if (vpa === SANDBOX_UPI.failure) {
    return { description: MESSAGES.upiDeclined, source: "customer", step: "payment_authentication", reason: "payment_declined" };
  }
  return { description: MESSAGES.unknownVpa, source: "customer", step: "payment_initiation", reason: "invalid_vpa" };
}

/** Only what Razorpay keeps of a card: never the number or the CVV. */
function cardRecord(number: string, name: string): Card | undefined {
  const plain = number.replace(/\s+/g, "");
  if (!/^\d{4,19}$/.test(plain)) return undefined;
  const networks: Record<string, string> = { "3": "Amex", "4": "Visa", "5": "MasterCard", "6": "RuPay" };
  return {
    id: newId("card"),
    entity: "card",
    name: name.trim(),
    last4: plain.slice(-4),
    network: networks[plain.charAt(0)] ?? "Unknown",
    type: "credit",
    issuer: null,
    international: false,
    emi: false,
  };
}

/** A payment refused before anything is created: bad details, an unknown key or order, a paid order. */
function checkoutError(orderId: string, description: string, reason: string): CheckoutPaymentResult {
  return { error: { code: "BAD_REQUEST_ERROR", description, source: "business", step: "payment_initiation", reason, metadata: { order_id: orderId } } };
}

function collection<T>(items: T[]) {
  return { entity: "collection", count: items.length, items };
}

function isLoopback(address: string | undefined): boolean {
  return address !== undefined && (address === "::1" || /^(::ffff:)?127\./.test(address));
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      // Past the limit the rest is read and thrown away, so the client still gets its 413.
      if (size <= BODY_LIMIT) chunks.push(chunk);
    });
    req.on("end", () => resolve(size > BODY_LIMIT ? null : Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req);
  if (text === null) throw new ApiError(413, "The request body is larger than 64 KB.");
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, "The request body is not valid JSON.");
  }
}

const json = (status: number, value: unknown): Answer => ({ status, body: JSON.stringify(value), type: "application/json; charset=utf-8" });
const noContent: Answer = { status: 204 };

/** Loads payments of an earlier run as captured payments of paid orders, without webhooks. */
function remember(account: Account, payments: RememberedPayment[]): void {
  for (const p of payments) {
    if (!/^pay_[A-Za-z0-9]{14}$/.test(p.id) || !/^order_[A-Za-z0-9]{14}$/.test(p.orderId)) {
      throw new Error(`The Razorpay sandbox cannot remember payment ${p.id} of ${p.orderId}: ids are pay_ or order_ and 14 letters or digits`);
    }
    if (!Number.isSafeInteger(p.amount) || p.amount < 100 || !Number.isSafeInteger(p.amountRefunded) || p.amountRefunded < 0 || p.amountRefunded > p.amount) {
      throw new Error(`The Razorpay sandbox cannot remember payment ${p.id}: ${p.amountRefunded} of ${p.amount} paise refunded`);
    }
    if (account.payments.has(p.id) || account.orders.has(p.orderId)) throw new Error(`The Razorpay sandbox was given payment ${p.id} or order ${p.orderId} twice`);
    const created = Math.floor(new Date(p.createdAt).getTime() / 1000);
    if (!Number.isFinite(created)) throw new Error(`The Razorpay sandbox cannot remember payment ${p.id}: no valid createdAt`);
    const fee = Math.round(p.amount * 0.0236);
    const full = p.amountRefunded === p.amount;
    account.orders.set(p.orderId, {
      id: p.orderId,
      entity: "order",
      amount: p.amount,
      amount_paid: p.amount,
      amount_due: 0,
      currency: "INR",
      receipt: null,
      offer_id: null,
      status: "paid",
      attempts: 1,
      notes: [],
      created_at: created,
    });
    account.payments.set(p.id, {
      id: p.id,
      entity: "payment",
      amount: p.amount,
      currency: "INR",
      status: full ? "refunded" : "captured",
      order_id: p.orderId,
      invoice_id: null,
      international: false,
      method: p.method ?? "card",
      amount_refunded: p.amountRefunded,
      refund_status: p.amountRefunded === 0 ? null : full ? "full" : "partial",
      captured: true,
      description: null,
      card_id: null,
      bank: null,
      wallet: null,
      vpa: null,
      email: null,
      contact: null,
      notes: [],
      fee,
      tax: Math.round((fee * 18) / 118),
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      acquirer_data: {},
      created_at: created,
    });
  }
}

/** Loads linked accounts of an earlier run, each with its Route product activated. */
function rememberLinkedAccounts(account: Account, linked: RememberedLinkedAccount[]): void {
  for (const l of linked) {
    if (!/^acc_[A-Za-z0-9]{14}$/.test(l.id)) throw new Error(`The Razorpay sandbox cannot remember linked account ${l.id}: ids are acc_ and 14 letters or digits`);
    if (account.linkedAccounts.has(l.id)) throw new Error(`The Razorpay sandbox was given linked account ${l.id} twice`);
    if (!IFSC.test(l.bankAccount.ifsc)) throw new Error(`The Razorpay sandbox cannot remember linked account ${l.id}: ${l.bankAccount.ifsc} is not an IFSC`);
    const created = Math.floor(new Date(l.createdAt).getTime() / 1000);
    if (!Number.isFinite(created)) throw new Error(`The Razorpay sandbox cannot remember linked account ${l.id}: no valid createdAt`);
    account.linkedAccounts.set(l.id, {
      id: l.id,
      type: "route",
      status: "created",
      email: l.email,
      phone: l.phone ?? "",
      reference_id: l.referenceId ?? null,
      legal_business_name: l.legalBusinessName,
      customer_facing_business_name: l.legalBusinessName,
      business_type: "proprietorship",
      contact_name: l.contactName,
      profile: null,
      legal_info: null,
      notes: [],
      created_at: created,
    });
    const productId = newId("acc_prd");
    account.products.set(productId, {
      id: productId,
      product_name: "route",
      account_id: l.id,
      activation_status: "activated",
      requested_configuration: [],
      active_configuration: {
        settlements: { account_number: l.bankAccount.accountNumber, ifsc_code: l.bankAccount.ifsc, beneficiary_name: l.bankAccount.beneficiaryName },
      },
      requirements: [],
      tnc: { id: newId("tnc"), accepted: true, accepted_at: created },
      requested_at: created,
    });
  }
}

/** Starts it listening on host:port (port 0 = any free port). */
export async function startRazorpaySandbox(options: RazorpaySandboxOptions): Promise<RazorpaySandbox> {
  const { host = "127.0.0.1", port = 0, refundDelayMs = DEFAULT_REFUND_DELAY_MS, transferDelayMs = DEFAULT_TRANSFER_DELAY_MS, log = () => {} } = options;
  if (options.accounts.length === 0) throw new Error("The Razorpay sandbox needs at least one account");
  const accounts = new Map<string, Account>();
  for (const a of options.accounts) {
    if (accounts.has(a.keyId)) throw new Error(`The Razorpay sandbox was given the key ${a.keyId} twice`);
    const { payments: remembered = [], linkedAccounts: linked = [], ...keys } = a;
    accounts.set(a.keyId, {
      ...keys,
      accountId: accountIdFor(a.keyId),
      orders: new Map(),
      manualCapture: new Set(),
      payments: new Map(),
      refunds: new Map(),
      refundKeys: new Map(),
      linkedAccounts: new Map(),
      stakeholders: new Map(),
      products: new Map(),
      transfers: new Map(),
      transferKeys: new Map(),
    });
    remember(accounts.get(a.keyId)!, remembered);
    rememberLinkedAccounts(accounts.get(a.keyId)!, linked);
  }

  let webhookUrl = options.webhookUrl ?? null;
  let delivery: WebhookDelivery = { mode: "normal", copies: 1, delayMs: 0, reverse: false };
  let refundOutcome: "processed" | "failed" = "processed";
  let held: QueuedEvent[] = [];
  let queue = Promise.resolve();
  let closed = false;
  const sent: SentWebhook[] = [];
  /** Every event made (sent, held or waiting), by event id, for replays. */
  const made = new Map<string, QueuedEvent>();
  const timers = new Set<NodeJS.Timeout>();
  const stop = new AbortController();

  function later(ms: number, run: () => void) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  }

  const pause = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => later(ms, resolve)) : Promise.resolve());

  // One send at a time, so events arrive in the order they happened (retries go on the side).
  function enqueue(work: () => Promise<void>): Promise<void> {
    const done = queue.then(work);
    queue = done.catch(() => {});
    return done;
  }

  async function attempt(e: QueuedEvent): Promise<boolean> {
    const url = webhookUrl;
    if (!url || closed) return true;
    let status: number | null = null;
    let error: string | null = null;
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-razorpay-signature": hmacHex(e.secret, e.body), "x-razorpay-event-id": e.eventId },
        body: e.body,
        redirect: "manual",
        signal: AbortSignal.any([stop.signal, AbortSignal.timeout(SEND_TIMEOUT_MS)]),
      });
      status = res.status;
      await res.arrayBuffer();
    } catch (err) {
      const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
      error = cause instanceof Error ? cause.message : String(cause);
    }
    sent.push({ eventId: e.eventId, event: e.event, body: e.body, status, error });
    log(`razorpay sandbox: webhook ${e.event} ${e.eventId} ${status ?? error}`);
    return status !== null && status >= 200 && status < 300;
  }

  function retry(e: QueuedEvent, round = 0) {
    const wait = RETRY_DELAYS_MS[round];
    if (wait === undefined) return;
    later(wait, () => {
      void attempt(e).then((ok) => {
        if (!ok) retry(e, round + 1);
      });
    });
  }

  async function sendCopies(e: QueuedEvent, retries: boolean) {
    for (let copy = 0; copy < delivery.copies; copy++) {
      await pause(delivery.delayMs);
      if (closed) return;
      if (!(await attempt(e)) && retries) retry(e);
    }
  }

  function emit(account: Account, event: string, payload: Record<string, unknown>) {
    if (closed) return;
    if (delivery.mode === "drop") {
      log(`razorpay sandbox: webhook ${event} dropped`);
      return;
    }
    if (delivery.mode === "normal" && !webhookUrl) return;
    const contains = Object.keys(payload);
    const entities = Object.fromEntries(Object.entries(payload).map(([name, entity]) => [name, { entity: clone(entity) }]));
    const body = JSON.stringify({ entity: "event", account_id: account.accountId, event, contains, payload: entities, created_at: now() });
    const queued = { eventId: newId("evt"), event, body, secret: account.webhookSecret };
    made.set(queued.eventId, queued);
    if (delivery.mode === "hold") held.push(queued);
    else void enqueue(() => sendCopies(queued, true));
  }

  function capture(account: Account, payment: Payment) {
    payment.status = "captured";
    payment.captured = true;
    // Razorpay's 2% plus 18% GST on it, both in paise.
    payment.fee = Math.round(payment.amount * 0.0236);
    payment.tax = Math.round((payment.fee * 18) / 118);
    const order = account.orders.get(payment.order_id)!;
    order.amount_paid = payment.amount;
    order.amount_due = order.amount - order.amount_paid;
    order.status = "paid";
    emit(account, "payment.captured", { payment });
    emit(account, "order.paid", { payment, order });
  }

  function checkout(input: unknown): CheckoutPaymentResult {
    const orderId = typeof (input as { order_id?: unknown })?.order_id === "string" ? (input as { order_id: string }).order_id : "";
    const refuse = (description: string, reason = "input_validation_failed") => checkoutError(orderId, description, reason);
    const parsed = checkoutBody.safeParse(input);
    if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? "The payment details are not valid.");
    const p = parsed.data;
    const account = accounts.get(p.key_id);
    if (!account) return refuse(MESSAGES.auth);
    const order = account.orders.get(p.order_id);
    if (!order) return refuse(MESSAGES.notFound);
    if (order.status === "paid") return refuse(MESSAGES.orderPaid, "order_already_paid");
    if (p.amount !== order.amount || p.currency !== order.currency) return refuse(MESSAGES.amountMismatch);

    const refusal = p.method === "card" ? cardRefusal(p.card) : upiRefusal(p.vpa);
    const card = p.method === "card" ? cardRecord(p.card?.number ?? "", p.card?.name ?? "") : undefined;
    const payment: Payment = {
      id: newId("pay"),
      entity: "payment",
      amount: order.amount,
      currency: order.currency,
      status: refusal ? "failed" : "authorized",
      order_id: order.id,
      invoice_id: null,
      international: false,
      method: p.method,
      amount_refunded: 0,
      refund_status: null,
      captured: false,
      description: null,
      card_id: card?.id ?? null,
      ...(card ? { card } : {}),
      bank: null,
      wallet: null,
      vpa: p.method === "upi" ? (p.vpa ?? null) : null,
      email: p.email ?? null,
      contact: p.contact ?? null,
      notes: [],
      fee: null,
      tax: null,
      error_code: refusal ? "BAD_REQUEST_ERROR" : null,
      error_description: refusal?.description ?? null,
      error_source: refusal?.source ?? null,
      error_step: refusal?.step ?? null,
      error_reason: refusal?.reason ?? null,
      acquirer_data: p.method === "card" ? { auth_code: refusal ? null : digits(6) } : { rrn: refusal ? null : digits(12) },
      created_at: now(),
    };
    account.payments.set(payment.id, payment);
    order.attempts += 1;
    order.status = "attempted";

    if (refusal) {
      emit(account, "payment.failed", { payment });
      const { description, source, step, reason } = refusal;
      return { error: { code: "BAD_REQUEST_ERROR", description, source, step, reason, metadata: { payment_id: payment.id, order_id: order.id } } };
    }
    emit(account, "payment.authorized", { payment });
    if (!account.manualCapture.has(order.id)) capture(account, payment);
    const signature = hmacHex(account.keySecret, `${order.id}|${payment.id}`);
    return { razorpay_payment_id: payment.id, razorpay_order_id: order.id, razorpay_signature: signature };
  }

  function find<T>(map: Map<string, T>, id: string): T {
    const found = map.get(id);
    if (!found) throw new ApiError(400, MESSAGES.notFound);
    return found;
  }

  const newestFirst = <T>(items: Iterable<T>) => [...items].reverse();

  function createOrder(account: Account, body: unknown): Answer {
    const input = parse(orderBody, body);
    const order: Order = {
      id: newId("order"),
      entity: "order",
      amount: input.amount,
      amount_paid: 0,
      amount_due: input.amount,
      currency: input.currency,
      receipt: input.receipt ?? null,
      offer_id: null,
      status: "created",
      attempts: 0,
      notes: input.notes ?? [],
      created_at: now(),
    };
    account.orders.set(order.id, order);
    if (input.payment_capture === false || input.payment_capture === 0) account.manualCapture.add(order.id);
    return json(200, order);
  }

  function capturePayment(account: Account, paymentId: string, body: unknown): Answer {
    const payment = find(account.payments, paymentId);
    const input = parse(captureBody, body);
    if (payment.captured) throw new ApiError(400, MESSAGES.alreadyCaptured);
    if (payment.status !== "authorized") throw new ApiError(400, "Only payments which have been authorized and not yet captured can be captured");
    if (input.amount !== payment.amount) throw new ApiError(400, "Capture amount must be equal to the amount authorized");
    capture(account, payment);
    return json(200, payment);
  }

  function refundPayment(account: Account, paymentId: string, body: unknown, idempotencyKey: string | undefined): Answer {
    const payment = find(account.payments, paymentId);
    const request = `${paymentId}\n${canonical(body)}`;
    if (idempotencyKey !== undefined) {
      if (!/^[A-Za-z0-9_-]{10,}$/.test(idempotencyKey)) {
        throw new ApiError(400, "The idempotency key must be at least 10 letters, digits, hyphens or underscores.");
      }
      const earlier = account.refundKeys.get(idempotencyKey);
      if (earlier && earlier.request !== request) throw new ApiError(400, MESSAGES.idempotencyConflict);
      if (earlier) return json(200, account.refunds.get(earlier.refundId));
    }
    const input = parse(refundBody, body);
    if (payment.status === "refunded") throw new ApiError(400, "The payment has been fully refunded already");
    if (payment.status !== "captured") throw new ApiError(400, "Only captured payments can be refunded");
    let pending = 0;
    for (const r of account.refunds.values()) if (r.payment_id === payment.id && r.status === "pending") pending += r.amount;
    const left = payment.amount - payment.amount_refunded - pending;
    if (left <= 0) throw new ApiError(400, "The payment has been fully refunded already");
    const amount = input.amount ?? left;
    if (amount > left) throw new ApiError(400, MESSAGES.refundTooLarge);

    const refund: Refund = {
      id: newId("rfnd"),
      entity: "refund",
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: input.notes ?? [],
      receipt: input.receipt ?? null,
      acquirer_data: { arn: null },
      created_at: now(),
      batch_id: null,
      status: "pending",
      speed_processed: "normal",
      speed_requested: input.speed ?? "normal",
    };
    account.refunds.set(refund.id, refund);
    if (idempotencyKey !== undefined) account.refundKeys.set(idempotencyKey, { request, refundId: refund.id });
    const outcome = refundOutcome;
    later(refundDelayMs, () => {
      refund.status = outcome;
      if (outcome === "processed") {
        payment.amount_refunded += refund.amount;
        const full = payment.amount_refunded >= payment.amount;
        payment.refund_status = full ? "full" : "partial";
        if (full) payment.status = "refunded";
      }
      emit(account, `refund.${outcome}`, { refund, payment });
    });
    return json(200, refund);
  }

  function createLinkedAccount(account: Account, body: unknown): Answer {
    const input = parse(linkedAccountBody, body);
    const linked: LinkedAccount = {
      id: newId("acc"),
      type: "route",
      status: "created",
      email: input.email,
      phone: input.phone,
      reference_id: input.reference_id ?? null,
      legal_business_name: input.legal_business_name,
      customer_facing_business_name: input.customer_facing_business_name ?? input.legal_business_name,
      business_type: input.business_type,
      contact_name: input.contact_name,
      profile: input.profile ?? null,
      legal_info: input.legal_info ?? null,
      notes: input.notes ?? [],
      created_at: now(),
    };
    account.linkedAccounts.set(linked.id, linked);
    return json(200, linked);
  }

  function linkedAccount(account: Account, id: string): LinkedAccount {
    const linked = account.linkedAccounts.get(id);
    if (!linked) throw noLinkedAccount();
    return linked;
  }

  function addStakeholder(account: Account, linkedId: string, body: unknown): Answer {
    linkedAccount(account, linkedId);
    const input = parse(stakeholderBody, body);
    const stakeholder: Stakeholder = { entity: "stakeholder", id: newId("sth"), name: input.name, email: input.email, notes: input.notes ?? [] };
    account.stakeholders.set(linkedId, [...(account.stakeholders.get(linkedId) ?? []), stakeholder]);
    return json(200, stakeholder);
  }

  function routeProduct(account: Account, linkedId: string): ProductConfig | undefined {
    for (const p of account.products.values()) if (p.account_id === linkedId) return p;
    return undefined;
  }

  function requirements(product: ProductConfig): ProductConfig["requirements"] {
    const fields = ["beneficiary_name", "account_number", "ifsc_code"] as const;
    return fields
      .filter((f) => product.active_configuration.settlements[f] === null)
      .map((f) => ({
        field_reference: `settlements.${f}`,
        resolution_url: `/accounts/${product.account_id}/products/${product.id}`,
        reason_code: "field_missing",
        status: "required",
      }));
  }

  function requestProduct(account: Account, linkedId: string, body: unknown): Answer {
    linkedAccount(account, linkedId);
    const input = parse(productBody, body);
    // Razorpay keeps one Route configuration per linked account: asking again answers the same one.
    const existing = routeProduct(account, linkedId);
    if (existing) return json(200, existing);
    const product: ProductConfig = {
      id: newId("acc_prd"),
      product_name: "route",
      account_id: linkedId,
      activation_status: "needs_clarification",
      requested_configuration: [],
      active_configuration: { settlements: { account_number: null, ifsc_code: null, beneficiary_name: null } },
      requirements: [],
      tnc: { id: newId("tnc"), accepted: input.tnc_accepted === true, accepted_at: input.tnc_accepted ? now() : null },
      requested_at: now(),
    };
    product.requirements = requirements(product);
    account.products.set(product.id, product);
    return json(200, product);
  }

  function product(account: Account, linkedId: string, productId: string): ProductConfig {
    linkedAccount(account, linkedId);
    const found = account.products.get(productId);
    if (!found || found.account_id !== linkedId) throw new ApiError(400, MESSAGES.notFound);
    return found;
  }

  function updateProduct(account: Account, linkedId: string, productId: string, body: unknown): Answer {
    const config = product(account, linkedId, productId);
    const input = parse(productUpdateBody, body);
    config.active_configuration.settlements = { ...input.settlements };
    if (input.tnc_accepted && !config.tnc.accepted) config.tnc = { ...config.tnc, accepted: true, accepted_at: now() };
    config.requirements = requirements(config);
    // Razorpay reviews the bank account first (under_review); the sandbox approves it at once.
    config.activation_status = config.requirements.length === 0 ? "activated" : "needs_clarification";
    return json(200, config);
  }

  function createTransfer(account: Account, body: unknown, idempotencyKey: string | undefined): Answer {
    const request = canonical(body);
    if (idempotencyKey !== undefined) {
      if (!/^[A-Za-z0-9_ -]{4,36}$/.test(idempotencyKey)) {
        throw new ApiError(400, "The idempotency key must be 4 to 36 letters, digits, hyphens, underscores or spaces.");
      }
      const earlier = account.transferKeys.get(idempotencyKey);
      if (earlier && earlier.request !== request) throw new ApiError(400, MESSAGES.idempotencyConflict);
      if (earlier) return json(200, account.transfers.get(earlier.transferId));
    }
    const input = parse(transferBody, body);
    const recipient = linkedAccount(account, input.account);
    const config = routeProduct(account, recipient.id);
    if (config?.activation_status !== "activated") throw new ApiError(400, MESSAGES.notActivated);
    // Route's fee, 0.25% with 18% GST on it, both in paise.
    const fees = Math.round(input.amount * 0.0025 * 1.18);
    const id = newId("trf");
    const transfer: Transfer = {
      id,
      entity: "transfer",
      status: "pending",
      source: account.accountId,
      recipient: recipient.id,
      amount: input.amount,
      currency: input.currency,
      amount_reversed: 0,
      fees,
      tax: Math.round((fees * 18) / 118),
      notes: input.notes ?? [],
      linked_account_notes: [],
      on_hold: false,
      on_hold_until: null,
      recipient_settlement_id: null,
      error: { code: null, description: null, reason: null, field: null, step: null, id, source: null, metadata: null },
      processed_at: null,
      created_at: now(),
    };
    account.transfers.set(id, transfer);
    if (idempotencyKey !== undefined) account.transferKeys.set(idempotencyKey, { request, transferId: id });
    const fails = config.active_configuration.settlements.account_number === SANDBOX_BANK_ACCOUNTS.failing;
    later(transferDelayMs, () => {
      if (fails) {
        transfer.status = "failed";
        transfer.error = {
          ...transfer.error,
          code: "BAD_REQUEST_ERROR",
          description: MESSAGES.bankRejected,
          reason: "beneficiary_bank_rejected",
          step: "transfer_processing",
          source: "beneficiary_bank",
        };
      } else {
        transfer.status = "processed";
        transfer.processed_at = now();
      }
      emit(account, `transfer.${transfer.status}`, { transfer });
    });
    return json(200, transfer);
  }

  type Route = (account: Account, id: string, req: IncomingMessage, body: unknown, second: string) => Answer;
  const api: { method: string; path: RegExp; run: Route }[] = [
    { method: "POST", path: /^\/v1\/orders$/, run: (account, _id, _req, body) => createOrder(account, body) },
    { method: "GET", path: /^\/v1\/orders\/([^/]+)$/, run: (account, id) => json(200, find(account.orders, id)) },
    {
      method: "GET",
      path: /^\/v1\/orders\/([^/]+)\/payments$/,
      run: (account, id) => {
        find(account.orders, id);
        return json(200, collection(newestFirst([...account.payments.values()].filter((p) => p.order_id === id))));
      },
    },
    { method: "GET", path: /^\/v1\/payments\/([^/]+)$/, run: (account, id) => json(200, find(account.payments, id)) },
    { method: "POST", path: /^\/v1\/payments\/([^/]+)\/capture$/, run: (account, id, _req, body) => capturePayment(account, id, body) },
    {
      method: "POST",
      path: /^\/v1\/payments\/([^/]+)\/refund$/,
      run: (account, id, req, body) => refundPayment(account, id, body, req.headers["x-refund-idempotency"]?.toString()),
    },
    {
      method: "GET",
      path: /^\/v1\/payments\/([^/]+)\/refunds$/,
      run: (account, id) => {
        find(account.payments, id);
        return json(200, collection(newestFirst([...account.refunds.values()].filter((r) => r.payment_id === id))));
      },
    },
    { method: "GET", path: /^\/v1\/refunds\/([^/]+)$/, run: (account, id) => json(200, find(account.refunds, id)) },
    { method: "POST", path: /^\/v2\/accounts$/, run: (account, _id, _req, body) => createLinkedAccount(account, body) },
    { method: "GET", path: /^\/v2\/accounts\/([^/]+)\/?$/, run: (account, id) => json(200, linkedAccount(account, id)) },
    { method: "POST", path: /^\/v2\/accounts\/([^/]+)\/stakeholders\/?$/, run: (account, id, _req, body) => addStakeholder(account, id, body) },
    { method: "POST", path: /^\/v2\/accounts\/([^/]+)\/products\/?$/, run: (account, id, _req, body) => requestProduct(account, id, body) },
    { method: "GET", path: /^\/v2\/accounts\/([^/]+)\/products\/([^/]+)\/?$/, run: (account, id, _req, _body, productId) => json(200, product(account, id, productId)) },
    {
      method: "PATCH",
      path: /^\/v2\/accounts\/([^/]+)\/products\/([^/]+)\/?$/,
      run: (account, id, _req, body, productId) => updateProduct(account, id, productId, body),
    },
    {
      method: "POST",
      path: /^\/v1\/transfers$/,
      run: (account, _id, req, body) => createTransfer(account, body, req.headers["x-transfer-idempotency"]?.toString()),
    },
    { method: "GET", path: /^\/v1\/transfers\/([^/]+)$/, run: (account, id) => json(200, find(account.transfers, id)) },
  ];

  function authenticate(header: string | undefined): Account | null {
    const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
    if (!match) return null;
    const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    const account = colon < 0 ? undefined : accounts.get(decoded.slice(0, colon));
    return account && sameText(account.keySecret, decoded.slice(colon + 1)) ? account : null;
  }

  async function controls(req: IncomingMessage, path: string): Promise<Answer> {
    if (!isLoopback(req.socket.remoteAddress)) throw new ApiError(403, "The sandbox's test controls answer only on loopback.");
    if (req.method === "GET" && path === "/__sandbox/webhooks") return json(200, sent);
    if (req.method === "POST" && path === "/__sandbox/webhooks") {
      sandbox.setWebhookDelivery(parse(deliveryBody, await readJson(req)));
      return noContent;
    }
    if (req.method === "POST" && path === "/__sandbox/webhooks/release") {
      await sandbox.releaseWebhooks();
      return noContent;
    }
    if (req.method === "POST" && path === "/__sandbox/webhooks/replay") {
      const { eventId } = parse(replayBody, await readJson(req));
      if (!made.has(eventId)) throw new ApiError(404, `No event ${eventId} was made.`);
      await sandbox.replayWebhook(eventId);
      return noContent;
    }
    if (req.method === "POST" && path === "/__sandbox/refunds") {
      refundOutcome = parse(refundOutcomeBody, await readJson(req)).outcome;
      return noContent;
    }
    throw new ApiError(404, MESSAGES.route);
  }

  async function route(req: IncomingMessage, path: string): Promise<Answer> {
    const method = req.method ?? "GET";
    if (path === "/v1/razorpay.js" && (method === "GET" || method === "HEAD")) {
      return { status: 200, body: CHECKOUT_SCRIPT, type: "application/javascript; charset=utf-8" };
    }
    if (path === "/v1/checkout/payments" && method === "OPTIONS") return noContent;
    // A refused or failed payment is an answer too, not an HTTP failure: a decline leaves no error in the customer's console.
    if (path === "/v1/checkout/payments" && method === "POST") return json(200, checkout(await readJson(req)));
    if (path.startsWith("/__sandbox/")) return controls(req, path);
    for (const r of api) {
      const match = r.path.exec(path);
      if (!match || r.method !== method) continue;
      const account = authenticate(req.headers.authorization);
      if (!account) throw new ApiError(401, MESSAGES.auth);
      const body = method === "POST" || method === "PATCH" ? await readJson(req) : undefined;
      return r.run(account, decodeURIComponent(match[1] ?? ""), req, body, decodeURIComponent(match[2] ?? ""));
    }
    throw new ApiError(404, MESSAGES.route);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let path = "/";
    let answer: Answer;
    try {
      path = new URL(req.url ?? "/", "http://sandbox").pathname;
      answer = await route(req, path);
    } catch (err) {
      if (!(err instanceof ApiError)) log(`razorpay sandbox: ${req.method} ${path} failed: ${err instanceof Error ? err.message : String(err)}`);
      const failure = err instanceof ApiError ? err : new ApiError(500, "The sandbox could not answer this request.");
      answer = json(failure.status, { error: failure.detail });
    }
    const browser = path === "/v1/razorpay.js" || path.startsWith("/v1/checkout/");
    res.writeHead(answer.status, {
      ...(answer.type ? { "content-type": answer.type } : {}),
      ...(browser ? CORS : {}),
      ...(browser && req.method === "OPTIONS"
        ? { "access-control-allow-methods": "POST", "access-control-allow-headers": "Content-Type", "access-control-max-age": "600" }
        : {}),
      "cache-control": "no-store",
    });
    res.end(req.method === "HEAD" ? undefined : answer.body);
    log(`razorpay sandbox: ${req.method} ${path} ${answer.status}`);
  }

  const server = createServer((req, res) => void handle(req, res));

  const sandbox: RazorpaySandbox = {
    url: "",
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    setWebhookDelivery(d) {
      const next = { ...delivery, ...d };
      if (!["normal", "hold", "drop"].includes(next.mode)) throw new Error(`Unknown webhook delivery mode ${next.mode}`);
      if (!Number.isInteger(next.copies) || next.copies < 1) throw new Error("Webhook copies must be a whole number, at least 1");
      if (!Number.isInteger(next.delayMs) || next.delayMs < 0) throw new Error("Webhook delayMs must be a whole number of ms, at least 0");
      delivery = next;
    },
    releaseWebhooks() {
      const events = delivery.reverse ? held.reverse() : held;
      held = [];
      return enqueue(async () => {
        for (const e of events) await sendCopies(e, false);
      });
    },
    sentWebhooks: () => sent.map((s) => ({ ...s })),
    replayWebhook(eventId) {
      const e = made.get(eventId);
      if (!e) return Promise.reject(new Error(`The Razorpay sandbox made no event ${eventId}`));
      return enqueue(async () => {
        await attempt(e);
      });
    },
    setRefundOutcome(outcome) {
      refundOutcome = outcome;
    },
    pay: async (input) => checkout(input),
    async close() {
      if (closed) return;
      closed = true;
      stop.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      held = [];
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      const { port: bound } = server.address() as AddressInfo;
      const shown = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
      sandbox.url = `http://${shown.includes(":") ? `[${shown}]` : shown}:${bound}`;
      resolve(sandbox);
    });
  });
}
