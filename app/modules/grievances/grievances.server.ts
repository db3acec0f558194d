import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "~/db/schema";
import type { FieldErrors, FormValues } from "~/lib/form";
import type { Refusal } from "~/lib/outcome";
import type { Store } from "~/modules/jobs/outbox.server";
import { announceGrievance } from "./mail.server";
import { financialYear } from "~/modules/gst/gst";
import { GRIEVANCE_FORM_MESSAGES, parseMessage, parseRaiseForm } from "./forms";
import {
  ADMIN_GRIEVANCES_PAGE_SIZE,
  GRIEVANCE_PROMISE,
  acknowledgeBy,
  grievanceNumber,
  grievanceStatusLabel,
  overdueAcknowledgement,
  overdueFlags,
  overdueResolution,
  resolveBy,
  type GrievanceEvent,
  type GrievanceStatus,
} from "./rules";

/**
 * Complaints with a ticket (docs/product-rules.md, "Complaints"). A signed-in customer raises one
 * and gets its number at once; an administrator acknowledges it, replies and closes it. Every
 * change is one transaction: the ticket's row moves from the state it must be in (a conditional
 * update, so two clicks at once change it once), with its history row and the customer's mail
 * (the outbox, jobs/outbox.server.ts).
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export type GrievanceOutcome<T = unknown> = ({ ok: true; message: string } & T) | (Refusal<"invalid" | "not_found" | "conflict"> & { fieldErrors?: FieldErrors });

export const GRIEVANCE_MESSAGES = {
  notFound: "Complaint not found.",
  orderNotFound: "We could not find that order among yours. Check the number, or leave it empty.",
} as const;

const M = GRIEVANCE_FORM_MESSAGES;

// ---------------------------------------------------------------------------------------------
// The customer raises a complaint

/** The next ticket number of the financial year `now` falls in; the counter's row is locked until the transaction ends. */
async function nextNumber(trx: Trx, now: Date): Promise<{ fy: string; sequence: number; number: string }> {
  const fy = financialYear(now);
  const counter = await trx
    .insertInto("grievance_counters")
    .values({ financial_year: fy, last: 1 })
    .onConflict((oc) => oc.column("financial_year").doUpdateSet((eb) => ({ last: eb("grievance_counters.last", "+", 1) })))
    .returning("last")
    .executeTakeFirstOrThrow();
  const sequence = Number(counter.last);
  return { fy, sequence, number: grievanceNumber(fy, sequence) };
}

async function record(trx: Trx, grievanceId: string, event: GrievanceEvent, actor: { role: "customer" | "admin"; userId: string }, message: string | null, stamp: string): Promise<void> {
  await trx
    .insertInto("grievance_history")
    .values({ id: crypto.randomUUID(), grievance_id: grievanceId, event, actor_user_id: actor.userId, actor_role: actor.role, message, created_at: stamp })
    .execute();
}

/**
 * A customer's complaint, as posted (checked here, whoever calls): a subject, a category, the
 * details and, if it is about one, the number of one of the customer's own orders. Another
 * customer's order answers as one that does not exist.
 */
export async function raiseGrievance({ db, outbox }: Store, userId: string, values: FormValues, now = new Date()): Promise<GrievanceOutcome<{ id: string; number: string }>> {
  const parsed = parseRaiseForm(values);
  if (!parsed.ok) return { ok: false, reason: "invalid", message: M.form, fieldErrors: parsed.fieldErrors };
  const f = parsed.fields;
  return db.transaction().execute(async (trx): Promise<GrievanceOutcome<{ id: string; number: string }>> => {
    let order: { id: string; number: string } | undefined;
    if (f.orderNumber) {
      order = await trx.selectFrom("orders").select(["id", "number"]).where("number", "=", f.orderNumber).where("user_id", "=", userId).executeTakeFirst();
      if (!order) return { ok: false, reason: "not_found", message: M.form, fieldErrors: { orderNumber: GRIEVANCE_MESSAGES.orderNotFound } };
    }
    const stamp = now.toISOString();
    const { fy, sequence, number } = await nextNumber(trx, now);
    const id = crypto.randomUUID();
    await trx
      .insertInto("grievances")
      .values({
        id,
        number,
        financial_year: fy,
        sequence,
        customer_user_id: userId,
        order_id: order?.id ?? null,
        order_number: order?.number ?? null,
        subject: f.subject,
        category: f.category,
        details: f.details,
        status: "open",
        created_at: stamp,
        acknowledged_at: null,
        closed_at: null,
        updated_at: stamp,
      })
      .execute();
    await record(trx, id, "raised", { role: "customer", userId }, null, stamp);
    await announceGrievance(trx, outbox, id, "raised", null);
    return { ok: true, id, number, message: `Your complaint is registered. Ticket ${number}. ${GRIEVANCE_PROMISE}` };
  });
}

// ---------------------------------------------------------------------------------------------
// An administrator acknowledges, replies and closes

