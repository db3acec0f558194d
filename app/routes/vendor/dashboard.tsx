import { Link, useRouteLoaderData } from "react-router";
import { Money } from "~/components/ui/Money";
import { dbContext } from "~/context";
import { vendorOf } from "~/modules/identity/accounts.server";
import { requireVendor } from "~/modules/identity/guards.server";
import { lowStockProducts, vendorProducts } from "~/modules/vendors/catalogue.server";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [...pageMeta({ title: "Vendor Dashboard", description: "Your vendor dashboard." }), { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const user = requireVendor(args);
  const db = args.context.get(dbContext);
  const vendor = await vendorOf(db, user.id);
  if (!vendor) return { productCount: 0, lowStock: [] };
  const [all, lowStock] = await Promise.all([vendorProducts(db, vendor.id), lowStockProducts(db, vendor.id)]);
  return { productCount: all.length, lowStock };
}

export default function VendorDashboard({ loaderData }: Route.ComponentProps) {
  const portal = useRouteLoaderData("routes/vendor/_portal") as { vendor: { name: string } } | undefined;
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-gray-900">Dashboard</h1>
      <p className="text-gray-700">
        Welcome back{portal ? `, ${portal.vendor.name}` : ""}. You have {loaderData.productCount} active{" "}
        {loaderData.productCount === 1 ? "product" : "products"}.
      </p>
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
    </div>
  );
}
