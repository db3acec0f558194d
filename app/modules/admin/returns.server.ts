import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { formValues, issueErrors, type FieldErrors } from "~/lib/form";
import type { Refusal } from "~/lib/outcome";
import type { SecretBox } from "~/lib/secret-box.server";
import { z } from "~/lib/zod";
import { RULE_FIELD_PREFIX } from "./labels";
import { openRefundDestination } from "~/modules/payments/refund-destination.server";
import { payRefundByHand, refundsOfReturns, retryRefund, type RefundOutcome, type ReturnRefund } from "~/modules/payments/refunds.server";
import type { Store } from "~/modules/jobs/outbox.server";
import { actOnReturn, listReturns, type ReturnOutcome, type ReturnView } from "~/modules/returns/returns.server";
import { RETURN_RULES, RETURN_STATUSES, SELLER_ANSWER_HOURS, isOpen, overdueForSeller, type ReturnRule, type ReturnStatus } from "~/modules/returns/rules";
import { SELLER_ACTION_FIELD, isSellerActionIntent, parseSellerAction, type SellerAction } from "~/modules/returns/seller-actions";

/**
 * The admin's Returns page (issue 22): every seller's requests, those a seller has left unanswered
 * past SELLER_ANSWER_HOURS first; their refunds, with the customer's refund destination in full
 * where the admin pays one by hand; and each category's return rule.
 */

type Db = Kysely<Database>;

export interface AdminReturnsQuery {
  /** null: every status */
  status: ReturnStatus | null;
  /** null: every seller */
  vendor: string | null;
}

const querySchema = z.object({
  status: z.enum(RETURN_STATUSES).nullable().catch(null),
  vendor: z.string().trim().min(1).max(100).nullable().catch(null),
});

/** A list link never fails: an unknown status or seller is every one. */
export function parseAdminReturnsQuery(params: URLSearchParams): AdminReturnsQuery {
  return querySchema.parse({ status: params.get("status") || null, vendor: params.get("vendor") || null });
}

export interface AdminRefund extends ReturnRefund {
  /** A failed card or UPI refund: Razorpay may be asked again. */
  retryable: boolean;
  /** A manual refund not yet paid, or a failed Razorpay one: the admin pays it by bank transfer. */
  payableByHand: boolean;
}

export interface AdminReturn extends ReturnView {
  /** Still unanswered by the seller after SELLER_ANSWER_HOURS. */
  overdue: boolean;
  refunds: AdminRefund[];
  /** Where the customer asked the refund to go, in full: only while a refund waits to be paid by hand. */
  payTo: string | null;
  /** The destination was stored but cannot be opened with this SECRETS_KEY. */
  payToUnreadable: boolean;
}

export interface AdminReturnsPage {
  rows: AdminReturn[];
  vendors: { id: string; name: string }[];
  overdue: number;
}

/**
 * Every request matching the query: past-due ones first (longest waiting first), then the rest
 * newest first. A refund destination is opened only for a request whose refund waits to be paid
 * by hand, never logged.
 */
export async function listAdminReturns(db: Db, box: SecretBox, query: AdminReturnsQuery, now = new Date()): Promise<AdminReturnsPage> {
  const [views, vendors] = await Promise.all([
    listReturns(db, query.vendor ? { vendorId: query.vendor } : { all: true }, { status: query.status ?? undefined }),
    db.selectFrom("vendors").select(["id", "name"]).orderBy("name").orderBy("id").execute(),
  ]);
  const refunds = await refundsOfReturns(
    db,
    views.map((v) => v.id),
  );
  const rows = views.map((v): AdminReturn => {
    const own = (refunds[v.id] ?? []).map((r) => {
      const superseded = (refunds[v.id] ?? []).some((o) => o.id !== r.id && o.status !== "failed");
      return {
        ...r,
        retryable: r.method === "razorpay" && r.status === "failed" && !superseded,
        payableByHand: ((r.method === "manual" && r.status === "requested") || (r.method === "razorpay" && r.status === "failed")) && !superseded,
      };
    });
    return { ...v, overdue: overdueForSeller(v, now), refunds: own, payTo: null, payToUnreadable: false };
  });
  const waiting = rows.filter((r) => r.refunds.some((f) => f.payableByHand)).map((r) => r.id);
  if (waiting.length > 0) {
    const sealed = await db.selectFrom("returns").select(["id", "refund_to_sealed"]).where("id", "in", waiting).execute();
    for (const s of sealed) {
      if (!s.refund_to_sealed) continue;
      const row = rows.find((r) => r.id === s.id)!;
      row.payTo = openRefundDestination(box, s.refund_to_sealed);
      row.payToUnreadable = row.payTo === null;
    }
  }
  const overdue = rows.filter((r) => r.overdue).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return { rows: [...overdue, ...rows.filter((r) => !r.overdue)], vendors, overdue: overdue.length };
}

/** For the dashboard's Returns card: requests still open, and those unanswered past SELLER_ANSWER_HOURS. */
export async function countReturns(db: Db, now = new Date()): Promise<{ open: number; overdue: number }> {
  const openStatuses = RETURN_STATUSES.filter(isOpen);
  const due = new Date(now.getTime() - SELLER_ANSWER_HOURS * 3_600_000).toISOString();
  const [open, overdue] = await Promise.all([
    db.selectFrom("returns").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "in", openStatuses).executeTakeFirst(),
    db.selectFrom("returns").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "requested").where("created_at", "<", due).executeTakeFirst(),
  ]);
  return { open: Number(open?.n ?? 0), overdue: Number(overdue?.n ?? 0) };
}

