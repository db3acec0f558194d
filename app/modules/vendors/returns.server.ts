import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { refundsOfReturns } from "~/modules/payments/refunds.server";
import { listReturns, type ReturnView } from "~/modules/returns/returns.server";
import { overdueForSeller } from "~/modules/returns/rules";
import { returnSearchPattern, VENDOR_RETURNS_PAGE_SIZE, type VendorReturnQuery } from "./return-query";

type Db = Kysely<Database>;

export interface VendorReturnRow extends ReturnView {
  /** Unanswered for longer than the seller has to answer (returns/rules.ts overdueForSeller). */
  overdue: boolean;
  /** The latest refund of the return, if one was made. */
  refundState: { status: string; method: string; utr: string | null } | null;
}

export interface VendorReturnPage {
  rows: VendorReturnRow[];
  total: number;
  page: number;
  pageCount: number;
}

/**
 * The seller's return requests (its Returns page): only its own, newest first, searched by return
 * number, order number, product or customer name, filtered by status, paged, all in the query.
 */
export async function vendorReturns(db: Db, vendorId: string, query: VendorReturnQuery, now = new Date()): Promise<VendorReturnPage> {
  let filtered = db.selectFrom("returns").leftJoin("user", "user.id", "returns.customer_user_id").where("returns.vendor_id", "=", vendorId);
  if (query.status !== "all") filtered = filtered.where("returns.status", "=", query.status);
  const pattern = returnSearchPattern(query.q);
  if (pattern) {
    filtered = filtered.where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["returns.number"]), "like", pattern),
        eb(eb.fn("lower", ["returns.order_number"]), "like", pattern),
        eb(eb.fn("lower", ["returns.product_name"]), "like", pattern),
        eb(eb.fn("lower", ["user.name"]), "like", pattern),
      ]),
    );
  }
  const countRow = await filtered.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
  const total = Number(countRow?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / VENDOR_RETURNS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const keys = await filtered
    .select("returns.id")
    .orderBy("returns.created_at", "desc")
    .orderBy("returns.number", "desc")
    .limit(VENDOR_RETURNS_PAGE_SIZE)
    .offset((page - 1) * VENDOR_RETURNS_PAGE_SIZE)
    .execute();
  const ids = keys.map((k) => k.id);
  const [views, refunds] = await Promise.all([listReturns(db, { vendorId }, { ids }), refundsOfReturns(db, ids)]);
  const rows = views.map((v) => {
    const latest = refunds[v.id]?.[0];
    return {
      ...v,
      overdue: overdueForSeller(v, now),
      refundState: latest ? { status: latest.status, method: latest.method, utr: latest.utr } : null,
    };
  });
  return { rows, total, page, pageCount };
}
