import { data, redirect, useNavigation } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { FormAlert } from "~/components/ui/FormAlert";
import { Button, ButtonLink, buttonClass } from "~/components/ui/Button";
import { OrderAmounts } from "~/components/orders/OrderAmounts";
import { InvoiceLines } from "~/components/orders/InvoiceLines";
import { BankTransferDetails } from "~/components/orders/BankTransferDetails";
import { PaymentBadge } from "~/components/orders/PaymentBadge";
import { Money } from "~/components/ui/Money";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { ReturnsSection } from "~/components/orders/ReturnsSection";
import { CreditNotes } from "~/components/orders/CreditNotes";
import { ArrivalText } from "~/components/orders/ArrivalText";
import { dbContext, secretBoxContext, storeOf } from "~/context";
import { readFlash } from "~/lib/flash.server";
import { formFailure } from "~/lib/form";
import { statusFor } from "~/lib/outcome";
import { requireUser } from "~/modules/identity/guards.server";
import { formatOrderDate, formatOrderDateTime } from "~/lib/dates";
import { HALF_GST_PERCENT, invoiceNumber, placeOfSupplyLabel } from "~/modules/gst/gst";
import { orderInvoices } from "~/modules/orders/invoice";
import { cancelOrderForUser, getOrderForUser, type OrderPayment } from "~/modules/orders/orders.server";
import { customerMayCancel, statusLabel } from "~/modules/orders/status";
import { GST_RATE_PERCENT } from "~/modules/orders/totals";
import { paymentMethodInCapitals } from "~/modules/payments/methods";
import { mayPayAgain } from "~/modules/payments/payment-status";
import { bankTransferDetails } from "~/modules/payments/settings.server";
import { customerReturns, withdrawReturn } from "~/modules/returns/returns.server";
import { BRAND } from "~/config/brand";
import { legalDetails } from "~/modules/content/legal.server";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/order";

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta({ title: `Order ${params.number}`, description: "Order details and GST invoice." }),
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const order = await getOrderForUser(args.context.get(dbContext), user.id, args.params.number);
  // Another customer's order number looks exactly like one that does not exist.
  if (!order) throw data("Order not found", { status: 404 });
  // A bank-transfer order awaiting its money shows the customer where to pay (the account number in full, to its owner only).
  const awaitingTransfer = order.paymentMethod === "bank_transfer" && order.payment.status === "awaiting";
  const bank = awaitingTransfer ? await bankTransferDetails(args.context.get(dbContext), args.context.get(secretBoxContext)) : null;
  const cancelled = new URL(args.request.url).searchParams.get("cancelled") === "1" && order.status === "cancelled";
  const [returns, flash, legal] = await Promise.all([
    customerReturns(args.context.get(dbContext), user.id, order.number),
    readFlash(args.request),
    legalDetails(args.context.get(dbContext)),
  ]);
  return data(
    { order, legal, awaitingTransfer, bank, cancelled, invoices: orderInvoices(order), returns, notice: flash.message },
    { headers: flash.headers },
  );
}

