import type { ReactNode } from "react";
import { Link } from "~/lib/route-links";
import { OrdersTable } from "~/components/admin/OrdersTable";
import { BarChart } from "~/components/charts/BarChart";
import { PeriodLinks } from "~/components/charts/PeriodLinks";
import { TimeSeriesChart } from "~/components/charts/TimeSeriesChart";
import { Money } from "~/components/ui/Money";
import { dbContext } from "~/context";
import { dashboardStats, recentOrders } from "~/modules/admin/dashboard.server";
import { formatCount } from "~/modules/admin/labels";
import { salesByCategory, salesBySeller, salesOverTime } from "~/modules/admin/sales.server";
import { payableTotal } from "~/modules/admin/settlements.server";
import { questionCounts } from "~/modules/questions/questions.server";
import { countMissingDeclarations } from "~/modules/catalog/manage.server";
import { reportedReviewCount } from "~/modules/reviews/moderation.server";
import { parseSalesPeriod, type SalesPeriod } from "~/lib/chart-data";
import { formatMoney } from "~/modules/money/money";
import { requireAdmin } from "~/modules/identity/guards.server";
import { brandTitle } from "~/modules/seo/meta";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: brandTitle("Dashboard", "Admin") }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const db = args.context.get(dbContext);
  const period = parseSalesPeriod(new URL(args.request.url).searchParams.get("period"));
  const [stats, orders, overTime, byCategory, bySeller, payable, undeclared, questions, reportedReviews] = await Promise.all([
    dashboardStats(db),
    recentOrders(db, 5),
    salesOverTime(db, period),
    salesByCategory(db),
    salesBySeller(db),
    payableTotal(db),
    countMissingDeclarations(db, { kind: "admin" }),
    questionCounts(db),
    reportedReviewCount(db),
  ]);
  return { stats, orders, payable, undeclared, questions, reportedReviews, charts: { period, overTime, byCategory, bySeller } };
}

function StatCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <dt className="text-sm font-medium text-gray-600">{title}</dt>
      <dd className="mt-2 whitespace-nowrap text-xl font-bold tabular-nums text-gray-900">{children}</dd>
    </div>
  );
}

function TaskCard({ to, title, count, text }: { to: string; title: string; count: number; text: string }) {
  return (
    <Link
      to={to}
      className={`block rounded-xl border p-5 shadow-sm hover:border-pink-600 ${count > 0 ? "border-amber-300 bg-amber-50" : "border-gray-200 bg-white"}`}
    >
      <span className="block text-sm font-semibold text-gray-900">{title}</span>
      <span className="mt-1 block text-sm text-gray-700">{text}</span>
    </Link>
  );
}

function returnsText(open: number, overdue: number): string {
  const opened = open === 0 ? "No open return requests" : open === 1 ? "1 open return request" : `${formatCount(open)} open return requests`;
  if (overdue === 0) return opened;
  return `${opened}; ${overdue === 1 ? "1 is" : `${formatCount(overdue)} are`} past 48 hours without the seller's answer`;
}

function grievancesText(open: number, overdue: number): string {
  const opened = open === 0 ? "No open complaints" : open === 1 ? "1 open complaint" : `${formatCount(open)} open complaints`;
  if (overdue === 0) return opened;
  return `${opened}; ${overdue === 1 ? "1 is" : `${formatCount(overdue)} are`} overdue`;
}

