import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";
import { issueErrors, type FieldErrors } from "~/lib/form";
import type { Refusal } from "~/lib/outcome";
import type { PinPlace } from "~/modules/addresses/pin-codes";
import { lookupPin, pinProblem } from "~/modules/addresses/pin-directory.server";
import { formatMoney, type Paise } from "~/modules/money/money";
import {
  PIN_RULE_KIND_LABELS,
  codLimitSchema,
  parseRulesCsv,
  pinRuleSchema,
  pinVerdict,
  type PinRule,
  type PinRuleKind,
  type PinVerdict,
} from "./serviceability";

/**
 * The PIN rules and the cash-on-delivery limit as the admin keeps them on /admin/delivery, and
 * the verdict for a PIN read from them (serviceability.ts holds the rules themselves).
 */

type Db = Kysely<Database> | Transaction<Database>;

export interface StoredPinRule extends PinRule {
  createdAt: string;
}

export async function listPinRules(db: Db): Promise<StoredPinRule[]> {
  const rows = await db.selectFrom("pin_rules").select(["prefix", "kind", "created_at"]).orderBy("prefix").execute();
  return rows.map((r) => ({ prefix: r.prefix, kind: r.kind as PinRuleKind, createdAt: r.created_at }));
}

/** Rules that could decide for this PIN: those whose prefix is one of the PIN's first 1 to 6 digits. */
async function rulesFor(db: Db, pin: string): Promise<PinRule[]> {
  const prefixes = Array.from({ length: pin.length }, (_, i) => pin.slice(0, i + 1));
  if (prefixes.length === 0) return [];
  const rows = await db.selectFrom("pin_rules").select(["prefix", "kind"]).where("prefix", "in", prefixes).execute();
  return rows.map((r) => ({ prefix: r.prefix, kind: r.kind as PinRuleKind }));
}

/** Cash on delivery's order-value limit in paise, or null for none. */
export async function codLimit(db: Db): Promise<Paise | null> {
  const row = await db.selectFrom("cod_settings").select("limit_paise").where("id", "=", 1).executeTakeFirst();
  return row?.limit_paise === null || row?.limit_paise === undefined ? null : Number(row.limit_paise);
}

/**
 * Whether the shop delivers to this PIN (and takes cash there for an order of this total). `place`
 * is the PIN as the directory knows it, for a caller that has looked it up already.
 */
export async function verdictForPin(db: Db, pin: string, orderTotal?: Paise, place: PinPlace | null = lookupPin(pin)): Promise<PinVerdict> {
  const known = place !== null;
  if (!known) return pinVerdict({ pin, known, rules: [], codLimit: null });
  const [rules, limit] = await Promise.all([rulesFor(db, pin), codLimit(db)]);
  return pinVerdict({ pin, known, rules, codLimit: limit, orderTotal });
}

export type PinRuleOutcome = { ok: true; message: string } | (Refusal<"invalid" | "not_found"> & { fieldErrors: FieldErrors });

/** Adds a rule (or changes what an existing prefix does). */
export async function addPinRule(db: Kysely<Database>, input: { prefix?: string | undefined; kind?: string | undefined }, actorUserId: string | null, now = new Date()): Promise<PinRuleOutcome> {
  const parsed = pinRuleSchema.safeParse(input);
  if (!parsed.success) {
    const { fieldErrors } = issueErrors(parsed.error.issues);
    return { ok: false, reason: "invalid", message: Object.values(fieldErrors)[0] ?? "Please check the rule", fieldErrors };
  }
  await writeRules(db, [parsed.data], actorUserId, now);
  const { prefix, kind } = parsed.data;
  return { ok: true, message: `Rule added: ${prefix.length === 6 ? `PIN code ${prefix}` : `PIN codes starting ${prefix}`}, ${PIN_RULE_KIND_LABELS[kind].toLowerCase()}.` };
}

