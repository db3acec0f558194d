import { BRAND } from "~/config/brand";
import { formatShortDate } from "~/lib/dates";
import { RETURN_WINDOW_DAYS } from "~/modules/content/policies";
import { html, type SafeHtml } from "~/modules/mail/html";
import { button, composeMail, mailMoney, style, type MailContent } from "~/modules/mail/layout";
import type { Paise } from "~/modules/money/money";
import { paymentMethodLabel } from "~/modules/payments/methods";
import { GST_RATE_PERCENT } from "./totals";

/**
 * The orders' mail, rendered from plain data (mail.server.ts gathers it): to the customer when an
 * order is placed, ships, arrives or is cancelled; to each seller when it has a new order or one
 * is cancelled. In Indian formatting (₹1,49,990.00, 24 Nov 2026); nothing here reads the database.
 */

export interface MailItem {
  name: string;
  quantity: number;
  unitPrice: Paise;
  lineTotal: Paise;
}

export interface MailAddress {
  fullName: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  postalCode: string;
  phone: string;
}

function itemLines(items: MailItem[]): string[] {
  return items.map((i) => `- ${i.name} × ${i.quantity}: ${mailMoney(i.lineTotal)}`);
}

function itemTable(items: MailItem[]): SafeHtml {
  return html`<table role="presentation" style="${style.table}">
<tr><th style="${style.th}">Item</th><th style="${style.th};${style.num}">Qty</th><th style="${style.th};${style.num}">Amount</th></tr>
${items.map((i) => html`<tr><td style="${style.td}">${i.name}<br><span style="color:#4b5563;font-size:13px">${mailMoney(i.unitPrice)} each</span></td><td style="${style.td};${style.num}">${i.quantity}</td><td style="${style.td};${style.num}">${mailMoney(i.lineTotal)}</td></tr>`)}
</table>`;
}

function addressLines(a: MailAddress): string[] {
  return [a.fullName, a.line1, ...(a.line2 ? [a.line2] : []), `${a.city}, ${a.state} ${a.postalCode}`, `Phone: ${a.phone}`];
}

// ---------------------------------------------------------------------------------------------
// To customers

export interface OrderPlacedMail {
  customerName: string;
  number: string;
  placedAt: string;
  items: MailItem[];
  subTotal: Paise;
  shipping: Paise;
  tax: Paise;
  total: Paise;
  paymentMethod: string;
  address: MailAddress;
  orderUrl: string;
  /** Each seller's delivery promise as the order page says it ("Delivery Thu 28 – Sat 30 Nov"); sellers without one are left out. */
  deliveries: { sellerName: string; text: string }[];
}

function deliveryLines(deliveries: OrderPlacedMail["deliveries"]): string[] {
  return deliveries.map((d) => `- ${d.sellerName}: ${d.text}`);
}

export function orderPlaced(m: OrderPlacedMail): MailContent {
  const totals: [string, string][] = [
    ["Subtotal", mailMoney(m.subTotal)],
    ["Shipping", m.shipping === 0 ? "Free" : mailMoney(m.shipping)],
    [`GST (${GST_RATE_PERCENT}%)`, mailMoney(m.tax)],
    ["Total", mailMoney(m.total)],
  ];
  const method = paymentMethodLabel(m.paymentMethod);
  return composeMail(
    `Order ${m.number} placed: thank you for shopping with ${BRAND.name}`,
    [
      `Hello ${m.customerName},`,
      "",
      `Thank you for your order. Order ${m.number} was placed on ${formatShortDate(m.placedAt)}.`,
      "",
      ...itemLines(m.items),
      "",
      ...totals.map(([k, v]) => `${k}: ${v}`),
      "",
      `Payment method: ${method}`,
      "",
      ...(m.deliveries.length > 0 ? ["Delivery dates:", ...deliveryLines(m.deliveries), ""] : []),
      "Shipping to:",
      ...addressLines(m.address),
      "",
      `See your order and its GST invoices: ${m.orderUrl}`,
    ],
    html`<h1 style="${style.h1}">Thank you for your order, ${m.customerName}</h1>
<p style="${style.p}">Order <strong>${m.number}</strong> was placed on ${formatShortDate(m.placedAt)}. We will write again when it ships.</p>
${itemTable(m.items)}
<table role="presentation" style="${style.table}">
${totals.map(([k, v], i) => html`<tr><td style="${style.td}${i === totals.length - 1 ? ";font-weight:bold" : ""}">${k}</td><td style="${style.td};${style.num}${i === totals.length - 1 ? ";font-weight:bold" : ""}">${v}</td></tr>`)}
</table>
<p style="${style.p}"><strong>Payment method:</strong> ${method}</p>
${m.deliveries.length > 0 ? html`<p style="${style.p}"><strong>Delivery dates:</strong>${m.deliveries.map((d) => html`<br>${d.sellerName}: ${d.text}`)}</p>` : ""}
<p style="${style.p}"><strong>Shipping to:</strong><br>${addressLines(m.address).map((l, i) => html`${i > 0 ? html`<br>` : ""}${l}`)}</p>
${button(m.orderUrl, `View order ${m.number}`)}`,
  );
}

