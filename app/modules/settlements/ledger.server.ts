import { sql, type Insertable, type Kysely, type Transaction } from "kysely";
import { lockOrder } from "~/db/order-lock.server";
import type { Database } from "~/db/schema";
import type { Refusal } from "~/lib/outcome";
import { placeOfSupply, supplierState, supplyKind } from "~/modules/gst/gst";
import { ORDER_STATUSES } from "~/modules/orders/status";
import { normaliseUtr } from "~/modules/payments/refunds.server";
import { isOpen } from "~/modules/returns/rules";
import {
  FIRST_RATES,
  partRates,
  partTargets,
  releaseCutoff,
  REVERSAL_OF,
  SALE_KINDS,
  type PartLine,
  type Rate,
  type RateKind,
  type ReversalKind,
  type SaleKind,
} from "./rules";

/**
 * The sellers' ledger: posting a part's sale and refunds (settleOrder), the balances on hold,
 * payable and paid, and paying out. Entries are only ever added; a correction is another entry.
 * The rules are in rules.ts; docs/decisions/023-settlements.md gives the design.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

const REVERSAL_KINDS = SALE_KINDS.map((k) => REVERSAL_OF[k]);
const OPEN_RETURN_STATUSES = ["requested", "approved", "picked_up", "received", "replacement_shipped"].filter(isOpen);

/** A new shop's commission, TCS and TDS rates, written once. */
export async function seedSettlementRates(db: Db, now = new Date()): Promise<void> {
  const any = await db.selectFrom("settlement_rates").select("id").limit(1).executeTakeFirst();
  if (any) return;
  await db
    .insertInto("settlement_rates")
    .values(
      FIRST_RATES.map((r) => ({
        id: crypto.randomUUID(),
        kind: r.kind,
        category: r.category,
        rate_bp: r.rateBp,
        effective_from: r.effectiveFrom,
        created_by: null,
        created_at: now.toISOString(),
      })),
    )
    .execute();
}

export async function loadRates(db: Db | Trx): Promise<Rate[]> {
  const rows = await db.selectFrom("settlement_rates").select(["kind", "category", "rate_bp", "effective_from"]).execute();
  return rows.map((r) => ({ kind: r.kind as RateKind, category: r.category, rateBp: Number(r.rate_bp), effectiveFrom: r.effective_from }));
}

/**
 * Brings the ledger of each seller's part of an order up to what the part's state says: a
 * delivered part's sale, what its accepted refunds reversed, and nothing for a part not (or no
 * longer) delivered. Only the differences are posted, so running it again posts nothing. Runs in
 * the caller's transaction, or its own.
 */
export async function settleOrder(db: Db | Trx, orderId: string, now = new Date()): Promise<number> {
  if (!db.isTransaction) return (db as Db).transaction().execute((trx) => settleOrder(trx, orderId, now));
  const trx = db as Trx;
  // Two settlements of one order at once would otherwise both post the same difference.
  await lockOrder(trx, orderId);
  const order = await trx.selectFrom("orders").select(["id", "number", "ship_state", "created_at"]).where("id", "=", orderId).executeTakeFirst();
  if (!order) return 0;
  const [parts, items, refunded, posted, rates] = await Promise.all([
    trx
      .selectFrom("order_parts")
      .innerJoin("vendors", "vendors.id", "order_parts.vendor_id")
      .select(["order_parts.vendor_id", "order_parts.status", "order_parts.delivered_at", "vendors.gstin"])
      .where("order_parts.order_id", "=", orderId)
      .execute(),
    trx.selectFrom("order_items").select(["vendor_id", "category", "line_total_paise"]).where("order_id", "=", orderId).execute(),
    trx
      .selectFrom("credit_notes")
      .innerJoin("returns", "returns.id", "credit_notes.return_id")
      .innerJoin("order_items", "order_items.id", "returns.order_item_id")
      .select(["credit_notes.vendor_id", "order_items.category", "credit_notes.taxable_paise", "credit_notes.created_at"])
      .where("returns.order_id", "=", orderId)
      .execute(),
    trx
      .selectFrom("ledger_entries")
      .select(["vendor_id", "kind", (eb) => eb.fn.sum<number>("amount_paise").as("total")])
      .where("order_id", "=", orderId)
      .groupBy(["vendor_id", "kind"])
      .execute(),
    loadRates(trx),
  ]);
  const rateSet = partRates(rates, order.created_at);
  const stamp = now.toISOString();
  const entries: Insertable<Database["ledger_entries"]>[] = [];
  for (const part of parts) {
    const delivered = part.status === "delivered";
    const sold: PartLine[] = items.filter((i) => i.vendor_id === part.vendor_id).map((i) => ({ category: i.category, taxable: Number(i.line_total_paise) }));
    const mine = refunded.filter((r) => r.vendor_id === part.vendor_id);
    const back: PartLine[] = mine.map((r) => ({ category: r.category, taxable: Number(r.taxable_paise) }));
    const supply = supplyKind(supplierState(part.gstin), placeOfSupply(order.ship_state));
    const targets = delivered ? partTargets(sold, back, supply, rateSet) : {};
    const lastRefundAt = mine.reduce((latest, r) => (r.created_at > latest ? r.created_at : latest), "");
    for (const kind of [...SALE_KINDS, ...REVERSAL_KINDS] as (SaleKind | ReversalKind)[]) {
      const current = Number(posted.find((p) => p.vendor_id === part.vendor_id && p.kind === kind)?.total ?? 0);
      const difference = (targets[kind] ?? 0) - current;
      if (difference === 0) continue;
      // Dated when it happened where that is known: a first sale at its delivery, a refund at its
      // credit note; a correction (an order moved back from Delivered) when it is made.
      const target = targets[kind] ?? 0;
      const at = (REVERSAL_KINDS as string[]).includes(kind) ? (target !== 0 && lastRefundAt) || stamp : (current === 0 && part.delivered_at) || stamp;
      entries.push({ id: crypto.randomUUID(), vendor_id: part.vendor_id, order_id: order.id, order_number: order.number, kind, amount_paise: difference, supply, payout_id: null, created_at: at });
    }
  }
  await insertEntries(trx, entries);
  return entries.length;
}

