import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";
import { fillBuckets, timeBuckets, type TimeBucket } from "~/lib/chart-data";
import { bucketKey } from "~/lib/time-buckets.server";
import type { Paise } from "~/modules/money/money";
import { commissionInvoiceNumber, HOME_STATE, splitGst, supplierState, supplyKind, type Supply } from "~/modules/gst/gst";
import { addMonths, indiaMonthOf, lastDayOf, monthRange, monthsBetween } from "./months";
import { COMMISSION_GST_PERCENT, share, type LedgerKind } from "./rules";

/**
 * What a seller reads of its own ledger: its payouts, a month's statement and the operator's
 * commission invoice for a month. Every query is scoped to one seller's id, which the route takes
 * from the session; nothing here looks up another seller's rows by a number or a month alone.
 */

type Db = Kysely<Database> | Transaction<Database>;

export const PAYOUTS_PAGE_SIZE = 10;

export type PayoutMethod = "route" | "bank";
export type PayoutStatus = "processing" | "processed" | "failed";

export interface VendorPayout {
  id: string;
  number: string;
  createdAt: string;
  processedAt: string | null;
  method: PayoutMethod;
  status: PayoutStatus;
  /** The bank's UTR, or Razorpay's transfer id for a Route payout. */
  reference: string | null;
  failure: string | null;
  amount: Paise;
  /** The order parts it paid, each with its amount. */
  parts: { orderNumber: string; amount: Paise }[];
}

export interface PayoutPage {
  rows: VendorPayout[];
  page: number;
  pageCount: number;
  total: number;
}

/**
 * A seller's payouts, newest first, `PAYOUTS_PAGE_SIZE` a page (a page past the last gives the
 * last); with `number`, only that payout, when it is this seller's.
 */
export async function vendorPayouts(db: Db, vendorId: string, options: { page?: number; number?: string } = {}): Promise<PayoutPage> {
  let base = db.selectFrom("payouts").where("vendor_id", "=", vendorId);
  if (options.number !== undefined) base = base.where("number", "=", options.number);
  const counted = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / PAYOUTS_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pageCount);
  const payouts = await base
    .select(["id", "number", "created_at", "processed_at", "method", "status", "utr", "razorpay_transfer_id", "failure", "amount_paise"])
    .orderBy("created_at", "desc")
    .orderBy("number", "desc")
    .limit(PAYOUTS_PAGE_SIZE)
    .offset((page - 1) * PAYOUTS_PAGE_SIZE)
    .execute();
  const ids = payouts.map((p) => p.id);
  const entries =
    ids.length === 0
      ? []
      : await db
          .selectFrom("ledger_entries")
          .select(["payout_id", "order_number", (eb) => eb.fn.sum<number>("amount_paise").as("amount")])
          .where("vendor_id", "=", vendorId)
          .where("kind", "=", "payout")
          .where("payout_id", "in", ids)
          .groupBy(["payout_id", "order_number"])
          .orderBy("order_number")
          .execute();
  const rows = payouts.map((p) => ({
    id: p.id,
    number: p.number,
    createdAt: p.created_at,
    processedAt: p.processed_at,
    method: p.method as PayoutMethod,
    status: p.status as PayoutStatus,
    reference: p.method === "route" ? (p.razorpay_transfer_id ?? p.utr) : p.utr,
    failure: p.failure,
    amount: Number(p.amount_paise),
    // A payout entry takes the seller's balance down: the part was paid what it takes.
    parts: entries.filter((e) => e.payout_id === p.id).map((e) => ({ orderNumber: e.order_number, amount: -Number(e.amount) })),
  }));
  return { rows, page, pageCount, total };
}

// ---------------------------------------------------------------------------------------------
// Statements

/** The statement's columns, and which ledger kinds each sums. Reversals are netted into their kind's column. */
export const STATEMENT_COLUMNS = {
  sale: ["sale"],
  refunds: ["refund"],
  commission: ["commission", "commission_reversal"],
  commissionGst: ["commission_gst", "commission_gst_reversal"],
  tcs: ["tcs_cgst", "tcs_sgst", "tcs_igst", "tcs_cgst_reversal", "tcs_sgst_reversal", "tcs_igst_reversal"],
  tds: ["tds", "tds_reversal"],
  payouts: ["payout", "payout_reversal"],
} as const satisfies Record<string, readonly LedgerKind[]>;

export type StatementColumn = keyof typeof STATEMENT_COLUMNS;
export type StatementAmounts = Record<StatementColumn | "net", Paise>;

export interface StatementRow extends StatementAmounts {
  orderNumber: string;
  /** The seller's products in the order, as named when it was placed. */
  products: string[];
}

export interface Statement {
  month: string;
  /** Months the seller can pick: from its first entry to `now`'s month, newest first. */
  months: string[];
  rows: StatementRow[];
  totals: StatementAmounts;
}

const COLUMN_OF = new Map<string, StatementColumn>(
  Object.entries(STATEMENT_COLUMNS).flatMap(([column, kinds]) => kinds.map((k) => [k, column as StatementColumn] as const)),
);

