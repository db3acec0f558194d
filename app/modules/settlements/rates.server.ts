import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { issueErrors, type FieldErrors } from "~/lib/form";
import type { Refusal } from "~/lib/outcome";
import { z } from "~/lib/zod";
import { PRODUCT_CATEGORIES } from "~/modules/catalog/categories";
import { formatRate, MAX_PERCENT, percentToBp, RATE_CHOICES, RATE_MESSAGES, rateLabel, type RateChoice } from "./rates";
import { indiaDay, rateOn, type Rate, type RateKind } from "./rules";

/**
 * The commission, TCS and TDS rates as the admin sees and adds them. A rate is never edited and
 * never changes the past: a new one is a new row taking effect today or later (India time), and a
 * seller's part keeps the rates of the day it was placed (docs/decisions/023-settlements.md).
 */

type Db = Kysely<Database>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (day: string) => ISO_DAY.test(day) && new Date(`${day}T00:00:00.000Z`).toISOString().slice(0, 10) === day;

const rateSchema = z
  .object({
    choice: z.enum(RATE_CHOICES.map((c) => c.value) as [RateChoice, ...RateChoice[]], { error: RATE_MESSAGES.choice }),
    category: z.string().trim().optional(),
    percent: z.string({ error: RATE_MESSAGES.percent }).trim().min(1, RATE_MESSAGES.percent),
    effectiveFrom: z.string({ error: RATE_MESSAGES.date }).trim().refine(isRealDay, RATE_MESSAGES.date),
  })
  .superRefine((v, ctx) => {
    if (v.choice === "commission_category" && !(PRODUCT_CATEGORIES as readonly string[]).includes(v.category ?? "")) {
      ctx.addIssue({ code: "custom", path: ["category"], message: RATE_MESSAGES.category });
    }
    const bp = percentToBp(v.percent);
    if (bp === null) {
      ctx.addIssue({ code: "custom", path: ["percent"], message: RATE_MESSAGES.percent });
      return;
    }
    const kind = kindOf(v.choice);
    if (bp > MAX_PERCENT[kind] * 100) ctx.addIssue({ code: "custom", path: ["percent"], message: kind === "commission" ? RATE_MESSAGES.commissionRange : RATE_MESSAGES.taxRange });
  });

function kindOf(choice: RateChoice): RateKind {
  return choice === "commission_category" ? "commission" : choice;
}

export interface NewRate {
  choice: string;
  category?: string | undefined;
  /** As typed: "4.5" */
  percent: string;
  /** YYYY-MM-DD */
  effectiveFrom: string;
  actorUserId: string | null;
}

export type AddRateOutcome = { ok: true; message: string; rate: Rate } | (Refusal<"invalid"> & { fieldErrors: FieldErrors });

/**
 * Adds a rate from the admin's form, recording who added it. Refused (with a message beside the
 * field) when a value is missing or out of range, when it would take effect before today in India,
 * or when a rate of the same kind and category already takes effect that day (which of the two
 * applied would be unclear; rows are never edited, so the admin picks another day).
 */
export async function addRate(db: Db, input: NewRate, now = new Date()): Promise<AddRateOutcome> {
  const parsed = rateSchema.safeParse(input);
  if (!parsed.success) {
    const { formError, fieldErrors } = issueErrors(parsed.error.issues);
    const message = formError ?? Object.values(fieldErrors)[0] ?? RATE_MESSAGES.choice;
    return { ok: false, reason: "invalid", message, fieldErrors };
  }
  const v = parsed.data;
  if (v.effectiveFrom < indiaDay(now)) return { ok: false, reason: "invalid", message: RATE_MESSAGES.past, fieldErrors: { effectiveFrom: RATE_MESSAGES.past } };
  const kind = kindOf(v.choice);
  const category = v.choice === "commission_category" ? v.category! : null;
  const rate: Rate = { kind, category, rateBp: percentToBp(v.percent)!, effectiveFrom: v.effectiveFrom };
  let same = db.selectFrom("settlement_rates").select("id").where("kind", "=", kind).where("effective_from", "=", rate.effectiveFrom);
  same = category === null ? same.where("category", "is", null) : same.where("category", "=", category);
  if (await same.executeTakeFirst()) return { ok: false, reason: "invalid", message: RATE_MESSAGES.sameDay, fieldErrors: { effectiveFrom: RATE_MESSAGES.sameDay } };
  await db
    .insertInto("settlement_rates")
    .values({ id: crypto.randomUUID(), kind, category, rate_bp: rate.rateBp, effective_from: rate.effectiveFrom, created_by: input.actorUserId, created_at: now.toISOString() })
    .execute();
  const when = rate.effectiveFrom === indiaDay(now) ? "from today" : `from ${rate.effectiveFrom}`;
  return { ok: true, message: `${rateLabel(kind, category)} of ${formatRate(rate.rateBp)} added, in force ${when} for parts placed from that day.`, rate };
}

