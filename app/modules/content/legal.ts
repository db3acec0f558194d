import { z } from "~/lib/zod";
import type { FieldErrors } from "~/lib/form";
import { checkGstin, normaliseGstin } from "~/modules/gst/gstin";
import { PHONE_MESSAGE, normaliseIndianPhone } from "~/modules/identity/india";

/**
 * The shop's own legal details, which India's e-commerce rules ask a marketplace to show: its
 * legal name, registered office, CIN and GSTIN, and its grievance officer (docs/product-rules.md,
 * "Legal details and disclosures"). Pure: the admin's form is checked with it on the server.
 */
export interface LegalDetails {
  legalName: string;
  cin: string;
  registeredOffice: string;
  gstin: string;
  grievanceOfficer: { name: string; designation: string; email: string; phone: string };
}

/** A Corporate Identity Number: listed (L) or unlisted (U), industry code, state, year, type, number. */
const CIN_FORM = /^[LU]\d{5}[A-Z]{2}\d{4}[A-Z]{3}\d{6}$/;

export function normaliseCin(raw: string): string {
  return raw.replace(/\s+/g, "").toUpperCase();
}

export function isCin(raw: string): boolean {
  return CIN_FORM.test(normaliseCin(raw));
}

export const LEGAL_MESSAGES = {
  legalName: "Please enter the company's legal name",
  cin: "Please enter a 21-character CIN, for example U52390UP2015PTC071234",
  registeredOffice: "Please enter the registered office address",
  gstin: "Please enter the shop's GSTIN",
  officerName: "Please enter the grievance officer's name",
  officerDesignation: "Please enter the grievance officer's designation",
  officerEmail: "Please enter a valid email address for the grievance officer",
  saved: "Legal details saved.",
} as const;

const required = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max, `Please keep this under ${max} characters`);

const legalSchema = z.object({
  legalName: required(150, LEGAL_MESSAGES.legalName),
  cin: z
    .string({ error: LEGAL_MESSAGES.cin })
    .transform(normaliseCin)
    .refine((c) => CIN_FORM.test(c), LEGAL_MESSAGES.cin),
  registeredOffice: required(300, LEGAL_MESSAGES.registeredOffice),
  gstin: z
    .string({ error: LEGAL_MESSAGES.gstin })
    .transform(normaliseGstin)
    .superRefine((g, ctx) => {
      if (g === "") return void ctx.addIssue({ code: "custom", message: LEGAL_MESSAGES.gstin });
      const checked = checkGstin(g);
      if (!checked.ok) ctx.addIssue({ code: "custom", message: checked.message });
    }),
  officerName: required(100, LEGAL_MESSAGES.officerName),
  officerDesignation: required(100, LEGAL_MESSAGES.officerDesignation),
  officerEmail: z.string({ error: LEGAL_MESSAGES.officerEmail }).trim().toLowerCase().max(254, LEGAL_MESSAGES.officerEmail).pipe(z.email(LEGAL_MESSAGES.officerEmail)),
  officerPhone: z.string({ error: PHONE_MESSAGE }).transform((p, ctx) => {
    const n = normaliseIndianPhone(p);
    if (!n) {
      ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return n;
  }),
});

export type ParsedLegal = { ok: true; value: LegalDetails } | { ok: false; fieldErrors: FieldErrors };

/** The admin's form, checked field by field: the first message of each field. */
export function parseLegalDetails(values: Record<string, unknown>): ParsedLegal {
  const result = legalSchema.safeParse(values);
  if (!result.success) {
    const fieldErrors: FieldErrors = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? "legalName");
      fieldErrors[field] ??= issue.message;
    }
    return { ok: false, fieldErrors };
  }
  const v = result.data;
  return {
    ok: true,
    value: {
      legalName: v.legalName,
      cin: v.cin,
      registeredOffice: v.registeredOffice,
      gstin: v.gstin,
      grievanceOfficer: { name: v.officerName, designation: v.officerDesignation, email: v.officerEmail, phone: v.officerPhone },
    },
  };
}

/** The form's field names and their current values, for showing the form again. */
export function legalFormValues(d: LegalDetails): Record<string, string> {
  return {
    legalName: d.legalName,
    cin: d.cin,
    registeredOffice: d.registeredOffice,
    gstin: d.gstin,
    officerName: d.grievanceOfficer.name,
    officerDesignation: d.grievanceOfficer.designation,
    officerEmail: d.grievanceOfficer.email,
    officerPhone: d.grievanceOfficer.phone,
  };
}
