import { GST_RATE_PERCENT, gstOn, priceWithGst } from "~/modules/gst/gst";
import type { Paise } from "~/modules/money/money";

/**
 * Free shipping when the subtotal is at least ₹10,000, otherwise ₹99; GST 18% of subtotal (docs/product-rules.md).
 * These are the only definitions: checkout computes with them and every page that states them
 * (cart, checkout, product, home, about, terms, refund and shipping policies) reads them from here.
 */
export const FREE_SHIPPING_FROM_PAISE: Paise = 10_000_00;
export const SHIPPING_FEE_PAISE: Paise = 99_00;
// GST's rate and rounding are GST's (gst/gst.ts); passed on here for the pages that state them with shipping.
export { GST_RATE_PERCENT, gstOn, priceWithGst };

export interface OrderTotals {
  subTotal: Paise;
  shipping: Paise;
  tax: Paise;
  total: Paise;
}

export function shippingFor(subTotal: Paise): Paise {
  return subTotal === 0 || subTotal >= FREE_SHIPPING_FROM_PAISE ? 0 : SHIPPING_FEE_PAISE;
}


/**
 * Totals of an order. The tax is computed per seller and added up, so that the order and each
 * seller's GST invoice always agree to the paisa.
 */
export function orderTotals(lines: readonly { unitPrice: Paise; quantity: number; vendorId?: string }[]): OrderTotals {
  const bySeller = new Map<string, Paise>();
  let subTotal = 0;
  for (const l of lines) {
    const amount = l.unitPrice * l.quantity;
    subTotal += amount;
    const key = l.vendorId ?? "";
    bySeller.set(key, (bySeller.get(key) ?? 0) + amount);
  }
  let tax = 0;
  for (const amount of bySeller.values()) tax += gstOn(amount);
  const shipping = shippingFor(subTotal);
  return { subTotal, shipping, tax, total: subTotal + shipping + tax };
}

