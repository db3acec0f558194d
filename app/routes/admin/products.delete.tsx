import { data, isRouteErrorResponse, redirect } from "react-router";
import { ConfirmDelete, ProductNotFound } from "~/components/catalog/ManageProducts";
import { dbContext, imageStoreContext } from "~/context";
import { readForm } from "~/lib/form.server";
import { flashHeaders } from "~/lib/flash.server";
import { PRODUCT_NOTICES } from "~/modules/catalog/manage-options";
import { getManagedProduct } from "~/modules/catalog/manage.server";
import { removeProduct } from "~/modules/catalog/product-editor.server";
import { adminScope } from "~/modules/catalog/scope.server";
import { brandTitle } from "~/modules/seo/meta";
import type { Route } from "./+types/products.delete";

export const meta: Route.MetaFunction = () => [{ title: brandTitle("Delete Product", "Admin") }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const scope = adminScope(args);
  const product = await getManagedProduct(args.context.get(dbContext), scope, args.params.id);
  if (!product) throw data("Not Found", { status: 404 });
  return { name: product.name };
}

export async function action(args: Route.ActionArgs) {
  const scope = adminScope(args);
  const form = await readForm(args.request);
  // Without JavaScript the list's Delete button posts straight here: ask first.
  if (form.get("confirmed") !== "1") throw redirect(`/admin/products/${encodeURIComponent(args.params.id)}/delete`);
  const { context } = args;
  const result = await removeProduct({ db: context.get(dbContext), images: context.get(imageStoreContext), scope }, args.params.id);
  if (!result) throw data("Not Found", { status: 404 });
  const notice = result.outcome === "archived" ? PRODUCT_NOTICES.archived(result.name) : PRODUCT_NOTICES.deleted(result.name);
  throw redirect("/admin/products", { headers: await flashHeaders(notice) });
}

export default function AdminDeleteProduct({ loaderData }: Route.ComponentProps) {
  return <ConfirmDelete name={loaderData.name} cancelHref="/admin/products" />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <ProductNotFound backHref="/admin/products" />;
  throw error;
}
