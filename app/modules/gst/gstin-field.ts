import { z } from "~/lib/zod";
import { checkGstin, normaliseGstin } from "./gstin";

// Apart from gstin.ts so that the pages that only state GST (the catalogue's prices) load no zod.
/** A form's GSTIN field: normalised, and refused with checkGstin's message. */
export const gstinField = z
  .string()
  .transform(normaliseGstin)
  .superRefine((g, ctx) => {
    const checked = checkGstin(g);
    if (!checked.ok) ctx.addIssue({ code: "custom", message: checked.message });
  });
