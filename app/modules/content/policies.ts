import { formatMoney, rupeesToPaise } from "~/modules/money/money";
/**
 * Business constants for returns, refunds, shipping, tax and support.
 * Every page that states one of these facts reads it from here, so a policy
 * change is made in exactly one place.
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

/** Orders at or above this value (in rupees) ship free. */
export const FREE_SHIPPING_THRESHOLD_RUPEES = 10000;

/** Flat shipping fee (in rupees) for orders below the free-shipping threshold. */
export const SHIPPING_FEE_RUPEES = 99;

/** GST rate applied at checkout, in percent. */
export const GST_PERCENT = 18;

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

/** A whole-rupee amount as the shop writes it ("₹10,000"); formatting itself lives in money.ts. */
export function formatRupees(amount: number): string {
  return formatMoney(rupeesToPaise(amount));
}
