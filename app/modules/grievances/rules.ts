/**
 * Complaints with a ticket (docs/product-rules.md, "Complaints"): the pure rules, read by the
 * server, the pages and the mail alike. A complaint is acknowledged within 48 hours of being
 * raised and resolved (closed) within one month, counted here as 30 days.
 */

export const ACKNOWLEDGE_HOURS = 48;
export const RESOLVE_DAYS = 30;

export const GRIEVANCE_CATEGORIES = [
  { value: "order", label: "An order" },
  { value: "delivery", label: "Delivery" },
  { value: "refund", label: "A refund or payment" },
  { value: "product", label: "A product" },
  { value: "seller", label: "A seller" },
  { value: "account", label: "My account" },
  { value: "other", label: "Something else" },
] as const;

export type GrievanceCategory = (typeof GRIEVANCE_CATEGORIES)[number]["value"];

export function isGrievanceCategory(value: unknown): value is GrievanceCategory {
  return GRIEVANCE_CATEGORIES.some((c) => c.value === value);
}

export function categoryLabel(value: string): string {
  return GRIEVANCE_CATEGORIES.find((c) => c.value === value)?.label ?? value;
}

export const GRIEVANCE_STATUSES = ["open", "acknowledged", "closed"] as const;
export type GrievanceStatus = (typeof GRIEVANCE_STATUSES)[number];

export function isGrievanceStatus(value: unknown): value is GrievanceStatus {
  return GRIEVANCE_STATUSES.includes(value as GrievanceStatus);
}

const STATUS_LABELS: Record<GrievanceStatus, string> = { open: "Open", acknowledged: "Acknowledged", closed: "Closed" };

export function grievanceStatusLabel(status: string): string {
  return STATUS_LABELS[status as GrievanceStatus] ?? status;
}

export type GrievanceEvent = "raised" | "acknowledged" | "replied" | "closed";

const EVENT_LABELS: Record<GrievanceEvent, string> = { raised: "Raised", acknowledged: "Acknowledged", replied: "Reply", closed: "Closed" };

export function grievanceEventLabel(event: string): string {
  return EVENT_LABELS[event as GrievanceEvent] ?? event;
}

/** A ticket number: one series per financial year (gst/gst.ts, financialYear), "GRV/2026-27/0001". */
export function grievanceNumber(fy: string, sequence: number): string {
  return `GRV/${fy}/${String(sequence).padStart(4, "0")}`;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** When the acknowledgement is due: 48 hours after the complaint was raised. */
export function acknowledgeBy(createdAt: string): Date {
  return new Date(new Date(createdAt).getTime() + ACKNOWLEDGE_HOURS * HOUR);
}

/** When the resolution is due: one month (30 days) after the complaint was raised. */
export function resolveBy(createdAt: string): Date {
  return new Date(new Date(createdAt).getTime() + RESOLVE_DAYS * DAY);
}

/** Still open (not acknowledged) more than 48 hours after it was raised. */
export function overdueAcknowledgement(g: { status: string; createdAt: string }, now: Date): boolean {
  return g.status === "open" && now.getTime() > acknowledgeBy(g.createdAt).getTime();
}

/** Not closed more than one month (30 days) after it was raised. */
export function overdueResolution(g: { status: string; createdAt: string }, now: Date): boolean {
  return g.status !== "closed" && now.getTime() > resolveBy(g.createdAt).getTime();
}

export const OVERDUE_ACKNOWLEDGEMENT = "Not acknowledged within 48 hours";
export const OVERDUE_RESOLUTION = "Not resolved within one month";

/** The overdue flags of a ticket, in words, for the admin's list and page. */
export function overdueFlags(g: { status: string; createdAt: string }, now: Date): string[] {
  return [overdueAcknowledgement(g, now) ? OVERDUE_ACKNOWLEDGEMENT : null, overdueResolution(g, now) ? OVERDUE_RESOLUTION : null].filter((x): x is string => x !== null);
}

/** The order of the admin's list: open first, then acknowledged, then closed. */
export const STATUS_RANK: Record<GrievanceStatus, number> = { open: 0, acknowledged: 1, closed: 2 };

/** Shown when a complaint is raised, and in its first mail. */
export const GRIEVANCE_PROMISE = "We will acknowledge it within 48 hours and resolve it within one month.";

/** Rows a page of the admin's list. */
export const ADMIN_GRIEVANCES_PAGE_SIZE = 20;
