import { useEffect, useRef } from "react";
import { Form, Link } from "~/lib/route-links";
import { arrive } from "~/components/ui/PageChange";
import { Button, buttonClass } from "~/components/ui/Button";
import { Money } from "~/components/ui/Money";
import { BankTransferDetails, type BankAccount } from "./BankTransferDetails";
import { ArrivalText } from "./ArrivalText";
import { PaymentBadge } from "./PaymentBadge";
import type { ArrivalLine } from "~/modules/delivery/arrival";
import { paymentMethodInCapitals } from "~/modules/payments/methods";

/** What the confirmation shows of a placed order (a part of the order page's OrderDetail). */
export interface PlacedOrder {
  number: string;
  total: number;
  paymentMethod: string;
  address: { fullName: string; city: string };
  payment: { status: string };
  /** Each seller's part and the delivery promised for it (none when the seller set no dispatch PIN). */
  shipments: { vendorName: string; arrival: ArrivalLine | null }[];
}

/** The last step of checkout: the placed order, how it is paid, and what to do next. */
export default function CheckoutConfirmation({ order, bank }: { order: PlacedOrder; bank: BankAccount | null }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Shown lazily once the order is placed (routes/checkout.tsx), after the page change was handled: it says itself.
  useEffect(() => arrive(heading.current, `Thank you for your order! Your order number is ${order.number}.`), [order.number]);
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 ref={heading} className="text-2xl font-bold text-gray-900">
        Thank you for your order!
      </h2>
      <p className="mt-3 text-gray-700">
        Your order number is <strong data-testid="order-number">{order.number}</strong>.
      </p>
      <p className="mt-1 text-sm text-gray-600">
        Total <Money paise={order.total} /> · Payment: {paymentMethodInCapitals(order.paymentMethod)} · Shipping to {order.address.fullName}, {order.address.city}
      </p>
      <p className="mt-3">
        <PaymentBadge status={order.payment.status} />
      </p>
      {order.shipments.some((s) => s.arrival) && (
        <ul aria-label="Delivery dates" className="mx-auto mt-4 max-w-md space-y-2 text-sm">
          {order.shipments.map((s) => (
            <li key={s.vendorName}>
              {order.shipments.length > 1 && <p className="font-medium text-gray-900">Sold by {s.vendorName}</p>}
              {s.arrival ? <ArrivalText arrival={s.arrival} /> : <p className="text-gray-600">The seller will tell you when it ships.</p>}
            </li>
          ))}
        </ul>
      )}
      {order.paymentMethod === "bank_transfer" && (
        <div className="mt-6">
          <BankTransferDetails bank={bank} orderNumber={order.number} total={order.total} />
        </div>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Form method="post" action="/cart">
          <input type="hidden" name="intent" value="clear" />
          <input type="hidden" name="redirectTo" value="/" />
          <Button type="submit" size="lg">
            Continue Shopping
          </Button>
        </Form>
        <Link to={`/orders/${order.number}`} className={buttonClass("outline", "lg")}>
          View Order
        </Link>
      </div>
    </div>
  );
}