/**
 * Writes ledger entries, 500 rows a statement: a seller's first payout may cover tens of
 * thousands of parts, more values than one SQLite statement may bind.
 */
export async function insertEntries(trx: Trx, entries: readonly Insertable<Database["ledger_entries"]>[]): Promise<void> {
  for (let i = 0; i < entries.length; i += 500) await trx.insertInto("ledger_entries").values(entries.slice(i, i + 500)).execute();
}

/** Posts every order with a delivered part that the ledger does not know yet: a shop's first start with the ledger. */
export async function settleUnpostedOrders(db: Db, now = new Date()): Promise<number> {
  const orders = await db
    .selectFrom("order_parts")
    .select("order_id")
    .distinct()
    .where("status", "=", "delivered")
    .where((eb) => eb.not(eb.exists(eb.selectFrom("ledger_entries").select("ledger_entries.id").whereRef("ledger_entries.order_id", "=", "order_parts.order_id"))))
    .execute();
  for (const o of orders) await settleOrder(db, o.order_id, now);
  return orders.length;
}

// ---------------------------------------------------------------------------------------------
// Balances

export interface Balance {
  vendorId: string;
  /** Delivered within the return window, or with a return still open. */
  onHold: number;
  /** May be paid out now. */
  payable: number;
  /** Sent in payouts (processing or processed), less those that failed. */
  paid: number;
}

/** Whether the part an entry belongs to may be paid out at `now` (an SQL condition on `order_parts`). */
function releasedPart(now: Date) {
  return sql<boolean>`(order_parts.status = 'delivered' and order_parts.delivered_at <= ${releaseCutoff(now)} and not exists (
    select 1 from returns where returns.order_id = order_parts.order_id and returns.vendor_id = order_parts.vendor_id
    and returns.status in (${sql.join(OPEN_RETURN_STATUSES)})))`;
}

/**
 * Every seller's balances (or one seller's), from the ledger's entries. Every entry of a part
 * belongs to exactly one of on hold and payable, so the two are the seller's whole sum split by
 * the parts still held: those delivered within the return window, those not (or no longer)
 * delivered, and those with a return open. Those are few, found through indexes; the whole sum is
 * one pass over an index. (A plain per-part CASE over every entry took a second at 100,000 parts:
 * docs/benchmarks.md.)
 */
