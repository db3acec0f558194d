/**
 * Payment settings (the admin's Payment Settings page, docs/decisions/006): the pure rules.
 * Storage and sealing are in settings.server.ts, the form's parsing in settings-form.server.ts.
 */

export const PAYMENT_SETTINGS_MESSAGES = {
  saved: "Payment settings saved",
  fix: "Please correct the highlighted fields.",
  retype: "For your safety, secrets you typed are never shown again: please type them again before saving.",
  conflict: "These settings were changed by someone else while you were editing. Review the current settings below and save again.",
  unreadable: "The stored value can't be read with the current SECRETS_KEY: please enter it again.",
  tooLong: "Please keep this under 256 characters",
  razorpayKeyId: "A Razorpay Key ID starts with rzp_ (for example rzp_test_1DP5mmOlF5G5ag)",
  razorpayKeySecret: "A Razorpay Key Secret is 8 to 255 characters, without spaces",
  razorpayWebhookSecret: "A webhook secret is 8 to 255 characters, without spaces",
  stripePublishableKey: "A Stripe Publishable Key starts with pk_ (for example pk_test_51H…)",
  stripeLooksSecret: "This is a secret key (sk_): it belongs in Secret Key. A Publishable Key starts with pk_",
  stripeSecretKey: "A Stripe Secret Key starts with sk_ (for example sk_test_51H…)",
  stripeModes: "The Publishable Key and the Secret Key must both be test keys or both be live keys",
  accountName: "Please enter the account name (2 to 100 characters)",
  accountNumber: "Please enter an account number of 9 to 18 digits",
  bankName: "Please enter the bank name (2 to 100 characters)",
  ifsc: "Please enter a valid IFSC code: 4 letters, then 0, then 6 letters or digits (for example HDFC0001234)",
  needRazorpayKeyId: "Enter the Key ID to enable Razorpay",
  needRazorpayKeySecret: "Enter the Key Secret to enable Razorpay",
  needStripePublishableKey: "Enter the Publishable Key to enable Stripe",
  needStripeSecretKey: "Enter the Secret Key to enable Stripe",
  needAccountName: "Enter the account name to enable bank transfer",
  needAccountNumber: "Enter the account number to enable bank transfer",
  needBankName: "Enter the bank name to enable bank transfer",
  needIfsc: "Enter the IFSC code to enable bank transfer",
} as const;

/** The form's field names; secrets are the ones never sent back to the browser. */
export const SECRET_FIELDS = ["razorpayKeySecret", "razorpayWebhookSecret", "stripeSecretKey", "bankAccountNumber"] as const;
export const PUBLIC_FIELDS = [
  "razorpayKeyId",
  "razorpayEnabled",
  "codEnabled",
  "stripePublishableKey",
  "stripeEnabled",
  "bankAccountName",
  "bankName",
  "bankIfsc",
  "bankEnabled",
] as const;
export type SecretField = (typeof SECRET_FIELDS)[number];
export type PaymentSettingsField = SecretField | (typeof PUBLIC_FIELDS)[number];

/** A stored secret as the admin panel may see it: never the value, at most its last 4 characters. */
export type SecretState = { state: "none" } | { state: "stored"; masked: string } | { state: "unreadable" };

export interface PaymentSettingsView {
  razorpay: { enabled: boolean; keyId: string | null; keySecret: SecretState; webhookSecret: SecretState };
  cod: { enabled: boolean };
  stripe: { enabled: boolean; publishableKey: string | null; secretKey: SecretState };
  bank: { enabled: boolean; accountName: string | null; accountNumber: SecretState; bankName: string | null; ifsc: string | null };
  version: number;
  updatedAt: string | null;
}

/** What a save writes. A secret left `undefined` keeps the stored one (blank field on edit). */
export interface PaymentSettingsInput {
  razorpay: { enabled: boolean; keyId: string | null; keySecret?: string | undefined; webhookSecret?: string | undefined };
  cod: { enabled: boolean };
  stripe: { enabled: boolean; publishableKey: string | null; secretKey?: string | undefined };
  bank: { enabled: boolean; accountName: string | null; accountNumber?: string | undefined; bankName: string | null; ifsc: string | null };
}

const MASK = "••••••••";

/** "••••••••1234": the last 4 characters only, and only when that leaves most of the value hidden. */
export function maskSecret(secret: string): string {
  return secret.length >= 8 ? `${MASK}${secret.slice(-4)}` : MASK;
}

export function normaliseIfsc(value: string): string {
  return value.trim().toUpperCase();
}

/** IFSC: 4 letters (the bank), 0, then 6 letters or digits (the branch). Upper case, as stored. */
export function isIfsc(value: string): boolean {
  return /^[A-Z]{4}0[A-Z0-9]{6}$/.test(value);
}

export function razorpayKeyIdProblem(value: string): string | null {
  return /^rzp_[A-Za-z0-9_]{4,250}$/.test(value) ? null : PAYMENT_SETTINGS_MESSAGES.razorpayKeyId;
}

export function razorpayKeySecretProblem(value: string): string | null {
  return /^\S{8,255}$/.test(value) ? null : PAYMENT_SETTINGS_MESSAGES.razorpayKeySecret;
}

export function stripePublishableKeyProblem(value: string): string | null {
  if (/^[sr]k_/.test(value)) return PAYMENT_SETTINGS_MESSAGES.stripeLooksSecret;
  return /^pk_[A-Za-z0-9_]{4,250}$/.test(value) ? null : PAYMENT_SETTINGS_MESSAGES.stripePublishableKey;
}

export function stripeSecretKeyProblem(value: string): string | null {
  return /^sk_[A-Za-z0-9_]{4,250}$/.test(value) ? null : PAYMENT_SETTINGS_MESSAGES.stripeSecretKey;
}

/** "test" or "live" for Stripe keys that say so (pk_test_…, sk_live_…). */
export function stripeMode(key: string): "test" | "live" | null {
  const m = /^[ps]k_(test|live)_/.exec(key);
  return m ? (m[1] as "test" | "live") : null;
}

/** Account numbers are written with spaces at times; stored as digits only. */
export function normaliseAccountNumber(value: string): string {
  return value.replace(/[\s-]/g, "");
}

export function isAccountNumber(value: string): boolean {
  return /^\d{9,18}$/.test(value);
}
