import { formatMoney, type Paise } from "~/modules/money/money";

/** The one way to show an amount: en-IN grouping; no decimals in shop and vendor views, two in admin tables. */
export function Money({ paise, decimals = 0, className }: { paise: Paise; decimals?: 0 | 2; className?: string }) {
  return <span className={className}>{formatMoney(paise, { decimals })}</span>;
}
