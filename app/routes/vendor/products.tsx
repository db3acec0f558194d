import { data } from "react-router";
import { Link } from "~/lib/route-links";
import { DeclarationsMissingBadge, DeleteProductButton, ManageToolbar, Notice, Pagination, ProductStatusBadge } from "~/components/catalog/ManageProducts";
import { ButtonLink } from "~/components/ui/Button";
import { Money } from "~/components/ui/Money";
import { ScrollTable, TableHead } from "~/components/ui/ScrollTable";
import { dbContext } from "~/context";
import { readFlash } from "~/lib/flash.server";
import { NO_PRODUCTS_MESSAGE } from "~/modules/catalog/manage-options";
import { listManagedProducts, parseManageQuery } from "~/modules/catalog/manage.server";
import { vendorScope } from "~/modules/catalog/scope.server";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = () => [...pageMeta({ title: "My Products", description: "Your products." }), { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const scope = await vendorScope(args);
  const query = parseManageQuery(new URL(args.request.url).searchParams);
  const [page, flash] = await Promise.all([listManagedProducts(args.context.get(dbContext), scope, query), readFlash(args.request)]);
  return data({ query, ...page, notice: flash.message }, { headers: flash.headers });
}

export default function VendorProducts({ loaderData }: Route.ComponentProps) {
  const { query, products, total, page, pageCount, notice } = loaderData;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-gray-900">My Products</h1>
        <ButtonLink to="/vendor/products/new">Add Product</ButtonLink>
      </div>
      <Notice message={notice} />
      <div className="mt-6">
        <ManageToolbar query={query} />
      </div>
      {products.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-gray-300 px-6 py-10 text-center text-gray-600">{NO_PRODUCTS_MESSAGE}</p>
      ) : (
        <>
          <ScrollTable className="mt-6" label="My products">
            <TableHead columns={[{ label: "Image", srOnly: true }, "Name", "Category", { label: "Price", right: true }, { label: "Stock", right: true }, "Status", { label: "Actions", srOnly: true }]} />
            <tbody className="divide-y divide-gray-100 bg-white">
              {products.map((p) => (
                <tr key={p.id}>
                  <td className="px-4 py-2">
                    <img src={p.image} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 max-w-none rounded-md border border-gray-100 bg-white object-contain" />
                  </td>
                  <th scope="row" className="min-w-48 px-4 py-3 text-left font-medium text-gray-900">
                    {p.name}
                  </th>
                  <td className="px-4 py-3 text-gray-700">{p.category}</td>
                  <td className="whitespace-nowrap px-4 py-3 text-right text-gray-900">
                    <Money paise={p.pricePaise} />
                  </td>
                  <td className="px-4 py-3 text-right text-gray-900">{p.stock}</td>
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap gap-1">
                      <ProductStatusBadge stock={p.stock} featured={p.featured} />
                      {p.declarationsMissing && <DeclarationsMissingBadge />}
                    </div>
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex items-center gap-4">
                      <Link to={`/vendor/products/${encodeURIComponent(p.id)}/edit`} aria-label={`Edit ${p.name}`} className="font-semibold text-pink-700 hover:text-pink-800 hover:underline">
                        Edit
                      </Link>
                      <DeleteProductButton action={`/vendor/products/${encodeURIComponent(p.id)}/delete`} name={p.name} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
          <Pagination base="/vendor/products" query={query} page={page} pageCount={pageCount} total={total} />
        </>
      )}
    </div>
  );
}
