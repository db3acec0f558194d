import { Money } from "~/components/ui/Money";
import { dbContext } from "~/context";
import { vendorOf } from "~/modules/identity/accounts.server";
import { requireVendor } from "~/modules/identity/guards.server";
import { vendorProducts } from "~/modules/vendors/catalogue.server";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = () => [...pageMeta({ title: "My Products", description: "Your products." }), { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const user = requireVendor(args);
  const db = args.context.get(dbContext);
  const vendor = await vendorOf(db, user.id);
  return { products: vendor ? await vendorProducts(db, vendor.id) : [] };
}

export default function VendorProducts({ loaderData }: Route.ComponentProps) {
  const { products } = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">My Products</h1>
      {products.length === 0 ? (
        <p className="mt-6 text-gray-600">No products found matching your criteria.</p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-xl border border-gray-200">
          <table className="min-w-full divide-y divide-gray-200 text-sm">
            <thead className="bg-gray-50 text-left text-xs font-semibold uppercase tracking-wide text-gray-700">
              <tr>
                <th scope="col" className="px-4 py-3">Product</th>
                <th scope="col" className="px-4 py-3">Category</th>
                <th scope="col" className="px-4 py-3 text-right">Price</th>
                <th scope="col" className="px-4 py-3 text-right">Stock</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100 bg-white">
              {products.map((p) => (
                <tr key={p.id}>
                  <td className="px-4 py-3 font-medium text-gray-900">{p.name}</td>
                  <td className="px-4 py-3 text-gray-700">{p.category}</td>
                  <td className="px-4 py-3 text-right text-gray-900">
                    <Money paise={p.pricePaise} />
                  </td>
                  <td className="px-4 py-3 text-right text-gray-900">{p.stock}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
