import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { CartLine } from "~/modules/cart/cart";
import type { Product } from "~/modules/catalog/product";
import type { DeliveryEstimate } from "~/modules/delivery/estimate";
import { estimateDelivery } from "~/modules/delivery/estimate.server";
import { enabledPaymentMethods } from "~/modules/payments/settings.server";
import { quoteCart, type CartQuote } from "./orders.server";
import { orderTotals } from "./totals";

/**
 * A product's delivery to a PIN (the product page's "Deliver to" box and GET /delivery/estimate):
 * the cash-on-delivery limit is checked against what one of it costs as an order (price, GST and
 * shipping: `orderTotals`, as checkout counts), so the box never promises cash the checkout refuses
 * for that one item.
 */
export async function estimateForProduct(db: Kysely<Database>, product: Pick<Product, "vendorId" | "pricePaise">, pin: string, now = new Date()): Promise<DeliveryEstimate> {
  const orderValue = orderTotals([{ unitPrice: product.pricePaise, quantity: 1, vendorId: product.vendorId }]).total;
  const cashOnDelivery = (await enabledPaymentMethods(db)).includes("cod");
  return estimateDelivery(db, { pin, vendorIds: [product.vendorId], cashOnDelivery, orderValue, now });
}

/**
 * A cart's delivery to a PIN (the cart page and checkout's payment step): one line per seller in
 * the cart's order, and cash on delivery checked against the cart's total as checkout counts it
 * (`quoteCart`).
 */
export async function estimateForCart(db: Kysely<Database>, lines: CartLine[], pin: string, now = new Date()): Promise<DeliveryEstimate> {
  return estimateForQuote(db, await quoteCart(db, lines), pin, now);
}

/** The same for a cart already quoted. */
export async function estimateForQuote(db: Kysely<Database>, quote: CartQuote, pin: string, now = new Date()): Promise<DeliveryEstimate> {
  const cashOnDelivery = (await enabledPaymentMethods(db)).includes("cod");
  return estimateDelivery(db, { pin, vendorIds: quote.lines.map((l) => l.vendorId), cashOnDelivery, orderValue: quote.totals.total, now });
}
