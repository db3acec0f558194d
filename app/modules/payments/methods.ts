/**
 * Card, UPI, cash on delivery and direct bank transfer, in
 * the order checkout lists them. Which are offered depends on the payment settings (checkoutMethods).
 */
export const PAYMENT_METHODS = [
  { value: "card", label: "Credit / Debit Card" },
  { value: "upi", label: "UPI" },
  { value: "cod", label: "Cash on Delivery" },
  { value: "bank_transfer", label: "Bank Transfer" },
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]["value"];

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return PAYMENT_METHODS.some((m) => m.value === value);
}

export function paymentMethodLabel(method: string): string {
  return PAYMENT_METHODS.find((m) => m.value === method)?.label ?? method;
}

/** The payment method in capitals, as order pages show it (CARD, UPI, COD, BANK TRANSFER). */
export function paymentMethodInCapitals(method: string): string {
  return method.replace(/_/g, " ").toUpperCase();
}

/** Which providers and methods the admin has switched on (the payment settings' flags). */
export interface PaymentSwitches {
  razorpay: boolean;
  stripe: boolean;
  cod: boolean;
  bankTransfer: boolean;
}

/**
 * The methods checkout offers, in display order; the first is selected by default.
 * Card and UPI: Razorpay, which takes both (Stripe's keys are kept, but checkout pays through
 * Razorpay: docs/decisions/014). Cash on delivery and bank transfer: their own switch.
 * (docs/decisions/006-checkout-payment-methods.md)
 */
export function checkoutMethods(s: PaymentSwitches): PaymentMethod[] {
  const offered: Record<PaymentMethod, boolean> = {
    card: s.razorpay,
    upi: s.razorpay,
    cod: s.cod,
    bank_transfer: s.bankTransfer,
  };
  return PAYMENT_METHODS.map((m) => m.value).filter((m) => offered[m]);
}

export const PAYMENTS_UNAVAILABLE = "Payments are unavailable right now, so orders can't be placed. Please try again later.";

export function methodUnavailableMessage(method: PaymentMethod): string {
  return `${paymentMethodLabel(method)} is not available. Please choose another payment method.`;
}

/** "A", "A or B", "A, B or C". */
function orList(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

/** Card and UPI are paid through Razorpay's script in the browser; names the other methods on offer. */
export function onlineNeedsJavaScriptMessage(methods: readonly PaymentMethod[]): string {
  const online = methods.includes("upi") ? "card or UPI" : "card";
  const others = methods.filter((m) => m !== "card" && m !== "upi").map(paymentMethodLabel);
  return others.length > 0 ? `Please enable JavaScript to pay by ${online}, or choose ${orList(others)}.` : `Please enable JavaScript to pay by ${online}.`;
}

/** The Luhn check every card number passes. */
export function passesLuhn(number: string): boolean {
  const digits = number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/YY, not before the current month. */
export function expiryProblem(value: string, now = new Date()): string | null {
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!m) return "Please enter the expiry as MM/YY";
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return "Please enter a month from 01 to 12";
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) return "This card has expired";
  return null;
}

export function isUpiId(value: string): boolean {
  return /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/.test(value.trim());
}

export interface CardInput {
  nameOnCard: string;
  cardNumber: string;
  expiry: string;
  cvv: string;
}

/** Card checks, run in the browser only: card details are never sent to the server. */
export function cardErrors(card: CardInput, now = new Date()): Partial<Record<keyof CardInput, string>> {
  const errors: Partial<Record<keyof CardInput, string>> = {};
  if (!card.nameOnCard.trim()) errors.nameOnCard = "Please enter the name on the card";
  if (!card.cardNumber.trim()) errors.cardNumber = "Please enter the card number";
  else if (!passesLuhn(card.cardNumber)) errors.cardNumber = "Please check the card number";
  const expiry = card.expiry.trim() ? expiryProblem(card.expiry, now) : "Please enter the expiry date (MM/YY)";
  if (expiry) errors.expiry = expiry;
  if (!/^\d{3}$/.test(card.cvv.trim())) errors.cvv = "Please enter the 3-digit CVV";
  return errors;
}

export const UPI_MESSAGE = "Please enter a UPI ID like name@bank";

/** What checkout's Place Order may be paid by, or why not: a refusal names its field, and whether the method chosen is kept on the page. */
export type PaymentChoice =
  | { ok: true; method: PaymentMethod }
  | { ok: false; reason: "conflict" | "invalid"; formError?: string; fieldErrors?: { paymentMethod?: string; upiId?: string }; keepChoice: boolean };

/**
 * The payment eligibility rules of Place Order, whatever was posted: there is a method to pay by
 * at all, the one chosen is known and enabled by the admin, card and UPI were paid through
 * Razorpay's script (so JavaScript ran), and a UPI payment names a UPI ID.
 */
export function choosePaymentMethod(enabled: readonly PaymentMethod[], posted: { paymentMethod?: string | undefined; paidOnline?: string | undefined; upiId?: string | undefined }): PaymentChoice {
  if (enabled.length === 0) return { ok: false, reason: "conflict", formError: PAYMENTS_UNAVAILABLE, keepChoice: false };
  const method = posted.paymentMethod;
  if (!isPaymentMethod(method)) return { ok: false, reason: "invalid", fieldErrors: { paymentMethod: "Please choose a payment method" }, keepChoice: false };
  if (!enabled.includes(method)) return { ok: false, reason: "invalid", fieldErrors: { paymentMethod: methodUnavailableMessage(method) }, keepChoice: false };
  // Card and UPI are paid through Razorpay's script in the browser: card details never reach the shop.
  if ((method === "card" || method === "upi") && posted.paidOnline !== "1") return { ok: false, reason: "invalid", fieldErrors: { paymentMethod: onlineNeedsJavaScriptMessage(enabled) }, keepChoice: true };
  if (method === "upi" && !isUpiId(posted.upiId ?? "")) return { ok: false, reason: "invalid", fieldErrors: { upiId: UPI_MESSAGE }, keepChoice: true };
  return { ok: true, method };
}

/** What the customer is told when Razorpay's script, or the shop's code for it, cannot be fetched. */
export const GATEWAY_UNREACHABLE = "We could not reach the payment gateway. Please check your connection and try again.";

/** "A, B and C". */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/**
 * What the payment step tells the customer before paying: the methods offered, who processes them
 * and the fees (none), as India's e-commerce rules ask (docs/product-rules.md, "Legal details and disclosures").
 */
export function paymentDisclosure(methods: readonly PaymentMethod[]): string {
  const offered = PAYMENT_METHODS.filter((m) => methods.includes(m.value));
  if (offered.length === 0) return "";
  const online = offered.filter((m) => m.value === "card" || m.value === "upi").map((m) => m.label);
  const processor = online.length > 0 ? ` ${listed(online)} payments are processed by Razorpay, our payment gateway.` : "";
  return `Payment methods offered: ${listed(offered.map((m) => m.label))}.${processor} No fee is charged for any payment method.`;
}
