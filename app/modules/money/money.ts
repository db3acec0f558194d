import { formatIndian } from "~/lib/numbers";

/** Money is integer paise everywhere; this is the one place that turns it into text. */
export type Paise = number;

let compactFormatter: Intl.NumberFormat | undefined;

/**
 * ₹1,49,990 (shop and vendor views) or ₹1,49,990.00 (admin tables); `compact` gives ₹1.5L, ₹2.5Cr,
 * ₹50K for a chart's axis, where the full amount is in the chart's table.
 */
export function formatMoney(paise: Paise, { decimals = 0, compact = false }: { decimals?: 0 | 2; compact?: boolean } = {}): string {
  if (compact) {
    compactFormatter ??= new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", notation: "compact", maximumFractionDigits: 1 });
    return compactFormatter.format(paise / 100);
  }
  // As Intl's en-IN currency format says it (money.test.ts), without a formatter to set up.
  const amount = formatIndian(paise / 100, { min: decimals, max: decimals });
  return amount.startsWith("-") ? `-₹${amount.slice(1)}` : `₹${amount}`;
}

export function rupeesToPaise(rupees: number): Paise {
  return Math.round(rupees * 100);
}

/** Plain decimal rupee amount, as schema.org and payment providers expect ("149990.00"). */
export function paiseToDecimalString(paise: Paise): string {
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
