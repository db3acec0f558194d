import { redirect } from "react-router";
import { dbContext } from "~/context";
import { loadCart, readCartLines } from "~/modules/cart/cart.server";
import { requireUser } from "~/modules/identity/guards.server";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = () => [...pageMeta({ title: "Checkout", description: "Checkout." }), { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  const cart = await loadCart(args.context.get(dbContext), await readCartLines(args.request));
  if (cart.items.length === 0) throw redirect("/cart");
  return null;
}

export default function Checkout() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-gray-900">Checkout</h1>
    </div>
  );
}
