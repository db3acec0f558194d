import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { SecretBox } from "~/lib/secret-box.server";
import { statusFor } from "~/lib/outcome";
import { isPinFormat } from "~/modules/addresses/pin-codes";
import type { CartLine } from "~/modules/cart/cart";
import { codUnavailableReason, shippingPinProblem } from "~/modules/delivery/pin-rules.server";
import type { DeliveryEstimate } from "~/modules/delivery/estimate";
import { loadProfile } from "~/modules/identity/accounts.server";
import type { SessionUser } from "~/modules/identity/roles";
import type { Store } from "~/modules/jobs/outbox.server";
import type { Payments } from "~/modules/payments/gateway.server";
import { choosePaymentMethod, type PaymentMethod } from "~/modules/payments/methods";
import { isOnlineMethod } from "~/modules/payments/payment-status";
import { bankTransferDetails, enabledPaymentMethods, type BankTransferDetails } from "~/modules/payments/settings.server";
import { businessBuyerSchema, shippingAddressSchema } from "./address";
import type { AddressField } from "./address-fields";
import { CHECKOUT_MESSAGES, addressValues, stepOfIntent, type AddressValues, type CheckoutReply } from "./checkout";
import { estimateForQuote } from "./delivery-estimate.server";
import { issueErrors, type FormFailure } from "~/lib/form";
import { confirmCheckoutPayment, startOnlinePayment } from "./online-payments.server";
import { PLACE_ORDER_REFUSALS, getOrderForUser, placeOrder, quoteCart, unpaidOrderToPay, type CartQuote, type OrderDetail } from "./orders.server";

/**
 * The checkout, step by step (the route /checkout only routes): Shipping takes the address, checked
 * against the PIN directory and where the shop delivers; Payment takes a method the admin has
 * enabled, for this address and total, and places the order (card and UPI are then paid through
 * Razorpay's script and confirmed here); Confirmation shows the placed order. An unpaid order can
 * be paid from the payment step again (`?pay=`).
 */

type Db = Kysely<Database>;

/** The page on arrival: the placed order's confirmation, the payment step of an unpaid order, or the shipping step of the cart. */
export type CheckoutPage = { methods: PaymentMethod[]; idempotencyKey: string; defaultErrors: Partial<Record<AddressField, string>> } & (
  | { step: "confirmation"; order: OrderDetail; bank: BankTransferDetails | null; quote: null; defaults: null; resume: null }
  | {
      step: "payment";
      order: null;
      bank: null;
      quote: CartQuote;
      defaults: AddressValues;
      /** The unpaid order being paid again, with why its last attempt failed. */
      resume: { number: string; paymentMethod: PaymentMethod; paymentError: string | null; codUnavailable: string | null };
    }
  | { step: "shipping"; order: null; bank: null; quote: CartQuote; defaults: AddressValues; resume: null }
);

