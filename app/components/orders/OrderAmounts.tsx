import { Money } from "~/components/ui/Money";
import type { OrderTotals } from "~/modules/orders/totals";
import { GST_RATE_PERCENT } from "~/modules/orders/totals";

/** Subtotal, shipping (Free at ₹0), GST and total: the same lines in checkout and on the order page. */
export function OrderAmounts({ totals, testIds = false }: { totals: OrderTotals; testIds?: boolean }) {
  const id = (name: string) => (testIds ? { "data-testid": `summary-${name}` } : {});
  return (
    <dl className="mt-4 space-y-2 border-t border-gray-200 pt-4 text-sm">
      <div className="flex justify-between">
        <dt className="text-gray-700">Subtotal</dt>
        <dd {...id("subtotal")}>
          <Money paise={totals.subTotal} />
        </dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-gray-700">Shipping</dt>
        <dd {...id("shipping")}>{totals.shipping === 0 ? "Free" : <Money paise={totals.shipping} />}</dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-gray-700">GST ({GST_RATE_PERCENT}%)</dt>
        <dd {...id("tax")}>
          <Money paise={totals.tax} />
        </dd>
      </div>
      <div className="flex justify-between border-t border-gray-200 pt-2 text-base font-bold text-gray-900">
        <dt>Total</dt>
        <dd {...id("total")}>
          <Money paise={totals.total} />
        </dd>
      </div>
    </dl>
  );
}