export async function balances(db: Db | Trx, now = new Date(), vendorId?: string): Promise<Balance[]> {
  const cutoff = releaseCutoff(now);
  const mine = (column: string) => (vendorId ? sql`and ${sql.ref(column)} = ${vendorId}` : sql``);
  const open = sql.join(OPEN_RETURN_STATUSES);
  const notDelivered = sql.join(ORDER_STATUSES.filter((s) => s !== "delivered"));
  const [totals, held] = await Promise.all([
    sql<{ vendor_id: string; total: number; payouts: number }>`
      select vendor_id, sum(amount_paise) as total,
        sum(case when kind in ('payout', 'payout_reversal') then amount_paise else 0 end) as payouts
      from ledger_entries where 1 = 1 ${mine("vendor_id")} group by vendor_id`.execute(db),
    // Three disjoint sets of held parts (UNION ALL: a part is in one only), each found from its
    // few rows (the open returns, not every old part). CROSS JOIN makes SQLite walk those and look
    // the entries up, not the other way round.
    sql<{ vendor_id: string; held: number }>`
      with held as (
        select order_id, vendor_id from order_parts
          where status = 'delivered' and delivered_at > ${cutoff} ${mine("vendor_id")}
        union all
        select order_id, vendor_id from order_parts
          where status in (${notDelivered}) ${mine("vendor_id")}
        union all
        select distinct p.order_id, p.vendor_id from returns r cross join order_parts p
          where r.status in (${open}) ${mine("r.vendor_id")} and p.order_id = r.order_id and p.vendor_id = r.vendor_id
          and p.status = 'delivered' and p.delivered_at <= ${cutoff})
      select e.vendor_id, sum(e.amount_paise) as held
      from held cross join ledger_entries e
      where e.order_id = held.order_id and e.vendor_id = held.vendor_id
      group by e.vendor_id`.execute(db),
  ]);
  const heldOf = new Map(held.rows.map((h) => [h.vendor_id, Number(h.held)]));
  return totals.rows.map((t) => {
    const onHold = heldOf.get(t.vendor_id) ?? 0;
    return { vendorId: t.vendor_id, onHold, payable: Number(t.total) - onHold, paid: 0 - Number(t.payouts) };
  });
}

export async function vendorBalance(db: Db | Trx, vendorId: string, now = new Date()): Promise<Balance> {
  return (await balances(db, now, vendorId))[0] ?? { vendorId, onHold: 0, payable: 0, paid: 0 };
}

// ---------------------------------------------------------------------------------------------
// Payouts

export const PAYOUT_MESSAGES = {
  nothingPayable: "Nothing is payable to this seller now.",
  utr: "Enter the bank's UTR (12 to 22 letters and digits) to mark the payout paid.",
  noSeller: "Seller not found.",
} as const;

export type PayoutOutcome = { ok: true; message: string; payoutId: string; number: string; repeated: boolean } | Refusal<"not_found" | "invalid" | "conflict">;

export function payoutNumber(sequence: number): string {
  return `PO-${String(sequence).padStart(6, "0")}`;
}

/** A payout written to the ledger: its row and one entry per part it pays; or the one made before with the same key. */
export type RecordedPayout = { ok: true; payoutId: string; number: string; amount: number; repeated: boolean } | Refusal<"not_found" | "conflict">;

/**
 * Paying a seller, the steps every way of paying shares (a bank transfer: payByBankTransfer; Razorpay
 * Route: route-payouts.server.ts), in the caller's transaction, so a payout can never be more than
 * was payable:
 *   1. queue behind any other payout (the payout counter's row lock, not the seller's row, whose
 *      writes empty the page cache): the second of two at once finds nothing left;
 *   2. check the seller exists, and that this idempotency key has not paid already (then that
 *      payout is the answer: the same key pays once however often it is posted);
 *   3. work out what is due: each released part's balance;
 *   4. write the payout, with the next payout number;
 *   5. post to the ledger one payout entry per part, taking its balance to zero.
 */
export async function recordPayout(
  trx: Trx,
  input: { vendorId: string; idempotencyKey: string; actorUserId: string | null; method: "bank" | "route"; utr: string | null },
  now = new Date(),
): Promise<RecordedPayout> {
  await queueBehindOtherPayouts(trx);
  const seller = await trx.selectFrom("vendors").select("id").where("id", "=", input.vendorId).executeTakeFirst();
  if (!seller) return { ok: false, reason: "not_found", message: PAYOUT_MESSAGES.noSeller };
  const before = await trx.selectFrom("payouts").select(["id", "number", "vendor_id", "amount_paise"]).where("idempotency_key", "=", input.idempotencyKey).executeTakeFirst();
  if (before) {
    if (before.vendor_id !== input.vendorId) return { ok: false, reason: "conflict", message: PAYOUT_MESSAGES.nothingPayable };
    return { ok: true, payoutId: before.id, number: before.number, amount: Number(before.amount_paise), repeated: true };
  }
  const due = await balancesDue(trx, input.vendorId, now);
  const amount = due.reduce((sum, p) => sum + p.balance, 0);
  if (amount <= 0) return { ok: false, reason: "conflict", message: PAYOUT_MESSAGES.nothingPayable };
  const payout = await writePayout(trx, input, amount, now);
  await postPayoutEntries(trx, input.vendorId, payout.id, due, now);
  return { ok: true, payoutId: payout.id, number: payout.number, amount, repeated: false };
}

