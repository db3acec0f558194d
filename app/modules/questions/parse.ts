import { issueErrors, type FieldErrors, type FormValues } from "~/lib/form";
import { z } from "~/lib/zod";
import { ANSWER_MAX, ANSWER_MIN, QUESTION_MAX, QUESTION_MESSAGES as M, QUESTION_MIN, REASON_MAX, REASON_MIN } from "./rules";

/**
 * Reading a posted question, answer or reason. Apart from rules.ts, which the product page's
 * browser code imports: zod stays out of the browser (docs/decisions/028-less-hydration.md).
 */

export type Parsed<T> = { ok: true; value: T } | { ok: false; fieldErrors: FieldErrors };

function text(field: string, message: string, min: number, max: number) {
  const schema = z.object({ [field]: z.string({ error: message }).trim().min(min, message).max(max, message) });
  return (values: FormValues): Parsed<string> => {
    const r = schema.safeParse(values);
    if (!r.success) return { ok: false, fieldErrors: issueErrors(r.error.issues).fieldErrors };
    return { ok: true, value: (r.data as Record<string, string>)[field]! };
  };
}

/** A question as posted (`question`): 10 to 1,000 characters once trimmed. */
export const parseQuestion = text("question", M.question, QUESTION_MIN, QUESTION_MAX);
/** An answer as posted (`answer`): 2 to 2,000 characters once trimmed. */
export const parseAnswer = text("answer", M.answer, ANSWER_MIN, ANSWER_MAX);
/** The admin's reason for hiding or restoring (`reason`). */
export const parseReason = text("reason", M.reason, REASON_MIN, REASON_MAX);
