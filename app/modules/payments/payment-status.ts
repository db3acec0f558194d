/**
 * An order's payment state, beside its fulfilment status (docs/decisions/014). Card and UPI orders
 * await payment until Razorpay's payment is verified; bank transfers until the admin marks the
 * money received; cash on delivery is paid to the delivery partner.
 */
export const PAYMENT_STATUSES = ["cod", "awaiting", "failed", "paid", "refund_pending", "refunded", "refund_failed", "void"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const LABELS: Record<PaymentStatus, string> = {
  cod: "Pay on delivery",
  awaiting: "Awaiting payment",
  failed: "Payment failed",
  paid: "Paid",
  refund_pending: "Refund pending",
  refunded: "Refunded",
  refund_failed: "Refund failed",
  void: "Not paid",
};

export function paymentStatusLabel(status: string): string {
  return LABELS[status as PaymentStatus] ?? status;
}

export function paymentStatusTone(status: string): "green" | "blue" | "yellow" | "red" | "grey" {
  switch (status) {
    case "paid":
      return "green";
    case "refunded":
    case "refund_pending":
      return "blue";
    case "awaiting":
      return "yellow";
    case "failed":
    case "refund_failed":
      return "red";
    default:
      return "grey";
  }
}

/** Card and UPI are paid through Razorpay at checkout. */
export function isOnlineMethod(method: string): method is "card" | "upi" {
  return method === "card" || method === "upi";
}

/** The state an order starts in, by how it is paid. */
export function initialPaymentStatus(method: string): PaymentStatus {
  return method === "cod" ? "cod" : "awaiting";
}

/** Still to be paid: a payment may yet arrive (or the order be cancelled for want of one). */
export const UNPAID: readonly PaymentStatus[] = ["awaiting", "failed"];

export function isUnpaid(status: string): boolean {
  return (UNPAID as readonly string[]).includes(status);
}

/** A card or UPI order placed but not paid can be paid again (or switched) until it is cancelled. */
export function mayPayAgain(order: { status: string; paymentMethod: string; paymentStatus: string }): boolean {
  return order.status === "pending" && isOnlineMethod(order.paymentMethod) && isUnpaid(order.paymentStatus);
}

/** A seller ships only what is paid for, or is paid on delivery. */
export function mayShip(status: string): boolean {
  return status === "paid" || status === "cod";
}

export const AWAITING_PAYMENT_MESSAGE = "This order is awaiting payment: ship it once it is paid.";
