import { z } from "~/lib/zod";
import { issueErrors, type FieldErrors, type FormValues } from "~/lib/form";
import { MAX_RETURN_PHOTOS, isReturnReason, photosRequired, type Resolution, type ReturnReason } from "./rules";

/**
 * The customer's return form as posted (the same rules in the browser and on the server; the
 * server then checks the order, the window and the category in returns.server.ts).
 */

export const DETAILS_MAX = 1000;
export const SERIAL_MAX = 64;

export const RETURN_FORM_MESSAGES = {
  form: "Please correct the highlighted fields.",
  quantity: "Choose how many to return.",
  reason: "Choose a reason.",
  resolution: "Choose a refund or a replacement.",
  details: `Describe the problem (up to ${DETAILS_MAX} characters).`,
  serialNumber: `A serial number is up to ${SERIAL_MAX} letters, digits, hyphens or slashes.`,
  photosRequired: `Add 1 to ${MAX_RETURN_PHOTOS} photos showing the problem.`,
  photosTooMany: `Add at most ${MAX_RETURN_PHOTOS} photos.`,
  photoTooLarge: "Each photo must be a JPEG, PNG or WebP image of up to 2 MB.",
  photoType: "Each photo must be a JPEG, PNG or WebP image of up to 2 MB.",
  photosFailed: "Your photos could not be saved just now. Please try again in a few minutes.",
} as const;

const M = RETURN_FORM_MESSAGES;

const schema = z.object({
  item: z.string().min(1).max(64),
  quantity: z.coerce.number({ error: M.quantity }).int(M.quantity).min(1, M.quantity).max(1000, M.quantity),
  reason: z.string({ error: M.reason }).refine(isReturnReason, M.reason),
  resolution: z.enum(["refund", "replacement"], { error: M.resolution }),
  details: z.string({ error: M.details }).trim().min(1, M.details).max(DETAILS_MAX, M.details),
  serialNumber: z
    .string()
    .trim()
    .max(SERIAL_MAX, M.serialNumber)
    .refine((v) => v === "" || /^[A-Za-z0-9][A-Za-z0-9 /-]*$/.test(v), M.serialNumber)
    .optional(),
});

export interface ReturnFormFields {
  orderItemId: string;
  quantity: number;
  reason: ReturnReason;
  resolution: Resolution;
  details: string;
  serialNumber: string | null;
}

export type ParsedReturnForm = { ok: true; fields: ReturnFormFields } | { ok: false; fieldErrors: FieldErrors };

/** The text fields of a post; `photoCount` is how many photos came with it (checked against the reason). */
export function parseReturnForm(values: FormValues, photoCount: number): ParsedReturnForm {
  const r = schema.safeParse(values);
  if (!r.success) {
    const { fieldErrors } = issueErrors(r.error.issues);
    if (fieldErrors.item) return { ok: false, fieldErrors: { ...fieldErrors, quantity: fieldErrors.quantity ?? M.quantity } };
    return { ok: false, fieldErrors };
  }
  const reason = r.data.reason as ReturnReason;
  if (photosRequired(reason) && photoCount === 0) return { ok: false, fieldErrors: { photos: M.photosRequired } };
  return {
    ok: true,
    fields: {
      orderItemId: r.data.item,
      quantity: r.data.quantity,
      reason,
      resolution: r.data.resolution,
      details: r.data.details,
      serialNumber: r.data.serialNumber || null,
    },
  };
}
