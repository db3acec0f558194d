import { mrpSaving } from "~/modules/catalog/declarations";
import { formatMoney } from "~/modules/money/money";
import { priceWithGst } from "~/modules/gst/gst";

/**
 * One unit's total with GST, as one figure, beside the price before tax (docs/product-rules.md,
 * "Legal details and disclosures"). One text, "₹97,928 incl. GST", so it never reads as a second price.
 */
export function PriceWithGst({ paise, className = "text-sm text-gray-700" }: { paise: number; className?: string }) {
  return <p className={className}>{`${formatMoney(priceWithGst(paise))} incl. GST`}</p>;
}

/**
 * The MRP struck through, with what the customer saves against it, when it is above the total with
 * GST (mrpSaving); nothing otherwise. `compact` is the short form for cards, the cart and checkout:
 * "M.R.P. ₹1,09,990 · Save ₹12,062 (10%)", the MRP struck through. The struck figure keeps its label
 * inside the same element, so it never reads, alone, as a price to pay.
 */
export function MrpSaving({
  paise,
  mrpPaise,
  compact = false,
  className = "text-sm text-gray-600",
}: {
  paise: number;
  mrpPaise: number | null;
  compact?: boolean;
  className?: string;
}) {
  const saving = mrpSaving(paise, mrpPaise);
  if (!saving || mrpPaise === null) return null;
  const percent = saving.percent > 0 ? ` (${saving.percent}%)` : "";
  if (compact) {
    return (
      <p className={className} data-testid="mrp-saving">
        <s>{`M.R.P. ${formatMoney(mrpPaise)}`}</s>
        {` · Save ${formatMoney(saving.paise)}${percent}`}
      </p>
    );
  }
  return (
    <p className={className}>
      M.R.P. <s>{formatMoney(mrpPaise)}</s>
      {` (inclusive of all taxes) · You save ${formatMoney(saving.paise)}${percent}`}
    </p>
  );
}
