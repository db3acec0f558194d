import { data } from "react-router";
import { NotFound, safeBackHref } from "~/components/layout/NotFound";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/catch-all";

export function loader({ request }: Route.LoaderArgs) {
  return data({ backHref: safeBackHref(request) }, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Page Not Found", description: "The page you were looking for could not be found." }),
  { name: "robots", content: "noindex" },
];

export default function CatchAll({ loaderData }: Route.ComponentProps) {
  return <NotFound backHref={loaderData.backHref} />;
}
