import { data } from "react-router";
import { Link } from "~/lib/route-links";
import { DeclarationsMissingBadge, DeleteProductButton, ManageToolbar, Notice, Pagination } from "~/components/catalog/ManageProducts";
import { ButtonLink } from "~/components/ui/Button";
import { Money } from "~/components/ui/Money";
import { ScrollTable, TableHead } from "~/components/ui/ScrollTable";
import { dbContext } from "~/context";
import { readFlash } from "~/lib/flash.server";
import { NO_PRODUCTS_MESSAGE } from "~/modules/catalog/manage-options";
import { listManagedProducts, parseManageQuery } from "~/modules/catalog/manage.server";
import { adminScope } from "~/modules/catalog/scope.server";
import { brandTitle } from "~/modules/seo/meta";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = () => [{ title: brandTitle("Manage Products", "Admin") }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const scope = adminScope(args);
  const query = parseManageQuery(new URL(args.request.url).searchParams);
  const [page, flash] = await Promise.all([listManagedProducts(args.context.get(dbContext), scope, query), readFlash(args.request)]);
  return data({ query, ...page, notice: flash.message }, { headers: flash.headers });
}

/** Manage Products: every vendor's products, with working Add, Edit and Delete. */
export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { query, products, total, page, pageCount, notice } = loaderData;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-gray-900">Manage Products</h1>
        <ButtonLink to="/admin/products/new">Add New Product</ButtonLink>
      </div>
      <Notice message={notice} />
      <div className="mt-6">
        <ManageToolbar query={query} filters={false} />
      </div>
      {products.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-gray-300 bg-white px-6 py-10 text-center text-gray-600">{NO_PRODUCTS_MESSAGE}</p>
      ) : (
        <>
          <ScrollTable className="mt-6 bg-white" label="Products">
            <TableHead columns={["ID", "Name", "Category", { label: "Price", right: true }, { label: "Stock", right: true }, "Vendor", { label: "Actions", srOnly: true }]} />
            <tbody className="divide-y divide-gray-100">
              {products.map((p) => (
                <tr key={p.id}>
                  <td className="max-w-[10rem] truncate px-4 py-3 font-mono text-xs text-gray-600" title={p.id}>
                    {p.id}
                  </td>
                  <th scope="row" className="min-w-48 px-4 py-3 text-left font-medium text-gray-900">
                    {p.name}
                    {p.declarationsMissing && (
                      <span className="mt-1 block">
                        <DeclarationsMissingBadge />
                      </span>
                    )}
                  </th>
                  <td className="px-4 py-3 text-gray-700">{p.category}</td>
                  <td className="whitespace-nowrap px-4 py-3 text-right text-gray-900">
                    <Money paise={p.pricePaise} decimals={2} />
                  </td>
                  <td className="px-4 py-3 text-right text-gray-900">{p.stock}</td>
                  <td className="min-w-40 px-4 py-3 text-gray-700">{p.vendorName}</td>
                  <td className="px-4 py-3">
                    <div className="flex items-center gap-4">
                      <Link to={`/admin/products/${encodeURIComponent(p.id)}/edit`} aria-label={`Edit ${p.name}`} className="font-semibold text-pink-700 hover:text-pink-800 hover:underline">
                        Edit
                      </Link>
                      <DeleteProductButton action={`/admin/products/${encodeURIComponent(p.id)}/delete`} name={p.name} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
          <Pagination base="/admin/products" query={query} page={page} pageCount={pageCount} total={total} />
        </>
      )}
    </div>
  );
}
