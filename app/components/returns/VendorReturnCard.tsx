import { useId, useRef, type ReactNode } from "react";
import { Form } from "~/lib/route-links";
import { Button } from "~/components/ui/Button";
import { TextAreaField, TextField } from "~/components/ui/Field";
import { Money } from "~/components/ui/Money";
import { BADGE, BADGE_TONES, ReturnStatusBadge } from "~/components/ui/StatusBadge";
import { useFormReply, useIsPending } from "~/lib/form-hooks";
import { formatOrderDateTime, formatShortDate } from "~/lib/dates";
import { CARRIERS } from "~/modules/orders/shipment";
import { nextStep, statusLabel } from "~/modules/orders/status";
import { reasonLabel, returnStatusLabel, SELLER_ANSWER_HOURS } from "~/modules/returns/rules";
import type { SellerActionIntent, SellerActionReply } from "~/modules/returns/seller-actions";
import { refundStatusLabel } from "~/modules/vendors/return-query";
import type { VendorReturnRow } from "~/modules/vendors/returns.server";

/**
 * One return request on the seller's Returns page (/vendor/returns): what the customer asked and
 * showed, its history and refund, and the forms for its next step. Each form posts one of the seller
 * actions (returns/seller-actions.ts) with the state the seller saw, so a stale click changes nothing.
 */

