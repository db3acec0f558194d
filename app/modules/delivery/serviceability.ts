import { z } from "~/lib/zod";
import { formatMoney, type Paise } from "~/modules/money/money";

/**
 * Where the shop delivers and where it takes cash on delivery, by PIN code (docs/product-rules.md,
 * "PIN codes"). A rule names a whole PIN or a prefix of 1 to 6 digits ("79" is every PIN starting
 * 79) and what holds there: not served at all, or prepaid only. The longest prefix that matches a
 * PIN decides, so "792001 not served" beside "79 prepaid only" is a single town carved out of a
 * region. Cash on delivery may also have an order-value limit, in paise (none by default).
 * Pure: the rules are loaded by pin-rules.server.ts.
 */

export const PIN_RULE_KINDS = ["not_serviceable", "prepaid_only"] as const;
export type PinRuleKind = (typeof PIN_RULE_KINDS)[number];

export const PIN_RULE_KIND_LABELS: Record<PinRuleKind, string> = {
  not_serviceable: "Not served",
  prepaid_only: "Prepaid only (no cash on delivery)",
};

export interface PinRule {
  prefix: string;
  kind: PinRuleKind;
}

export const PIN_RULE_MESSAGES = {
  prefix: "Please enter 1 to 6 digits: a whole PIN code or its first digits",
  kind: "Please choose what the rule does",
  codLimit: "Please enter the limit in whole rupees, from 1 to 1,00,00,000, or leave it empty for no limit",
  csvEmpty: "Please choose a CSV file with one rule a line: pin,kind",
} as const;

export const notServedMessage = (pin: string) => `We do not deliver to PIN code ${pin} yet`;
export const prepaidOnlyMessage = (pin: string) => `Cash on delivery is not available for PIN code ${pin}`;
export const codLimitMessage = (limit: Paise) => `Cash on delivery is not available for orders above ${formatMoney(limit)}`;

export const pinRuleSchema = z.object({
  prefix: z.string({ error: PIN_RULE_MESSAGES.prefix }).trim().regex(/^[0-9]{1,6}$/, PIN_RULE_MESSAGES.prefix),
  kind: z.enum(PIN_RULE_KINDS, { error: PIN_RULE_MESSAGES.kind }),
});

/** The COD limit as the admin types it: whole rupees, or empty for none. Paise, or null. */
export const codLimitSchema = z
  .string()
  .trim()
  .transform((v) => v.replaceAll(",", "").replace(/^₹\s*/, ""))
  .refine((v) => v === "" || (/^[0-9]{1,9}$/.test(v) && Number(v) >= 1 && Number(v) <= 1_00_00_000), PIN_RULE_MESSAGES.codLimit)
  .transform((v): Paise | null => (v === "" ? null : Number(v) * 100));

/** The rule that decides for a PIN: the one with the longest matching prefix. */
export function ruleFor(pin: string, rules: readonly PinRule[]): PinRule | null {
  let best: PinRule | null = null;
  for (const r of rules) if (pin.startsWith(r.prefix) && (!best || r.prefix.length > best.prefix.length)) best = r;
  return best;
}

export type PinVerdict =
  | { kind: "unknown"; serviceable: false; cashOnDelivery: false }
  | { kind: "not_served"; serviceable: false; cashOnDelivery: false; message: string }
  | { kind: "cod_unavailable"; serviceable: true; cashOnDelivery: false; message: string }
  | { kind: "ok"; serviceable: true; cashOnDelivery: true };

export interface VerdictInput {
  pin: string;
  /** Whether the PIN code exists (the directory knows it). */
  known: boolean;
  rules: readonly PinRule[];
  /** The cash-on-delivery limit in paise, or null for none. */
  codLimit: Paise | null;
  /** The order's total in paise, when there is an order; the limit is checked only then. */
  orderTotal?: Paise | undefined;
}

/** Whether the shop delivers to a PIN, and takes cash there for this order, with the words why not. */
export function pinVerdict({ pin, known, rules, codLimit, orderTotal }: VerdictInput): PinVerdict {
  if (!known) return { kind: "unknown", serviceable: false, cashOnDelivery: false };
  const rule = ruleFor(pin, rules);
  if (rule?.kind === "not_serviceable") return { kind: "not_served", serviceable: false, cashOnDelivery: false, message: notServedMessage(pin) };
  if (rule?.kind === "prepaid_only") return { kind: "cod_unavailable", serviceable: true, cashOnDelivery: false, message: prepaidOnlyMessage(pin) };
  if (codLimit !== null && orderTotal !== undefined && orderTotal > codLimit) {
    return { kind: "cod_unavailable", serviceable: true, cashOnDelivery: false, message: codLimitMessage(codLimit) };
  }
  return { kind: "ok", serviceable: true, cashOnDelivery: true };
}

export interface CsvRules {
  rules: PinRule[];
  /** "Line 3: …", one for each bad line. */
  errors: string[];
}

/**
 * An uploaded list of rules: `pin,kind` a line (a header line `pin,kind` is allowed, blank lines
 * are skipped, a prefix may repeat, the last one wins). Every bad line is reported by its number.
 */
export function parseRulesCsv(text: string, maxLines = 20_000): CsvRules {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/);
  const byPrefix = new Map<string, PinRule>();
  const errors: string[] = [];
  let count = 0;
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === "") return;
    const cells = line.split(",").map((c) => c.trim().replace(/^"(.*)"$/, "$1").trim());
    if (i === 0 && cells[0]?.toLowerCase() === "pin" && cells[1]?.toLowerCase() === "kind") return;
    count++;
    if (count > maxLines) {
      if (count === maxLines + 1) errors.push(`Line ${i + 1}: a file may hold up to ${maxLines.toLocaleString("en-IN")} rules`);
      return;
    }
    if (cells.length !== 2) {
      errors.push(`Line ${i + 1}: expected two values, pin,kind`);
      return;
    }
    const r = pinRuleSchema.safeParse({ prefix: cells[0], kind: cells[1] });
    if (!r.success) {
      const field = r.error.issues[0]?.path[0];
      errors.push(`Line ${i + 1}: ${field === "kind" ? `the kind must be not_serviceable or prepaid_only, not "${cells[1]!.slice(0, 40)}"` : `"${cells[0]!.slice(0, 40)}" is not 1 to 6 digits`}`);
      return;
    }
    byPrefix.set(r.data.prefix, r.data);
  });
  if (count === 0 && errors.length === 0) errors.push(PIN_RULE_MESSAGES.csvEmpty);
  return { rules: [...byPrefix.values()], errors };
}
