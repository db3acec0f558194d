import type { ExpressionBuilder, Kysely } from "kysely";
import { parseOrderSearch } from "./order-search";
import type { Database } from "~/db/schema";
import { isOrderStatus } from "./status";

export const ADMIN_ORDERS_PAGE_SIZE = 25;

export interface AdminOrderQuery {
  q: string;
  status: string;
  page: number;
}

export function parseAdminOrderQuery(params: URLSearchParams): AdminOrderQuery {
  const status = params.get("status") ?? "all";
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    status: isOrderStatus(status) ? status : "all",
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  };
}

export interface AdminOrderRow {
  number: string;
  customerName: string;
  customerEmail: string;
  createdAt: string;
  total: number;
  status: string;
  paymentMethod: string;
  /** payments/payment-status.ts */
  paymentStatus: string;
  /** Razorpay's payment id (pay_…), for an order paid online. */
  razorpayPaymentId: string | null;
}

/** The ids of customers whose name or email (lower-cased) matches the LIKE pattern. */
export function customersMatching<DB extends Database, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, pattern: string) {
  return (eb as unknown as ExpressionBuilder<Database, never>)
    .selectFrom("user")
    .select("user.id")
    .where((u) => u.or([u(u.fn("lower", ["user.name"]), "like", pattern), u(u.fn("lower", ["user.email"]), "like", pattern)]));
}

/** Every order of the shop, newest first: searched by number or customer, filtered by status, paged in the query. */
export async function listAdminOrders(db: Kysely<Database>, query: AdminOrderQuery) {
  let filtered = db.selectFrom("orders");
  if (query.status !== "all") filtered = filtered.where("orders.status", "=", query.status);
  if (query.q) {
    const { numberPattern, customerPattern } = parseOrderSearch(query.q);
    filtered = filtered.where((eb) =>
      eb.or([
        ...(numberPattern ? [eb("orders.number", "like", numberPattern)] : []),
        ...(customerPattern ? [eb("orders.user_id", "in", customersMatching(eb, customerPattern))] : []),
      ]),
    );
  }
  const count = await filtered.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
  const total = Number(count?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_ORDERS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  // The page's keys first, from the index; only those rows are joined to their customers.
  const keys = filtered
    .select(["orders.id", "orders.created_at"])
    .orderBy("orders.created_at", "desc")
    .orderBy("orders.id", "desc")
    .limit(ADMIN_ORDERS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_ORDERS_PAGE_SIZE)
    .as("page");
  const rows = await db
    .selectFrom(keys)
    .innerJoin("orders", "orders.id", "page.id")
    .innerJoin("user", "user.id", "orders.user_id")
    .select(["orders.number", "orders.created_at", "orders.total_paise", "orders.status", "orders.payment_method", "orders.payment_status", "orders.razorpay_payment_id", "user.name", "user.email"])
    .orderBy("page.created_at", "desc")
    .orderBy("page.id", "desc")
    .execute();
  return {
    rows: rows.map(
      (r): AdminOrderRow => ({
        number: r.number,
        customerName: r.name,
        customerEmail: r.email,
        createdAt: r.created_at,
        total: Number(r.total_paise),
        status: r.status,
        paymentMethod: r.payment_method,
        paymentStatus: r.payment_status,
        razorpayPaymentId: r.razorpay_payment_id,
      }),
    ),
    total,
    page,
    pageCount,
  };
}
