import { data, redirect } from "react-router";
import { ProductForm } from "~/components/catalog/ProductForm";
import { dbContext, imageStoreContext } from "~/context";
import { flashHeaders } from "~/lib/flash.server";
import { PRODUCT_NOTICES } from "~/modules/catalog/manage-options";
import { vendorChoices } from "~/modules/catalog/manage.server";
import { submitProductForm } from "~/modules/catalog/product-editor.server";
import { EMPTY_PRODUCT_FORM } from "~/modules/catalog/product-form";
import { adminScope } from "~/modules/catalog/scope.server";
import { brandTitle } from "~/modules/seo/meta";
import type { Route } from "./+types/products.new";
import { BODY_LIMITS, type RouteHandle } from "~/lib/http-policy";

export const meta: Route.MetaFunction = () => [{ title: brandTitle("Add New Product", "Admin") }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  adminScope(args);
  return { vendors: await vendorChoices(args.context.get(dbContext)) };
}

/** A product's image (up to 2 MB) comes with the form (server/body-guard.ts reads this). */
export const handle: RouteHandle = { bodyLimit: BODY_LIMITS.productForm };

export async function action(args: Route.ActionArgs) {
  const scope = adminScope(args);
  const { context } = args;
  const result = await submitProductForm({ db: context.get(dbContext), images: context.get(imageStoreContext), scope }, args.request);
  if (!result) throw data("Not Found", { status: 404 });
  if (!result.ok) return data(result.reply, { status: result.httpStatus });
  throw redirect("/admin/products", { headers: await flashHeaders(PRODUCT_NOTICES.added(result.name)) });
}

export default function AdminAddProduct({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold text-gray-900">Add New Product</h1>
      <div className="mt-6 rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
        <ProductForm
          values={actionData?.values ?? EMPTY_PRODUCT_FORM}
          reply={actionData}
          vendors={loaderData.vendors}
          submitLabel="Add Product"
          cancelHref="/admin/products"
        />
      </div>
    </div>
  );
}