const zero = (): StatementAmounts => ({ sale: 0, refunds: 0, commission: 0, commissionGst: 0, tcs: 0, tds: 0, payouts: 0, net: 0 });

/** The months a seller's statement can show: from the month of its first ledger entry to now's. */
export async function statementMonths(db: Db, vendorId: string, now = new Date()): Promise<string[]> {
  const first = await db
    .selectFrom("ledger_entries")
    .select((eb) => eb.fn.min<string>("created_at").as("first"))
    .where("vendor_id", "=", vendorId)
    .executeTakeFirst();
  return monthsBetween(first?.first ? indiaMonthOf(first.first) : null, indiaMonthOf(now));
}

/**
 * Every order part of the seller with ledger entries dated in `month` (India time), each column
 * the sum of its kinds' entries that month (signed as the seller sees them: what the shop keeps
 * or pays out is negative), and the totals. A row's net is the sum of its columns.
 */
export async function vendorStatement(db: Db, vendorId: string, month: string, now = new Date()): Promise<Statement> {
  const { start, end } = monthRange(month);
  const [months, sums] = await Promise.all([
    statementMonths(db, vendorId, now),
    db
      .selectFrom("ledger_entries")
      .select(["order_id", "order_number", "kind", (eb) => eb.fn.sum<number>("amount_paise").as("amount"), (eb) => eb.fn.min<string>("created_at").as("first_at")])
      .where("vendor_id", "=", vendorId)
      .where("created_at", ">=", start)
      .where("created_at", "<", end)
      .groupBy(["order_id", "order_number", "kind"])
      .execute(),
  ]);
  const byOrder = new Map<string, StatementRow & { firstAt: string }>();
  for (const s of sums) {
    let row = byOrder.get(s.order_id);
    if (!row) {
      row = { orderNumber: s.order_number, products: [], firstAt: s.first_at, ...zero() };
      byOrder.set(s.order_id, row);
    }
    if (s.first_at < row.firstAt) row.firstAt = s.first_at;
    const column = COLUMN_OF.get(s.kind);
    const amount = Number(s.amount);
    if (column) row[column] += amount;
    row.net += amount;
  }
  const orderIds = [...byOrder.keys()];
  if (orderIds.length > 0) {
    const items = await db
      .selectFrom("order_items")
      .select(["order_id", "name"])
      .where("vendor_id", "=", vendorId)
      .where("order_id", "in", orderIds)
      .orderBy("order_id")
      .orderBy("position")
      .execute();
    for (const i of items) byOrder.get(i.order_id)?.products.push(i.name);
  }
  const rows = [...byOrder.values()]
    .sort((a, b) => (a.firstAt === b.firstAt ? a.orderNumber.localeCompare(b.orderNumber) : a.firstAt < b.firstAt ? -1 : 1))
    .map(({ firstAt: _firstAt, ...row }) => row);
  const totals = zero();
  for (const row of rows) for (const k of Object.keys(totals) as (keyof StatementAmounts)[]) totals[k] += row[k];
  return { month, months, rows, totals };
}

// ---------------------------------------------------------------------------------------------
// The operator's commission invoice

export interface CommissionInvoice {
  number: string;
  month: string;
  /** The invoice's date: the month's last day, YYYY-MM-DD. */
  date: string;
  seller: { name: string; gstin: string | null; address: string | null; city: string | null; state: string };
  /** Within the operator's home state: CGST + SGST; otherwise IGST. */
  supply: Supply;
  /** The month's commission net of its reversals. */
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  total: Paise;
}

/**
 * The operator's tax invoice to a seller for a month's commission: the commission kept that month
 * less what refunds gave back, as the taxable value, and GST on it at 18%, split CGST + SGST when
 * the seller's state (from its GSTIN) is the operator's, IGST otherwise. Null for an unknown seller.
 */
export async function commissionInvoice(db: Db, vendorId: string, month: string): Promise<CommissionInvoice | null> {
  const { start, end } = monthRange(month);
  const [seller, sum] = await Promise.all([
    db.selectFrom("vendors").select(["name", "gstin", "address", "city"]).where("id", "=", vendorId).executeTakeFirst(),
    db
      .selectFrom("ledger_entries")
      .select((eb) => eb.fn.sum<number>("amount_paise").as("amount"))
      .where("vendor_id", "=", vendorId)
      .where("kind", "in", ["commission", "commission_reversal"])
      .where("created_at", ">=", start)
      .where("created_at", "<", end)
      .executeTakeFirst(),
  ]);
  if (!seller) return null;
  // A service to a registered seller is supplied where the seller is (IGST Act 2017, section 12(2)(a)).
  const state = supplierState(seller.gstin);
  const supply = supplyKind(HOME_STATE, state);
  // Commission is kept from the seller, so its entries are negative.
  const taxable = 0 - Number(sum?.amount ?? 0);
  const tax = share(taxable, COMMISSION_GST_PERCENT * 100);
  return {
    number: commissionInvoiceNumber(vendorId, month),
    month,
    date: lastDayOf(month),
    seller: { name: seller.name, gstin: seller.gstin, address: seller.address, city: seller.city, state },
    supply,
    taxable,
    ...splitGst(supply, tax),
    total: taxable + tax,
  };
}