export interface PartShippedMail {
  customerName: string;
  number: string;
  sellerName: string;
  items: MailItem[];
  carrier: string | null;
  trackingNumber: string | null;
  /** Whether other sellers' items of the order travel separately. */
  partOfOrder: boolean;
  orderUrl: string;
}

export function partShipped(m: PartShippedMail): MailContent {
  const what = m.partOfOrder ? `Items of your order ${m.number} from ${m.sellerName} have` : `Your order ${m.number} has`;
  const tracking = m.carrier && m.trackingNumber ? `Carrier: ${m.carrier}. Tracking number: ${m.trackingNumber}.` : "The seller will share tracking details on your order page.";
  return composeMail(
    `Order ${m.number} has shipped`,
    [`Hello ${m.customerName},`, "", `${what} shipped.`, tracking, "", ...itemLines(m.items), "", `Follow your order: ${m.orderUrl}`],
    html`<h1 style="${style.h1}">On its way: order ${m.number}</h1>
<p style="${style.p}">Hello ${m.customerName}, ${what.charAt(0).toLowerCase() + what.slice(1)} shipped.</p>
${m.carrier && m.trackingNumber ? html`<p style="${style.p}"><strong>Carrier:</strong> ${m.carrier}<br><strong>Tracking number:</strong> ${m.trackingNumber}</p>` : html`<p style="${style.p}">${tracking}</p>`}
${itemTable(m.items)}
${button(m.orderUrl, "Follow your order")}`,
  );
}

export interface DeliveredMail {
  customerName: string;
  number: string;
  sellerName: string | null;
  items: MailItem[];
  partOfOrder: boolean;
  orderUrl: string;
}

export function delivered(m: DeliveredMail): MailContent {
  const what = m.partOfOrder && m.sellerName ? `Items of your order ${m.number} from ${m.sellerName} have` : `Your order ${m.number} has`;
  return composeMail(
    `Order ${m.number} has been delivered`,
    [`Hello ${m.customerName},`, "", `${what} been delivered. We hope you enjoy them.`, "", ...itemLines(m.items), "", `Your order: ${m.orderUrl}`],
    html`<h1 style="${style.h1}">Delivered: order ${m.number}</h1>
<p style="${style.p}">Hello ${m.customerName}, ${what.charAt(0).toLowerCase() + what.slice(1)} been delivered. We hope you enjoy them.</p>
${itemTable(m.items)}
<p style="${style.muted}">Something not right? You can ask for a return or a replacement on your order page within ${RETURN_WINDOW_DAYS} days of delivery.</p>
${button(m.orderUrl, "View your order")}`,
  );
}

/** Who or what cancelled an order: the customer, the shop, or no payment within 30 minutes. */
export type CancelReason = "customer" | "shop" | "unpaid";

export interface OrderCancelledMail {
  customerName: string;
  number: string;
  total: Paise;
  why: CancelReason;
  paymentMethod: string;
  /** The order was paid online and its refund has started. */
  refunding: boolean;
  orderUrl: string;
}

