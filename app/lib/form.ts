import type { z } from "zod";

/**
 * The one shape of a refused form post (decision 011), read by server and browser alike: a
 * form-level message (an alert above the fields), the first message of each field (beside it) and
 * the values as typed, so a page rendered without JavaScript shows them again. Secrets never
 * travel back: see SECRET_FIELDS.
 */
export type FieldErrors = Partial<Record<string, string>>;
export type FormValues = Record<string, string>;

export interface FormFailure<V = FormValues> {
  status: "error";
  formError?: string;
  fieldErrors: FieldErrors;
  values: V;
}

/** A post that stays on its page (a fetcher form) and says so. */
export interface FormSuccess {
  status: "success";
  message: string;
}

export type FormReply<V = FormValues> = FormFailure<V> | FormSuccess;

/** Fields whose contents are never echoed to the page, stored or logged, whatever the form. */
export const SECRET_FIELDS = [
  "password",
  "confirmPassword",
  "currentPassword",
  "newPassword",
  "token",
  "cardNumber",
  "nameOnCard",
  "expiry",
  "cvv",
  "razorpayKeySecret",
  "stripeSecretKey",
  "bankAccountNumber",
] as const;

/** Long enough for any field of ours (the longest, a contact message, is 5,000 characters). */
const ECHO_MAX = 10_000;

/** A posted form as plain strings: the first value of each name; files are left out. */
export function formValues(form: FormData): FormValues {
  const seen = new Map<string, string>();
  for (const [k, v] of form) if (typeof v === "string" && !seen.has(k)) seen.set(k, v);
  // fromEntries defines own properties, so a field named __proto__ stays a plain field.
  return Object.fromEntries(seen);
}

/** The values that may be shown again: secrets (and any `hide`) left out, each cut to a sane length. */
export function echoValues(values: FormValues, hide: readonly string[] = []): FormValues {
  const hidden = new Set<string>([...SECRET_FIELDS, ...hide]);
  return Object.fromEntries(Object.entries(values).flatMap(([k, v]) => (hidden.has(k) ? [] : [[k, v.slice(0, ECHO_MAX)]])));
}

type Issue = Pick<z.core.$ZodIssue, "path" | "message">;

/** Names the field an issue belongs to; the default is the top-level key. */
export type FieldOf = (path: readonly PropertyKey[]) => string | undefined;
const topLevel: FieldOf = (path) => (path.length > 0 ? String(path[0]) : undefined);

/** zod issues → the first message of each field; issues about the whole form become the form error. */
export function issueErrors(issues: readonly Issue[], fieldOf: FieldOf = topLevel): { formError?: string; fieldErrors: FieldErrors } {
  const fieldErrors: FieldErrors = {};
  let formError: string | undefined;
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (field === undefined) formError ??= issue.message;
    else fieldErrors[field] ??= issue.message;
  }
  return formError === undefined ? { fieldErrors } : { formError, fieldErrors };
}

/** Builds the refusal of a post, with secrets removed from the values it echoes. */
export function formFailure(values: FormValues, errors: { formError?: string | undefined; fieldErrors?: FieldErrors | undefined }, hide: readonly string[] = []): FormFailure {
  return {
    status: "error",
    ...(errors.formError !== undefined ? { formError: errors.formError } : {}),
    fieldErrors: errors.fieldErrors ?? {},
    values: echoValues(values, hide),
  };
}