async function queueBehindOtherPayouts(trx: Trx): Promise<void> {
  await trx.insertInto("payout_counters").values({ id: 1, last: 0 }).onConflict((oc) => oc.column("id").doNothing()).execute();
  await trx.updateTable("payout_counters").set({ last: sql`last` }).where("id", "=", 1).execute();
}

/**
 * Each of the seller's parts with a balance, released for payout: the balances from the index
 * alone, only the unsettled ones kept, then each of those tested for release once (not every
 * entry: a seller's first payout may cover years of parts).
 */
async function balancesDue(trx: Trx, vendorId: string, now: Date): Promise<{ orderId: string; orderNumber: string; supply: string; balance: number }[]> {
  const owed = await sql<{ order_id: string; order_number: string; supply: string; balance: number }>`
    select g.order_id, order_parts.order_number, g.balance,
      (select e.supply from ledger_entries e where e.order_id = g.order_id and e.vendor_id = ${vendorId} limit 1) as supply
    from (select order_id, sum(amount_paise) as balance from ledger_entries where vendor_id = ${vendorId}
          group by order_id having sum(amount_paise) <> 0) g
    join order_parts on order_parts.order_id = g.order_id and order_parts.vendor_id = ${vendorId}
    where ${releasedPart(now)}`.execute(trx);
  const parts = new Map(owed.rows.map((o) => [o.order_id, { orderId: o.order_id, orderNumber: o.order_number, supply: o.supply, balance: Number(o.balance) }]));
  return [...parts.values()].filter((p) => p.balance !== 0);
}

/** The payout's row, numbered: a bank transfer the admin has made is paid already; a Route transfer is asked for next. */
async function writePayout(
  trx: Trx,
  input: { vendorId: string; idempotencyKey: string; actorUserId: string | null; method: "bank" | "route"; utr: string | null },
  amount: number,
  now: Date,
): Promise<{ id: string; number: string }> {
  const counter = await trx
    .updateTable("payout_counters")
    .set((eb) => ({ last: eb("last", "+", 1) }))
    .where("id", "=", 1)
    .returning("last")
    .executeTakeFirstOrThrow();
  const number = payoutNumber(Number(counter.last));
  const id = crypto.randomUUID();
  const stamp = now.toISOString();
  const paid = input.method === "bank";
  await trx
    .insertInto("payouts")
    .values({
      id,
      number,
      vendor_id: input.vendorId,
      amount_paise: amount,
      method: input.method,
      status: paid ? "processed" : "processing",
      idempotency_key: input.idempotencyKey,
      razorpay_transfer_id: null,
      utr: input.utr,
      failure: null,
      actor_user_id: input.actorUserId,
      created_at: stamp,
      updated_at: stamp,
      processed_at: paid ? stamp : null,
    })
    .execute();
  return { id, number };
}

/** One payout entry per part paid, taking the part's balance to zero. */
async function postPayoutEntries(trx: Trx, vendorId: string, payoutId: string, due: { orderId: string; orderNumber: string; supply: string; balance: number }[], now: Date): Promise<void> {
  const stamp = now.toISOString();
  await insertEntries(
    trx,
    due.map((p) => ({
      id: crypto.randomUUID(),
      vendor_id: vendorId,
      order_id: p.orderId,
      order_number: p.orderNumber,
      kind: "payout",
      amount_paise: -p.balance,
      supply: p.supply,
      payout_id: payoutId,
      created_at: stamp,
    })),
  );
}

/** Said when a payout's key was used before: nothing more is paid. */
export function repeatedPayoutMessage(number: string): string {
  return `Payout ${number} was already made; nothing more was paid.`;
}

/**
 * Pays a seller everything payable now, by a bank transfer the admin has made (with its UTR: paid
 * at once), through recordPayout.
 */
export async function payByBankTransfer(
  db: Db,
  input: { vendorId: string; idempotencyKey: string; utr: string; actorUserId: string | null },
  now = new Date(),
): Promise<PayoutOutcome> {
  const utr = normaliseUtr(input.utr);
  if (!utr) return { ok: false, reason: "invalid", message: PAYOUT_MESSAGES.utr };
  return db.transaction().execute(async (trx): Promise<PayoutOutcome> => {
    const r = await recordPayout(trx, { vendorId: input.vendorId, idempotencyKey: input.idempotencyKey, actorUserId: input.actorUserId, method: "bank", utr }, now);
    if (!r.ok) return r;
    const message = r.repeated ? repeatedPayoutMessage(r.number) : `Payout ${r.number} recorded: paid by bank transfer, UTR ${utr}.`;
    return { ok: true, message, payoutId: r.payoutId, number: r.number, repeated: r.repeated };
  });
}
