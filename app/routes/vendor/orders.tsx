import { requireVendor } from "~/modules/identity/guards.server";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = () => [...pageMeta({ title: "Manage Orders", description: "Your customers' orders." }), { name: "robots", content: "noindex" }];

export function loader(args: Route.LoaderArgs) {
  requireVendor(args);
  return null;
}

/** Orders reach vendors once checkout places them (the vendor portal issue builds this screen out). */
export default function VendorOrders() {
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">Manage Orders</h1>
      <p className="mt-1 text-sm text-gray-600">View and manage all customer orders</p>
      <p className="mt-8 rounded-xl border border-dashed border-gray-300 px-6 py-12 text-center text-gray-600">
        No orders found matching your criteria.
      </p>
      <p className="mt-4 text-sm text-gray-600">Showing 0 of 0 orders</p>
    </div>
  );
}
