import { z } from "~/lib/zod";
import { issueErrors, type FieldErrors } from "~/lib/form";
import { isIndianState } from "~/modules/addresses/india-states";
import type { BusinessBuyer } from "~/modules/gst/business-buyer";
import { savedBusinessSchema } from "~/modules/gst/business-buyer-field";
import { gstinField } from "~/modules/gst/gstin-field";
import { PHONE_MESSAGE, normaliseIndianPhone } from "./india";
import { MESSAGES } from "./messages";
import { PIN_FORMAT_MESSAGE, isPinFormat } from "~/modules/addresses/pin-codes";

const text = (max: number) => z.string().trim().max(max);
const email = z.string().trim().toLowerCase().max(254).pipe(z.email(MESSAGES.emailInvalid));

type Parsed<T> = { ok: true; data: T } | { ok: false; formError: string; fieldErrors: FieldErrors };

function missing(values: Record<string, string>, keys: string[]): string[] {
  return keys.filter((k) => !values[k]?.trim());
}

/** Sign-in forms: both fields or the one message. */
export function parseLogin(values: Record<string, string>): Parsed<{ email: string; password: string; rememberMe: boolean }> {
  const empty = missing(values, ["email", "password"]);
  if (empty.length > 0) {
    return { ok: false, formError: MESSAGES.loginMissing, fieldErrors: Object.fromEntries(empty.map((k) => [k, "Required"])) };
  }
  return {
    ok: true,
    data: {
      email: values.email!.trim().toLowerCase().slice(0, 254),
      password: values.password!.slice(0, 256),
      rememberMe: values.rememberMe === "on" || values.rememberMe === "true",
    },
  };
}

function passwordChecks(values: Record<string, string>): { formError: string; fieldErrors: FieldErrors } | null {
  const password = values.password ?? "";
  if (password !== (values.confirmPassword ?? "")) {
    return { formError: MESSAGES.passwordsDiffer, fieldErrors: { confirmPassword: MESSAGES.passwordsDiffer } };
  }
  if (password.length < 6) return { formError: MESSAGES.passwordShort, fieldErrors: { password: MESSAGES.passwordShort } };
  if (password.length > 128) return { formError: MESSAGES.passwordLong, fieldErrors: { password: MESSAGES.passwordLong } };
  return null;
}

const customerSchema = z.object({ name: text(100), email, password: z.string() });

/** Register: all four fields, matching passwords of 6+ characters, terms accepted. */
export function parseRegistration(values: Record<string, string>): Parsed<{ name: string; email: string; password: string }> {
  const empty = missing(values, ["name", "email", "password", "confirmPassword"]);
  if (empty.length > 0) {
    return { ok: false, formError: MESSAGES.registerMissing, fieldErrors: Object.fromEntries(empty.map((k) => [k, "Required"])) };
  }
  const pw = passwordChecks(values);
  if (pw) return { ok: false, ...pw };
  if (values.terms !== "on") return { ok: false, formError: MESSAGES.terms, fieldErrors: { terms: MESSAGES.terms } };
  const r = customerSchema.safeParse(values);
  if (!r.success) {
    const { fieldErrors } = issueErrors(r.error.issues);
    return { ok: false, formError: Object.values(fieldErrors)[0] ?? MESSAGES.registerFailed, fieldErrors };
  }
  return { ok: true, data: r.data };
}

const vendorSchema = z.object({
  name: text(100),
  email,
  password: z.string(),
  businessName: text(150),
  gstin: gstinField,
  phone: z.string().transform((p, ctx) => {
    const n = normaliseIndianPhone(p);
    if (!n) {
      ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return n;
  }),
  address: text(500).transform((a) => (a === "" ? null : a)),
});
export type VendorRegistration = z.infer<typeof vendorSchema>;

/** Vendor register: the customer's fields and a business name, a well-formed GSTIN and an Indian phone number. */
export function parseVendorRegistration(values: Record<string, string>): Parsed<VendorRegistration> {
  const empty = missing(values, ["name", "email", "password", "confirmPassword", "businessName", "gstin", "phone"]);
  if (empty.length > 0) {
    return { ok: false, formError: MESSAGES.vendorMissing, fieldErrors: Object.fromEntries(empty.map((k) => [k, "Required"])) };
  }
  const pw = passwordChecks(values);
  if (pw) return { ok: false, ...pw };
  if (values.terms !== "on") return { ok: false, formError: MESSAGES.terms, fieldErrors: { terms: MESSAGES.terms } };
  const r = vendorSchema.safeParse({ ...values, address: values.address ?? "" });
  if (!r.success) {
    const { fieldErrors } = issueErrors(r.error.issues);
    return { ok: false, formError: Object.values(fieldErrors)[0] ?? MESSAGES.vendorRegisterFailed, fieldErrors };
  }
  return { ok: true, data: r.data };
}

const profileSchema = z.object({
  name: text(100),
  email,
  streetAddress: text(300),
  city: text(100),
  stateVal: z
    .string()
    .trim()
    .refine((v) => v === "" || isIndianState(v), "Please choose a state from the list"),
  zipCode: z
    .string()
    .trim()
    .refine((v) => v === "" || isPinFormat(v), PIN_FORMAT_MESSAGE),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** Profile: name and email required; the address is optional but, when given, saved. */
export function parseProfile(values: Record<string, string>): Parsed<ProfileInput> {
  const empty = missing(values, ["name", "email"]);
  if (empty.length > 0) {
    return { ok: false, formError: MESSAGES.profileMissing, fieldErrors: Object.fromEntries(empty.map((k) => [k, "Required"])) };
  }
  const r = profileSchema.safeParse({ streetAddress: "", city: "", stateVal: "", zipCode: "", ...values });
  if (!r.success) {
    const { fieldErrors } = issueErrors(r.error.issues);
    return { ok: false, formError: Object.values(fieldErrors)[0] ?? MESSAGES.profileFailed, fieldErrors };
  }
  return { ok: true, data: r.data };
}

/**
 * The profile's business details for GST invoices: GSTIN and legal name checked as at checkout
 * (gst/business-buyer.ts), or null to remove them (both fields empty, or the Remove button).
 */
export function parseBusinessDetails(values: Record<string, string>): Parsed<BusinessBuyer | null> {
  const r = savedBusinessSchema.safeParse(values);
  if (!r.success) {
    const { fieldErrors } = issueErrors(r.error.issues);
    return { ok: false, formError: Object.values(fieldErrors)[0] ?? MESSAGES.profileFailed, fieldErrors };
  }
  return { ok: true, data: r.data };
}

/** New password (reset form): the same password rules as registration. */
export function parseNewPassword(values: Record<string, string>): Parsed<{ password: string; token: string }> {
  if (!values.password || !values.confirmPassword) {
    return { ok: false, formError: "Please enter and confirm your new password", fieldErrors: {} };
  }
  const pw = passwordChecks(values);
  if (pw) return { ok: false, ...pw };
  const token = (values.token ?? "").trim();
  if (!token || token.length > 200) return { ok: false, formError: "This password reset link is invalid or has expired.", fieldErrors: {} };
  return { ok: true, data: { password: values.password, token } };
}
