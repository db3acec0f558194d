import { z } from "~/lib/zod";
import { CONTACT_SUBJECTS } from "./contact";

const optionalPhone = z
  .string()
  .trim()
  .max(20, "Please enter a phone number of at most 20 characters")
  .refine((v) => v === "" || /^\+?[\d\s-]{8,20}$/.test(v), "Please enter a valid phone number, for example +91 98765 43210")
  .transform((v) => (v === "" ? null : v));

/** Name, email, subject and message are required; phone is optional. */
export const contactSchema = z.object({
  name: z.string({ error: "Please enter your name" }).trim().min(1, "Please enter your name").max(100, "Please keep your name under 100 characters"),
  email: z
    .string({ error: "Please enter your email address" })
    .trim()
    .min(1, "Please enter your email address")
    .max(254, "Please enter a valid email address")
    .pipe(z.email("Please enter a valid email address")),
  phone: optionalPhone.optional().transform((v) => v ?? null),
  subject: z.enum(CONTACT_SUBJECTS, { error: "Please choose a subject" }),
  message: z
    .string({ error: "Please enter your message" })
    .trim()
    .min(1, "Please enter your message")
    .max(5000, "Please keep your message under 5,000 characters"),
});

export type ContactInput = z.infer<typeof contactSchema>;
