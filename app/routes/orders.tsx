import { isRouteErrorResponse } from "react-router";
import { Link } from "~/lib/route-links";
import { PaymentBadge } from "~/components/orders/PaymentBadge";
import { ButtonLink } from "~/components/ui/Button";
import { Money } from "~/components/ui/Money";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { BRAND } from "~/config/brand";
import { dbContext } from "~/context";
import { requireUser } from "~/modules/identity/guards.server";
import { formatOrderDate } from "~/lib/dates";
import { listOrdersForUser } from "~/modules/orders/orders.server";
import { paymentMethodInCapitals } from "~/modules/payments/methods";
import { mayPayAgain } from "~/modules/payments/payment-status";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = () => [...pageMeta({ title: "Your Orders", description: `Your ${BRAND.name} orders.` }), { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  return { orders: await listOrdersForUser(args.context.get(dbContext), user.id) };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-gray-900">Your Orders</h1>
      {orders.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-gray-300 px-6 py-16 text-center">
          <p className="text-gray-700">You haven't placed any orders yet.</p>
          <ButtonLink to="/products" className="mt-6">
            Start Shopping
          </ButtonLink>
        </div>
      ) : (
        <ul className="mt-8 space-y-4">
          {orders.map((o) => (
            <li key={o.number}>
              <article className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <h2 className="text-lg font-semibold text-gray-900">
                      <Link to={`/orders/${o.number}`} className="hover:text-pink-700">
                        Order {o.number}
                      </Link>
                    </h2>
                    <p className="text-sm text-gray-600">Placed on {formatOrderDate(o.createdAt)}</p>
                  </div>
                  <StatusBadge status={o.status} />
                </div>
                <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
                  <div>
                    <dt className="text-gray-600">Shipping to</dt>
                    <dd className="text-gray-900">
                      {o.shipTo.fullName}, {o.shipTo.addressLine1}, {o.shipTo.city}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-gray-600">Payment</dt>
                    <dd className="flex flex-wrap items-center gap-2">
                      <span className="font-medium text-gray-900">{paymentMethodInCapitals(o.paymentMethod)}</span>{" "}
                      <PaymentBadge status={o.paymentStatus} />
                    </dd>
                  </div>
                  <div>
                    <dt className="text-gray-600">Total</dt>
                    <dd className="font-semibold text-gray-900">
                      <Money paise={o.total} />
                    </dd>
                  </div>
                </dl>
                <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
                  <Link to={`/orders/${o.number}`} className="text-sm font-semibold text-pink-700 hover:text-pink-800">
                    View details and invoice<span className="sr-only"> of {o.number}</span>
                  </Link>
                  {mayPayAgain(o) && (
                    <ButtonLink to={`/checkout?pay=${o.number}`} size="sm" aria-label={`Complete Payment: order ${o.number}`}>
                      Complete Payment
                    </ButtonLink>
                  )}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A failed load says so and offers a retry, rather than pretending there are no orders. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) throw error;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-gray-900">Your Orders</h1>
      <div role="alert" className="mt-8 rounded-xl border border-red-200 bg-red-50 px-6 py-8 text-center">
        <p className="text-red-800">We couldn't load your orders just now.</p>
        <a href="/orders" className="mt-4 inline-block font-semibold text-red-800 underline">
          Try again
        </a>
      </div>
    </div>
  );
}
