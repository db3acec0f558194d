import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { formValues, issueErrors, type FieldErrors } from "~/lib/form";
import { z } from "~/lib/zod";
import { balances } from "~/modules/settlements/ledger.server";
import { PAYOUTS_PAGE_SIZE } from "./labels";

/**
 * The admin's Settlements page (issue 23): every seller's balances on hold, payable and paid, the
 * payouts made, and the posts that pay a seller. The ledger and its rules are the settlements
 * module's; this file only reads what the page shows.
 */

type Db = Kysely<Database>;

export { PAYOUTS_PAGE_SIZE };

export interface SellerBalanceRow {
  vendorId: string;
  name: string;
  /** approved | pending | rejected: a seller no longer approved still shows while it has money in the ledger. */
  status: string;
  onHold: number;
  payable: number;
  paid: number;
  /** Where a Route payout goes ("HDFC0001234 ••••••4567"), or null: then only a bank transfer can pay. */
  payoutAccount: string | null;
}

export interface SellerBalances {
  rows: SellerBalanceRow[];
  totals: { onHold: number; payable: number; paid: number };
}

/** Every approved seller, and any other with entries in the ledger, by name, with totals. */
export async function sellerBalances(db: Db, now = new Date()): Promise<SellerBalances> {
  const [all, vendors] = await Promise.all([
    balances(db, now),
    db
      .selectFrom("vendors")
      .leftJoin("vendor_payout_accounts", "vendor_payout_accounts.vendor_id", "vendors.id")
      .select(["vendors.id", "vendors.name", "vendors.status", "vendor_payout_accounts.ifsc", "vendor_payout_accounts.account_number_masked"])
      .orderBy("vendors.name")
      .orderBy("vendors.id")
      .execute(),
  ]);
  const byVendor = new Map(all.map((b) => [b.vendorId, b]));
  const rows = vendors
    .filter((v) => v.status === "approved" || byVendor.has(v.id))
    .map((v) => {
      const b = byVendor.get(v.id);
      const payoutAccount = v.ifsc && v.account_number_masked ? `${v.ifsc} ${v.account_number_masked}` : null;
      return { vendorId: v.id, name: v.name, status: v.status, onHold: b?.onHold ?? 0, payable: b?.payable ?? 0, paid: b?.paid ?? 0, payoutAccount };
    });
  const totals = { onHold: 0, payable: 0, paid: 0 };
  for (const r of rows) {
    totals.onHold += r.onHold;
    totals.payable += r.payable;
    totals.paid += r.paid;
  }
  return { rows, totals };
}

/** What every seller may be paid now: the dashboard's Settlements card. */
export async function payableTotal(db: Db, now = new Date()): Promise<number> {
  return (await balances(db, now)).reduce((sum, b) => sum + Math.max(0, b.payable), 0);
}

export interface PayoutRow {
  id: string;
  number: string;
  vendorName: string;
  createdAt: string;
  /** route | bank */
  method: string;
  /** processing | processed | failed */
  status: string;
  /** The bank's UTR, or Razorpay's transfer ID for a Route payout. */
  reference: string | null;
  amount: number;
  failure: string | null;
}


export interface PayoutsPage {
  rows: PayoutRow[];
  page: number;
  pageCount: number;
  total: number;
}

/** The payouts made, newest first, a page at a time (a page past the last shows the last). */
export async function recentPayouts(db: Db, page: number): Promise<PayoutsPage> {
  const count = await db.selectFrom("payouts").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const total = Number(count.n);
  const pageCount = Math.max(1, Math.ceil(total / PAYOUTS_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const rows = await db
    .selectFrom("payouts")
    .innerJoin("vendors", "vendors.id", "payouts.vendor_id")
    .select(["payouts.id", "payouts.number", "vendors.name", "payouts.created_at", "payouts.method", "payouts.status", "payouts.utr", "payouts.razorpay_transfer_id", "payouts.amount_paise", "payouts.failure"])
    .orderBy("payouts.created_at", "desc")
    .orderBy("payouts.number", "desc")
    .limit(PAYOUTS_PAGE_SIZE)
    .offset((current - 1) * PAYOUTS_PAGE_SIZE)
    .execute();
  return {
    rows: rows.map((r) => ({
      id: r.id,
      number: r.number,
      vendorName: r.name,
      createdAt: r.created_at,
      method: r.method,
      status: r.status,
      reference: r.utr ?? r.razorpay_transfer_id,
      amount: Number(r.amount_paise),
      failure: r.failure,
    })),
    page: current,
    pageCount,
    total,
  };
}

const pageSchema = z.coerce.number().int().min(1).max(100_000).catch(1);

/** A list link never fails: a page that is not a number is the first. */
export function parsePayoutsPage(params: URLSearchParams): number {
  return pageSchema.parse(params.get("page") ?? 1);
}

const payoutTarget = {
  vendorId: z.string().trim().min(1).max(100),
  idempotencyKey: z.string().trim().min(8).max(100),
};
const settlementActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("pay-bank"), ...payoutTarget, utr: z.string().max(100).default("") }),
  z.object({ intent: z.literal("pay-route"), ...payoutTarget }),
]);

export type SettlementAction = z.infer<typeof settlementActionSchema>;

/**
 * A post of the Settlements page, or null when it is not one of its forms. The UTR is checked by
 * the payout itself (payByBankTransfer), which says why it refuses one.
 */
export function parseSettlementAction(form: FormData): { ok: true; action: SettlementAction } | { ok: false; fieldErrors: FieldErrors } | null {
  const values = formValues(form);
  if (values.intent !== "pay-bank" && values.intent !== "pay-route") return null;
  const parsed = settlementActionSchema.safeParse(values);
  if (!parsed.success) return { ok: false, fieldErrors: issueErrors(parsed.error.issues).fieldErrors };
  return { ok: true, action: parsed.data };
}

/** A fresh key for each pay form as the page is drawn: a double click or a repeated post of that form pays once. */
export function payoutKey(): string {
  return `payout-${crypto.randomUUID()}`;
}
