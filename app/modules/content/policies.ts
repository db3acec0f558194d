/**
 * Business constants for returns, refunds, delivery and support.
 * Every page that states one of these facts reads it from here, so a policy
 * change is made in exactly one place. The money rules (free-shipping threshold,
 * shipping fee, GST rate) are in orders/totals.ts, which computes them.
 */

/** Days after delivery within which a return request is accepted. */
export const RETURN_WINDOW_DAYS = 7;

/** Time we take to process a refund once the returned item passes inspection. */
export const REFUND_PROCESSING = "3-5 business days";

/** Time the bank / payment provider takes to credit a processed refund. */
export const REFUND_CREDIT = "5-7 business days";

/** Upper bound, in days, for a refund to appear in the customer's account. */
export const REFUND_MAX_DAYS_TO_SHOW = 14;

/** Hours after delivery within which damaged, defective or wrong items must be reported. */
export const DAMAGE_REPORT_HOURS = 48;

/** Delivery time to metro cities. */
export const DELIVERY_METRO = "2-3 business days";

/** Delivery time to all other serviceable locations. */
export const DELIVERY_ELSEWHERE = "3-5 business days";

/** Hours within which we aim to reply to support emails. */
export const EMAIL_REPLY_HOURS = 24;

export interface SupportHours {
  days: string;
  hours: string;
}

/** Customer-support opening hours (IST). */
export const SUPPORT_HOURS: readonly SupportHours[] = [
  { days: "Monday - Friday", hours: "10:00 AM - 7:00 PM" },
  { days: "Saturday", hours: "10:00 AM - 5:00 PM" },
  { days: "Sunday", hours: "Closed" },
];