// ---------------------------------------------------------------------------------------------
// Category return rules

export interface CategoryRule {
  category: string;
  rule: string;
}

export async function listCategoryRules(db: Db): Promise<CategoryRule[]> {
  const rows = await db.selectFrom("categories").select(["name", "return_rule"]).orderBy("position").orderBy("name").execute();
  return rows.map((r) => ({ category: r.name, rule: r.return_rule }));
}


export const CATEGORY_RULE_MESSAGES = {
  none: "Choose a return rule for at least one category.",
  unknownCategory: "One of the categories is not in the shop. Reload the page and try again.",
  unknownRule: "Choose one of the return rules.",
  saved: "Return rules saved.",
} as const;

const ruleValues = RETURN_RULES.map((r) => r.value) as [ReturnRule, ...ReturnRule[]];
const rulesSchema = z
  .record(z.string().min(1).max(100), z.enum(ruleValues, { error: CATEGORY_RULE_MESSAGES.unknownRule }))
  .refine((m) => Object.keys(m).length > 0, CATEGORY_RULE_MESSAGES.none);

export type CategoryRulesOutcome = { ok: true; message: string } | (Refusal<"invalid"> & { fieldErrors: FieldErrors });

/**
 * Saves the rules a post names (`rule:<category>` → one of RETURN_RULES), all or none: an unknown
 * category or rule refuses the whole post. Field errors are keyed by the field's name.
 */
export async function saveCategoryRules(db: Db, values: Record<string, string>): Promise<CategoryRulesOutcome> {
  const posted = Object.fromEntries(Object.entries(values).flatMap(([k, v]) => (k.startsWith(RULE_FIELD_PREFIX) ? [[k.slice(RULE_FIELD_PREFIX.length), v]] : [])));
  const parsed = rulesSchema.safeParse(posted);
  if (!parsed.success) {
    const { formError, fieldErrors } = issueErrors(parsed.error.issues, (path) => (path.length > 0 ? `${RULE_FIELD_PREFIX}${String(path[0])}` : undefined));
    return { ok: false, reason: "invalid", message: formError ?? Object.values(fieldErrors)[0] ?? CATEGORY_RULE_MESSAGES.unknownRule, fieldErrors };
  }
  return db.transaction().execute(async (trx): Promise<CategoryRulesOutcome> => {
    const known = new Set((await trx.selectFrom("categories").select("name").execute()).map((c) => c.name));
    if (Object.keys(parsed.data).some((c) => !known.has(c))) return { ok: false, reason: "invalid", message: CATEGORY_RULE_MESSAGES.unknownCategory, fieldErrors: {} };
    for (const [category, rule] of Object.entries(parsed.data)) {
      await trx.updateTable("categories").set({ return_rule: rule }).where("name", "=", category).where("return_rule", "!=", rule).execute();
    }
    return { ok: true, message: CATEGORY_RULE_MESSAGES.saved };
  });
}

// ---------------------------------------------------------------------------------------------
// The page's posts

const id = z.string().trim().min(1).max(200);
const text = z.string().max(1000).catch("");

const adminActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("retry-refund"), refundId: id }),
  z.object({ intent: z.literal("pay-refund"), refundId: id, utr: text }),
  z.object({ intent: z.literal("rules") }),
]);

/** Does what one of the page's posts asks: a seller's action as an administrator, a refund, the rules. */
export async function actOnAdminReturns(store: Store, adminUserId: string, action: AdminReturnAction): Promise<ReturnOutcome | RefundOutcome<"not_found" | "invalid" | "conflict"> | CategoryRulesOutcome> {
  switch (action.intent) {
    case "retry-refund":
      return retryRefund(store, { refundId: action.refundId, actorUserId: adminUserId });
    case "pay-refund":
      return payRefundByHand(store, { refundId: action.refundId, utr: action.utr, actorUserId: adminUserId });
    case "rules":
      return saveCategoryRules(store.db, action.values);
    default:
      return actOnReturn(store, { role: "admin", userId: adminUserId }, action);
  }
}

/** The field a refusal's message belongs beside, where a domain refusal is about one field. */
export const FIELD_OF_REFUSAL: Partial<Record<string, string>> = { ...SELLER_ACTION_FIELD, "pay-refund": "utr" };

/** The page's posts: a seller's action on a request (returns/seller-actions.ts, as the seller's page posts it), or the admin's own. */
export type AdminReturnAction =
  | SellerAction
  | { intent: "retry-refund"; refundId: string }
  | { intent: "pay-refund"; refundId: string; utr: string }
  | { intent: "rules"; values: Record<string, string> };

/**
 * Reads one of the page's posts. A post that is none of them is null (a 400); a pickup or
 * shipment without its carrier or tracking number is refused with the fields' messages.
 */
export function parseAdminReturnAction(form: FormData): { ok: true; action: AdminReturnAction } | { ok: false; fieldErrors: FieldErrors } | null {
  const values = formValues(form);
  if (isSellerActionIntent(values.intent)) return parseSellerAction(values);
  const parsed = adminActionSchema.safeParse(values);
  if (!parsed.success) return null;
  const a = parsed.data;
  return a.intent === "rules" ? { ok: true, action: { intent: "rules", values } } : { ok: true, action: a };
}
