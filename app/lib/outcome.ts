/**
 * Why a domain function refused (decision 011). Modules return `{ ok: false, reason, message }`;
 * routes turn the reason into an HTTP status here and show the message. No route compares
 * message texts. These are the reasons every domain shares; a domain with reasons of its own
 * (placing an order: orders/orders.server.ts) names, for each, which of these it is.
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
  /** an outside service the shop depends on (the payment gateway) could not be reached or refused the shop */
  | "gateway";

export interface Refusal<R extends string = RefusalReason> {
  ok: false;
  reason: R;
  message: string;
}

/** A domain's own refusal reasons, each read as one of the shared ones for its HTTP status. */
export type RefusalKinds<R extends string> = Readonly<Record<R, RefusalReason>>;

const STATUS: Record<RefusalReason, 400 | 403 | 404 | 409 | 503> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  stale: 409,
  conflict: 409,
  gateway: 503,
};

/** The HTTP status of a refusal. */
export function statusFor(reason: RefusalReason): 400 | 403 | 404 | 409 | 503 {
  return STATUS[reason];
}
