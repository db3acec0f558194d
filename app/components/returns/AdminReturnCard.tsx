import type { ReactNode } from "react";
import { Form } from "~/lib/route-links";
import { Button } from "~/components/ui/Button";
import { Checkbox } from "~/components/ui/Checkbox";
import { SelectField, TextField } from "~/components/ui/Field";
import { Money } from "~/components/ui/Money";
import { BADGE, ReturnStatusBadge } from "~/components/ui/StatusBadge";
import type { FieldErrors, FormFailure } from "~/lib/form";
import type { AdminReturn } from "~/modules/admin/returns.server";
import { formatOrderDateTime } from "~/lib/dates";
import { CARRIERS } from "~/modules/orders/shipment";
import { SELLER_ANSWER_HOURS, reasonLabel, returnStatusLabel } from "~/modules/returns/rules";

/**
 * One return request on the admin's Returns page (/admin/returns): its details, photos and history,
 * its refunds (tried again, or paid by hand), and the seller's next step, which the admin may take for
 * the seller (returns/seller-actions.ts). Each is a form of its own that posts without JavaScript.
 */

/** A refused post, naming the form it was about (its intent and the request or refund it targets). */
export type AdminReturnReply = (FormFailure & { intent: string; target: string }) | undefined;
type Reply = AdminReturnReply;

const ACTOR_LABELS: Record<string, string> = { customer: "Customer", vendor: "Seller", admin: "Administrator", system: "The shop" };
const REFUND_STATUS_LABELS: Record<string, string> = { requested: "Requested", pending: "Pending at Razorpay", processed: "Paid", failed: "Failed" };
const REFUND_METHOD_LABELS: Record<string, string> = { razorpay: "Razorpay (card or UPI)", manual: "Bank transfer by hand" };

/** The refusal's field messages and typed values, when the refusal is about this form. */
export function replyFor(reply: Reply, intent: string, target: string): { errors: FieldErrors; values: Record<string, string> } {
  if (reply?.status !== "error" || reply.intent !== intent || reply.target !== target) return { errors: {}, values: {} };
  return { errors: reply.fieldErrors, values: reply.values };
}

