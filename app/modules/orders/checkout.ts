import type { FormFailure } from "~/lib/form";
import type { DeliveryEstimate } from "~/modules/delivery/estimate";
import type { PayRequest } from "~/modules/payments/razorpay-checkout";
import { ADDRESS_FIELDS, type AddressField } from "./address-fields";

/**
 * The checkout's pages and answers as the browser reads them (checkout.server.ts moves through
 * the steps): plain types and the address as posted, so the page's code carries no server code
 * and no zod.
 */

export type AddressValues = Record<AddressField, string>;

/** The checkout's steps, in order; the first two are forms, the last the placed order. */
export const CHECKOUT_STEPS = ["Shipping", "Payment", "Confirmation"] as const;

/**
 * The one reply shape (decision 011) plus the step to show. Only the address is echoed: card
 * fields have no names and never reach the server, and the UPI ID is typed again.
 */
export type CheckoutReply = {
  step: "shipping" | "payment";
  values: AddressValues;
  sessionExpired?: boolean;
  newTotal?: number;
  /** The payment method that was chosen, kept when the step comes back with a message. */
  paymentMethod?: string;
  /** The order placed and not yet paid: the browser pays it through Razorpay's script. */
  pay?: PayRequest;
  /** Set once an order exists for this checkout (the cart is then empty). */
  orderNumber?: string;
  /** Why cash on delivery is not offered for this address and order, when it is not. */
  codUnavailable?: string;
  /** When each seller's parcel should arrive at this address, on the payment step. */
  delivery?: DeliveryEstimate;
  /**
   * The shop did not answer the post (too busy, or its database away for a moment): the page stays
   * as it is, its idempotency key too, so pressing the button again can never place a second order.
   */
  tryAgain?: true;
} & (Omit<FormFailure, "values"> | { status: "success" });

/** The address fields as posted, each cut to a sane length. */
export function addressValues(v: Record<string, string>): AddressValues {
  return Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, (v[f] ?? "").slice(0, 300)])) as AddressValues;
}

export const CHECKOUT_MESSAGES = {
  sessionExpired: "Your session has expired. Please sign in again to continue.",
  unreachable: "We couldn't reach the shop. Please check your internet connection and try again.",
  placeAgain: "Please try placing your order again.",
  /** Place Order turned away before anything was done: the shop was too busy (server/admission.ts). */
  busyNotPlaced:
    "We're very busy right now, so your order was not placed and nothing was charged. Your cart is kept: please press Place Order again in a few seconds.",
  /** Place Order turned away before anything was done: the database was out of reach. */
  awayNotPlaced:
    "The shop can't reach its records for a moment, so your order was not placed and nothing was charged. Your cart is kept: please press Place Order again in a few seconds.",
  /** Place Order failed part-way (the database went away): it may or may not have been placed. */
  unconfirmed:
    "We lost touch with our records while placing your order, so we can't confirm it yet. Please press Place Order again in a few seconds: if it went through you will see it, and it is never placed or charged twice.",
  /** The payment's confirmation turned away or failed part-way: Razorpay has the payment, the webhooks and the check of unpaid orders record it. */
  paidUnconfirmed:
    "Your payment was made, but we couldn't confirm it just now. Please don't pay again: your order will show as paid within a few minutes, and we'll email you.",
  /** Any other step of the checkout, turned away. */
  busyStep: "The shop is very busy right now. Your details are kept: please press the button again in a few seconds.",
} as const;

/** The step a post comes back to when it fails before it is read: the payment step for Place Order, else shipping. */
export function stepOfIntent(intent: string | undefined): "shipping" | "payment" {
  return intent === "place" ? "payment" : "shipping";
}
