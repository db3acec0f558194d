/**
 * A business buyer's GST invoice details (its GSTIN and legal name, as its sellers' invoices carry
 * them): their limits and messages, pure so that a page drawing the fields loads no zod. The one
 * check of them, for checkout's address step and the profile, is business-buyer-field.ts.
 */
export interface BusinessBuyer {
  gstin: string;
  legalName: string;
}

export const LEGAL_NAME_MAX = 150;

export const BUSINESS_MESSAGES = {
  gstinMissing: "Please enter the business's GSTIN",
  legalNameMissing: "Please enter the business's legal name, as on its GST registration",
  legalNameLong: `Please keep this under ${LEGAL_NAME_MAX} characters`,
} as const;
