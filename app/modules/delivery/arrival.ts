import { formatPromiseDay, promiseText } from "./promise";

/**
 * What an order part says about its arrival, from the delivery promised when the order was placed
 * (kept on the part: docs/product-rules.md, "Delivery dates") and today's India date. Pure: the
 * order page, the checkout confirmation, the order-placed mail and the seller's order list all say
 * it the same way. Statuses are the order parts' (app/modules/orders/status.ts), written out here
 * because delivery may not import orders.
 *
 * - pending or processing: "Delivery Thu 28 – Sat 30 Nov" ("Delivery by Sat, 28 Nov" for one day);
 * - shipped: "Arriving by Sat, 30 Nov";
 * - any of those after the promised latest day: "Delayed: expected by Sat, 30 Nov" (on the day
 *   itself it is not yet late);
 * - delivered, cancelled, or no promise (placed before promises were kept, or the seller had no
 *   dispatch PIN): nothing.
 */

export interface PromisedPart {
  status: string;
  /** YYYY-MM-DD, India time; null when no promise was made. */
  promisedFrom: string | null;
  promisedTo: string | null;
}

export interface ArrivalLine {
  text: string;
  /** Past the promised latest day and still not delivered: shown so it stands out. */
  delayed: boolean;
}

const OPEN = new Set(["pending", "processing", "shipped"]);

/** Whether a part still on its way is past its promised latest day (`today` is YYYY-MM-DD, India time). */
export function isDelayed(part: PromisedPart, today: string): boolean {
  return OPEN.has(part.status) && part.promisedTo !== null && today > part.promisedTo;
}

/** The customer's line for a part, or null when there is nothing to say. */
export function arrivalLine(part: PromisedPart, today: string): ArrivalLine | null {
  const { promisedFrom, promisedTo } = part;
  if (!OPEN.has(part.status) || promisedFrom === null || promisedTo === null) return null;
  if (isDelayed(part, today)) return { text: `Delayed: expected by ${formatPromiseDay(promisedTo)}`, delayed: true };
  if (part.status === "shipped") return { text: `Arriving by ${formatPromiseDay(promisedTo)}`, delayed: false };
  // The same words the shopper read before ordering (promiseText).
  return { text: promiseText({ earliest: promisedFrom, latest: promisedTo }), delayed: false };
}

/** The seller's line for its part: the day it promised the customer, while the part is on its way; null otherwise. */
export function sellerDeadlineLine(part: PromisedPart, today: string): ArrivalLine | null {
  if (!OPEN.has(part.status) || part.promisedTo === null) return null;
  const day = formatPromiseDay(part.promisedTo);
  return isDelayed(part, today) ? { text: `Late: promised to the customer by ${day}`, delayed: true } : { text: `Promised to the customer by ${day}`, delayed: false };
}
