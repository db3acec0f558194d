import { z } from "~/lib/zod";
import { issueErrors, type FieldErrors } from "~/lib/form";
import { isAccountNumber, isIfsc, normaliseAccountNumber, normaliseIfsc } from "./settings";

/**
 * Where a refund paid by hand goes (a cash on delivery or bank transfer order's return): a UPI ID
 * or a bank account. Pure, so the return form checks it in the browser as the server does; the
 * value is sealed when stored, and only the masked form is shown again.
 */

export const REFUND_DESTINATION_MESSAGES = {
  kind: "Choose UPI or a bank account for the refund.",
  upiId: "Enter a valid UPI ID (for example name@okaxis): letters, digits, dots, hyphens or underscores, then @ and your bank's handle.",
  accountNumber: "Enter a valid account number: 9 to 18 digits.",
  ifsc: "Enter a valid IFSC (for example SBIN0001234).",
  accountName: "Enter the account holder's name (2 to 100 characters).",
} as const;

const M = REFUND_DESTINATION_MESSAGES;

/** name@handle: 2 to 256 characters in all; the name letters, digits, dots, hyphens, underscores; the handle 2 to 64 letters. */
const upiId = z
  .string({ error: M.upiId })
  .trim()
  .toLowerCase()
  .refine((v) => v.length >= 2 && v.length <= 256 && /^[a-z0-9._-]+@[a-z]{2,64}$/.test(v), M.upiId);

const upiSchema = z.object({ kind: z.literal("upi"), upiId });

const bankSchema = z.object({
  kind: z.literal("bank"),
  accountNumber: z
    .string({ error: M.accountNumber })
    .transform(normaliseAccountNumber)
    .refine(isAccountNumber, M.accountNumber),
  ifsc: z.string({ error: M.ifsc }).transform(normaliseIfsc).refine(isIfsc, M.ifsc),
  accountName: z
    .string({ error: M.accountName })
    .trim()
    .transform((v) => v.replace(/\s+/g, " "))
    .refine((v) => v.length >= 2 && v.length <= 100, M.accountName),
});

const destinationSchema = z.discriminatedUnion("kind", [upiSchema, bankSchema], { error: M.kind });

export type RefundDestination = z.output<typeof destinationSchema>;

export type RefundDestinationResult = { ok: true; value: RefundDestination; masked: string } | { ok: false; fieldErrors: FieldErrors };

/** "UPI: ra•••@okaxis" or "A/c ••••••1234, SBIN0001234": enough for the customer to recognise, too little to use. */
export function maskRefundDestination(d: RefundDestination): string {
  if (d.kind === "upi") {
    const at = d.upiId.lastIndexOf("@");
    return `UPI: ${d.upiId.slice(0, 2)}•••${d.upiId.slice(at)}`;
  }
  return `A/c ••••••${d.accountNumber.slice(-4)}, ${d.ifsc}`;
}

/**
 * Reads a refund destination as a form posts it: `kind` ("upi" or "bank") and that kind's fields
 * (`upiId`; or `accountNumber`, `ifsc`, `accountName`). Field errors are keyed by field name.
 */
export function parseRefundDestination(input: unknown): RefundDestinationResult {
  const r = destinationSchema.safeParse(input);
  if (!r.success) {
    const { formError, fieldErrors } = issueErrors(r.error.issues);
    return { ok: false, fieldErrors: formError === undefined ? fieldErrors : { kind: formError, ...fieldErrors } };
  }
  return { ok: true, value: r.data, masked: maskRefundDestination(r.data) };
}
