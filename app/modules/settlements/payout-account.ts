import { z } from "~/lib/zod";
import { issueErrors, type FieldErrors } from "~/lib/form";
import { isAccountNumber, isIfsc, normaliseAccountNumber, normaliseIfsc } from "~/modules/payments/settings";

/**
 * Where a seller is paid: the account holder's name, the account number and the branch's IFSC.
 * Pure, so the page and the server check it alike; the account number is sealed when stored and
 * only its masked form (the last four digits) is shown again (payout-account.server.ts).
 */

export const PAYOUT_ACCOUNT_MESSAGES = {
  holderName: "Enter the account holder's name as the bank has it (2 to 100 characters).",
  accountNumber: "Enter a valid account number: 9 to 18 digits.",
  confirmAccountNumber: "The account numbers do not match. Type the same number in both fields.",
  ifsc: "Enter a valid IFSC: 11 characters, like HDFC0001234 (4 letters, a zero, then 6 letters or digits).",
} as const;

const M = PAYOUT_ACCOUNT_MESSAGES;

/** The form's field names; the account number fields are never echoed back to the page. */
export const PAYOUT_ACCOUNT_FIELDS = { holderName: "holderName", accountNumber: "accountNumber", confirmAccountNumber: "confirmAccountNumber", ifsc: "ifsc" } as const;
export const PAYOUT_ACCOUNT_HIDDEN = [PAYOUT_ACCOUNT_FIELDS.accountNumber, PAYOUT_ACCOUNT_FIELDS.confirmAccountNumber] as const;

export const payoutAccountSchema = z
  .object({
    holderName: z
      .string({ error: M.holderName })
      .trim()
      .transform((v) => v.replace(/\s+/g, " "))
      .refine((v) => v.length >= 2 && v.length <= 100, M.holderName),
    accountNumber: z.string({ error: M.accountNumber }).transform(normaliseAccountNumber).refine(isAccountNumber, M.accountNumber),
    confirmAccountNumber: z.string({ error: M.confirmAccountNumber }).transform(normaliseAccountNumber),
    ifsc: z.string({ error: M.ifsc }).transform(normaliseIfsc).refine(isIfsc, M.ifsc),
  })
  .superRefine((v, ctx) => {
    // Only worth saying once the first number is itself valid.
    if (isAccountNumber(v.accountNumber) && v.confirmAccountNumber !== v.accountNumber) {
      ctx.addIssue({ code: "custom", path: ["confirmAccountNumber"], message: M.confirmAccountNumber });
    }
  });

export interface PayoutAccountInput {
  holderName: string;
  accountNumber: string;
  ifsc: string;
}

export type PayoutAccountParse = { ok: true; value: PayoutAccountInput } | { ok: false; formError?: string; fieldErrors: FieldErrors };

/** Reads the payout details as the form posts them; field errors are keyed by field name. */
export function parsePayoutAccount(input: unknown): PayoutAccountParse {
  const r = payoutAccountSchema.safeParse(input);
  if (!r.success) return { ok: false, ...issueErrors(r.error.issues) };
  const { holderName, accountNumber, ifsc } = r.data;
  return { ok: true, value: { holderName, accountNumber, ifsc } };
}

/** "••••••4321": enough for the seller to recognise, too little to use. */
export function maskAccountNumber(accountNumber: string): string {
  return `••••••${accountNumber.slice(-4)}`;
}