/** What the checkout page shows on arrival, or where it sends the customer instead. */
export async function checkoutPage(db: Db, secrets: () => SecretBox, user: SessionUser, params: URLSearchParams, lines: CartLine[]): Promise<CheckoutPage | { redirectTo: string }> {
  const placed = params.get("placed");
  if (placed) {
    const order = await getOrderForUser(db, user.id, placed);
    if (order) {
      const bank = order.paymentMethod === "bank_transfer" ? await bankTransferDetails(db, secrets()) : null;
      return { step: "confirmation" as const, order, bank, methods: [] as PaymentMethod[], quote: null, defaults: null, idempotencyKey: "", resume: null, defaultErrors: {} };
    }
  }
  // An order placed but not paid (the payment failed, or the page was left): pay it from here.
  const pay = params.get("pay");
  if (pay) {
    const unpaid = await unpaidOrderToPay(db, user.id, pay);
    if (!unpaid) return { redirectTo: /^RC-\d{6}$/.test(pay) ? `/orders/${pay}` : "/orders" };
    const codUnavailable = isPinFormat(unpaid.address.postalCode) ? await codUnavailableReason(db, unpaid.address.postalCode, unpaid.quote.totals.total) : null;
    const resume = { number: unpaid.number, paymentMethod: unpaid.paymentMethod, paymentError: unpaid.paymentError, codUnavailable };
    const methods = await enabledPaymentMethods(db);
    return { step: "payment" as const, order: null, bank: null, methods, quote: unpaid.quote, defaults: unpaid.address, idempotencyKey: unpaid.idempotencyKey, resume, defaultErrors: {} };
  }
  const quote = await quoteCart(db, lines);
  // An empty cart goes back to /cart, unless the confirmation is showing (the order emptied it).
  if (quote.lines.length === 0) return { redirectTo: "/cart" };
  const profile = await loadProfile(db, user);
  const defaults: AddressValues = {
    fullName: user.name,
    phone: "",
    addressLine1: profile.streetAddress,
    addressLine2: "",
    city: profile.city,
    state: profile.stateVal,
    postalCode: profile.zipCode,
    // The business last bought for, ticked again: unticking it buys as a consumer.
    business: profile.gstin ? "on" : "",
    gstin: profile.gstin,
    legalName: profile.businessLegalName,
  };
  // A saved address is kept as it is; a PIN code that no longer passes is flagged on its field.
  const savedPinProblem = isPinFormat(defaults.postalCode) ? await shippingPinProblem(db, defaults.postalCode, defaults.state) : null;
  const defaultErrors: Partial<Record<AddressField, string>> = savedPinProblem ? { postalCode: savedPinProblem } : {};
  // Only the methods the admin has enabled are offered (the action refuses the others too).
  const methods = await enabledPaymentMethods(db);
  return { step: "shipping" as const, order: null, bank: null, methods, quote, defaults, idempotencyKey: crypto.randomUUID(), resume: null, defaultErrors };
}

/** A step's answer: the page again with a reply (and its status), or another page; `emptyCart` once the cart's items became an order. */
export type CheckoutAnswer = { reply: CheckoutReply; status?: number; emptyCart?: boolean } | { redirectTo: string; emptyCart?: boolean };

/**
 * One post of the checkout, by its intent: back to Shipping; confirm a card or UPI payment;
 * otherwise the address, then (intent "place") the payment method and the order itself. The
 * payment gateway is asked for only when a card or UPI payment is started or confirmed.
 */
