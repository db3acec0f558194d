import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { countUnreadMessages } from "./messages.server";
import { countPendingVendors } from "./vendors.server";
import { countFailedMail } from "./mail.server";
import { countGrievances } from "~/modules/grievances/grievances.server";
import { countReturns } from "./returns.server";

type Db = Kysely<Database>;

export interface DashboardStats {
  /** Active (not archived) products of every vendor, listed in the shop or not. */
  totalProducts: number;
  /** Every account: customers, vendors and administrators. */
  totalUsers: number;
  /**
   * The totals of every order that is not cancelled, less what returns refund of them (asked for or
   * paid; a failed refund gave nothing back), in paise.
   */
  totalSales: number;
  /** Approved vendors. */
  totalVendors: number;
  pendingVendors: number;
  unreadMessages: number;
  /** Mail every try of which was refused (the Mail page shows why). */
  failedMail: number;
  /** Return requests still open, and those a seller has not answered within 48 hours. */
  openReturns: number;
  overdueReturns: number;
  /** Complaints not closed, and those past 48 hours unacknowledged or one month unresolved. */
  openGrievances: number;
  overdueGrievances: number;
}

export interface RecentOrder {
  number: string;
  userName: string;
  createdAt: string;
  total: number;
  status: string;
}

const count = (n: unknown) => Number(n ?? 0);

export async function dashboardStats(db: Db, now = new Date()): Promise<DashboardStats> {
  const [products, users, sales, refunded, vendors, pendingVendors, unreadMessages, failedMail, returns, grievances] = await Promise.all([
    db.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "active").executeTakeFirst(),
    db.selectFrom("user").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst(),
    db
      .selectFrom("orders")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("total_paise"), eb.lit(0)).as("n"))
      .where("status", "!=", "cancelled")
      .executeTakeFirst(),
    db
      .selectFrom("refunds")
      .innerJoin("orders", "orders.id", "refunds.order_id")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("refunds.amount_paise"), eb.lit(0)).as("n"))
      .where("refunds.reason", "=", "return")
      .where("refunds.status", "!=", "failed")
      .where("orders.status", "!=", "cancelled")
      .executeTakeFirst(),
    db.selectFrom("vendors").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "approved").executeTakeFirst(),
    countPendingVendors(db),
    countUnreadMessages(db),
    countFailedMail(db),
    countReturns(db, now),
    countGrievances(db, now),
  ]);
  return {
    totalProducts: count(products?.n),
    totalUsers: count(users?.n),
    totalSales: count(sales?.n) - count(refunded?.n),
    totalVendors: count(vendors?.n),
    pendingVendors,
    unreadMessages,
    failedMail,
    openReturns: returns.open,
    overdueReturns: returns.overdue,
    openGrievances: grievances.open,
    overdueGrievances: grievances.overdue,
  };
}

/** The latest orders with the name of the account that placed them. */
export async function recentOrders(db: Db, limit = 5): Promise<RecentOrder[]> {
  const rows = await db
    .selectFrom("orders")
    .innerJoin("user", "user.id", "orders.user_id")
    .select(["orders.number", "orders.created_at", "orders.total_paise", "orders.status", "user.name"])
    .orderBy("orders.created_at", "desc")
    .orderBy("orders.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ number: r.number, userName: r.name, createdAt: r.created_at, total: Number(r.total_paise), status: r.status }));
}
