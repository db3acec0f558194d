/**
 * Why a domain function refused (decision 011). Modules return `{ ok: false, reason, message }`;
 * routes turn the reason into an HTTP status here and show the message. No route compares
 * message texts.
 */
export type RefusalReason =
  /** the post itself is wrong: a missing or unknown value */
  | "invalid"
  /** the signed-in person may not do this */
  | "forbidden"
  /** no such record, or not one of this person's */
  | "not_found"
  /** the record moved on since the page was loaded */
  | "stale"
  /** the change clashes with the record's state now (another edit, stock taken, too late) */
  | "conflict"
  /** placing an order: the cart no longer matches the shop */
  | "empty"
  | "unavailable"
  | "out_of_stock"
  | "price_changed"
  | "payment_method"
  /** the payment gateway could not be reached or refused the shop */
  | "gateway";

export interface Refusal<R extends RefusalReason = RefusalReason> {
  ok: false;
  reason: R;
  message: string;
}

const STATUS: Record<RefusalReason, 400 | 403 | 404 | 409 | 503> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  stale: 409,
  conflict: 409,
  empty: 409,
  unavailable: 409,
  out_of_stock: 409,
  price_changed: 409,
  payment_method: 409,
  gateway: 503,
};

/** The HTTP status of a refusal. */
export function statusFor(reason: RefusalReason): 400 | 403 | 404 | 409 | 503 {
  return STATUS[reason];
}
