import { formatMoney } from "~/modules/money/money";
import { priceWithGst } from "~/modules/orders/totals";

/**
 * One unit's total with GST, as one figure, beside the price before tax (docs/product-rules.md,
 * "Legal details and disclosures"). One text, "₹97,928 incl. GST", so it never reads as a second price.
 */
export function PriceWithGst({ paise, className = "text-sm text-gray-700" }: { paise: number; className?: string }) {
  return <p className={className}>{`${formatMoney(priceWithGst(paise))} incl. GST`}</p>;
}
