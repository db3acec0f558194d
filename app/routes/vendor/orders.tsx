import { Money } from "~/components/ui/Money";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { dbContext } from "~/context";
import { vendorOf } from "~/modules/identity/accounts.server";
import { requireVendor } from "~/modules/identity/guards.server";
import { formatOrderDate } from "~/modules/orders/dates";
import { vendorOrders } from "~/modules/vendors/orders.server";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = () => [...pageMeta({ title: "Manage Orders", description: "Your customers' orders." }), { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const user = requireVendor(args);
  const db = args.context.get(dbContext);
  const vendor = await vendorOf(db, user.id);
  return vendor ? await vendorOrders(db, vendor.id) : { rows: [], total: 0 };
}

/** The vendor's part of each order (searching, sorting and fulfilment arrive with the vendor portal issue). */
export default function VendorOrders({ loaderData }: Route.ComponentProps) {
  const { rows, total } = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">Manage Orders</h1>
      <p className="mt-1 text-sm text-gray-600">View and manage all customer orders</p>
      {rows.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-gray-300 px-6 py-12 text-center text-gray-600">No orders found matching your criteria.</p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-xl border border-gray-200">
          <table className="min-w-full divide-y divide-gray-200 text-sm">
            <thead className="bg-gray-50 text-left text-xs font-semibold uppercase tracking-wide text-gray-700">
              <tr>
                <th scope="col" className="px-4 py-3">Order ID</th>
                <th scope="col" className="px-4 py-3">Customer</th>
                <th scope="col" className="px-4 py-3">Order Date</th>
                <th scope="col" className="px-4 py-3 text-right">Amount</th>
                <th scope="col" className="px-4 py-3">Status</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100 bg-white">
              {rows.map((o) => (
                <tr key={o.number}>
                  <td className="px-4 py-3 font-medium text-gray-900">{o.number}</td>
                  <td className="px-4 py-3">
                    <span className="block text-gray-900">{o.customerName}</span>
                    <span className="block text-gray-600">{o.customerEmail}</span>
                  </td>
                  <td className="px-4 py-3 text-gray-700">{formatOrderDate(o.createdAt)}</td>
                  <td className="px-4 py-3 text-right text-gray-900">
                    <Money paise={o.amount} />
                  </td>
                  <td className="px-4 py-3">
                    <StatusBadge status={o.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="mt-4 text-sm text-gray-600">
        Showing {rows.length} of {total} orders
      </p>
    </div>
  );
}
