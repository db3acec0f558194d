import { mrpSaving } from "~/modules/catalog/declarations";
import { formatMoney } from "~/modules/money/money";
import { priceWithGst } from "~/modules/money/gst";

/**
 * One unit's total with GST, as one figure, beside the price before tax (docs/product-rules.md,
 * "Legal details and disclosures"). One text, "₹97,928 incl. GST", so it never reads as a second price.
 */
export function PriceWithGst({ paise, className = "text-sm text-gray-700" }: { paise: number; className?: string }) {
  return <p className={className}>{`${formatMoney(priceWithGst(paise))} incl. GST`}</p>;
}

/** The MRP struck through, with what the customer saves against it, when it is above the total with GST (mrpSaving); nothing otherwise. */
export function MrpSaving({ paise, mrpPaise, className = "text-sm text-gray-600" }: { paise: number; mrpPaise: number | null; className?: string }) {
  const saving = mrpSaving(paise, mrpPaise);
  if (!saving || mrpPaise === null) return null;
  return (
    <p className={className}>
      M.R.P. <s>{formatMoney(mrpPaise)}</s>
      {` (inclusive of all taxes) · You save ${formatMoney(saving.paise)}${saving.percent > 0 ? ` (${saving.percent}%)` : ""}`}
    </p>
  );
}
