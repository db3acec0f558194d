import { data } from "react-router";
import { NotFound, safeBackHref } from "~/components/layout/NotFound";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/not-found";

export function loader({ request }: Route.LoaderArgs) {
  const product = new URL(request.url).searchParams.has("product");
  return data({ product, backHref: safeBackHref(request) }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  ...pageMeta(
    data?.product
      ? { title: "Product Not Found", description: "The product you're looking for doesn't exist or has been removed." }
      : { title: "Page Not Found", description: "The page you were looking for could not be found." },
  ),
  { name: "robots", content: "noindex" },
];

export default function NotFoundRoute({ loaderData }: Route.ComponentProps) {
  return <NotFound product={loaderData.product} backHref={loaderData.backHref} />;
}
