import { Money } from "~/components/ui/Money";
import { priceWithGst } from "~/modules/orders/totals";

/** One unit's total with GST, as one figure, beside the price before tax (docs/product-rules.md, "Legal details and disclosures"). */
export function PriceWithGst({ paise, className = "text-sm text-gray-700" }: { paise: number; className?: string }) {
  return (
    <p className={className}>
      <Money paise={priceWithGst(paise)} className="font-semibold text-gray-900" /> incl. GST
    </p>
  );
}
