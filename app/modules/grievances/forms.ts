import { z } from "~/lib/zod";
import { issueErrors, type FieldErrors, type FormValues } from "~/lib/form";
import { GRIEVANCE_CATEGORIES, isGrievanceCategory, type GrievanceCategory } from "./rules";

/**
 * The complaint forms as posted: the customer's complaint, and the administrator's reply and
 * closing note. The same rules in the browser and on the server; the server then checks the order
 * and the ticket's state (grievances.server.ts).
 */

export const SUBJECT_MIN = 5;
export const SUBJECT_MAX = 120;
export const DETAILS_MIN = 20;
export const DETAILS_MAX = 2000;
export const MESSAGE_MIN = 2;
export const MESSAGE_MAX = 2000;

export const GRIEVANCE_FORM_MESSAGES = {
  form: "Please correct the highlighted fields.",
  subject: `Write a subject of ${SUBJECT_MIN} to ${SUBJECT_MAX} characters.`,
  category: "Choose what your complaint is about.",
  details: `Describe your complaint in ${DETAILS_MIN} to ${DETAILS_MAX.toLocaleString("en-IN")} characters.`,
  orderNumber: "Enter an order number like RC-123456, or leave it empty.",
  reply: `Write a reply of ${MESSAGE_MIN} to ${MESSAGE_MAX.toLocaleString("en-IN")} characters.`,
  note: `Write a closing note of ${MESSAGE_MIN} to ${MESSAGE_MAX.toLocaleString("en-IN")} characters.`,
} as const;

const M = GRIEVANCE_FORM_MESSAGES;

const raiseSchema = z.object({
  subject: z.string({ error: M.subject }).trim().min(SUBJECT_MIN, M.subject).max(SUBJECT_MAX, M.subject),
  category: z.string({ error: M.category }).refine(isGrievanceCategory, M.category),
  details: z.string({ error: M.details }).trim().min(DETAILS_MIN, M.details).max(DETAILS_MAX, M.details),
  orderNumber: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === "" || /^RC-\d{6}$/.test(v), M.orderNumber)
    .optional(),
});

export interface RaiseFields {
  subject: string;
  category: GrievanceCategory;
  details: string;
  orderNumber: string | null;
}

export type Parsed<T> = { ok: true; fields: T } | { ok: false; fieldErrors: FieldErrors };

export function parseRaiseForm(values: FormValues): Parsed<RaiseFields> {
  const r = raiseSchema.safeParse(values);
  if (!r.success) return { ok: false, fieldErrors: issueErrors(r.error.issues).fieldErrors };
  return { ok: true, fields: { subject: r.data.subject, category: r.data.category as GrievanceCategory, details: r.data.details, orderNumber: r.data.orderNumber || null } };
}

const messageSchema = (message: string) => z.string({ error: message }).trim().min(MESSAGE_MIN, message).max(MESSAGE_MAX, message);

/** The admin's reply, or the note a ticket is closed with: the text under `field`. */
export function parseMessage(values: FormValues, field: "reply" | "note"): Parsed<string> {
  const r = messageSchema(field === "reply" ? M.reply : M.note).safeParse(values[field]);
  if (!r.success) return { ok: false, fieldErrors: { [field]: r.error.issues[0]!.message } };
  return { ok: true, fields: r.data };
}

export { GRIEVANCE_CATEGORIES };
