/**
 * What the shop tells a shopper about delivery to a PIN code before the order (decision 024): the
 * shape the product page's "Deliver to" box, the cart and checkout share. Pure, for the browser too;
 * estimate.server.ts fills it.
 */
export interface DeliveryEstimate {
  pin: string;
  /** "Mumbai, Maharashtra"; null when the PIN is malformed or unknown. */
  place: string | null;
  /** Why the shop cannot deliver there (a malformed PIN, one that does not exist, one not served); null when it can. */
  problem: string | null;
  /** Cash on delivery there: offered, or not with the reason why; null when the shop takes no cash on delivery at all. */
  cashOnDelivery: { available: true } | { available: false; reason: string } | null;
  /** One per seller asked about, in the order asked. */
  sellers: SellerDelivery[];
}

export interface SellerDelivery {
  vendorId: string;
  vendorName: string;
  /** "Delivery Thu 28 – Sat 30 Nov"; null when the seller has not set where it dispatches from. */
  arrives: string | null;
  /** "Order within 3 hrs 20 mins" while today's dispatch cut-off still counts; otherwise null. */
  orderWithin: string | null;
}

/** Said where a seller has set no dispatch PIN, so no date can be worked out: the shop's general promise. */
export const GENERAL_DELIVERY_TEXT = "Delivery in 2-3 business days in metros, 3-5 elsewhere";

export const CASH_ON_DELIVERY_AVAILABLE = "Cash on delivery available";
