import { z } from "~/lib/zod";
import { BUSINESS_MESSAGES, LEGAL_NAME_MAX, type BusinessBuyer } from "./business-buyer";
import { checkGstin } from "./gstin";

// Apart from business-buyer.ts so that the pages that only draw these fields load no zod.
// Checked once for the two forms that take them: checkout's address step (`orders/address.ts`,
// `businessBuyerSchema`, which adds that the GSTIN is of the state the goods go to) and the
// profile (`identity/forms.ts`, `parseBusinessDetails`).

/**
 * Checks a business's GSTIN (checkGstin: length, pattern, state code, PAN, check character and,
 * given the state the goods are delivered to, that it is registered there) and its legal name
 * (required, at most LEGAL_NAME_MAX characters), each problem an issue on its own field
 * ("gstin", "legalName"). Returns the details, normalised, or z.NEVER after an issue.
 */
export function checkBusinessBuyer(v: { gstin?: string | undefined; legalName?: string | undefined }, ctx: z.RefinementCtx, deliveryState?: string): BusinessBuyer {
  const legalName = (v.legalName ?? "").trim();
  if (!legalName) ctx.addIssue({ code: "custom", path: ["legalName"], message: BUSINESS_MESSAGES.legalNameMissing });
  else if (legalName.length > LEGAL_NAME_MAX) ctx.addIssue({ code: "custom", path: ["legalName"], message: BUSINESS_MESSAGES.legalNameLong });
  const raw = (v.gstin ?? "").trim();
  const checked = raw ? checkGstin(raw, deliveryState) : null;
  if (!checked) ctx.addIssue({ code: "custom", path: ["gstin"], message: BUSINESS_MESSAGES.gstinMissing });
  else if (!checked.ok) ctx.addIssue({ code: "custom", path: ["gstin"], message: checked.message });
  if (!checked?.ok || !legalName || legalName.length > LEGAL_NAME_MAX) return z.NEVER;
  return { gstin: checked.gstin, legalName };
}

/**
 * The profile's saved business: both fields empty (or `remove` posted) removes it (null);
 * otherwise both are checked as at checkout, without the delivery state (no address is chosen yet).
 */
export const savedBusinessSchema = z
  .object({ gstin: z.string().optional(), legalName: z.string().optional(), remove: z.string().optional() })
  .transform((v, ctx): BusinessBuyer | null => {
    if (v.remove === "on" || (!v.gstin?.trim() && !v.legalName?.trim())) return null;
    return checkBusinessBuyer(v, ctx);
  });
