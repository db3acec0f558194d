import { useId, useRef } from "react";
import { Form, Link } from "~/lib/route-links";
import { Button, ButtonLink } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { Money } from "~/components/ui/Money";
import type { FormFailure } from "~/lib/form";
import { useFormReply } from "~/lib/form-hooks";
import { formatShortDate } from "~/lib/dates";
import { CARRIERS } from "~/modules/orders/shipment";
import { nextStep, statusLabel } from "~/modules/orders/status";
import { mayShip } from "~/modules/payments/payment-status";
import { toggleSort, vendorOrderSearch, type VendorOrderQuery, type VendorOrderSort } from "~/modules/vendors/order-query";
import { ArrivalText } from "~/components/orders/ArrivalText";
import type { VendorOrderDetail } from "~/modules/vendors/orders.server";

/**
 * The parts of the seller's Manage Orders page (/vendor/orders): its sortable column headers, the
 * buttons that move an order's part on (Shipped asks for the carrier and tracking number first)
 * and an order's details, opened in place.
 */

/** A refused step, as the page shows it: the one reply shape, naming the order it was about. */
export type VendorOrderReply = FormFailure & { number: string };

const ACTION_LABEL: Record<string, string> = { processing: "Mark as Processing", shipped: "Mark as Shipped", delivered: "Mark as Delivered" };

export function OrderActions({
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
export function SortLink({ query, column, label }: { query: VendorOrderQuery; column: VendorOrderSort; label: string }) {
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

export function SortHeader({ query, column, label, align }: { query: VendorOrderQuery; column: VendorOrderSort; label: string; align?: "right" }) {
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

/**
 * Marking a part Shipped: the carrier and tracking number, and for a part worth more than ₹50,000
 * with tax (`ewayBill`, gst/eway-bill.ts) the e-way bill's 12-digit number, checked on the server.
 */
export function ShipForm({
  number,
  from,
  ewayBill,
  failure,
  cancelTo,
}: {
  number: string;
  from: string;
  ewayBill: boolean;
  failure: VendorOrderReply | null;
  cancelTo: string;
}) {
  const errors = failure?.number === number ? failure.fieldErrors : undefined;
  const carriersId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useFormReply(formRef, failure?.number === number ? failure : undefined);
  return (
    <Form
      ref={formRef}
      method="post"
      preventScrollReset
      aria-label={`Ship order ${number}`}
      className={`grid gap-4 sm:items-start ${ewayBill ? "sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto]" : "sm:grid-cols-[1fr_1fr_auto]"}`}
    >
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
      {ewayBill && (
        <TextField
          label="E-way bill number"
          name="ewayBillNumber"
          required
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          defaultValue={failure?.values.ewayBillNumber}
          error={errors?.ewayBillNumber}
          hint="12 digits, from the e-way bill portal: this part is worth more than ₹50,000 with tax."
        />
      )}
      <div className={`flex gap-2 sm:pt-7 ${ewayBill ? "lg:pt-7" : ""}`}>
        <Button type="submit">Mark as Shipped</Button>
        <ButtonLink to={cancelTo} preventScrollReset variant="outline">
          Cancel
        </ButtonLink>
      </div>
    </Form>
  );
}

export function OrderDetail({ detail }: { detail: VendorOrderDetail }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      {detail.ewayBill && <EwayBillDetails number={detail.number} ewayBill={detail.ewayBill} />}
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

/**
 * A part worth more than ₹50,000 with tax needs an e-way bill (gst/eway-bill.ts): its Part A, as
 * the government's portal asks for it, to copy there; once shipped, the bill's number.
 */
function EwayBillDetails({ number, ewayBill }: { number: string; ewayBill: NonNullable<VendorOrderDetail["ewayBill"]> }) {
  const a = ewayBill.partA;
  const headingId = useId();
  const missing = <span className="font-sans font-semibold text-red-700">Not set</span>;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm lg:col-span-2">
      <h2 id={headingId} className="font-semibold text-amber-900">
        E-way bill required
        <span className="sr-only"> for order {number}</span>
      </h2>
      {ewayBill.number ? (
        <p className="mt-1 text-gray-800">
          Shipped with e-way bill <strong className="font-mono">{ewayBill.number}</strong>.
        </p>
      ) : (
        <p className="mt-1 text-gray-800">
          This part is worth more than ₹50,000 with tax. Generate its e-way bill on the government&apos;s portal with these Part A details, then give its
          12-digit number when you mark it Shipped.
        </p>
      )}
      <h3 className="mt-3 font-semibold text-gray-900">Part A</h3>
      <dl className="mt-1 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-gray-700">Supplier GSTIN</dt>
        <dd className="break-all font-mono text-gray-900">{a.supplierGstin ?? missing}</dd>
        <dt className="font-medium text-gray-700">Dispatch PIN</dt>
        <dd className="font-mono text-gray-900">
          {a.dispatchPin ?? (
            <>
              {missing}{" "}
              <Link to="/vendor/dispatch" className="font-sans font-semibold text-pink-700 underline hover:text-pink-800">
                set it in Dispatch settings
              </Link>
            </>
          )}
        </dd>
        <dt className="font-medium text-gray-700">Recipient GSTIN</dt>
        <dd className="break-all font-mono text-gray-900">{a.recipientGstin}</dd>
        <dt className="font-medium text-gray-700">Delivery PIN</dt>
        <dd className="font-mono text-gray-900">{a.deliveryPin}</dd>
        <dt className="font-medium text-gray-700">Document</dt>
        <dd className="text-gray-900">
          Tax invoice <span className="font-mono">{a.documentNumber}</span> dated <span className="font-mono">{a.documentDate}</span>
        </dd>
        <dt className="font-medium text-gray-700">Value with tax</dt>
        <dd className="text-gray-900">
          <Money paise={a.value} decimals={2} />
        </dd>
        <dt className="font-medium text-gray-700">HSN</dt>
        <dd className="font-mono text-gray-900">{a.hsnCodes.length > 0 ? a.hsnCodes.join(", ") : missing}</dd>
        <dt className="font-medium text-gray-700">Reason</dt>
        <dd className="text-gray-900">{a.reason}</dd>
      </dl>
    </section>
  );
}