export interface RateInForce {
  kind: RateKind;
  category: string | null;
  label: string;
  rateBp: number;
  /** The day the rate in force took effect; null when none is set (the rate is 0). */
  since: string | null;
}

/**
 * The rates a part placed today would use: the default commission, each category's commission
 * (its own where one is set, else the default), TCS and TDS.
 */
export async function ratesInForce(db: Db, now = new Date()): Promise<RateInForce[]> {
  const rates = await loadAllRates(db);
  const today = indiaDay(now);
  const sinceOf = (kind: RateKind, category: string | null) => {
    const own = latest(rates, kind, category, today);
    return own ?? (kind === "commission" && category !== null ? latest(rates, kind, null, today) : undefined);
  };
  const row = (kind: RateKind, category: string | null): RateInForce => ({
    kind,
    category,
    label: category && !latest(rates, kind, category, today) ? `Commission for ${category} (the default)` : rateLabel(kind, category),
    rateBp: rateOn(rates, kind, today, category),
    since: sinceOf(kind, category)?.effectiveFrom ?? null,
  });
  return [row("commission", null), ...PRODUCT_CATEGORIES.map((c) => row("commission", c)), row("tcs", null), row("tds", null)];
}

function latest(rates: readonly Rate[], kind: RateKind, category: string | null, day: string): Rate | undefined {
  let found: Rate | undefined;
  for (const r of rates) if (r.kind === kind && r.category === category && r.effectiveFrom <= day && (!found || r.effectiveFrom >= found.effectiveFrom)) found = r;
  return found;
}

async function loadAllRates(db: Db): Promise<Rate[]> {
  const rows = await db.selectFrom("settlement_rates").select(["kind", "category", "rate_bp", "effective_from"]).execute();
  return rows.map((r) => ({ kind: r.kind as RateKind, category: r.category, rateBp: Number(r.rate_bp), effectiveFrom: r.effective_from }));
}

export interface RateHistoryRow extends Rate {
  id: string;
  label: string;
  /** scheduled: takes effect later; in_force: the one parts placed today use; replaced: a later one took over. */
  state: "scheduled" | "in_force" | "replaced";
  addedBy: string | null;
  addedAt: string;
}

/** Every rate ever set, the latest to take effect first, with who added it and whether it is in force today. */
export async function rateHistory(db: Db, now = new Date()): Promise<RateHistoryRow[]> {
  const rows = await db
    .selectFrom("settlement_rates")
    .leftJoin("user", "user.id", "settlement_rates.created_by")
    .select(["settlement_rates.id", "kind", "category", "rate_bp", "effective_from", "settlement_rates.created_at", "user.name as added_by"])
    .orderBy("effective_from", "desc")
    .orderBy("settlement_rates.created_at", "desc")
    .orderBy("settlement_rates.id")
    .execute();
  const rates: Rate[] = rows.map((r) => ({ kind: r.kind as RateKind, category: r.category, rateBp: Number(r.rate_bp), effectiveFrom: r.effective_from }));
  const today = indiaDay(now);
  return rows.map((r, i) => {
    const rate = rates[i]!;
    const current = latest(rates, rate.kind, rate.category, today);
    const state = rate.effectiveFrom > today ? "scheduled" : current === rate ? "in_force" : "replaced";
    return { ...rate, id: r.id, label: rateLabel(rate.kind, rate.category), state, addedBy: r.added_by ?? null, addedAt: r.created_at };
  });
}
