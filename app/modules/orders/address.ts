import { z } from "~/lib/zod";
import { isIndianState } from "~/modules/addresses/india-states";
import { PIN_FORMAT_MESSAGE, PIN_PATTERN } from "~/modules/addresses/pin-codes";
import { checkGstin } from "~/modules/gst/gstin";
import { PHONE_MESSAGE, normaliseIndianPhone } from "~/modules/identity/india";

const required = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, `Please keep this under ${max} characters`);

export const shippingAddressSchema = z.object({
  fullName: required("Please enter the full name", 100),
  phone: z
    .string({ error: "Please enter a phone number" })
    .trim()
    .min(1, "Please enter a phone number")
    .transform((p, ctx) => {
      const n = normaliseIndianPhone(p);
      if (!n) {
        ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
        return z.NEVER;
      }
      return n;
    }),
  addressLine1: required("Please enter the address", 200),
  addressLine2: z
    .string()
    .trim()
    .max(200, "Please keep this under 200 characters")
    .optional()
    .transform((v) => (v ? v : null)),
  city: required("Please enter the city", 100),
  state: z
    .string({ error: "Please choose a state" })
    .trim()
    .refine((v) => isIndianState(v), "Please choose a state"),
  postalCode: z
    .string({ error: "Please enter the PIN code" })
    .trim()
    .min(1, "Please enter the PIN code")
    .regex(PIN_PATTERN, PIN_FORMAT_MESSAGE),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** A business buyer's GST invoice details: its GSTIN and legal name, as its sellers' invoices carry them. */
export interface BusinessBuyer {
  gstin: string;
  legalName: string;
}

export const BUSINESS_MESSAGES = {
  gstinMissing: "Please enter the business's GSTIN",
  legalNameMissing: "Please enter the business's legal name, as on its GST registration",
} as const;

/**
 * The address step's business part: null for a consumer; for a business (the box ticked) its
 * legal name and a GSTIN that passes checkGstin for the state the goods go to (the place of
 * supply), each refused beside its own field.
 */
export const businessBuyerSchema = z
  .object({
    business: z.string().optional(),
    gstin: z.string().optional(),
    legalName: z.string().optional(),
    state: z.string().optional(),
  })
  .transform((v, ctx): BusinessBuyer | null => {
    if (v.business !== "on") return null;
    const legalName = (v.legalName ?? "").trim();
    if (!legalName) ctx.addIssue({ code: "custom", path: ["legalName"], message: BUSINESS_MESSAGES.legalNameMissing });
    else if (legalName.length > 150) ctx.addIssue({ code: "custom", path: ["legalName"], message: "Please keep this under 150 characters" });
    const raw = (v.gstin ?? "").trim();
    const checked = raw ? checkGstin(raw, isIndianState(v.state ?? "") ? v.state : undefined) : null;
    if (!checked) ctx.addIssue({ code: "custom", path: ["gstin"], message: BUSINESS_MESSAGES.gstinMissing });
    else if (!checked.ok) ctx.addIssue({ code: "custom", path: ["gstin"], message: checked.message });
    if (!checked?.ok || !legalName || legalName.length > 150) return z.NEVER;
    return { gstin: checked.gstin, legalName };
  });
