import { issueErrors, type FieldErrors, type FormValues } from "~/lib/form";
import { z } from "~/lib/zod";
import { REVIEW_FORM_MESSAGES as M, TEXT_MAX, TEXT_MIN, TITLE_MAX, TITLE_MIN } from "./rules";

/**
 * Reading a posted review. Apart from rules.ts, which the product page's browser code imports: zod
 * stays out of the browser (docs/decisions/028-less-hydration.md).
 */

const reviewSchema = z.object({
  rating: z.coerce.number({ error: M.rating }).int(M.rating).min(1, M.rating).max(5, M.rating),
  title: z.string({ error: M.title }).trim().min(TITLE_MIN, M.title).max(TITLE_MAX, M.title),
  body: z.string({ error: M.body }).trim().min(TEXT_MIN, M.body).max(TEXT_MAX, M.body),
});
export type ReviewFields = z.infer<typeof reviewSchema>;

export function parseReviewForm(values: FormValues): { ok: true; fields: ReviewFields } | { ok: false; fieldErrors: FieldErrors } {
  // An empty choice is no choice, not 0 stars.
  const r = reviewSchema.safeParse({ ...values, rating: values.rating === "" ? undefined : values.rating });
  if (r.success) return { ok: true, fields: r.data };
  return { ok: false, fieldErrors: issueErrors(r.error.issues).fieldErrors };
}