export function VendorReturnCard({ r, failure }: { r: VendorReturnRow; failure: SellerActionReply | null }) {
  const headingId = useId();
  const formError = failure?.formError;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-gray-200 bg-white p-4 text-sm shadow-sm sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-gray-900">
            Return {r.number}
          </h2>
          <p className="text-gray-600">
            Order {r.orderNumber} · requested {formatShortDate(r.createdAt)}
          </p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <ReturnStatusBadge status={r.status} />
          {r.overdue && <span className={`${BADGE} ${BADGE_TONES.red}`}>Awaiting your answer for over {SELLER_ANSWER_HOURS} hours</span>}
        </div>
      </header>

      <div className="mt-4 grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="min-w-0 space-y-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
            <Row term="Product">
              {r.productName} × {r.quantity}
            </Row>
            <Row term="Customer">{r.customerName}</Row>
            <Row term="Reason">{reasonLabel(r.reason)}</Row>
            <Row term="Resolution">{r.resolution === "replacement" ? "Replacement" : "Refund"}</Row>
            <Row term="Serial number">{r.serialNumber ?? "Not given"}</Row>
            {r.pickup && (
              <Row term="Pickup">
                {r.pickup.carrier} · Reference {r.pickup.reference}
              </Row>
            )}
            {r.replacement && (
              <Row term="Replacement">
                {statusLabel(r.replacement.status)}
                {r.replacement.carrier && ` · ${r.replacement.carrier} · Tracking ${r.replacement.trackingNumber}`}
              </Row>
            )}
            {r.decisionNote && (r.status === "rejected" || r.status === "refused") && <Row term="Your reason">{r.decisionNote}</Row>}
          </dl>
          <div>
            <h3 className="font-semibold text-gray-900">The customer says</h3>
            <p className="mt-1 whitespace-pre-line break-words text-gray-800">{r.details}</p>
          </div>
          {r.photos.length > 0 && (
            <div>
              <h3 className="font-semibold text-gray-900">Photos</h3>
              <ul className="mt-2 flex flex-wrap gap-2">
                {r.photos.map((url, i) => (
                  <li key={url}>
                    <a href={url} className="block rounded-lg border border-gray-200 hover:border-pink-600">
                      <img src={url} alt={`Photo ${i + 1} of return ${r.number}`} width={80} height={80} loading="lazy" className="h-20 w-20 rounded-lg object-cover" />
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {r.resolution === "refund" && <Refund r={r} />}
        </div>

        <div className="min-w-0 space-y-4">
          <div>
            <h3 className="font-semibold text-gray-900">History</h3>
            <ol className="mt-2 space-y-2">
              {r.history.map((h, i) => (
                <li key={`${h.status}-${i}`} className="flex gap-3">
                  <span aria-hidden="true" className="mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full bg-pink-600" />
                  <div className="min-w-0">
                    <p className="font-medium text-gray-900">{returnStatusLabel(h.status)}</p>
                    <p className="text-xs text-gray-600">{formatOrderDateTime(h.createdAt)}</p>
                    {h.note && <p className="break-words text-xs text-gray-700">{h.note}</p>}
                  </div>
                </li>
              ))}
            </ol>
          </div>
          <Actions r={r} failure={failure} />
          {formError && (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 font-medium text-red-800">
              {formError}
            </p>
          )}
        </div>
      </div>
    </article>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-gray-600">{term}</dt>
      <dd className="min-w-0 break-words text-gray-900">{children}</dd>
    </>
  );
}

function Refund({ r }: { r: VendorReturnRow }) {
  return (
    <div>
      <h3 className="font-semibold text-gray-900">Refund</h3>
      <dl className="mt-2 grid max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt className="text-gray-600">Items</dt>
        <dd className="text-right text-gray-900">
          <Money paise={r.refund.items} />
        </dd>
        <dt className="text-gray-600">GST</dt>
        <dd className="text-right text-gray-900">
          <Money paise={r.refund.tax} />
        </dd>
        <dt className="text-gray-600">Shipping</dt>
        <dd className="text-right text-gray-900">
          <Money paise={r.refund.shipping} />
        </dd>
        <dt className="border-t border-gray-200 pt-1 font-semibold text-gray-900">Total</dt>
        <dd className="border-t border-gray-200 pt-1 text-right font-semibold text-gray-900">
          <Money paise={r.refund.total} />
        </dd>
      </dl>
      <p className="mt-2 text-gray-700">
        Refund status: {r.refundState ? refundStatusLabel(r.refundState.status, r.refundState.method) : "Starts when you accept the returned item"}
        {r.refundState?.utr && ` · UTR ${r.refundState.utr}`}
      </p>
      {r.creditNote && (
        <p className="text-gray-700">
          Credit note {r.creditNote.number} (invoice {r.creditNote.invoiceNumber})
        </p>
      )}
    </div>
  );
}

/** The forms for the request's next step: each posts the status the seller saw, so a stale click changes nothing. */
function Actions({ r, failure }: { r: VendorReturnRow; failure: SellerActionReply | null }) {
  const mine = (intent: SellerActionIntent) => (failure?.intent === intent ? failure : null);
  const replacementNext = r.status === "received" || r.status === "replacement_shipped" ? (r.replacement ? nextStep(r.replacement.status) : null) : null;
  if (r.status === "requested") {
    return (
      <Section title="Answer the request">
        <StepForm r={r} intent="approve" from={r.status} label={`Approve return ${r.number}`} failure={mine("approve")} submit="Approve with pickup">
          <ShipmentFields failure={mine("approve")} carrierLabel="Pickup carrier" referenceLabel="Pickup reference" />
        </StepForm>
        <StepForm r={r} intent="reject" from={r.status} label={`Reject return ${r.number}`} failure={mine("reject")} submit="Reject" variant="outline">
          <TextAreaField
            label="Reason for rejecting"
            name="reason"
            required
            minLength={5}
            maxLength={1000}
            rows={2}
            defaultValue={mine("reject")?.values.reason}
            error={mine("reject")?.fieldErrors.reason}
          />
        </StepForm>
      </Section>
    );
  }
  if (r.status === "approved") {
    return (
      <Section title="Pickup">
        <StepForm r={r} intent="picked-up" from={r.status} label={`Mark return ${r.number} picked up`} failure={mine("picked-up")} submit="Mark picked up" />
      </Section>
    );
  }
  if (r.status === "picked_up") {
    return (
      <Section title="Inspect the item">
        <StepForm r={r} intent="accept" from={r.status} label={`Accept return ${r.number}`} failure={mine("accept")} submit="Accept">
          <label className="flex items-center gap-2 text-gray-900">
            <input type="checkbox" name="restock" defaultChecked={mine("accept")?.values.restock === "on"} className="h-4 w-4 rounded border-gray-300 accent-pink-600" />
            Item can be sold again
          </label>
          <TextField label="Note" name="note" optional maxLength={500} defaultValue={mine("accept")?.values.note} />
        </StepForm>
        <StepForm r={r} intent="refuse" from={r.status} label={`Refuse return ${r.number}`} failure={mine("refuse")} submit="Refuse" variant="outline">
          <TextAreaField
            label="Reason for refusing"
            name="note"
            required
            minLength={5}
            maxLength={1000}
            rows={2}
            defaultValue={mine("refuse")?.values.note}
            error={mine("refuse")?.fieldErrors.note}
          />
        </StepForm>
      </Section>
    );
  }
  if (replacementNext && r.replacement) {
    const from = r.replacement.status;
    const f = mine("replacement");
    return (
      <Section title="Replacement">
        {replacementNext === "shipped" ? (
          <StepForm r={r} intent="replacement" from={from} label={`Ship the replacement of ${r.number}`} failure={f} submit="Mark Shipped">
            <ShipmentFields failure={f} carrierLabel="Carrier" referenceLabel="Tracking number" />
          </StepForm>
        ) : (
          <StepForm
            r={r}
            intent="replacement"
            from={from}
            label={`Replacement of ${r.number}`}
            failure={f}
            submit={replacementNext === "processing" ? "Mark Processing" : "Mark Delivered"}
          />
        )}
      </Section>
    );
  }
  return null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-3 rounded-lg border border-gray-200 bg-gray-50 p-3">
      <h3 className="font-semibold text-gray-900">{title}</h3>
      {children}
    </div>
  );
}

function StepForm({
  r,
  intent,
  from,
  label,
  failure,
  submit,
  variant = "pink",
  children,
}: {
  r: VendorReturnRow;
  intent: SellerActionIntent;
  from: string;
  label: string;
  failure: SellerActionReply | null;
  submit: string;
  variant?: "pink" | "outline";
  children?: ReactNode;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const busy = useIsPending();
  useFormReply(formRef, failure ?? undefined);
  return (
    <Form ref={formRef} method="post" preventScrollReset aria-label={label} className="space-y-3">
      <input type="hidden" name="number" value={r.number} />
      <input type="hidden" name="from" value={from} />
      <input type="hidden" name="intent" value={intent} />
      {children}
      <Button type="submit" variant={variant} size="sm" disabled={busy}>
        {submit}
      </Button>
    </Form>
  );
}

function ShipmentFields({ failure, carrierLabel, referenceLabel }: { failure: SellerActionReply | null; carrierLabel: string; referenceLabel: string }) {
  const carriersId = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField label={carrierLabel} name="carrier" list={carriersId} required maxLength={60} defaultValue={failure?.values.carrier} error={failure?.fieldErrors.carrier} />
      <datalist id={carriersId}>
        {CARRIERS.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <TextField
        label={referenceLabel}
        name="trackingNumber"
        required
        maxLength={40}
        defaultValue={failure?.values.trackingNumber}
        error={failure?.fieldErrors.trackingNumber}
      />
    </div>
  );
}
