import { EstimateAnswer } from "~/components/delivery/DeliverTo";
import { MrpSaving } from "~/components/catalog/PriceWithGst";
import { OrderAmounts } from "~/components/orders/OrderAmounts";
import { Money } from "~/components/ui/Money";
import { formatMoney } from "~/modules/money/money";
import { CHECKOUT_STEPS } from "~/modules/orders/checkout";
import type { CartQuote } from "~/modules/orders/orders.server";
import { FREE_SHIPPING_FROM_PAISE } from "~/modules/orders/totals";
import type { DeliveryEstimate } from "~/modules/delivery/estimate";

/** The checkout's frame: where the customer is among its steps, and the order's summary beside them. */

export function StepIndicator({ current }: { current: 0 | 1 | 2 }) {
  return (
    <ol aria-label="Checkout steps" className="flex flex-wrap items-center gap-2 text-sm sm:gap-4">
      {CHECKOUT_STEPS.map((label, i) => (
        <li key={label} aria-current={i === current ? "step" : undefined} className="flex items-center gap-2">
          <span
            className={`flex h-7 w-7 items-center justify-center rounded-full text-xs font-bold ${
              i < current ? "bg-green-600 text-white" : i === current ? "bg-pink-600 text-white" : "bg-gray-200 text-gray-700"
            }`}
          >
            {i + 1}
          </span>
          <span className={i === current ? "font-semibold text-gray-900" : "text-gray-600"}>{label}</span>
          {i < CHECKOUT_STEPS.length - 1 && <span aria-hidden="true" className="mx-1 hidden h-px w-12 bg-gray-300 sm:block" />}
        </li>
      ))}
    </ol>
  );
}

export function Summary({ quote, delivery }: { quote: CartQuote; delivery?: DeliveryEstimate | undefined }) {
  const t = quote.totals;
  return (
    <aside aria-labelledby="summary-heading" className="h-fit rounded-xl border border-gray-200 bg-gray-50 p-6">
      <h2 id="summary-heading" className="text-lg font-semibold text-gray-900">
        Order Summary
      </h2>
      <ul className="mt-4 space-y-3 text-sm">
        {quote.lines.map((l) => (
          <li key={l.productId}>
            <div className="flex justify-between gap-4">
              <span className="text-gray-700">
                {l.name} <span className="text-gray-600">× {l.quantity}</span>
              </span>
              <Money paise={l.lineTotal} className="shrink-0 font-medium text-gray-900" />
            </div>
            <MrpSaving paise={l.lineTotal} mrpPaise={l.mrpPaise === null ? null : l.mrpPaise * l.quantity} compact className="mt-0.5 text-xs text-gray-600" />
          </li>
        ))}
      </ul>
      <OrderAmounts totals={t} testIds />
      <p className="mt-2 text-sm text-gray-700" data-testid="summary-incl-gst">
        <Money paise={t.total} className="font-semibold text-gray-900" /> in all, GST and shipping included
      </p>
      {t.shipping > 0 && <p className="mt-3 text-xs text-gray-600">{`Free shipping on orders of ${formatMoney(FREE_SHIPPING_FROM_PAISE)} or more.`}</p>}
      {delivery && (
        <section aria-labelledby="summary-delivery" className="mt-4 border-t border-gray-200 pt-4 text-sm">
          <h3 id="summary-delivery" className="font-semibold text-gray-900">
            Delivery
          </h3>
          <div className="mt-2">
            <EstimateAnswer estimate={delivery} withCashOnDelivery={false} />
          </div>
        </section>
      )}
    </aside>
  );
}
