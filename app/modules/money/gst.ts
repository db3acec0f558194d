import type { Paise } from "./money";

/**
 * GST on the shop's goods: 18% (docs/product-rules.md). Defined here, in the lowest tier, so that
 * the catalogue (an MRP is never below the price with GST) and orders (totals and invoices) use
 * the same figure; orders/totals.ts passes it on to every page that states it.
 */
export const GST_RATE_PERCENT = 18;

/** GST on an amount, to the nearest paisa. */
export function gstOn(amount: Paise): Paise {
  return Math.round((amount * GST_RATE_PERCENT) / 100);
}

/**
 * One unit's price with its GST, as an order of that one unit charges it (orders/totals.ts
 * `orderTotals`): the total shown beside a price, and the lowest MRP a product may declare.
 */
export function priceWithGst(unitPrice: Paise): Paise {
  return unitPrice + gstOn(unitPrice);
}
