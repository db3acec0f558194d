import { Fragment } from "react";
import { data, type ShouldRevalidateFunctionArgs, redirect, useNavigation, useSubmit } from "react-router";
import { Form } from "~/lib/route-links";
import { PaymentBadge } from "~/components/orders/PaymentBadge";
import { Button, ButtonLink } from "~/components/ui/Button";
import { Money } from "~/components/ui/Money";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { dbContext, storeOf } from "~/context";
import { flashHeaders, readFlash } from "~/lib/flash.server";
import { formFailure, formValues } from "~/lib/form";
import { readForm } from "~/lib/form.server";
import { statusFor } from "~/lib/outcome";
import { pageAfterPost } from "~/lib/page-after-post";
import { requireVendorProfile } from "~/modules/identity/guards.server";
import { formatShortDate } from "~/lib/dates";
import { advanceVendorPart } from "~/modules/orders/fulfilment.server";
import { parseShipment, type ShipmentErrors } from "~/modules/orders/shipment";
import { consignmentValue, ewayBillRequired, parseEwayBillNumber } from "~/modules/gst/eway-bill";
import { nextStep } from "~/modules/orders/status";
import { mayShip } from "~/modules/payments/payment-status";
import { pageMeta } from "~/modules/seo/meta";
import { parseVendorOrderQuery, VENDOR_ORDER_FILTERS, vendorOrderSearch } from "~/modules/vendors/order-query";
import { vendorOrderDetail, vendorOrders } from "~/modules/vendors/orders.server";
import { OrderActions, OrderDetail, ShipForm, SortHeader, SortLink, type VendorOrderReply } from "~/components/orders/VendorOrderParts";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Manage Orders", description: "Your customers' orders." }),
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const { vendor } = await requireVendorProfile(args);
  const db = args.context.get(dbContext);
  const url = new URL(args.request.url);
  const query = parseVendorOrderQuery(url.searchParams);
  const expand = url.searchParams.get("expand");
  const ship = url.searchParams.get("ship");
  const [page, detail, flash] = await Promise.all([
    vendorOrders(db, vendor.id, query),
    expand ? vendorOrderDetail(db, vendor.id, expand) : null,
    readFlash(args.request),
  ]);
  return data({ query, page, detail, ship, flash: flash.message }, { headers: flash.headers });
}

