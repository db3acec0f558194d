import { TableHead } from "~/components/ui/ScrollTable";
import { data, type ShouldRevalidateFunctionArgs, redirect, useNavigation, useSubmit } from "react-router";
import { Form } from "~/lib/route-links";
import { PaymentBadge } from "~/components/orders/PaymentBadge";
import { Button, ButtonLink } from "~/components/ui/Button";
import { Money } from "~/components/ui/Money";
import { dbContext, storeOf } from "~/context";
import { flashHeaders, readFlash } from "~/lib/flash.server";
import { formFailure } from "~/lib/form";
import { readForm } from "~/lib/form.server";
import { statusFor } from "~/lib/outcome";
import { pageAfterPost } from "~/lib/page-after-post";
import { requireAdmin } from "~/modules/identity/guards.server";
import { listAdminOrders, parseAdminOrderQuery, type AdminOrderQuery } from "~/modules/orders/admin-orders.server";
import { formatShortDate } from "~/lib/dates";
import { setOrderStatusByAdmin } from "~/modules/orders/fulfilment.server";
import { ADMIN_STATUS_OPTIONS } from "~/modules/orders/status";
import { paymentMethodInCapitals } from "~/modules/payments/methods";
import { markTransferReceived } from "~/modules/orders/online-payments.server";
import { brandTitle } from "~/modules/seo/meta";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = () => [{ title: brandTitle("Manage Orders", "Admin") }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const query = parseAdminOrderQuery(new URL(args.request.url).searchParams);
  const [page, flash] = await Promise.all([listAdminOrders(args.context.get(dbContext), query), readFlash(args.request)]);
  return data({ query, page, flash: flash.message }, { headers: flash.headers });
}