export type AdminActor = { role: "admin"; userId: string };

type Step = { to: GrievanceStatus; event: GrievanceEvent; message: string | null; done: string };

/**
 * One change of a ticket: allowed only from the states in `from`, moved by a conditional update
 * on the state read (if another change got there first, nothing is written and the refusal says
 * what the ticket is now), with its history row and its mail.
 */
async function move(
  { db, outbox }: Store,
  actor: AdminActor,
  id: string,
  now: Date,
  from: readonly GrievanceStatus[],
  refuse: (number: string, status: string) => string,
  step: (number: string) => Step,
): Promise<GrievanceOutcome> {
  return db.transaction().execute(async (trx): Promise<GrievanceOutcome> => {
    const g = await trx.selectFrom("grievances").select(["id", "number", "status"]).where("id", "=", id).executeTakeFirst();
    if (!g) return { ok: false, reason: "not_found", message: GRIEVANCE_MESSAGES.notFound };
    if (!from.includes(g.status as GrievanceStatus)) return { ok: false, reason: "conflict", message: refuse(g.number, g.status) };
    const s = step(g.number);
    const stamp = now.toISOString();
    const set: Partial<Record<"status" | "updated_at" | "acknowledged_at" | "closed_at", string>> = { status: s.to, updated_at: stamp };
    if (s.event === "acknowledged") set.acknowledged_at = stamp;
    if (s.event === "closed") set.closed_at = stamp;
    const updated = await trx.updateTable("grievances").set(set).where("id", "=", g.id).where("status", "=", g.status).executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      const nowIs = await trx.selectFrom("grievances").select("status").where("id", "=", g.id).executeTakeFirstOrThrow();
      return { ok: false, reason: "conflict", message: refuse(g.number, nowIs.status) };
    }
    await record(trx, g.id, s.event, actor, s.message, stamp);
    await announceGrievance(trx, outbox, g.id, s.event, s.message);
    return { ok: true, message: s.done };
  });
}

const isNow = (number: string, status: string) => `Complaint ${number} is ${grievanceStatusLabel(status).toLowerCase()}`;

export async function acknowledgeGrievance(store: Store, actor: AdminActor, input: { id: string }, now = new Date()): Promise<GrievanceOutcome> {
  return move(
    store,
    actor,
    input.id,
    now,
    ["open"],
    (number, status) => `${isNow(number, status)} already; nothing was changed.`,
    (number) => ({ to: "acknowledged", event: "acknowledged", message: null, done: `Complaint ${number} acknowledged. The customer has been told.` }),
  );
}

export async function replyToGrievance(store: Store, actor: AdminActor, input: { id: string; values: FormValues }, now = new Date()): Promise<GrievanceOutcome> {
  const parsed = parseMessage(input.values, "reply");
  if (!parsed.ok) return { ok: false, reason: "invalid", message: parsed.fieldErrors.reply!, fieldErrors: parsed.fieldErrors };
  return move(
    store,
    actor,
    input.id,
    now,
    ["acknowledged"],
    (number, status) =>
      status === "open" ? `Acknowledge complaint ${number} before replying to it.` : `${isNow(number, status)}; a closed complaint takes no more replies.`,
    (number) => ({ to: "acknowledged", event: "replied", message: parsed.fields, done: `Reply sent on complaint ${number}.` }),
  );
}

export async function closeGrievance(store: Store, actor: AdminActor, input: { id: string; values: FormValues }, now = new Date()): Promise<GrievanceOutcome> {
  const parsed = parseMessage(input.values, "note");
  if (!parsed.ok) return { ok: false, reason: "invalid", message: parsed.fieldErrors.note!, fieldErrors: parsed.fieldErrors };
  return move(
    store,
    actor,
    input.id,
    now,
    ["open", "acknowledged"],
    (number, status) => `${isNow(number, status)} already; nothing was changed.`,
    (number) => ({ to: "closed", event: "closed", message: parsed.fields, done: `Complaint ${number} closed. The customer has been told.` }),
  );
}

// ---------------------------------------------------------------------------------------------
// What the customer and the administrator read