const CANCELLED_BECAUSE: Record<CancelReason, string> = {
  customer: "As you asked, your order has been cancelled.",
  shop: `Your order has been cancelled by ${BRAND.name}.`,
  unpaid: "We did not receive the payment for your order within 30 minutes, so it has been cancelled.",
};

function cancelledMoney(m: OrderCancelledMail): string {
  if (m.paymentMethod === "cod") return "Nothing was charged: it was to be paid on delivery.";
  if (m.refunding) return `We have started a refund of ${mailMoney(m.total)} to your original payment method: it is credited in 5-7 business days.`;
  if (m.why === "unpaid" || m.paymentMethod === "card" || m.paymentMethod === "upi") return "Nothing was charged.";
  return `Any amount you paid (${mailMoney(m.total)}) will be refunded to your original payment method.`;
}

export function orderCancelled(m: OrderCancelledMail): MailContent {
  const why = CANCELLED_BECAUSE[m.why];
  const money_ = cancelledMoney(m);
  return composeMail(
    `Order ${m.number} has been cancelled`,
    [`Hello ${m.customerName},`, "", `${why} Order ${m.number}, total ${mailMoney(m.total)}.`, money_, "", `Your order: ${m.orderUrl}`],
    html`<h1 style="${style.h1}">Order ${m.number} has been cancelled</h1>
<p style="${style.p}">Hello ${m.customerName}, ${why.charAt(0).toLowerCase() + why.slice(1)}</p>
<p style="${style.p}">Order total: <strong>${mailMoney(m.total)}</strong>. ${money_}</p>
${button(m.orderUrl, "View your order")}`,
  );
}

// ---------------------------------------------------------------------------------------------
// To sellers

export interface VendorNewOrderMail {
  vendorName: string;
  number: string;
  placedAt: string;
  items: MailItem[];
  amount: Paise;
  /** Who and where to ship to, no more: the customer's email and phone stay with the shop. */
  customerName: string;
  city: string;
  state: string;
  paymentMethod: string;
  ordersUrl: string;
}

export function vendorNewOrder(m: VendorNewOrderMail): MailContent {
  const method = paymentMethodLabel(m.paymentMethod);
  return composeMail(
    `New order ${m.number} for ${m.vendorName}`,
    [
      `Hello ${m.vendorName},`,
      "",
      `You have a new order, ${m.number}, placed on ${formatShortDate(m.placedAt)} by ${m.customerName} (${m.city}, ${m.state}).`,
      "",
      ...itemLines(m.items),
      "",
      `Your items: ${mailMoney(m.amount)} before GST. Payment: ${method}.`,
      "",
      `Pack and ship it from the vendor portal: ${m.ordersUrl}`,
    ],
    html`<h1 style="${style.h1}">New order ${m.number}</h1>
<p style="${style.p}">Hello ${m.vendorName}, ${m.customerName} (${m.city}, ${m.state}) ordered on ${formatShortDate(m.placedAt)}:</p>
${itemTable(m.items)}
<p style="${style.p}">Your items: <strong>${mailMoney(m.amount)}</strong> before GST. Payment: ${method}.</p>
${button(m.ordersUrl, "Open the order in the vendor portal")}`,
  );
}

export function vendorOrderCancelled(m: { vendorName: string; number: string; items: MailItem[]; ordersUrl: string }): MailContent {
  return composeMail(
    `Order ${m.number} was cancelled: do not ship it`,
    [`Hello ${m.vendorName},`, "", `Order ${m.number} has been cancelled. Please do not ship these items:`, "", ...itemLines(m.items), "", `Your orders: ${m.ordersUrl}`],
    html`<h1 style="${style.h1}">Order ${m.number} was cancelled</h1>
<p style="${style.p}">Hello ${m.vendorName}, order ${m.number} has been cancelled. Please do not ship these items:</p>
${itemTable(m.items)}
${button(m.ordersUrl, "Your orders")}`,
  );
}