export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const form = await args.request.formData();
  if (form.get("intent") === "withdraw-return") {
    const result = await withdrawReturn(storeOf(args.context), { userId: user.id, number: String(form.get("return") ?? "") });
    if (!result.ok) return data(formFailure({}, { formError: result.message }), { status: statusFor(result.reason) });
    return { status: "success" as const, message: result.message, formError: undefined };
  }
  const result = await cancelOrderForUser(storeOf(args.context), user.id, args.params.number);
  if (!result.ok) return data(formFailure({}, { formError: result.message }), { status: statusFor(result.reason) });
  throw redirect(`/orders/${encodeURIComponent(args.params.number)}?cancelled=1`);
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, legal, invoices, awaitingTransfer, bank, cancelled, returns, notice } = loaderData;
  const navigation = useNavigation();
  const cancelling = navigation.state === "submitting";
  const a = order.address;
  const refund = order.payment.refund;
  const payable = mayPayAgain({ status: order.status, paymentMethod: order.paymentMethod, paymentStatus: order.payment.status });
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 print:px-0 print:py-0">
      <div className="flex flex-wrap items-start justify-between gap-4 print:hidden">
        <div>
          <Link to="/orders" className="text-sm font-semibold text-pink-700 hover:text-pink-800">
            ← Your Orders
          </Link>
          <h1 className="mt-2 text-3xl font-bold text-gray-900">Order {order.number}</h1>
          <p className="mt-1 text-sm text-gray-600">Placed on {formatOrderDate(order.createdAt)}</p>
        </div>
        <div className="flex items-center gap-3">
          <StatusBadge status={order.status} />
          <button type="button" onClick={() => window.print()} className={buttonClass("outline", "sm")}>
            Print invoice
          </button>
          <ButtonLink to={`/grievances/new?order=${encodeURIComponent(order.number)}`} variant="outline" size="sm">
            Raise a complaint
          </ButtonLink>
        </div>
      </div>

      {actionData?.formError && (
        <div className="mt-6">
          <FormAlert>{actionData.formError}</FormAlert>
        </div>
      )}
      {(notice || (actionData && "message" in actionData)) && (
        <div className="mt-6 print:hidden">
          <FormAlert tone="success">{notice ?? (actionData && "message" in actionData ? actionData.message : null)}</FormAlert>
        </div>
      )}
      {cancelled && (
        <div className="mt-6 print:hidden">
          <FormAlert tone="success">
            Your order has been cancelled.
            {refund && (
              <>
                {" "}
                The refund of <Money paise={refund.amount} /> has started.
              </>
            )}
          </FormAlert>
        </div>
      )}
      {payable && (
        <div className="mt-6 flex flex-col gap-3 rounded-xl border border-yellow-200 bg-yellow-50 p-4 text-sm sm:flex-row sm:items-center sm:justify-between print:hidden">
          <p className="font-medium text-yellow-900">
            {order.payment.error ? `Your last payment attempt failed: ${order.payment.error}` : "We have not received the payment for this order yet."}
          </p>
          <ButtonLink to={`/checkout?pay=${order.number}`} className="shrink-0">
            Complete Payment
          </ButtonLink>
        </div>
      )}

      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_320px] print:hidden">
        <div className="space-y-6">
        <section aria-labelledby="items-heading" className="rounded-xl border border-gray-200 bg-white p-6">
          <h2 id="items-heading" className="text-lg font-semibold text-gray-900">
            Items
          </h2>
          <ul className="mt-4 divide-y divide-gray-100">
            {order.items.map((i) => (
              <li key={i.productId} className="flex justify-between gap-4 py-3 text-sm">
                <span>
                  <Link to={`/products/${i.productId}`} className="font-medium text-gray-900 hover:text-pink-700">
                    {i.name}
                  </Link>
                  <span className="block text-gray-600">
                    <Money paise={i.unitPrice} /> × {i.quantity} · Sold by {i.vendorName}
                  </span>
                </span>
                <Money paise={i.lineTotal} className="font-semibold text-gray-900" />
              </li>
            ))}
          </ul>
          <OrderAmounts totals={order} />
        </section>
        {returns && <ReturnsSection orderNumber={order.number} lines={returns.lines} returns={returns.returns} />}
        </div>
        <div className="space-y-6">
          <section aria-labelledby="ship-heading" className="rounded-xl border border-gray-200 bg-white p-6 text-sm">
            <h2 id="ship-heading" className="text-lg font-semibold text-gray-900">
              Shipping address
            </h2>
            <address className="mt-3 not-italic text-gray-700">
              {a.fullName}
              <br />
              {a.addressLine1}
              {a.addressLine2 && (
                <>
                  <br />
                  {a.addressLine2}
                </>
              )}
              <br />
              {a.city}, {a.state} {a.postalCode}
              <br />
              {a.phone}
            </address>
            <p className="mt-3 flex flex-wrap items-center gap-2 text-gray-700">
              <span>
                Payment: <strong>{paymentMethodInCapitals(order.paymentMethod)}</strong>
              </span>
              <PaymentBadge status={order.payment.status} />
            </p>
          </section>
          {awaitingTransfer && <BankTransferDetails bank={bank} orderNumber={order.number} total={order.total} />}
          {refund && <RefundSection refund={refund} />}
          <section aria-labelledby="history-heading" className="rounded-xl border border-gray-200 bg-white p-6 text-sm">
            <h2 id="history-heading" className="text-lg font-semibold text-gray-900">
              Status history
            </h2>
            <ol className="mt-3 space-y-2">
              {order.history.map((h) => (
                <li key={h.createdAt + h.status} className="flex justify-between gap-3">
                  <span className="font-medium text-gray-900">{statusLabel(h.status)}</span>
                  <time dateTime={h.createdAt} className="text-gray-600">
                    {formatOrderDateTime(h.createdAt)}
                  </time>
                </li>
              ))}
            </ol>
          </section>
          {order.shipments.some((s) => s.carrier || s.arrival || s.status !== order.status) && (
            <section aria-labelledby="shipments-heading" className="rounded-xl border border-gray-200 bg-white p-6 text-sm">
              <h2 id="shipments-heading" className="text-lg font-semibold text-gray-900">
                {order.shipments.length === 1 ? "Shipment" : "Shipments"}
              </h2>
              <ul className="mt-3 space-y-3">
                {order.shipments.map((s) => (
                  <li key={s.vendorName}>
                    <p className="flex items-center justify-between gap-3">
                      <span className="font-medium text-gray-900">Sold by {s.vendorName}</span>
                      <StatusBadge status={s.status} />
                    </p>
                    {s.arrival && <ArrivalText arrival={s.arrival} className="mt-1" />}
                    {s.carrier && (
                      <p className="mt-1 text-gray-700">
                        {s.carrier} · Tracking number <strong>{s.trackingNumber}</strong>
                      </p>
                    )}
                    {s.ewayBillNumber && (
                      <p className="mt-1 text-gray-700">
                        E-way bill <strong className="font-mono">{s.ewayBillNumber}</strong>
                      </p>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {customerMayCancel(order.shipments.map((s) => s.status)) && (
            <Form method="post">
              <Button type="submit" variant="danger" className="w-full" disabled={cancelling}>
                {cancelling ? "Cancelling..." : "Cancel Order"}
              </Button>
            </Form>
          )}
        </div>
      </div>

      <section aria-labelledby="invoices-heading" className="mt-10">
        <h2 id="invoices-heading" className="text-xl font-semibold text-gray-900 print:hidden">
          GST Tax Invoices
        </h2>
        {order.business && (
          <p className="mt-2 text-sm text-gray-700 print:hidden">
            Bought for {order.business.legalName}, GSTIN {order.business.gstin}. The GSTIN cannot be changed once the invoice is issued.
          </p>
        )}
        {invoices.map((inv, n) => (
          <article key={inv.vendorId} className="mt-4 break-after-page rounded-xl border border-gray-300 bg-white p-6 text-sm print:border-0">
            <header className="flex flex-wrap justify-between gap-4 border-b border-gray-200 pb-4">
              <div>
                <h3 className="text-base font-bold text-gray-900">Tax Invoice</h3>
                <p className="text-gray-700">
                  Invoice {invoiceNumber(order.number, n)} · {formatOrderDate(order.createdAt)}
                </p>
                <p className="text-gray-700">Order {order.number} via {BRAND.name}</p>
                {inv.ewayBillNumber && <p className="text-gray-700">E-way bill no. <span className="font-mono">{inv.ewayBillNumber}</span></p>}
                <p className="text-gray-700">
                  E-commerce operator: {legal.legalName}, GSTIN {legal.gstin}
                </p>
              </div>
              <div className="text-right">
                <p className="font-semibold text-gray-900">Sold by {inv.sellerName}</p>
                <p className="text-gray-700">GSTIN: {inv.gstin ?? "Not registered"}</p>
                <p className="text-gray-700">State: {inv.sellerState}</p>
              </div>
            </header>
            {order.business ? (
              <dl className="mt-3 grid gap-x-4 gap-y-1 text-gray-700 sm:grid-cols-[max-content_1fr]">
                <dt className="font-semibold">Bill to</dt>
                <dd>{order.business.legalName}</dd>
                <dt className="font-semibold">Recipient GSTIN</dt>
                <dd className="font-mono">{order.business.gstin}</dd>
                <dt className="font-semibold">Address</dt>
                <dd>{[a.fullName, a.addressLine1, a.addressLine2, a.city, `${a.state} ${a.postalCode}`].filter(Boolean).join(", ")}</dd>
                <dt className="font-semibold">Place of supply</dt>
                <dd>{placeOfSupplyLabel(a.state)}</dd>
                <dt className="font-semibold">Reverse charge</dt>
                <dd>No</dd>
              </dl>
            ) : (
              <p className="mt-3 text-gray-700">
                Bill to / ship to: {a.fullName}, {a.addressLine1}, {a.city}, {a.state} {a.postalCode} · Place of supply: {a.state}
              </p>
            )}
            <InvoiceLines lines={inv.lines} />
            <dl className="ml-auto mt-4 max-w-xs space-y-1">
              <div className="flex justify-between"><dt>Taxable value</dt><dd><Money paise={inv.taxable} decimals={2} /></dd></div>
              {inv.kind === "intra" ? (
                <>
                  <div className="flex justify-between"><dt>CGST ({HALF_GST_PERCENT}%)</dt><dd><Money paise={inv.cgst} decimals={2} /></dd></div>
                  <div className="flex justify-between"><dt>SGST ({HALF_GST_PERCENT}%)</dt><dd><Money paise={inv.sgst} decimals={2} /></dd></div>
                </>
              ) : (
                <div className="flex justify-between"><dt>IGST ({GST_RATE_PERCENT}%)</dt><dd><Money paise={inv.igst} decimals={2} /></dd></div>
              )}
              <div className="flex justify-between border-t border-gray-200 pt-1 font-bold"><dt>Invoice total</dt><dd><Money paise={inv.total} decimals={2} /></dd></div>
            </dl>
          </article>
        ))}
        {returns && <CreditNotes orderNumber={order.number} address={a} business={order.business} returns={returns.returns} />}
      </section>
    </div>
  );
}

/** A cancelled paid order's refund, in words: started, done, or stuck (credited in 5-7 business days, docs/product-rules.md). */
function RefundSection({ refund }: { refund: NonNullable<OrderPayment["refund"]> }) {
  const amount = <Money paise={refund.amount} className="font-semibold text-gray-900" />;
  let words: React.ReactNode;
  if (refund.status === "processed") words = <>Refunded {amount} on {formatOrderDate(refund.updatedAt)}.</>;
  else if (refund.status === "failed") words = <>The refund of {amount} could not be processed. Our team will contact you.</>;
  else words = <>Refund of {amount} started on {formatOrderDate(refund.requestedAt)}: it is credited to your original payment method in 5-7 business days.</>;
  return (
    <section aria-labelledby="refund-heading" className="rounded-xl border border-gray-200 bg-white p-6 text-sm">
      <h2 id="refund-heading" className="text-lg font-semibold text-gray-900">
        Refund
      </h2>
      <p className="mt-3 text-gray-700">{words}</p>
    </section>
  );
}