function Hidden({ fields }: { fields: Record<string, string> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

function Detail({ term, children, className = "" }: { term: string; children: ReactNode; className?: string }) {
  return (
    <div className={`min-w-0 ${className}`}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-gray-600">{term}</dt>
      <dd className="mt-0.5 text-sm text-gray-900 wrap-anywhere">{children}</dd>
    </div>
  );
}

function PickupFields({ errors, values }: { errors: FieldErrors; values: Record<string, string> }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField label="Carrier" name="carrier" defaultValue={values.carrier ?? ""} error={errors.carrier}>
        <option value="">Choose a carrier</option>
        {CARRIERS.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
      <TextField label="Tracking number" name="trackingNumber" defaultValue={values.trackingNumber ?? ""} error={errors.trackingNumber} autoComplete="off" maxLength={40} />
    </div>
  );
}

/** What the admin may do for the seller at the request's state: each a form of its own, posting without JavaScript. */
function SellerActions({ r, reply, busy }: { r: AdminReturn; reply: Reply; busy: boolean }) {
  const box = "rounded-lg border border-gray-200 bg-gray-50 p-3";
  if (r.status === "requested") {
    const approve = replyFor(reply, "approve", r.number);
    const reject = replyFor(reply, "reject", r.number);
    return (
      <div className="grid gap-3 lg:grid-cols-2">
        <Form method="post" preventScrollReset className={box} aria-label={`Approve return ${r.number}`}>
          <Hidden fields={{ intent: "approve", number: r.number, from: r.status }} />
          <p className="mb-2 text-sm font-semibold text-gray-900">Approve and arrange the pickup</p>
          <PickupFields errors={approve.errors} values={approve.values} />
          <Button type="submit" size="sm" className="mt-3" disabled={busy}>
            Approve<span className="sr-only"> return {r.number}</span>
          </Button>
        </Form>
        <Form method="post" preventScrollReset className={box} aria-label={`Reject return ${r.number}`}>
          <Hidden fields={{ intent: "reject", number: r.number, from: r.status }} />
          <TextField label="Reason for rejecting" name="reason" defaultValue={reject.values.reason ?? ""} error={reject.errors.reason} maxLength={500} />
          <Button type="submit" size="sm" variant="danger" className="mt-3" disabled={busy}>
            Reject<span className="sr-only"> return {r.number}</span>
          </Button>
        </Form>
      </div>
    );
  }
  if (r.status === "approved") {
    return (
      <Form method="post" preventScrollReset aria-label={`Mark return ${r.number} picked up`}>
        <Hidden fields={{ intent: "picked-up", number: r.number, from: r.status }} />
        <Button type="submit" size="sm" disabled={busy}>
          Mark picked up
        </Button>
      </Form>
    );
  }
  if (r.status === "picked_up") {
    // One form, two buttons: Accept and Refuse each post their own intent.
    const refused = replyFor(reply, "refuse", r.number);
    const inspect = refused.values.intent ? refused : replyFor(reply, "accept", r.number);
    return (
      <Form method="post" preventScrollReset className={box} aria-label={`Inspect return ${r.number}`}>
        <Hidden fields={{ number: r.number, from: r.status }} />
        <p className="mb-2 text-sm font-semibold text-gray-900">Inspection</p>
        <Checkbox label="Put the item back into stock" name="restock" defaultChecked={inspect.values.intent ? inspect.values.restock === "on" : true} />
        <div className="mt-3">
          <TextField label="Inspection note (required to refuse)" name="note" defaultValue={inspect.values.note ?? ""} error={inspect.errors.note} maxLength={500} />
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button type="submit" size="sm" name="intent" value="accept" disabled={busy}>
            Accept
          </Button>
          <Button type="submit" size="sm" variant="danger" name="intent" value="refuse" disabled={busy}>
            Refuse
          </Button>
        </div>
      </Form>
    );
  }
  if (r.replacement && (r.status === "received" || r.status === "replacement_shipped") && r.replacement.status !== "delivered") {
    const step = r.replacement.status;
    const ship = replyFor(reply, "replacement", r.number);
    const label = step === "pending" ? "Mark replacement Processing" : step === "processing" ? "Mark replacement Shipped" : "Mark replacement Delivered";
    return (
      <Form method="post" preventScrollReset className={box} aria-label={`Replacement for return ${r.number}`}>
        <Hidden fields={{ intent: "replacement", number: r.number, from: step }} />
        {step === "processing" && <PickupFields errors={ship.errors} values={ship.values} />}
        <Button type="submit" size="sm" className="mt-3" disabled={busy}>
          {label}
        </Button>
      </Form>
    );
  }
  return null;
}

function Refunds({ r, reply, busy }: { r: AdminReturn; reply: Reply; busy: boolean }) {
  if (r.refunds.length === 0) return null;
  return (
    <section aria-label={`Refunds of return ${r.number}`} className="mt-4">
      <h3 className="text-sm font-semibold text-gray-900">Refunds</h3>
      <ul className="mt-2 space-y-3">
        {r.refunds.map((f) => {
          const pay = replyFor(reply, "pay-refund", f.id);
          return (
            <li key={f.id} className={`rounded-lg border p-3 text-sm ${f.status === "failed" ? "border-red-200 bg-red-50/40" : "border-gray-200"}`}>
              <dl className="grid gap-2 sm:grid-cols-3">
                <Detail term="Amount">
                  <Money paise={f.amountPaise} decimals={2} />
                </Detail>
                <Detail term="Refund status">{f.method === "manual" && f.status === "requested" ? "Waiting to be paid" : (REFUND_STATUS_LABELS[f.status] ?? f.status)}</Detail>
                <Detail term="Method">{REFUND_METHOD_LABELS[f.method] ?? f.method}</Detail>
                {f.razorpayRefundId && <Detail term="Razorpay refund ID">{f.razorpayRefundId}</Detail>}
                {f.utr && <Detail term="UTR">{f.utr}</Detail>}
                {f.failure && <Detail term="Failure reason">{f.failure}</Detail>}
                <Detail term="Updated">{formatOrderDateTime(f.updatedAt)}</Detail>
              </dl>
              {f.retryable && (
                <Form method="post" preventScrollReset className="mt-3">
                  <Hidden fields={{ intent: "retry-refund", refundId: f.id }} />
                  <Button type="submit" size="sm" variant="outline" disabled={busy}>
                    Try the refund again
                  </Button>
                </Form>
              )}
              {f.payableByHand && (
                <Form method="post" preventScrollReset className="mt-3 rounded-lg border border-gray-200 bg-gray-50 p-3" aria-label={`Mark refund of return ${r.number} paid`}>
                  <Hidden fields={{ intent: "pay-refund", refundId: f.id }} />
                  <p className="text-sm text-gray-900">
                    <span className="font-semibold">Pay to: </span>
                    {r.payTo ?? (r.payToUnreadable ? "The customer's refund destination cannot be read with this shop's secrets key." : "The customer gave no refund destination: ask them for one.")}
                  </p>
                  <div className="mt-2 max-w-md">
                    <TextField
                      label="UTR of the bank transfer"
                      name="utr"
                      defaultValue={pay.values.utr ?? ""}
                      error={pay.errors.utr}
                      autoComplete="off"
                      maxLength={40}
                      hint="12 to 22 letters and digits, from the bank's confirmation."
                    />
                  </div>
                  <Button type="submit" size="sm" disabled={busy} className="mt-3">
                    Mark refund paid
                  </Button>
                </Form>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function AdminReturnCard({ r, reply, busy }: { r: AdminReturn; reply: Reply; busy: boolean }) {
  const headingId = `return-${r.id}`;
  return (
    <article aria-labelledby={headingId} className={`rounded-xl border p-4 shadow-sm sm:p-5 ${r.overdue ? "border-amber-300 bg-amber-50/60" : "border-gray-200 bg-white"}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-gray-900">
            Return {r.number}
          </h2>
          <p className="text-sm text-gray-700">
            Order {r.orderNumber} · {r.vendorName} · asked by {r.customerName || "a customer"} on {formatOrderDateTime(r.createdAt)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {r.overdue && <span className={`${BADGE} bg-amber-200 text-amber-900`}>Past {SELLER_ANSWER_HOURS} hours without the seller's answer</span>}
          <ReturnStatusBadge status={r.status} />
        </div>
      </div>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Detail term="Product">
          {r.productName} × {r.quantity}
        </Detail>
        <Detail term="Reason">{reasonLabel(r.reason)}</Detail>
        <Detail term="Resolution">{r.resolution === "refund" ? "Refund" : "Replacement"}</Detail>
        {r.serialNumber && <Detail term="Serial number">{r.serialNumber}</Detail>}
        <Detail term="Details" className="sm:col-span-2 lg:col-span-4">
          {r.details || "None given"}
        </Detail>
        {r.resolution === "refund" && (
          <Detail term="Refund">
            <Money paise={r.refund.items} decimals={2} /> + GST <Money paise={r.refund.tax} decimals={2} />
            {r.refund.shipping > 0 && (
              <>
                {" "}
                + shipping <Money paise={r.refund.shipping} decimals={2} />
              </>
            )}{" "}
            = <strong><Money paise={r.refund.total} decimals={2} /></strong>
          </Detail>
        )}
        {r.refund.to && <Detail term="Refund to">{r.refund.to}</Detail>}
        {r.pickup && (
          <Detail term="Pickup">
            {r.pickup.carrier}, reference {r.pickup.reference}
          </Detail>
        )}
        {r.replacement && (
          <Detail term="Replacement">
            {r.replacement.status === "pending" ? "To be shipped" : r.replacement.status.charAt(0).toUpperCase() + r.replacement.status.slice(1)}
            {r.replacement.carrier && r.replacement.trackingNumber && ` via ${r.replacement.carrier}, ${r.replacement.trackingNumber}`}
          </Detail>
        )}
        {r.decisionNote && <Detail term="Seller's note">{r.decisionNote}</Detail>}
        {r.creditNote && (
          <Detail term="Credit note">
            {r.creditNote.number} against invoice {r.creditNote.invoiceNumber}, <Money paise={r.creditNote.total} decimals={2} />
          </Detail>
        )}
      </dl>
      {r.photos.length > 0 && (
        <ul aria-label={`Photos of return ${r.number}`} className="mt-4 flex flex-wrap gap-2">
          {r.photos.map((url, i) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noreferrer" className="block rounded-lg border border-gray-200 hover:border-pink-600">
                <img src={url} alt={`Photo ${i + 1} of return ${r.number}`} width={96} height={96} loading="lazy" className="h-24 w-24 rounded-lg object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
      <details className="mt-4">
        <summary className="cursor-pointer text-sm font-semibold text-gray-900">History ({r.history.length})</summary>
        <ol className="mt-2 space-y-1 text-sm text-gray-700">
          {r.history.map((h, i) => (
            <li key={i}>
              <time dateTime={h.createdAt}>{formatOrderDateTime(h.createdAt)}</time> · <strong className="font-semibold text-gray-900">{returnStatusLabel(h.status)}</strong> ·{" "}
              {ACTOR_LABELS[h.actorRole] ?? h.actorRole}
              {h.note && <> · {h.note}</>}
            </li>
          ))}
        </ol>
      </details>
      <Refunds r={r} reply={reply} busy={busy} />
      <div className="mt-4">
        <SellerActions r={r} reply={reply} busy={busy} />
      </div>
    </article>
  );
}