/** A refused change (someone else changed the order first) reloads the list, so it shows what is true now. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionStatus === 409) return true;
  return defaultShouldRevalidate;
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args);
  const form = await readForm(args.request);
  const number = String(form.get("number") ?? "");
  // Two forms post here: a bank transfer's arrival (intent=transfer-received), and the status dropdown.
  const result =
    form.get("intent") === "transfer-received"
      ? await markTransferReceived(storeOf(args.context), number)
      : await setOrderStatusByAdmin(storeOf(args.context), { number, status: String(form.get("status") ?? ""), actorUserId: admin.id });
  if (!result.ok) return data({ ...formFailure({}, { formError: result.message }), number }, { status: statusFor(result.reason) });
  throw redirect(pageAfterPost("/admin/orders", args.request.url), { headers: await flashHeaders(result.message) });
}

function pageLink(query: AdminOrderQuery, page: number): string {
  const p = new URLSearchParams();
  if (query.q) p.set("q", query.q);
  if (query.status !== "all") p.set("status", query.status);
  if (page > 1) p.set("page", String(page));
  return `?${p.toString()}`;
}

const control =
  "block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm focus:border-pink-600 focus:outline-none focus:ring-2 focus:ring-pink-600/20";

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { query, page, flash } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
  const pendingNumber = navigation.state === "submitting" ? navigation.formData?.get("number") : null;
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">Manage Orders</h1>
      <p className="mt-1 text-sm text-gray-600">Every order in the shop. Changing a status saves it, records it in the order's history and shows it to the customer and the sellers.</p>
      {flash && (
        <p role="status" data-announce className="mt-4 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800">
          {flash}
        </p>
      )}
      {actionData?.status === "error" && (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {actionData.formError}
        </p>
      )}
      <Form method="get" role="search" aria-label="Orders" className="mt-6 flex flex-col gap-3 sm:flex-row">
        <label htmlFor="admin-order-search" className="sr-only">
          Search orders
        </label>
        <input id="admin-order-search" type="search" name="q" defaultValue={query.q} placeholder="Search by order ID or customer..." className={`${control} sm:flex-1`} />
        <label htmlFor="admin-order-status" className="sr-only">
          Status
        </label>
        <select id="admin-order-status" name="status" defaultValue={query.status} className={`${control} sm:w-52`}>
          <option value="all">All statuses</option>
          {ADMIN_STATUS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      {page.rows.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-gray-300 px-6 py-12 text-center text-gray-600">No orders found.</p>
      ) : (
        <div className="relative mt-6 overflow-x-auto rounded-xl border border-gray-200 bg-white">
          <table className="min-w-full divide-y divide-gray-200 text-sm">
            <TableHead columns={["Order ID", "Customer", "Date", { label: "Total", right: true }, "Status", "Payment Method"]} />
            <tbody className="divide-y divide-gray-100">
              {page.rows.map((o) => (
                <tr key={o.number}>
                  <td className="whitespace-nowrap px-4 py-3 font-medium text-gray-900">{o.number}</td>
                  <td className="px-4 py-3">
                    <span className="block text-gray-900">{o.customerName}</span>
                    <span className="block text-xs text-gray-600">{o.customerEmail}</span>
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-gray-700">{formatShortDate(o.createdAt)}</td>
                  <td className="whitespace-nowrap px-4 py-3 text-right text-gray-900">
                    <Money paise={o.total} decimals={2} />
                  </td>
                  <td className="px-4 py-3">
                    <Form method="post" preventScrollReset className="flex items-center gap-2">
                      <input type="hidden" name="number" value={o.number} />
                      <label htmlFor={`status-${o.number}`} className="sr-only">
                        Status of order {o.number}
                      </label>
                      <select
                        id={`status-${o.number}`}
                        name="status"
                        defaultValue={o.status}
                        // A refused change puts the select back to the order's real status (a reset to the truth, not to an empty form).
                        key={`${o.status}${actionData?.status === "error" && actionData.number === o.number ? ":refused" : ""}`}
                        disabled={pendingNumber === o.number}
                        onChange={(e) => void submit(e.currentTarget.form, { preventScrollReset: true })}
                        className="rounded-lg border border-gray-300 bg-white px-2 py-1.5 text-sm text-gray-900 focus:border-pink-600 focus:outline-none focus:ring-2 focus:ring-pink-600/20"
                      >
                        {ADMIN_STATUS_OPTIONS.map((s) => (
                          <option key={s.value} value={s.value}>
                            {s.label}
                          </option>
                        ))}
                      </select>
                      <noscript>
                        <button type="submit" className="rounded-lg border border-gray-300 px-2 py-1.5 text-xs font-semibold">
                          Save
                        </button>
                      </noscript>
                    </Form>
                  </td>
                  <td className="px-4 py-3 text-gray-700">
                    <span className="block whitespace-nowrap">{paymentMethodInCapitals(o.paymentMethod)}</span>
                    <span className="mt-1 block">
                      <PaymentBadge status={o.paymentStatus} />
                    </span>
                    {o.razorpayPaymentId && <span className="mt-1 block font-mono text-xs text-gray-600">{o.razorpayPaymentId}</span>}
                    {o.paymentMethod === "bank_transfer" && o.paymentStatus === "awaiting" && (
                      <Form method="post" preventScrollReset className="mt-2">
                        <input type="hidden" name="intent" value="transfer-received" />
                        <input type="hidden" name="number" value={o.number} />
                        <button
                          type="submit"
                          disabled={pendingNumber === o.number}
                          aria-label={`Mark Transfer Received: order ${o.number}`}
                          className="whitespace-nowrap rounded-lg border border-gray-300 bg-white px-2 py-1 text-xs font-semibold text-gray-900 hover:border-pink-600 hover:text-pink-700 disabled:opacity-50"
                        >
                          Mark Transfer Received
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-gray-600">
        <p>
          Showing {page.rows.length} of {page.total} orders
        </p>
        {page.pageCount > 1 && (
          <nav aria-label="Pages" className="flex items-center gap-3">
            {page.page > 1 && (
              <ButtonLink to={pageLink(query, page.page - 1)} variant="outline" size="sm">
                Previous
              </ButtonLink>
            )}
            <span>
              Page {page.page} of {page.pageCount}
            </span>
            {page.page < page.pageCount && (
              <ButtonLink to={pageLink(query, page.page + 1)} variant="outline" size="sm">
                Next
              </ButtonLink>
            )}
          </nav>
        )}
      </div>
    </div>
  );
}
