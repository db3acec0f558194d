import { z } from "~/lib/zod";
import type { FieldErrors, FormValues } from "~/lib/form";

/**
 * The seller's answer to a review and the administrator's reason for hiding or restoring one, as
 * posted: the same rules in the browser and on the server (moderation.server.ts checks the rest).
 * docs/product-rules.md, "Reviews" → "Moderation, answers and reminders".
 */

export const ANSWER_MIN = 2;
export const ANSWER_MAX = 2000;
export const REASON_MIN = 3;
export const REASON_MAX = 500;

export const ADMIN_REVIEWS_PAGE_SIZE = 20;
export const VENDOR_REVIEWS_PAGE_SIZE = 20;

export const MODERATION_MESSAGES = {
  answer: `Write an answer of ${ANSWER_MIN} to ${ANSWER_MAX.toLocaleString("en-IN")} characters.`,
  reason: `Write a reason of ${REASON_MIN} to ${REASON_MAX} characters.`,
  notFound: "Review not found.",
  notYours: "This review is of another seller's product; you can answer only reviews of your own products.",
  answeredAlready: "You have already answered this review. An answer is given once and cannot be changed.",
  hiddenNoAnswer: "This review has been hidden by the shop, so it takes no answer.",
  hiddenAlready: "This review is already hidden; nothing was changed.",
  shownAlready: "This review is already shown; nothing was changed.",
} as const;

/** What the admin's list shows: every review, the reported ones, or the hidden ones. */
export const REVIEW_FILTERS = [
  { value: "all", label: "All reviews" },
  { value: "reported", label: "Reported" },
  { value: "hidden", label: "Hidden" },
] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number]["value"];

export function parseReviewFilter(value: string | null | undefined): ReviewFilter {
  return REVIEW_FILTERS.find((f) => f.value === value)?.value ?? "all";
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; fieldErrors: FieldErrors };

const text = (min: number, max: number, message: string) => z.string({ error: message }).trim().min(min, message).max(max, message);

export function parseAnswer(values: FormValues): Parsed<string> {
  const r = text(ANSWER_MIN, ANSWER_MAX, MODERATION_MESSAGES.answer).safeParse(values.answer);
  return r.success ? { ok: true, value: r.data } : { ok: false, fieldErrors: { answer: MODERATION_MESSAGES.answer } };
}

export function parseReason(values: FormValues): Parsed<string> {
  const r = text(REASON_MIN, REASON_MAX, MODERATION_MESSAGES.reason).safeParse(values.reason);
  return r.success ? { ok: true, value: r.data } : { ok: false, fieldErrors: { reason: MODERATION_MESSAGES.reason } };
}

export const REVIEW_EVENT_LABELS: Record<string, string> = {
  published: "Published",
  edited: "Edited",
  reported: "Reported",
  hidden: "Hidden",
  restored: "Restored",
  replied: "Seller answered",
};