/** The admin dashboard: the four figures, the latest orders and the sales charts, from the database. */
export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { stats, orders, payable, undeclared, questions, reportedReviews, charts } = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">Dashboard</h1>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard title="Total Products">{formatCount(stats.totalProducts)}</StatCard>
        <StatCard title="Total Users">{formatCount(stats.totalUsers)}</StatCard>
        <StatCard title="Total Sales">
          <Money paise={stats.totalSales} decimals={2} />
        </StatCard>
        <StatCard title="Total Vendors">{formatCount(stats.totalVendors)}</StatCard>
      </dl>

      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <TaskCard
          to="/admin/users"
          title="Pending vendors"
          count={stats.pendingVendors}
          text={stats.pendingVendors === 1 ? "1 vendor is waiting for approval" : `${formatCount(stats.pendingVendors)} vendors are waiting for approval`}
        />
        <TaskCard
          to="/admin/messages"
          title="Contact messages"
          count={stats.unreadMessages}
          text={stats.unreadMessages === 1 ? "1 unread message" : `${formatCount(stats.unreadMessages)} unread messages`}
        />
        {/* Mail, Returns, Complaints, Reviews, Settlements and Delivery are reached from here, as messages are: the sidebar keeps its five sections. */}
        <TaskCard
          to="/admin/mail"
          title="Mail"
          count={stats.failedMail}
          text={stats.failedMail === 0 ? "All mail has been sent or is on its way" : stats.failedMail === 1 ? "1 mail could not be sent" : `${formatCount(stats.failedMail)} mails could not be sent`}
        />
        <TaskCard to="/admin/returns" title="Returns" count={stats.overdueReturns} text={returnsText(stats.openReturns, stats.overdueReturns)} />
        <TaskCard to="/admin/grievances" title="Complaints" count={stats.openGrievances} text={grievancesText(stats.openGrievances, stats.overdueGrievances)} />
        <TaskCard
          to="/admin/reviews"
          title="Reviews"
          count={reportedReviews}
          text={reportedReviews === 0 ? "No shown review is reported" : reportedReviews === 1 ? "1 reported review to look at" : `${formatCount(reportedReviews)} reported reviews to look at`}
        />
        <TaskCard
          to="/admin/settlements"
          title="Settlements"
          count={payable > 0 ? 1 : 0}
          text={payable > 0 ? `${formatMoney(payable, { decimals: 2 })} payable to sellers` : "Nothing is payable to sellers now"}
        />
        <TaskCard
          to="/admin/products"
          title="Product declarations"
          count={undeclared}
          text={
            undeclared === 0
              ? "Every product shows its declarations"
              : undeclared === 1
                ? "1 product is missing declarations"
                : `${formatCount(undeclared)} products are missing declarations`
          }
        />
        <TaskCard
          to="/admin/questions"
          title="Questions"
          count={0}
          text={`${questions.total === 1 ? "1 question" : `${formatCount(questions.total)} questions`} on product pages, ${formatCount(questions.hidden)} hidden; hide or restore questions and answers`}
        />
        <TaskCard to="/admin/delivery" title="Delivery" count={0} text="PIN codes served and cash on delivery; metros and holidays for delivery dates" />
        <TaskCard to="/admin/legal" title="Legal details" count={0} text="The company's legal name, CIN, GSTIN, registered office and grievance officer, shown in the footer and on invoices" />
      </div>

      <div className="mt-10">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="recent-orders" className="text-lg font-semibold text-gray-900">
            Recent Orders
          </h2>
          <Link to="/admin/orders" className="text-sm font-semibold text-pink-700 hover:text-pink-800">
            View all orders
          </Link>
        </div>
        {orders.length === 0 ? (
          <p className="mt-4 rounded-xl border border-dashed border-gray-300 px-6 py-10 text-center text-gray-600">No orders yet.</p>
        ) : (
          <OrdersTable orders={orders} labelledBy="recent-orders" className="mt-4" showUser />
        )}
      </div>

      <SalesCharts {...charts} />
    </div>
  );
}

const PERIODS = [
  { value: "day", label: "Days", header: "Day", caption: "by day", note: "The last 30 days" },
  { value: "week", label: "Weeks", header: "Week", caption: "by week", note: "The last 12 weeks, Monday to Sunday" },
  { value: "month", label: "Months", header: "Month", caption: "by month", note: "The last 12 months" },
] as const satisfies readonly { value: SalesPeriod; label: string; header: string; caption: string; note: string }[];

const adminMoney = (paise: number) => formatMoney(paise, { decimals: 2 });
const axisMoney = (paise: number) => formatMoney(paise, { compact: true });

/** Sales over time (the Total Sales card's, bucketed: admin/sales.server.ts), by category and by seller. */
function SalesCharts({ period, overTime, byCategory, bySeller }: Route.ComponentProps["loaderData"]["charts"]) {
  const chosen = PERIODS.find((p) => p.value === period)!;
  return (
    <section aria-labelledby="sales-charts" className="mt-10 scroll-mt-4" id="sales">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="sales-charts" className="text-lg font-semibold text-gray-900">
          Sales
        </h2>
        <PeriodLinks label="Sales period" options={PERIODS} current={period} hash="#sales" />
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <TimeSeriesChart
          caption={`Sales ${chosen.caption}`}
          note={`${chosen.note}, in India time: orders not cancelled, less refunds of returns when they were made.`}
          buckets={overTime}
          series={[{ name: "Sales", values: overTime.map((b) => b.sales) }]}
          bucketHeader={chosen.header}
          format={adminMoney}
          axisFormat={axisMoney}
        />
        <TimeSeriesChart
          caption={`Orders ${chosen.caption}`}
          note={`${chosen.note}, in India time: orders placed and not cancelled.`}
          buckets={overTime}
          series={[{ name: "Orders", values: overTime.map((b) => b.orders) }]}
          bucketHeader={chosen.header}
          format={formatCount}
        />
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <BarChart
          caption="Sales by category"
          note="All orders not cancelled: items' prices before GST and shipping."
          items={byCategory.map((c) => ({ label: c.name, value: c.sales }))}
          head={["Category", "Sales"]}
          format={adminMoney}
          empty="No sales yet."
        />
        <BarChart
          caption="Sales by seller"
          note="All orders not cancelled: items' prices before GST and shipping."
          items={bySeller.map((c) => ({ label: c.name, value: c.sales }))}
          head={["Seller", "Sales"]}
          format={adminMoney}
          empty="No sales yet."
        />
      </div>
    </section>
  );
}
