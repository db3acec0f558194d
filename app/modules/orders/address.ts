import { z } from "~/lib/zod";
import { isIndianState } from "~/modules/addresses/india-states";
import { PIN_FORMAT_MESSAGE, PIN_PATTERN } from "~/modules/addresses/pin-codes";
import type { BusinessBuyer } from "~/modules/gst/business-buyer";
import { checkBusinessBuyer } from "~/modules/gst/business-buyer-field";
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

/**
 * The address step's business part: null for a consumer; for a business (the box ticked) its
 * legal name and a GSTIN that passes checkGstin for the state the goods go to (the place of
 * supply), each refused beside its own field. The checks are the profile's too
 * (`gst/business-buyer.ts`, `checkBusinessBuyer`); only the place of supply is checkout's.
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
    return checkBusinessBuyer(v, ctx, isIndianState(v.state ?? "") ? v.state : undefined);
  });
