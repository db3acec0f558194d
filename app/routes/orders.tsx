import { ButtonLink } from "~/components/ui/Button";
import { requireUser } from "~/modules/identity/guards.server";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = () => [...pageMeta({ title: "Your Orders", description: "Your RC Computers orders." }), { name: "robots", content: "noindex" }];

export function loader(args: Route.LoaderArgs) {
  requireUser(args);
  return null;
}

export default function Orders() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-gray-900">Your Orders</h1>
      <div className="mt-8 rounded-xl border border-dashed border-gray-300 px-6 py-16 text-center">
        <p className="text-gray-700">You haven't placed any orders yet.</p>
        <ButtonLink to="/products" className="mt-6">
          Start Shopping
        </ButtonLink>
      </div>
    </div>
  );
}