// ---------------------------------------------------------------------------------------------
// The dashboard

export type PayoutBucket = TimeBucket & { payouts: number };

/** The seller's processed payouts in each of the last 12 months of India time, by the day each was paid. */
export async function vendorMonthlyPayouts(db: Db, vendorId: string, now = new Date()): Promise<PayoutBucket[]> {
  const buckets = timeBuckets("month", now);
  const rows = await db
    .selectFrom("payouts")
    .select((eb) => [bucketKey(eb.ref("processed_at").$castTo<string>(), buckets).as("bucket"), eb.fn.sum<number>("amount_paise").as("payouts")])
    .where("vendor_id", "=", vendorId)
    .where("status", "=", "processed")
    .where("processed_at", ">=", buckets[0]!.start)
    .where("processed_at", "<", buckets.at(-1)!.end)
    .groupBy("bucket")
    .execute();
  return fillBuckets(
    buckets,
    rows.flatMap((r) => (r.bucket === null ? [] : [{ bucket: r.bucket, payouts: r.payouts }])),
    ["payouts"],
  );
}

/** The statement's CSV header row; the columns are the page's. */
export const STATEMENT_HEADER = ["Order", "Products", "Sale", "Refunds", "Commission", "GST on commission", "TCS", "TDS", "Payouts", "Net"] as const;

/** The statement's rows and totals as CSV cells, amounts through `money` (rupees with two decimals). */
export function statementCells(statement: Statement, money: (paise: Paise) => string): string[][] {
  const amounts = (a: StatementAmounts) => [a.sale, a.refunds, a.commission, a.commissionGst, a.tcs, a.tds, a.payouts, a.net].map(money);
  return [...statement.rows.map((r) => [r.orderNumber, r.products.join("; "), ...amounts(r)]), ["Total", "", ...amounts(statement.totals)]];
}

/**
 * What a seller's sales come to by the ledger: the `sale` entries of delivered parts less the
 * `refund` entries of accepted returns, GST included, each dated when it happened (a sale at its
 * delivery, a refund at its credit note). The dashboard's money cards and its Sales chart read this,
 * so they agree with the statements and the payouts.
 */
const SALES_KINDS: LedgerKind[] = ["sale", "refund"];

export interface LedgerSales {
  total: Paise;
  thisMonth: Paise;
  lastMonth: Paise;
}

/** A seller's sales by the ledger, all time and in this and last month of India time. */
export async function vendorLedgerSales(db: Db, vendorId: string, now = new Date()): Promise<LedgerSales> {
  const thisMonth = monthRange(indiaMonthOf(now));
  const lastMonth = monthRange(addMonths(indiaMonthOf(now), -1));
  const row = await db
    .selectFrom("ledger_entries")
    .where("vendor_id", "=", vendorId)
    .where("kind", "in", SALES_KINDS)
    .select((eb) => {
      const within = (range: { start: string; end: string }) =>
        eb.fn.coalesce(
          eb.fn.sum<number>(
            eb
              .case()
              .when(eb.and([eb("created_at", ">=", range.start), eb("created_at", "<", range.end)]))
              .then(eb.ref("amount_paise"))
              .else(eb.lit(0))
              .end(),
          ),
          eb.lit(0),
        );
      return [eb.fn.coalesce(eb.fn.sum<number>("amount_paise"), eb.lit(0)).as("total"), within(thisMonth).as("this_month"), within(lastMonth).as("last_month")];
    })
    .executeTakeFirst();
  return { total: Number(row?.total ?? 0), thisMonth: Number(row?.this_month ?? 0), lastMonth: Number(row?.last_month ?? 0) };
}

export type SalesBucket = TimeBucket & { sales: number };

/** A seller's sales by the ledger in each of the last 12 months of India time; the last two are This Month and Last Month. */
export async function vendorMonthlySales(db: Db, vendorId: string, now = new Date()): Promise<SalesBucket[]> {
  const buckets = timeBuckets("month", now);
  const rows = await db
    .selectFrom("ledger_entries")
    .select((eb) => [bucketKey(eb.ref("created_at"), buckets).as("bucket"), eb.fn.sum<number>("amount_paise").as("sales")])
    .where("vendor_id", "=", vendorId)
    .where("kind", "in", SALES_KINDS)
    .where("created_at", ">=", buckets[0]!.start)
    .where("created_at", "<", buckets.at(-1)!.end)
    .groupBy("bucket")
    .execute();
  return fillBuckets(
    buckets,
    rows.flatMap((r) => (r.bucket === null ? [] : [{ bucket: r.bucket, sales: r.sales }])),
    ["sales"],
  );
}
