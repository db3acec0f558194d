import { z } from "zod";
import { issueErrors } from "~/lib/form";
import {
  PAYMENT_SETTINGS_MESSAGES as M,
  SECRET_FIELDS,
  isAccountNumber,
  isIfsc,
  normaliseAccountNumber,
  normaliseIfsc,
  razorpayKeyIdProblem,
  razorpayKeySecretProblem,
  stripeMode,
  stripePublishableKeyProblem,
  stripeSecretKeyProblem,
  type PaymentSettingsField,
  type PaymentSettingsInput,
} from "./settings";

export type PaymentSettingsErrors = Partial<Record<PaymentSettingsField, string>>;

/** Which secrets are stored (and readable): a blank field then keeps them, and they count as present. */
export interface StoredSecrets {
  razorpayKeySecret: boolean;
  razorpayWebhookSecret: boolean;
  stripeSecretKey: boolean;
  bankAccountNumber: boolean;
}

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "1" || v === "true");

/** Blank → null; otherwise trimmed, at most 255 characters, and passing `problem`. */
function optionalKey(problem: (v: string) => string | null) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      const t = (v ?? "").trim();
      if (t === "") return null;
      const issue = t.length > 255 ? M.tooLong : problem(t);
      if (issue) {
        ctx.addIssue({ code: "custom", message: issue });
        return z.NEVER;
      }
      return t;
    });
}

/** Blank → undefined (keep what is stored); otherwise checked like optionalKey. */
function newSecret(problem: (v: string) => string | null, normalise: (v: string) => string = (v) => v.trim()) {
  return optionalKey((v) => problem(normalise(v))).transform((v) => (v === null ? undefined : v));
}

const name = (message: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const t = (v ?? "").trim().replace(/\s+/g, " ");
      if (t === "") return null;
      if (t.length < 2 || t.length > 100) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return t;
    });

function schema(stored: StoredSecrets) {
  return z
    .object({
      razorpayEnabled: checkbox,
      razorpayKeyId: optionalKey(razorpayKeyIdProblem),
      razorpayKeySecret: newSecret(razorpayKeySecretProblem),
      razorpayWebhookSecret: newSecret((v) => (/^\S{8,255}$/.test(v) ? null : M.razorpayWebhookSecret)),
      codEnabled: checkbox,
      stripeEnabled: checkbox,
      stripePublishableKey: optionalKey(stripePublishableKeyProblem),
      stripeSecretKey: newSecret(stripeSecretKeyProblem),
      bankEnabled: checkbox,
      bankAccountName: name(M.accountName),
      bankAccountNumber: newSecret((v) => (isAccountNumber(v) ? null : M.accountNumber), normaliseAccountNumber).transform((v) =>
        v === undefined ? undefined : normaliseAccountNumber(v),
      ),
      bankName: name(M.bankName),
      bankIfsc: optionalKey((v) => (isIfsc(normaliseIfsc(v)) ? null : M.ifsc)).transform((v) => (v === null ? null : normaliseIfsc(v))),
    })
    .superRefine((v, ctx) => {
      const need = (field: PaymentSettingsField, message: string) => ctx.addIssue({ code: "custom", path: [field], message });
      // Enabling a provider needs its keys: typed now, or already stored.
      if (v.razorpayEnabled) {
        if (!v.razorpayKeyId) need("razorpayKeyId", M.needRazorpayKeyId);
        if (!v.razorpayKeySecret && !stored.razorpayKeySecret) need("razorpayKeySecret", M.needRazorpayKeySecret);
      }
      if (v.stripeEnabled) {
        if (!v.stripePublishableKey) need("stripePublishableKey", M.needStripePublishableKey);
        if (!v.stripeSecretKey && !stored.stripeSecretKey) need("stripeSecretKey", M.needStripeSecretKey);
      }
      if (v.stripePublishableKey && v.stripeSecretKey) {
        const a = stripeMode(v.stripePublishableKey);
        const b = stripeMode(v.stripeSecretKey);
        if (a && b && a !== b) need("stripeSecretKey", M.stripeModes);
      }
      if (v.bankEnabled) {
        if (!v.bankAccountName) need("bankAccountName", M.needAccountName);
        if (!v.bankAccountNumber && !stored.bankAccountNumber) need("bankAccountNumber", M.needAccountNumber);
        if (!v.bankName) need("bankName", M.needBankName);
        if (!v.bankIfsc) need("bankIfsc", M.needIfsc);
      }
    });
}

export type ParsedPaymentSettings =
  | { ok: true; data: PaymentSettingsInput }
  | { ok: false; fieldErrors: PaymentSettingsErrors; /** a secret was typed and must be typed again */ typedSecret: boolean };

/** The admin form, checked on the server: formats, and the keys each enabled method needs. */
export function parsePaymentSettingsForm(values: Record<string, string>, stored: StoredSecrets): ParsedPaymentSettings {
  const r = schema(stored).safeParse(values);
  if (!r.success) {
    const { fieldErrors } = issueErrors(r.error.issues);
    return { ok: false, fieldErrors: fieldErrors as PaymentSettingsErrors, typedSecret: SECRET_FIELDS.some((f) => (values[f] ?? "").trim() !== "") };
  }
  const v = r.data;
  return {
    ok: true,
    data: {
      razorpay: { enabled: v.razorpayEnabled, keyId: v.razorpayKeyId, keySecret: v.razorpayKeySecret, webhookSecret: v.razorpayWebhookSecret },
      cod: { enabled: v.codEnabled },
      stripe: { enabled: v.stripeEnabled, publishableKey: v.stripePublishableKey, secretKey: v.stripeSecretKey },
      bank: { enabled: v.bankEnabled, accountName: v.bankAccountName, accountNumber: v.bankAccountNumber, bankName: v.bankName, ifsc: v.bankIfsc },
    },
  };
}