/** A refused change (someone else changed the order first) reloads the list, so it shows what is true now. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionStatus === 409) return true;
  return defaultShouldRevalidate;
}

export async function action(args: Route.ActionArgs) {
  const { user, vendor } = await requireVendorProfile(args);
  const form = await readForm(args.request);
  const number = String(form.get("number") ?? "");
  const from = String(form.get("from") ?? "");
  let shipment;
  // Asked only of a part that needs one (gst/eway-bill.ts); whether it does is the module's to decide.
  const ewayBillNumber = form.get("ewayBillNumber") ?? undefined;
  if (nextStep(from) === "shipped") {
    const parsed = parseShipment({ carrier: form.get("carrier"), trackingNumber: form.get("trackingNumber") });
    // A number typed but malformed is named beside its field together with the carrier's and tracking's problems.
    const ewayBill = typeof ewayBillNumber === "string" && ewayBillNumber.trim() !== "" ? parseEwayBillNumber(ewayBillNumber) : null;
    if (!parsed.ok) {
      const fieldErrors: ShipmentErrors & { ewayBillNumber?: string } = { ...parsed.errors, ...(ewayBill && !ewayBill.ok ? { ewayBillNumber: ewayBill.message } : {}) };
      const failure = formFailure(formValues(form), { formError: "Enter the carrier and tracking number to mark the order Shipped.", fieldErrors });
      return data<VendorOrderReply>({ ...failure, number }, { status: 400 });
    }
    shipment = parsed.value;
  }
  const result = await advanceVendorPart(storeOf(args.context), { vendorId: vendor.id, number, from, actorUserId: user.id, shipment, ewayBillNumber });
  if (!result.ok) {
    const failure = result.fieldErrors ? formFailure(formValues(form), { formError: result.message, fieldErrors: result.fieldErrors }) : formFailure({}, { formError: result.message });
    return data<VendorOrderReply>({ ...failure, number }, { status: statusFor(result.reason) });
  }
  const to = pageAfterPost("/vendor/orders", args.request.url, (params) => {
    params.delete("ship");
    params.set("expand", number);
  });
  throw redirect(to, { headers: await flashHeaders(result.message) });
}

export default function VendorOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { query, page, detail, ship, flash } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const failure = actionData ?? null;
  const shipForm = failure !== null && Object.keys(failure.fieldErrors).length > 0;
  const shipFor = shipForm ? failure.number : ship;

  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">Manage Orders</h1>
      <p className="mt-1 text-sm text-gray-600">View and manage all customer orders</p>

      {flash && (
        <p role="status" data-announce className="mt-4 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800">
          {flash}
        </p>
      )}
      {failure && !shipForm && (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {failure.formError}
        </p>
      )}

      <Form method="get" role="search" aria-label="Orders" className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="order-search" className="sr-only">
            Search orders
          </label>
          <input
            id="order-search"
            type="search"
            name="q"
            defaultValue={query.q}
            placeholder="Search by order ID or customer..."
            className="block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-sm text-gray-900 shadow-sm placeholder:text-gray-500 focus:border-pink-600 focus:outline-none focus:ring-2 focus:ring-pink-600/20"
          />
        </div>
        <div>
          <label htmlFor="order-status" className="sr-only">
            Status
          </label>
          <select
            id="order-status"
            name="status"
            defaultValue={query.status}
            onChange={(e) => void submit(e.currentTarget.form)}
            className="block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-sm text-gray-900 shadow-sm focus:border-pink-600 focus:outline-none focus:ring-2 focus:ring-pink-600/20 sm:w-48"
          >
            {VENDOR_ORDER_FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
        {query.sort !== "date" && <input type="hidden" name="sort" value={query.sort} />}
        {query.dir !== "desc" && <input type="hidden" name="dir" value={query.dir} />}
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>

      {page.rows.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-gray-300 px-6 py-12 text-center text-gray-600">No orders found matching your criteria.</p>
      ) : (
        <>
        <nav aria-label="Sort orders" className="mt-6 flex items-center gap-2 text-sm md:hidden">
          <span className="text-gray-600">Sort by</span>
          <SortLink query={query} column="date" label="Order Date" />
          <SortLink query={query} column="amount" label="Amount" />
        </nav>
        <ul aria-label="Orders" className="mt-3 space-y-3 md:hidden">
          {page.rows.map((o) => {
            const open = detail?.number === o.number;
            return (
              <li key={o.number} className="rounded-xl border border-gray-200 bg-white p-4 text-sm shadow-sm">
                <div className="flex items-start justify-between gap-3">
                  <div>
                    <p className="font-semibold text-gray-900">{o.number}</p>
                    <p className="text-gray-600">{formatShortDate(o.createdAt)}</p>
                  </div>
                  <div className="flex flex-col items-end gap-1">
                    <StatusBadge status={o.status} />
                    <PaymentBadge status={o.paymentStatus} />
                    <EwayBillNote amount={o.amount} status={o.status} />
                  </div>
                </div>
                <p className="mt-2 text-gray-900">{o.customerName}</p>
                <p className="break-all text-gray-600">{o.customerEmail}</p>
                <p className="mt-2 font-semibold text-gray-900">
                  <Money paise={o.amount} />
                </p>
                <div className="mt-3 flex flex-wrap items-center gap-2">
                  <OrderActions query={query} number={o.number} status={o.status} paymentStatus={o.paymentStatus} open={open} busy={busy} />
                </div>
                {shipFor === o.number && nextStep(o.status) === "shipped" && mayShip(o.paymentStatus) && (
                  <div className="mt-4 border-t border-gray-200 pt-4">
                    <ShipForm number={o.number} from={o.status} ewayBill={needsEwayBill(o.amount)} failure={failure} cancelTo={vendorOrderSearch(query, { page: query.page, expand: o.number })} />
                  </div>
                )}
                {open && detail && (
                  <div className="mt-4 border-t border-gray-200 pt-4">
                    <OrderDetail detail={detail} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
        <div className="mt-6 hidden overflow-x-auto rounded-xl border border-gray-200 md:block">
          <table className="min-w-full divide-y divide-gray-200 text-sm">
            <thead className="bg-gray-50 text-left text-xs font-semibold uppercase tracking-wide text-gray-700">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Order ID
                </th>
                <th scope="col" className="px-4 py-3">
                  Customer
                </th>
                <SortHeader query={query} column="date" label="Order Date" />
                <SortHeader query={query} column="amount" label="Amount" align="right" />
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
                <th scope="col" className="px-4 py-3">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100 bg-white">
              {page.rows.map((o) => {
                const open = detail?.number === o.number;
                const next = nextStep(o.status);
                return (
                  <Fragment key={o.number}>
                    <tr>
                      <td className="whitespace-nowrap px-4 py-3 font-medium text-gray-900">{o.number}</td>
                      <td className="px-4 py-3">
                        <span className="block text-gray-900">{o.customerName}</span>
                        <span className="block text-gray-600">{o.customerEmail}</span>
                      </td>
                      <td className="whitespace-nowrap px-4 py-3 text-gray-700">{formatShortDate(o.createdAt)}</td>
                      <td className="whitespace-nowrap px-4 py-3 text-right text-gray-900">
                        <Money paise={o.amount} />
                      </td>
                      <td className="px-4 py-3">
                        <div className="flex flex-col items-start gap-1">
                          <StatusBadge status={o.status} />
                          <PaymentBadge status={o.paymentStatus} />
                          <EwayBillNote amount={o.amount} status={o.status} />
                        </div>
                      </td>
                      <td className="px-4 py-3">
                        <div className="flex flex-wrap items-center gap-2">
                          <OrderActions query={query} number={o.number} status={o.status} paymentStatus={o.paymentStatus} open={open} busy={busy} />
                        </div>
                      </td>
                    </tr>
                    {shipFor === o.number && next === "shipped" && mayShip(o.paymentStatus) && (
                      <tr>
                        <td colSpan={6} className="bg-pink-50/40 px-4 py-4">
                          <ShipForm number={o.number} from={o.status} ewayBill={needsEwayBill(o.amount)} failure={failure} cancelTo={vendorOrderSearch(query, { page: query.page, expand: o.number })} />
                        </td>
                      </tr>
                    )}
                    {open && detail && (
                      <tr>
                        <td colSpan={6} className="bg-gray-50 px-4 py-4">
                          <OrderDetail detail={detail} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
        </>
      )}

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-gray-600">
        <p>
          Showing {page.rows.length} of {page.total} orders
        </p>
        {page.pageCount > 1 && (
          <nav aria-label="Pages" className="flex items-center gap-3">
            {page.page > 1 && (
              <ButtonLink to={vendorOrderSearch(query, { page: page.page - 1 })} variant="outline" size="sm">
                Previous
              </ButtonLink>
            )}
            <span>
              Page {page.page} of {page.pageCount}
            </span>
            {page.page < page.pageCount && (
              <ButtonLink to={vendorOrderSearch(query, { page: page.page + 1 })} variant="outline" size="sm">
                Next
              </ButtonLink>
            )}
          </nav>
        )}
      </div>
    </div>
  );
}

/** Whether a part of this taxable amount ships with an e-way bill (gst/eway-bill.ts). */
function needsEwayBill(amount: number): boolean {
  return ewayBillRequired(consignmentValue(amount));
}

/** In the list, before it ships: a part that will need an e-way bill says so (its details show Part A). */
function EwayBillNote({ amount, status }: { amount: number; status: string }) {
  if (!needsEwayBill(amount) || (status !== "pending" && status !== "processing")) return null;
  return <span className="text-xs font-medium text-amber-800">E-way bill required</span>;
}
