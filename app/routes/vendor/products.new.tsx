import { data, redirect } from "react-router";
import { ProductForm } from "~/components/catalog/ProductForm";
import { dbContext, imageStoreContext } from "~/context";
import { flashHeaders } from "~/lib/flash.server";
import { PRODUCT_NOTICES } from "~/modules/catalog/manage-options";
import { submitProductForm } from "~/modules/catalog/product-editor.server";
import { EMPTY_PRODUCT_FORM } from "~/modules/catalog/product-form";
import { vendorScope } from "~/modules/catalog/scope.server";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/products.new";
import { BODY_LIMITS, type RouteHandle } from "~/lib/http-policy";

export const meta: Route.MetaFunction = () => [...pageMeta({ title: "Add Product", description: "Add a product." }), { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  await vendorScope(args);
  return null;
}

/** A product's image (up to 2 MB) comes with the form (server/body-guard.ts reads this). */
export const handle: RouteHandle = { bodyLimit: BODY_LIMITS.productForm };

export async function action(args: Route.ActionArgs) {
  const scope = await vendorScope(args);
  const { context } = args;
  const result = await submitProductForm({ db: context.get(dbContext), images: context.get(imageStoreContext), scope }, args.request);
  if (!result) throw data("Not Found", { status: 404 });
  if (!result.ok) return data(result.reply, { status: result.httpStatus });
  throw redirect("/vendor/products", { headers: await flashHeaders(PRODUCT_NOTICES.added(result.name)) });
}

export default function VendorAddProduct({ actionData }: Route.ComponentProps) {
  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold text-gray-900">Add Product</h1>
      <div className="mt-6 rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
        <ProductForm
          values={actionData?.values ?? EMPTY_PRODUCT_FORM}
          reply={actionData}
          submitLabel="Add Product"
          cancelHref="/vendor/products"
        />
      </div>
    </div>
  );
}