export interface GrievanceSummary {
  id: string;
  number: string;
  subject: string;
  category: string;
  status: GrievanceStatus;
  orderNumber: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface GrievanceHistoryEntry {
  event: GrievanceEvent;
  actorRole: "customer" | "admin";
  message: string | null;
  createdAt: string;
}

export interface GrievanceView extends GrievanceSummary {
  details: string;
  acknowledgedAt: string | null;
  closedAt: string | null;
  acknowledgeBy: string;
  resolveBy: string;
  history: GrievanceHistoryEntry[];
}

export interface AdminGrievanceSummary extends GrievanceSummary {
  customerName: string | null;
  customerEmail: string | null;
  overdueAcknowledgement: boolean;
  overdueResolution: boolean;
  /** The overdue flags in words. */
  flags: string[];
}

export interface AdminGrievanceView extends GrievanceView {
  customerName: string | null;
  customerEmail: string | null;
  flags: string[];
}

type Row = Database["grievances"];

function summary(r: Pick<Row, "id" | "number" | "subject" | "category" | "status" | "order_number" | "created_at" | "updated_at">): GrievanceSummary {
  return {
    id: r.id,
    number: r.number,
    subject: r.subject,
    category: r.category,
    status: r.status as GrievanceStatus,
    orderNumber: r.order_number,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

async function view(db: Db, r: Row): Promise<GrievanceView> {
  const history = await db.selectFrom("grievance_history").selectAll().where("grievance_id", "=", r.id).orderBy("created_at").orderBy("id").execute();
  return {
    ...summary(r),
    details: r.details,
    acknowledgedAt: r.acknowledged_at,
    closedAt: r.closed_at,
    acknowledgeBy: acknowledgeBy(r.created_at).toISOString(),
    resolveBy: resolveBy(r.created_at).toISOString(),
    history: history
      // Raised, acknowledged, replied and closed happen in that order, even within one second.
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || EVENT_ORDER[a.event as GrievanceEvent] - EVENT_ORDER[b.event as GrievanceEvent])
      .map((h) => ({ event: h.event as GrievanceEvent, actorRole: h.actor_role === "admin" ? "admin" : "customer", message: h.message, createdAt: h.created_at })),
  };
}

const EVENT_ORDER: Record<GrievanceEvent, number> = { raised: 0, acknowledged: 1, replied: 2, closed: 3 };

/** A customer's complaints, newest first. */
export async function listCustomerGrievances(db: Db, userId: string): Promise<GrievanceSummary[]> {
  const rows = await db.selectFrom("grievances").selectAll().where("customer_user_id", "=", userId).orderBy("created_at", "desc").orderBy("sequence", "desc").limit(200).execute();
  return rows.map(summary);
}

/** One of the customer's complaints; another customer's answers as none. */
export async function customerGrievance(db: Db, userId: string, id: string): Promise<GrievanceView | null> {
  const r = await db.selectFrom("grievances").selectAll().where("id", "=", id).where("customer_user_id", "=", userId).executeTakeFirst();
  return r ? view(db, r) : null;
}

export interface AdminGrievancesPage {
  rows: AdminGrievanceSummary[];
  total: number;
  page: number;
  pageCount: number;
}

/** Every complaint for the administrator: open first, then acknowledged, then closed; newest first within each. */
export async function listAdminGrievances(db: Db, query: { status: GrievanceStatus | null; page: number }, now = new Date()): Promise<AdminGrievancesPage> {
  let base = db.selectFrom("grievances");
  if (query.status) base = base.where("grievances.status", "=", query.status);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const total = Number(n);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_GRIEVANCES_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await base
    .leftJoin("user", "user.id", "grievances.customer_user_id")
    .selectAll("grievances")
    .select(["user.name as customer_name", "user.email as customer_email"])
    .orderBy(sql`case grievances.status when 'open' then 0 when 'acknowledged' then 1 else 2 end`)
    .orderBy("grievances.created_at", "desc")
    .orderBy("grievances.sequence", "desc")
    .limit(ADMIN_GRIEVANCES_PAGE_SIZE)
    .offset((page - 1) * ADMIN_GRIEVANCES_PAGE_SIZE)
    .execute();
  return {
    total,
    page,
    pageCount,
    rows: rows.map((r) => {
      const at = { status: r.status, createdAt: r.created_at };
      return {
        ...summary(r),
        customerName: r.customer_name,
        customerEmail: r.customer_email,
        overdueAcknowledgement: overdueAcknowledgement(at, now),
        overdueResolution: overdueResolution(at, now),
        flags: overdueFlags(at, now),
      };
    }),
  };
}

/** One complaint, for the administrator. */
export async function adminGrievance(db: Db, id: string, now = new Date()): Promise<AdminGrievanceView | null> {
  const r = await db
    .selectFrom("grievances")
    .leftJoin("user", "user.id", "grievances.customer_user_id")
    .selectAll("grievances")
    .select(["user.name as customer_name", "user.email as customer_email"])
    .where("grievances.id", "=", id)
    .executeTakeFirst();
  if (!r) return null;
  const { customer_name, customer_email, ...row } = r;
  return { ...(await view(db, row)), customerName: customer_name, customerEmail: customer_email, flags: overdueFlags({ status: r.status, createdAt: r.created_at }, now) };
}

/** For the admin dashboard: complaints not closed, and those past either deadline. */
export async function countGrievances(db: Db, now = new Date()): Promise<{ open: number; overdue: number }> {
  const rows = await db.selectFrom("grievances").select(["status", "created_at"]).where("status", "!=", "closed").execute();
  return { open: rows.length, overdue: rows.filter((r) => overdueFlags({ status: r.status, createdAt: r.created_at }, now).length > 0).length };
}