async function writeRules(db: Kysely<Database>, rules: readonly PinRule[], actorUserId: string | null, now: Date): Promise<void> {
  if (rules.length === 0) return;
  await db.transaction().execute(async (trx) => {
    // A few hundred rows a statement: far below either database's limit on parameters.
    for (let i = 0; i < rules.length; i += 500) {
      await trx
        .insertInto("pin_rules")
        .values(rules.slice(i, i + 500).map((r) => ({ prefix: r.prefix, kind: r.kind, created_by: actorUserId, created_at: now.toISOString() })))
        .onConflict((oc) => oc.column("prefix").doUpdateSet((eb) => ({ kind: eb.ref("excluded.kind"), created_by: eb.ref("excluded.created_by"), created_at: eb.ref("excluded.created_at") })))
        .execute();
    }
  });
}

export async function removePinRule(db: Kysely<Database>, prefix: string): Promise<PinRuleOutcome> {
  const p = prefix.trim();
  if (!/^[0-9]{1,6}$/.test(p)) return { ok: false, reason: "not_found", message: "That rule is already gone.", fieldErrors: {} };
  const r = await db.deleteFrom("pin_rules").where("prefix", "=", p).executeTakeFirst();
  if (Number(r.numDeletedRows) !== 1) return { ok: false, reason: "not_found", message: "That rule is already gone.", fieldErrors: {} };
  return { ok: true, message: `Rule for ${p} removed.` };
}

export type CsvImportOutcome = { ok: true; message: string; count: number } | (Refusal<"invalid"> & { errors: string[] });

/** Adds every rule of an uploaded CSV in one transaction, or none of them when any line is bad. */
export async function importPinRules(db: Kysely<Database>, text: string, actorUserId: string | null, now = new Date()): Promise<CsvImportOutcome> {
  const { rules, errors } = parseRulesCsv(text);
  if (errors.length > 0) {
    const n = errors.length;
    return { ok: false, reason: "invalid", message: `Nothing was added: ${n === 1 ? "1 line needs" : `${n} lines need`} fixing.`, errors };
  }
  await writeRules(db, rules, actorUserId, now);
  return { ok: true, count: rules.length, message: `${rules.length === 1 ? "1 rule" : `${rules.length.toLocaleString("en-IN")} rules`} added from the file.` };
}

export type CodLimitOutcome = { ok: true; message: string } | (Refusal<"invalid"> & { fieldErrors: FieldErrors });

/** Sets the COD limit from whole rupees as typed, or clears it when empty. */
export async function setCodLimit(db: Kysely<Database>, rupees: string, actorUserId: string | null, now = new Date()): Promise<CodLimitOutcome> {
  const parsed = codLimitSchema.safeParse(rupees);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Please check the limit";
    return { ok: false, reason: "invalid", message, fieldErrors: { codLimit: message } };
  }
  const limit = parsed.data;
  await db.updateTable("cod_settings").set({ limit_paise: limit, updated_by: actorUserId, updated_at: now.toISOString() }).where("id", "=", 1).execute();
  return { ok: true, message: limit === null ? "Cash on delivery now has no order-value limit." : `Cash on delivery is now limited to orders of ${formatMoney(limit)} or less.` };
}

/**
 * What is wrong with a shipping address's PIN code, said on the PIN field: it does not exist, it
 * is in another state than the one chosen, or the shop does not deliver there. Null when none.
 */
export async function shippingPinProblem(db: Db, pin: string, state: string): Promise<string | null> {
  const problem = pinProblem(pin, state);
  if (problem) return problem;
  const verdict = await verdictForPin(db, pin);
  return verdict.kind === "not_served" ? verdict.message : null;
}

/** Why this order may not be paid on delivery to this PIN (prepaid only there, or above the limit), or null. */
export async function codUnavailableReason(db: Db, pin: string, orderTotal: Paise): Promise<string | null> {
  const verdict = await verdictForPin(db, pin, orderTotal);
  return verdict.kind === "cod_unavailable" ? verdict.message : null;
}