export async function checkoutStep(
  { store, payments }: { store: Store; payments: () => Payments },
  user: SessionUser | null,
  posted: Record<string, string>,
  lines: CartLine[],
): Promise<CheckoutAnswer> {
  const { db } = store;
  const values = addressValues(posted);
  // Cash on delivery to this PIN, for this cart, and when it should arrive: said on the payment step whenever it shows.
  const codNote = async (): Promise<{ codUnavailable?: string; delivery?: DeliveryEstimate }> => {
    const pin = values.postalCode.trim();
    if (!isPinFormat(pin)) return {};
    const quote = await quoteCart(db, lines);
    const [reason, delivery] = await Promise.all([codUnavailableReason(db, pin, quote.totals.total), estimateForQuote(db, quote, pin)]);
    return { ...(reason ? { codUnavailable: reason } : {}), ...(quote.lines.length > 0 ? { delivery } : {}) };
  };
  const payment = async (more: Partial<CheckoutReply> & { formError?: string; fieldErrors?: FormFailure["fieldErrors"] }, status: number): Promise<CheckoutAnswer> => ({
    reply: { step: "payment", values, status: "error", fieldErrors: {}, ...(await codNote()), ...more } as CheckoutReply,
    status,
  });
  if (!user) {
    return { reply: { step: stepOfIntent(posted.intent), values, status: "error", formError: CHECKOUT_MESSAGES.sessionExpired, fieldErrors: {}, sessionExpired: true }, status: 401 };
  }
  if (posted.intent === "back") return { reply: { step: "shipping", values, status: "success" } };
  if (posted.intent === "confirm") {
    // Razorpay's checkout says it paid: the server checks the signature and the payment itself.
    const number = posted.orderNumber ?? "";
    const confirmed = await confirmCheckoutPayment(store, payments(), user.id, number, {
      paymentId: posted.razorpay_payment_id ?? "",
      orderId: posted.razorpay_order_id ?? "",
      signature: posted.razorpay_signature ?? "",
    });
    if (confirmed.ok) return { redirectTo: `/checkout?placed=${number}`, emptyCart: true };
    return payment({ paymentMethod: posted.paymentMethod, orderNumber: number, formError: confirmed.message }, statusFor(confirmed.reason));
  }

  const address = shippingAddressSchema.safeParse(values);
  const business = businessBuyerSchema.safeParse(values);
  if (!address.success || !business.success) {
    const issues = [...(address.error?.issues ?? []), ...(business.error?.issues ?? [])];
    return { reply: { step: "shipping", values, status: "error", ...issueErrors(issues) }, status: 400 };
  }
  // The PIN code exists, is in the state chosen, and the shop delivers there.
  const pinProblem = await shippingPinProblem(db, address.data.postalCode, address.data.state);
  if (pinProblem) return { reply: { step: "shipping", values, status: "error", fieldErrors: { postalCode: pinProblem } }, status: 400 };
  if (posted.intent !== "place") return { reply: { step: "payment", values, status: "success", ...(await codNote()) } };

  // Whatever was posted, only a method the admin has enabled can pay for an order.
  const choice = choosePaymentMethod(await enabledPaymentMethods(db), posted);
  if (!choice.ok) {
    const { formError, fieldErrors } = choice;
    return payment({ ...(choice.keepChoice ? { paymentMethod: posted.paymentMethod } : {}), ...(formError ? { formError } : {}), ...(fieldErrors ? { fieldErrors } : {}) }, statusFor(choice.reason));
  }
  const chosen = { paymentMethod: posted.paymentMethod };
  const key = posted.idempotencyKey ?? "";
  if (!/^[0-9a-f-]{36}$/.test(key)) return payment({ formError: CHECKOUT_MESSAGES.placeAgain }, 400);
  const expected = Number.parseInt(posted.expectedTotal ?? "", 10);
  const result = await placeOrder(store, {
    userId: user.id,
    lines,
    address: address.data,
    business: business.data,
    paymentMethod: choice.method,
    idempotencyKey: key,
    expectedTotal: Number.isFinite(expected) ? expected : undefined,
  });
  if (!result.ok) {
    if (result.reason === "empty") return { redirectTo: "/cart" };
    if (result.reason === "payment_method" || result.reason === "cod_unavailable") return payment({ fieldErrors: { paymentMethod: result.message } }, statusFor(PLACE_ORDER_REFUSALS[result.reason]));
    if (result.reason === "not_served") return { reply: { step: "shipping", values, status: "error", fieldErrors: { postalCode: result.message } }, status: statusFor(PLACE_ORDER_REFUSALS[result.reason]) };
    return payment({ ...chosen, formError: result.message, ...(result.reason === "price_changed" && result.totals ? { newTotal: result.totals.total } : {}) }, statusFor(PLACE_ORDER_REFUSALS[result.reason]));
  }
  // The items are the order's now: the cart starts empty again.
  const emptyCart = !result.existing;
  if (isOnlineMethod(result.paymentMethod) && result.paymentStatus !== "paid") {
    const started = await startOnlinePayment(db, payments(), user.id, result.number);
    if (!started.ok) return { reply: { step: "payment", values, status: "error", fieldErrors: {}, ...(await codNote()), ...chosen, orderNumber: result.number, formError: started.message }, status: statusFor(started.reason), emptyCart };
    if (!started.paid) return { reply: { step: "payment", values, status: "success", ...(await codNote()), ...chosen, orderNumber: result.number, pay: started.pay }, emptyCart };
  }
  return { redirectTo: `/checkout?placed=${result.number}`, emptyCart };
}
