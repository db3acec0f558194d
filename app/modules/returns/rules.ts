import { DAMAGE_REPORT_HOURS, RETURN_WINDOW_DAYS } from "~/modules/content/policies";
import type { Paise } from "~/modules/money/money";
import { gstOn } from "~/modules/gst/gst";

/**
 * The rules of returns and replacements (docs/decisions/022-returns.md): what may come back, until when,
 * for what, how the request moves on, and what is refunded. Pure: the server, the pages and the
 * mail read them alike.
 */

export const RETURN_REASONS = [
  { value: "damaged", label: "Damaged in transit", sellersFault: true, photos: true },
  { value: "defective", label: "Defective or not working", sellersFault: true, photos: false },
  { value: "wrong_item", label: "Wrong item sent", sellersFault: true, photos: true },
  { value: "missing_parts", label: "Missing parts or accessories", sellersFault: true, photos: false },
  { value: "not_needed", label: "No longer needed", sellersFault: false, photos: false },
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number]["value"];

export function isReturnReason(s: string): s is ReturnReason {
  return RETURN_REASONS.some((r) => r.value === s);
}

export function reasonLabel(reason: string): string {
  return RETURN_REASONS.find((r) => r.value === reason)?.label ?? reason;
}

/** Photos are asked for where only a picture shows the claim (damage, a wrong item): 1 to 4. */
export const MAX_RETURN_PHOTOS = 4;
export function photosRequired(reason: ReturnReason): boolean {
  return RETURN_REASONS.find((r) => r.value === reason)!.photos;
}

/** What a category's items may come back for, set by the admin per category. */
export const RETURN_RULES = [
  { value: "returnable", label: "Returnable (refund or replacement)" },
  { value: "replacement_only", label: "Replacement only" },
  { value: "not_returnable", label: "Not returnable" },
] as const;
export type ReturnRule = (typeof RETURN_RULES)[number]["value"];

export function isReturnRule(s: string): s is ReturnRule {
  return RETURN_RULES.some((r) => r.value === s);
}

export type Resolution = "refund" | "replacement";

/** The resolutions a rule allows for a reason: "No longer needed" only ever gets a refund, and only where the rule allows one. */
export function resolutionsFor(rule: string, reason: ReturnReason): Resolution[] {
  if (rule === "not_returnable") return [];
  if (reason === "not_needed") return rule === "returnable" ? ["refund"] : [];
  return rule === "returnable" ? ["refund", "replacement"] : ["replacement"];
}

/** The reasons a category's items may come back for. */
export function reasonsFor(rule: string): ReturnReason[] {
  return RETURN_REASONS.map((r) => r.value).filter((reason) => resolutionsFor(rule, reason).length > 0);
}

const HOUR = 3_600_000;

/** When a part delivered at `deliveredAt` can no longer be returned for `reason`. */
export function windowClosesAt(deliveredAt: string, reason: ReturnReason): Date {
  const hours = reason === "damaged" ? DAMAGE_REPORT_HOURS : RETURN_WINDOW_DAYS * 24;
  return new Date(new Date(deliveredAt).getTime() + hours * HOUR);
}

/** The latest of the windows: until then a delivered item offers Return or replace. */
export function returnWindowClosesAt(deliveredAt: string): Date {
  return windowClosesAt(deliveredAt, "defective");
}

export function withinWindow(deliveredAt: string | null, reason: ReturnReason, now: Date): boolean {
  return deliveredAt !== null && now.getTime() <= windowClosesAt(deliveredAt, reason).getTime();
}

/**
 * A request's states. Forward only: each has the states it may move to, and nothing comes back
 * from a final one.
 */
export const RETURN_STATUSES = [
  "requested",
  "approved",
  "picked_up",
  "received",
  "refunded",
  "replacement_shipped",
  "closed",
  "rejected",
  "withdrawn",
  "refused",
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

const NEXT: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ["approved", "rejected", "withdrawn"],
  approved: ["picked_up", "withdrawn"],
  picked_up: ["received", "refused"],
  // Accepted on inspection: the refund goes, or the replacement is shipped.
  received: ["refunded", "replacement_shipped"],
  replacement_shipped: ["closed"],
  refunded: [],
  closed: [],
  rejected: [],
  withdrawn: [],
  refused: [],
};

export function mayMove(from: string, to: ReturnStatus): boolean {
  return (NEXT as Record<string, readonly ReturnStatus[] | undefined>)[from]?.includes(to) ?? false;
}

/** Requests that still hold their items: what they cover cannot be asked for again. */
export function holdsItems(status: string): boolean {
  return status !== "rejected" && status !== "withdrawn" && status !== "refused";
}

/** Still to be answered or worked on: open requests keep a seller's money on hold. */
export function isOpen(status: string): boolean {
  return ["requested", "approved", "picked_up", "received", "replacement_shipped"].includes(status);
}

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: "Requested",
  approved: "Approved",
  picked_up: "Picked up",
  received: "Received",
  refunded: "Refunded",
  replacement_shipped: "Replacement shipped",
  closed: "Closed",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
  refused: "Refused on inspection",
};

export function returnStatusLabel(status: string): string {
  return (RETURN_STATUS_LABELS as Record<string, string | undefined>)[status] ?? status;
}

/** A request's badge colour on the sellers' and the administrators' pages: waiting yellow, on its way blue, done green, refused red. */
export const RETURN_STATUS_TONES: Record<ReturnStatus, "yellow" | "blue" | "green" | "red" | "grey"> = {
  requested: "yellow",
  approved: "blue",
  picked_up: "blue",
  received: "blue",
  replacement_shipped: "blue",
  refunded: "green",
  closed: "green",
  rejected: "red",
  refused: "red",
  withdrawn: "grey",
};

export function returnStatusTone(status: string): "yellow" | "blue" | "green" | "red" | "grey" {
  return (RETURN_STATUS_TONES as Record<string, "yellow" | "blue" | "green" | "red" | "grey" | undefined>)[status] ?? "grey";
}

/** A seller has this long to answer a request before it is flagged to the admin. */
export const SELLER_ANSWER_HOURS = 48;

export function overdueForSeller(r: { status: string; createdAt: string }, now: Date): boolean {
  return r.status === "requested" && now.getTime() - new Date(r.createdAt).getTime() > SELLER_ANSWER_HOURS * HOUR;
}

export interface RefundAmounts {
  items: Paise;
  tax: Paise;
  shipping: Paise;
  total: Paise;
}

/**
 * What a return refunds, in paise: the items' price and their GST, and the shipping charge when
 * the whole order comes back for the seller's fault.
 *
 * The GST is that of everything the seller's part has had back so far, less what earlier returns
 * refunded, so that returns of a whole part refund exactly its invoice's GST, never a paisa more
 * (gstOn rounds to the nearest paisa).
 */
export function refundFor(input: {
  unitPrice: Paise;
  quantity: number;
  reason: ReturnReason;
  /** The seller's items already held by earlier requests of this order, by value. */
  sellerReturnedBefore: Paise;
  /** Units of the whole order, and those held by requests with this one. */
  orderUnits: number;
  orderUnitsReturned: number;
  orderShipping: Paise;
}): RefundAmounts {
  const items = input.unitPrice * input.quantity;
  const tax = gstOn(input.sellerReturnedBefore + items) - gstOn(input.sellerReturnedBefore);
  const sellersFault = RETURN_REASONS.find((r) => r.value === input.reason)!.sellersFault;
  const shipping = sellersFault && input.orderUnitsReturned >= input.orderUnits ? input.orderShipping : 0;
  return { items, tax, shipping, total: items + tax + shipping };
}

