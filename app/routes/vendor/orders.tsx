import { Fragment, useId, useRef } from "react";
import { data, Form, type ShouldRevalidateFunctionArgs, Link, redirect, useNavigation, useSubmit } from "react-router";
import { PaymentBadge } from "~/components/orders/PaymentBadge";
import { Button, ButtonLink } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { Money } from "~/components/ui/Money";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { dbContext, storeOf } from "~/context";
import { flashHeaders, readFlash } from "~/lib/flash.server";
import { formFailure, formValues, type FormFailure } from "~/lib/form";
import { useFormReply } from "~/lib/form-hooks";
import { readForm } from "~/lib/form.server";
import { statusFor } from "~/lib/outcome";
import { pageAfterPost } from "~/lib/page-after-post";
import { requireVendorProfile } from "~/modules/identity/guards.server";
import { formatShortDate } from "~/lib/dates";
import { advanceVendorPart } from "~/modules/orders/fulfilment.server";
import { CARRIERS, parseShipment, type ShipmentErrors } from "~/modules/orders/shipment";
import { nextStep, statusLabel } from "~/modules/orders/status";
import { mayShip } from "~/modules/payments/payment-status";
import { pageMeta } from "~/modules/seo/meta";
import {
  parseVendorOrderQuery,
  toggleSort,
  VENDOR_ORDER_FILTERS,
  vendorOrderSearch,
  type VendorOrderQuery,
  type VendorOrderSort,
} from "~/modules/vendors/order-query";
import { ArrivalText } from "~/components/orders/ArrivalText";
import { vendorOrderDetail, vendorOrders, type VendorOrderDetail } from "~/modules/vendors/orders.server";
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

/** The one reply shape, naming the order it was about. */
type ActionData = FormFailure & { number: string };

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
  if (nextStep(from) === "shipped") {
    const parsed = parseShipment({ carrier: form.get("carrier"), trackingNumber: form.get("trackingNumber") });
    if (!parsed.ok) {
      const fieldErrors: ShipmentErrors = parsed.errors;
      const failure = formFailure(formValues(form), { formError: "Enter the carrier and tracking number to mark the order Shipped.", fieldErrors });
      return data<ActionData>({ ...failure, number }, { status: 400 });
    }
    shipment = parsed.value;
  }
  const result = await advanceVendorPart(storeOf(args.context), { vendorId: vendor.id, number, from, actorUserId: user.id, shipment });
  if (!result.ok) return data<ActionData>({ ...formFailure({}, { formError: result.message }), number }, { status: statusFor(result.reason) });
  const to = pageAfterPost("/vendor/orders", args.request.url, (params) => {
    params.delete("ship");
    params.set("expand", number);
  });
  throw redirect(to, { headers: await flashHeaders(result.message) });
}

const ACTION_LABEL: Record<string, string> = { processing: "Mark as Processing", shipped: "Mark as Shipped", delivered: "Mark as Delivered" };

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
        <p role="status" className="mt-4 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800">
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
                    <ShipForm number={o.number} from={o.status} failure={failure} cancelTo={vendorOrderSearch(query, { page: query.page, expand: o.number })} />
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
                          <ShipForm number={o.number} from={o.status} failure={failure} cancelTo={vendorOrderSearch(query, { page: query.page, expand: o.number })} />
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

function OrderActions({
  query,
  number,
  status,
  paymentStatus,
  open,
  busy,
}: {
  query: VendorOrderQuery;
  number: string;
  status: string;
  paymentStatus: string;
  open: boolean;
  busy: boolean;
}) {
  const next = nextStep(status);
  const o = { number, status };
  return (
    <>
      <Link
        to={vendorOrderSearch(query, { page: query.page, ...(open ? {} : { expand: o.number }) })}
        preventScrollReset
        aria-expanded={open}
        aria-label={`${open ? "Hide details" : "Details"} of order ${o.number}`}
        className="rounded-lg border border-gray-300 px-2.5 py-1.5 text-xs font-semibold text-gray-800 hover:border-pink-600 hover:text-pink-700"
      >
        {open ? "Hide" : "Details"}
      </Link>
      {next && !mayShip(paymentStatus) ? (
        // The server refuses to move an unpaid order; the page says why instead of offering it.
        <span className="text-xs font-medium text-yellow-800">Awaiting payment: ship once it is paid</span>
      ) : next === "shipped" ? (
        <Link
          to={vendorOrderSearch(query, { page: query.page, expand: o.number, ship: o.number })}
          preventScrollReset
          aria-label={`${ACTION_LABEL.shipped}: order ${o.number}`}
          className="rounded-lg bg-pink-600 px-2.5 py-1.5 text-xs font-semibold text-white hover:bg-pink-700"
        >
          {ACTION_LABEL.shipped}
        </Link>
      ) : next ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="number" value={o.number} />
          <input type="hidden" name="from" value={o.status} />
          <button
            type="submit"
            disabled={busy}
            aria-label={`${ACTION_LABEL[next]}: order ${o.number}`}
            className="rounded-lg bg-pink-600 px-2.5 py-1.5 text-xs font-semibold text-white hover:bg-pink-700 disabled:opacity-50"
          >
            {ACTION_LABEL[next]}
          </button>
        </Form>
      ) : null}
    </>
  );
}

