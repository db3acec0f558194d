import { useRouteLoaderData } from "react-router";
import { Link } from "~/lib/route-links";
import { BarChart } from "~/components/charts/BarChart";
import { TimeSeriesChart, type TimeSeries } from "~/components/charts/TimeSeriesChart";
import { Money } from "~/components/ui/Money";
import { dbContext } from "~/context";
import { formatCount } from "~/lib/numbers";
import { requireVendorProfile } from "~/modules/identity/guards.server";
import { countMissingDeclarations } from "~/modules/catalog/manage.server";
import { countVendorProducts, lowStockProducts } from "~/modules/vendors/catalogue.server";
import { vendorFigures } from "~/modules/vendors/orders.server";
import { vendorTopProducts } from "~/modules/vendors/sales.server";
import { vendorBalance } from "~/modules/settlements/ledger.server";
import { vendorMonthlyPayouts, vendorMonthlySales } from "~/modules/settlements/statements.server";
import { formatMoney } from "~/modules/money/money";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [...pageMeta({ title: "Vendor Dashboard", description: "Your vendor dashboard." }), { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const { vendor } = await requireVendorProfile(args);
  const db = args.context.get(dbContext);
  const now = new Date();
  const [productCount, lowStock, figures, months, topProducts, balance, payouts, undeclared] = await Promise.all([
    countVendorProducts(db, vendor.id),
    lowStockProducts(db, vendor.id),
    vendorFigures(db, vendor.id, now),
    vendorMonthlySales(db, vendor.id, now),
    vendorTopProducts(db, vendor.id, now),
    vendorBalance(db, vendor.id, now),
    vendorMonthlyPayouts(db, vendor.id, now),
    countMissingDeclarations(db, { kind: "vendor", vendorId: vendor.id }),
  ]);
  return { productCount, lowStock, figures, months, topProducts, balance, payouts, undeclared };
}

export default function VendorDashboard({ loaderData }: Route.ComponentProps) {
  const portal = useRouteLoaderData("routes/vendor/_portal") as { vendor: { name: string } } | undefined;
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-gray-900">Dashboard</h1>
      <p className="text-gray-700">
        Welcome back{portal ? `, ${portal.vendor.name.replace(/\.$/, "")}` : ""}. You have {loaderData.productCount} active{" "}
        {loaderData.productCount === 1 ? "product" : "products"}.
      </p>
      {loaderData.undeclared > 0 && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          {loaderData.undeclared === 1 ? "1 product is" : `${formatCount(loaderData.undeclared)} products are`} missing declarations (country of origin, manufacturer, MRP and
          the rest). They stay on sale; please add them from{" "}
          <Link to="/vendor/products" className="font-semibold underline">
            My Products
          </Link>
          .
        </p>
      )}
      <Figures figures={loaderData.figures} />
      <PaymentsBox balance={loaderData.balance} />
      <section aria-labelledby="low-stock-heading" className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
        <div className="flex items-center justify-between gap-4">
          <h2 id="low-stock-heading" className="text-lg font-semibold text-gray-900">
            Low Stock Products
          </h2>
          <Link to="/vendor/products" className="text-sm font-semibold text-pink-700 hover:text-pink-800">
            View all products
          </Link>
        </div>
        {loaderData.lowStock.length === 0 ? (
          <p className="mt-4 text-sm text-gray-600">All your products are well stocked.</p>
        ) : (
          <ul className="mt-4 divide-y divide-gray-100">
            {loaderData.lowStock.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-4 py-3">
                <span className="font-medium text-gray-900">{p.name}</span>
                <span className="flex items-center gap-4 text-sm">
                  <Money paise={p.pricePaise} className="text-gray-700" />
                  <span className={p.stock === 0 ? "font-semibold text-red-700" : "font-semibold text-amber-700"}>
                    {p.stock === 0 ? "Out of stock" : `${p.stock} left`}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="flex flex-wrap gap-4 text-sm">
        <Link to="/vendor/orders" className="font-semibold text-pink-700 hover:text-pink-800">
          Manage orders
        </Link>
        <Link to="/vendor/products" className="font-semibold text-pink-700 hover:text-pink-800">
          Manage products
        </Link>
      </div>
      <SalesCharts months={loaderData.months} payouts={loaderData.payouts} topProducts={loaderData.topProducts} />
    </div>
  );
}

const money = (paise: number) => formatMoney(paise);
const axisMoney = (paise: number) => formatMoney(paise, { compact: true });

function SalesCharts({ months, payouts, topProducts }: Pick<Route.ComponentProps["loaderData"], "months" | "payouts" | "topProducts">) {
  // Each series is one set of columns in the chart and one column of its table; both cover the same 12 months.
  const series: TimeSeries[] = [
    { name: "Sales", values: months.map((m) => m.sales) },
    { name: "Payouts", values: payouts.map((m) => m.payouts) },
  ];
  return (
    <section aria-labelledby="sales-charts-heading" className="space-y-4">
      <h2 id="sales-charts-heading" className="text-lg font-semibold text-gray-900">
        Sales
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <TimeSeriesChart
          caption="Sales by month"
          note="The last 12 months, in India time, from your ledger: what your delivered items sold for (GST included) in the month delivered, less refunds in the month refunded. Payouts: what was paid to you, in the month it was paid."
          buckets={months}
          series={series}
          bucketHeader="Month"
          format={money}
          axisFormat={axisMoney}
        />
        <BarChart
          caption="Top products"
          note="Your five best sellers of the last 12 months, by sales, with units sold."
          items={topProducts.map((p) => ({ key: p.productId, label: p.name, value: p.sales, count: p.units }))}
          head={["Product", "Sales", "Units sold"]}
          format={money}
          countLabel={(n) => (n === 1 ? "1 unit" : `${formatCount(n)} units`)}
          empty="No sales in the last 12 months yet."
        />
      </div>
    </section>
  );
}

/** The ledger's balances, in brief; the Payments tab has the payouts and statements behind them. */
function PaymentsBox({ balance }: { balance: { onHold: number; payable: number; paid: number } }) {
  const rows = [
    { label: "On hold", paise: balance.onHold },
    { label: "Payable", paise: balance.payable },
    { label: "Paid so far", paise: balance.paid },
  ];
  return (
    <section aria-labelledby="payments-box-heading" className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-center justify-between gap-4">
        <h2 id="payments-box-heading" className="text-base font-semibold text-gray-900">
          Payments
        </h2>
        <Link to="/vendor/payments" className="text-sm font-semibold text-pink-700 hover:text-pink-800">
          View payments
        </Link>
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-3 text-sm">
        {rows.map((r) => (
          <div key={r.label}>
            <dt className="text-gray-600">{r.label}</dt>
            <dd className="mt-1 whitespace-nowrap font-semibold tabular-nums text-gray-900">
              <Money paise={r.paise} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Figures({ figures }: { figures: { revenue: number; thisMonth: number; lastMonth: number; orders: number; customers: number } }) {
  const cards = [
    { label: "Total Revenue", value: <Money paise={figures.revenue} /> },
    { label: "This Month", value: <Money paise={figures.thisMonth} /> },
    { label: "Last Month", value: <Money paise={figures.lastMonth} /> },
    { label: "Total Orders", value: formatCount(figures.orders) },
    { label: "Customers", value: formatCount(figures.customers) },
  ];
  return (
    <section aria-label="Sales figures">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-5">
        {cards.map((c) => (
          <div key={c.label} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
            <dt className="text-sm font-medium text-gray-600">{c.label}</dt>
            <dd className="mt-2 whitespace-nowrap text-lg font-bold tabular-nums text-gray-900 sm:text-xl xl:text-2xl">{c.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-gray-600">
        Revenue is what your delivered items sold for, GST included, less refunds, in the month delivered or refunded, as on your Payments tab. Orders and
        customers count every order not cancelled.
      </p>
    </section>
  );
}
