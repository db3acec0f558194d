import { BADGE, BADGE_TONES } from "~/components/ui/StatusBadge";
import { paymentStatusLabel, paymentStatusTone } from "~/modules/payments/payment-status";

/** An order's payment state: Paid, Awaiting payment, Payment failed, Refunded, … */
export function PaymentBadge({ status }: { status: string }) {
  return (
    <span data-testid="payment-status" className={`${BADGE} ${BADGE_TONES[paymentStatusTone(status)]}`}>
      {paymentStatusLabel(status)}
    </span>
  );
}