/** On a phone, where the table's headers are not shown: the same toggling sort, as buttons above the cards. */
function SortLink({ query, column, label }: { query: VendorOrderQuery; column: VendorOrderSort; label: string }) {
  const active = query.sort === column;
  const arrow = active ? (query.dir === "asc" ? "↑" : "↓") : "↕";
  return (
    <Link
      to={vendorOrderSearch(query, toggleSort(query, column))}
      preventScrollReset
      aria-current={active ? "true" : undefined}
      aria-label={`${label}${active ? (query.dir === "asc" ? ", ascending" : ", descending") : ""}`}
      className={`inline-flex items-center gap-1 rounded-full border px-3 py-1.5 font-semibold ${active ? "border-pink-600 text-pink-700" : "border-gray-300 text-gray-700"}`}
    >
      {label}
      <span aria-hidden="true">{arrow}</span>
    </Link>
  );
}

function SortHeader({ query, column, label, align }: { query: VendorOrderQuery; column: VendorOrderSort; label: string; align?: "right" }) {
  const active = query.sort === column;
  const arrow = active ? (query.dir === "asc" ? "↑" : "↓") : "↕";
  return (
    <th scope="col" aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : "none"} className={`px-4 py-3 ${align === "right" ? "text-right" : ""}`}>
      <Link to={vendorOrderSearch(query, toggleSort(query, column))} preventScrollReset className="inline-flex items-center gap-1 uppercase hover:text-pink-700">
        {label}
        <span aria-hidden="true">{arrow}</span>
      </Link>
    </th>
  );
}

function ShipForm({ number, from, failure, cancelTo }: { number: string; from: string; failure: ActionData | null; cancelTo: string }) {
  const errors = failure?.number === number ? failure.fieldErrors : undefined;
  const carriersId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useFormReply(formRef, failure?.number === number ? failure : undefined);
  return (
    <Form ref={formRef} method="post" preventScrollReset aria-label={`Ship order ${number}`} className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
      <input type="hidden" name="number" value={number} />
      <input type="hidden" name="from" value={from} />
      <TextField label="Carrier" name="carrier" list={carriersId} required maxLength={60} defaultValue={failure?.values.carrier} error={errors?.carrier} autoFocus />
      <datalist id={carriersId}>
        {CARRIERS.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <TextField
        label="Tracking number"
        name="trackingNumber"
        required
        maxLength={40}
        defaultValue={failure?.values.trackingNumber}
        error={errors?.trackingNumber}
      />
      <div className="flex gap-2 sm:pt-7">
        <Button type="submit">Mark as Shipped</Button>
        <ButtonLink to={cancelTo} preventScrollReset variant="outline">
          Cancel
        </ButtonLink>
      </div>
    </Form>
  );
}

function OrderDetail({ detail }: { detail: VendorOrderDetail }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <section aria-label={`Items of order ${detail.number}`}>
        <table className="min-w-full text-sm">
          <thead className="text-left text-xs font-semibold uppercase tracking-wide text-gray-600">
            <tr>
              <th scope="col" className="py-2 pr-4">
                Product
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Price
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Quantity
              </th>
              <th scope="col" className="py-2 text-right">
                Total
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200">
            {detail.items.map((i) => (
              <tr key={i.productId}>
                <td className="py-2 pr-4 text-gray-900">{i.name}</td>
                <td className="py-2 pr-4 text-right">
                  <Money paise={i.unitPrice} />
                </td>
                <td className="py-2 pr-4 text-right">{i.quantity}</td>
                <td className="py-2 text-right">
                  <Money paise={i.lineTotal} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-gray-300 font-semibold text-gray-900">
              <td colSpan={3} className="py-2 pr-4 text-right">
                Order total
              </td>
              <td className="py-2 text-right">
                <Money paise={detail.amount} />
              </td>
            </tr>
          </tfoot>
        </table>
      </section>
      <section aria-label={`Timeline of order ${detail.number}`}>
        {detail.deadline && <ArrivalText arrival={detail.deadline} className="mb-3 text-sm" />}
        <ol className="space-y-3">
          {detail.timeline.map((s) => (
            <li key={s.step} className="flex gap-3">
              <span
                aria-hidden="true"
                className={`mt-1 h-3 w-3 shrink-0 rounded-full ${s.reached ? "bg-pink-600" : "border-2 border-gray-300 bg-white"}`}
              />
              <div>
                <p className={`text-sm font-semibold ${s.reached ? "text-gray-900" : "text-gray-500"}`}>
                  {s.label}
                  {!s.reached && <span className="sr-only"> (not yet)</span>}
                </p>
                {s.reached && s.at && <p className="text-xs text-gray-600">{formatShortDate(s.at)}</p>}
                {s.step === "shipped" && s.reached && detail.carrier && (
                  <p className="text-xs text-gray-700">
                    {detail.carrier} · Tracking {detail.trackingNumber}
                  </p>
                )}
              </div>
            </li>
          ))}
        </ol>
        {detail.status === "cancelled" && <p className="mt-3 text-sm font-semibold text-gray-700">This order was {statusLabel(detail.status).toLowerCase()}.</p>}
      </section>
    </div>
  );
}
