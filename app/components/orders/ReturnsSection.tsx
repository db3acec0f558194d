import { Form, Link } from "~/lib/route-links";
import { BADGE, BADGE_TONES } from "~/components/ui/StatusBadge";
import { buttonClass } from "~/components/ui/Button";
import { Money } from "~/components/ui/Money";
import { useIsPending } from "~/lib/form-hooks";
import { REFUND_CREDIT, REFUND_PROCESSING } from "~/modules/content/policies";
import { formatOrderDate, formatOrderDateTime } from "~/lib/dates";
import type { ReturnableLine, ReturnView } from "~/modules/returns/returns.server";
import type { ReturnRefund } from "~/modules/payments/refunds.server";
import { mayMove, reasonLabel, returnStatusLabel } from "~/modules/returns/rules";

type Request = ReturnView & { refunds: ReturnRefund[] };

/** A return's state as a badge: done green, moving blue, waiting yellow, ended grey. */
export function ReturnStatusBadge({ status }: { status: string }) {
  const tone = status === "refunded" || status === "closed" ? "green" : status === "requested" ? "yellow" : ["rejected", "withdrawn", "refused"].includes(status) ? "grey" : "blue";
  return <span className={`${BADGE} ${BADGE_TONES[tone]}`}>{returnStatusLabel(status)}</span>;
}

/**
 * The order page's returns: each delivered item's Return or replace (or when its window closed),
 * and every request of the order with its state, dates and refund in the policy's words.
 */
export function ReturnsSection({ orderNumber, lines, returns }: { orderNumber: string; lines: ReturnableLine[]; returns: Request[] }) {
  const delivered = lines.filter((l) => l.deliveredAt);
  if (delivered.length === 0 && returns.length === 0) return null;
  return (
    <section id="returns" aria-labelledby="returns-heading" className="rounded-xl border border-gray-200 bg-white p-6 text-sm print:hidden">
      <h2 id="returns-heading" className="text-lg font-semibold text-gray-900">
        Returns and replacements
      </h2>
      {delivered.length > 0 && (
        <ul className="mt-3 divide-y divide-gray-100">
          {delivered.map((l) => (
            <li key={l.orderItemId} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <span className="font-medium text-gray-900">{l.name}</span>
              {l.open ? (
                <span className="flex flex-wrap items-center gap-3">
                  <span className="text-gray-600">Until {l.closesAt ? formatOrderDate(l.closesAt) : ""}</span>
                  <Link to={`/orders/${orderNumber}/return?item=${encodeURIComponent(l.orderItemId)}`} className={buttonClass("outline", "sm")}>
                    Return or replace<span className="sr-only"> {l.name}</span>
                  </Link>
                </span>
              ) : (
                <span className="text-gray-600">
                  {l.available === 0
                    ? "Already returned"
                    : l.rule === "not_returnable"
                      ? "Not returnable"
                      : `Return window closed on ${l.closesAt ? formatOrderDate(l.closesAt) : ""}`}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {returns.length > 0 && (
        <ul className="mt-4 space-y-4">
          {returns.map((r) => (
            <ReturnCard key={r.id} orderNumber={orderNumber} r={r} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReturnCard({ r }: { orderNumber: string; r: Request }) {
  const pending = useIsPending();
  const withdrawable = mayMove(r.status, "withdrawn");
  return (
    <li className="rounded-lg border border-gray-200 p-4" aria-labelledby={`return-${r.id}`}>
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span id={`return-${r.id}`} className="font-semibold text-gray-900">
          Return {r.number}
        </span>
        <ReturnStatusBadge status={r.status} />
      </p>
      <p className="mt-1 text-gray-700">
        {r.productName} × {r.quantity} · {reasonLabel(r.reason)} · {r.resolution === "refund" ? "Refund" : "Replacement"}
      </p>
      {r.pickup && r.status === "approved" && (
        <p className="mt-1 text-gray-700">
          Pickup by {r.pickup.carrier}, reference <strong>{r.pickup.reference}</strong>
        </p>
      )}
      {r.decisionNote && (r.status === "rejected" || r.status === "refused") && <p className="mt-1 text-gray-700">Reason: {r.decisionNote}</p>}
      {r.replacement?.carrier && (
        <p className="mt-1 text-gray-700">
          Replacement: {r.replacement.carrier} · Tracking number <strong>{r.replacement.trackingNumber}</strong>
        </p>
      )}
      {r.resolution === "refund" && <RefundWords r={r} />}
      <ol className="mt-2 space-y-1 text-gray-600">
        {r.history.map((h) => (
          <li key={h.createdAt + h.status} className="flex justify-between gap-3">
            <span>{returnStatusLabel(h.status)}</span>
            <time dateTime={h.createdAt}>{formatOrderDateTime(h.createdAt)}</time>
          </li>
        ))}
      </ol>
      {withdrawable && (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="withdraw-return" />
          <input type="hidden" name="return" value={r.number} />
          <button type="submit" className={buttonClass("outline", "sm")} disabled={pending}>
            Withdraw request<span className="sr-only"> {r.number}</span>
          </button>
        </Form>
      )}
    </li>
  );
}

/** The refund in the policy's words: expected, started, done, or stuck; with Razorpay's refund id where there is one. */
function RefundWords({ r }: { r: Request }) {
  const amount = <Money paise={r.refund.total} decimals={2} className="font-semibold text-gray-900" />;
  const refund = r.refunds[0];
  const where = r.refund.to ? ` to ${r.refund.to}` : " to your original payment method";
  let words: React.ReactNode;
  if (!refund) {
    words = (
      <>
        Refund of {amount}
        {where} once the item passes inspection{r.refund.shipping > 0 ? " (including the shipping charge)" : ""}.
      </>
    );
  } else if (refund.status === "processed") {
    words = (
      <>
        Refunded {amount}
        {where} on {formatOrderDate(refund.updatedAt)}
        {refund.razorpayRefundId ? ` (refund ${refund.razorpayRefundId})` : refund.utr ? ` (bank reference ${refund.utr})` : ""}. It can take up to {REFUND_CREDIT} to show.
      </>
    );
  } else if (refund.status === "failed") {
    words = <>The refund of {amount} could not be processed yet. Our team is on it and will contact you.</>;
  } else {
    words = (
      <>
        Refund of {amount}
        {where} started on {formatOrderDate(refund.createdAt)}
        {refund.razorpayRefundId ? ` (refund ${refund.razorpayRefundId})` : ""}: it is processed in {REFUND_PROCESSING} and credited in {REFUND_CREDIT}.
      </>
    );
  }
  return <p className="mt-2 text-gray-700">{words}</p>;
}
