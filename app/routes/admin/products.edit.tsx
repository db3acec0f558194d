import { data, isRouteErrorResponse, redirect } from "react-router";
import { ProductNotFound } from "~/components/catalog/ManageProducts";
import { ProductForm } from "~/components/catalog/ProductForm";
import { dbContext, imageStoreContext, outboxContext } from "~/context";
import { flashHeaders } from "~/lib/flash.server";
import { PRODUCT_NOTICES } from "~/modules/catalog/manage-options";
import { getManagedProduct, vendorChoices } from "~/modules/catalog/manage.server";
import { submitProductForm } from "~/modules/catalog/product-editor.server";
import { storedProductValues } from "~/modules/catalog/product-form";
import { DECLARATION_LABELS, missingDeclarations } from "~/modules/catalog/declarations";
import { adminScope } from "~/modules/catalog/scope.server";
import { brandTitle } from "~/modules/seo/meta";
import type { Route } from "./+types/products.edit";
import { BODY_LIMITS, type RouteHandle } from "~/lib/http-policy";

export const meta: Route.MetaFunction = () => [{ title: brandTitle("Edit Product", "Admin") }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const scope = adminScope(args);
  const db = args.context.get(dbContext);
  const [product, vendors] = await Promise.all([getManagedProduct(db, scope, args.params.id), vendorChoices(db)]);
  if (!product) throw data("Not Found", { status: 404 });
  const missing = missingDeclarations(product.declarations).map((k) => DECLARATION_LABELS[k]);
  return { product: { id: product.id, name: product.name, imageUrl: product.imageUrl }, values: storedProductValues(product), missing, vendors };
}

/** A product's image (up to 2 MB) comes with the form (server/body-guard.ts reads this). */
export const handle: RouteHandle = { bodyLimit: BODY_LIMITS.productForm };

export async function action(args: Route.ActionArgs) {
  const scope = adminScope(args);
  const { context } = args;
  const result = await submitProductForm({ db: context.get(dbContext), images: context.get(imageStoreContext), outbox: context.get(outboxContext), scope }, args.request, args.params.id);
  if (!result) throw data("Not Found", { status: 404 });
  if (!result.ok) return data(result.reply, { status: result.httpStatus });
  throw redirect("/admin/products", { headers: await flashHeaders(PRODUCT_NOTICES.saved(result.name)) });
}

export default function AdminEditProduct({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold text-gray-900">Edit Product</h1>
      <p className="mt-1 break-words text-gray-600">
        {loaderData.product.name} <span className="font-mono text-xs text-gray-500">({loaderData.product.id})</span>
      </p>
      <div className="mt-6 rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
        <ProductForm
          missingDeclarations={loaderData.missing}
          values={actionData?.values ?? loaderData.values}
          reply={actionData}
          currentImage={loaderData.product.imageUrl}
          vendors={loaderData.vendors}
          submitLabel="Save Changes"
          cancelHref="/admin/products"
        />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <ProductNotFound backHref="/admin/products" />;
  throw error;
}
