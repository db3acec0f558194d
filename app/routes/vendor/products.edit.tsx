import { data, isRouteErrorResponse, redirect } from "react-router";
import { ProductNotFound } from "~/components/catalog/ManageProducts";
import { ProductForm } from "~/components/catalog/ProductForm";
import { dbContext, imageStoreContext, outboxContext } from "~/context";
import { flashHeaders } from "~/lib/flash.server";
import { PRODUCT_NOTICES } from "~/modules/catalog/manage-options";
import { getManagedProduct } from "~/modules/catalog/manage.server";
import { submitProductForm } from "~/modules/catalog/product-editor.server";
import { storedProductValues } from "~/modules/catalog/product-form";
import { DECLARATION_LABELS, missingDeclarations } from "~/modules/catalog/declarations";
import { vendorScope } from "~/modules/catalog/scope.server";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/products.edit";
import { BODY_LIMITS, type RouteHandle } from "~/lib/http-policy";

export const meta: Route.MetaFunction = () => [...pageMeta({ title: "Edit Product", description: "Edit a product." }), { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const scope = await vendorScope(args);
  const product = await getManagedProduct(args.context.get(dbContext), scope, args.params.id);
  if (!product) throw data("Not Found", { status: 404 });
  const missing = missingDeclarations(product.declarations).map((k) => DECLARATION_LABELS[k]);
  return { product: { id: product.id, name: product.name, imageUrl: product.imageUrl }, values: storedProductValues(product), missing };
}

/** A product's image (up to 2 MB) comes with the form (server/body-guard.ts reads this). */
export const handle: RouteHandle = { bodyLimit: BODY_LIMITS.productForm };

export async function action(args: Route.ActionArgs) {
  const scope = await vendorScope(args);
  const { context } = args;
  const result = await submitProductForm({ db: context.get(dbContext), images: context.get(imageStoreContext), outbox: context.get(outboxContext), scope }, args.request, args.params.id);
  if (!result) throw data("Not Found", { status: 404 });
  if (!result.ok) return data(result.reply, { status: result.httpStatus });
  throw redirect("/vendor/products", { headers: await flashHeaders(PRODUCT_NOTICES.saved(result.name)) });
}

export default function VendorEditProduct({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold text-gray-900">Edit Product</h1>
      <p className="mt-1 break-words text-gray-600">{loaderData.product.name}</p>
      <div className="mt-6 rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
        <ProductForm
          missingDeclarations={loaderData.missing}
          values={actionData?.values ?? loaderData.values}
          reply={actionData}
          currentImage={loaderData.product.imageUrl}
          submitLabel="Save Changes"
          cancelHref="/vendor/products"
        />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <ProductNotFound backHref="/vendor/products" />;
  throw error;
}
