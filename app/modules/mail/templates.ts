import { BRAND } from "~/config/brand";
import { REFUND_CREDIT, REFUND_PROCESSING, RETURN_WINDOW_DAYS } from "~/modules/content/policies";
import { GRIEVANCE_PROMISE, type GrievanceEvent } from "~/modules/grievances/rules";
import { formatMoney, type Paise } from "~/modules/money/money";
import { formatOrderDateTime, formatShortDate } from "~/lib/dates";
import { GST_RATE_PERCENT } from "~/modules/orders/totals";
import { paymentMethodLabel } from "~/modules/payments/methods";
import { html, type SafeHtml } from "./html";
import { button, layout, style, textFooter } from "./layout";

/**
 * Every mail the shop sends, rendered from plain data: a subject, a plain-text part and an HTML
 * part, in Indian formatting (₹1,49,990, 24 Nov 2026). Nothing here reads the database; the
 * announcements (announce.server.ts) gather the facts and call these.
 */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

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

function mail(subject: string, text: string[], body: SafeHtml): MailContent {
  return { subject, text: [...text, ...textFooter()].join("\n"), html: layout({ title: subject, body }) };
}

const money = (p: Paise) => formatMoney(p, { decimals: 2 });

function itemLines(items: MailItem[]): string[] {
  return items.map((i) => `- ${i.name} × ${i.quantity}: ${money(i.lineTotal)}`);
}

function itemTable(items: MailItem[]): SafeHtml {
  return html`<table role="presentation" style="${style.table}">
<tr><th style="${style.th}">Item</th><th style="${style.th};${style.num}">Qty</th><th style="${style.th};${style.num}">Amount</th></tr>
${items.map((i) => html`<tr><td style="${style.td}">${i.name}<br><span style="color:#4b5563;font-size:13px">${money(i.unitPrice)} each</span></td><td style="${style.td};${style.num}">${i.quantity}</td><td style="${style.td};${style.num}">${money(i.lineTotal)}</td></tr>`)}
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
    ["Subtotal", money(m.subTotal)],
    ["Shipping", m.shipping === 0 ? "Free" : money(m.shipping)],
    [`GST (${GST_RATE_PERCENT}%)`, money(m.tax)],
    ["Total", money(m.total)],
  ];
  const method = paymentMethodLabel(m.paymentMethod);
  return mail(
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
  return mail(
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
  return mail(
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
  if (m.refunding) return `We have started a refund of ${money(m.total)} to your original payment method: it is credited in 5-7 business days.`;
  if (m.why === "unpaid" || m.paymentMethod === "card" || m.paymentMethod === "upi") return "Nothing was charged.";
  return `Any amount you paid (${money(m.total)}) will be refunded to your original payment method.`;
}

export function orderCancelled(m: OrderCancelledMail): MailContent {
  const why = CANCELLED_BECAUSE[m.why];
  const money_ = cancelledMoney(m);
  return mail(
    `Order ${m.number} has been cancelled`,
    [`Hello ${m.customerName},`, "", `${why} Order ${m.number}, total ${money(m.total)}.`, money_, "", `Your order: ${m.orderUrl}`],
    html`<h1 style="${style.h1}">Order ${m.number} has been cancelled</h1>
<p style="${style.p}">Hello ${m.customerName}, ${why.charAt(0).toLowerCase() + why.slice(1)}</p>
<p style="${style.p}">Order total: <strong>${money(m.total)}</strong>. ${money_}</p>
${button(m.orderUrl, "View your order")}`,
  );
}

export function passwordChanged(m: { name: string; changedAt: string; resetUrl: string }): MailContent {
  return mail(
    `Your ${BRAND.name} password was changed`,
    [
      `Hello ${m.name},`,
      "",
      `The password of your ${BRAND.name} account was changed on ${formatShortDate(m.changedAt)}. Other devices have been signed out.`,
      "",
      `If it wasn't you, reset your password now and tell us at ${BRAND.supportEmail}: ${m.resetUrl}`,
    ],
    html`<h1 style="${style.h1}">Your password was changed</h1>
<p style="${style.p}">Hello ${m.name}, the password of your ${BRAND.name} account was changed on ${formatShortDate(m.changedAt)}. Other devices have been signed out.</p>
<p style="${style.p}">If it wasn't you, reset your password now and tell us at ${BRAND.supportEmail}.</p>
${button(m.resetUrl, "Reset your password")}`,
  );
}

export function passwordReset(m: { name: string; link: string; minutes: number }): MailContent {
  return mail(
    `Reset your ${BRAND.name} password`,
    [
      `Hello ${m.name},`,
      "",
      `Someone asked to reset the password of your ${BRAND.name} account. To choose a new password, open this link within ${m.minutes} minutes:`,
      "",
      m.link,
      "",
      "If it wasn't you, ignore this email: your password stays as it is.",
    ],
    html`<h1 style="${style.h1}">Reset your password</h1>
<p style="${style.p}">Hello ${m.name}, someone asked to reset the password of your ${BRAND.name} account. To choose a new password, open this link within ${m.minutes} minutes:</p>
${button(m.link, "Choose a new password")}
<p style="${style.muted}">If it wasn't you, ignore this email: your password stays as it is.</p>`,
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
  return mail(
    `New order ${m.number} for ${m.vendorName}`,
    [
      `Hello ${m.vendorName},`,
      "",
      `You have a new order, ${m.number}, placed on ${formatShortDate(m.placedAt)} by ${m.customerName} (${m.city}, ${m.state}).`,
      "",
      ...itemLines(m.items),
      "",
      `Your items: ${money(m.amount)} before GST. Payment: ${method}.`,
      "",
      `Pack and ship it from the vendor portal: ${m.ordersUrl}`,
    ],
    html`<h1 style="${style.h1}">New order ${m.number}</h1>
<p style="${style.p}">Hello ${m.vendorName}, ${m.customerName} (${m.city}, ${m.state}) ordered on ${formatShortDate(m.placedAt)}:</p>
${itemTable(m.items)}
<p style="${style.p}">Your items: <strong>${money(m.amount)}</strong> before GST. Payment: ${method}.</p>
${button(m.ordersUrl, "Open the order in the vendor portal")}`,
  );
}

export interface PayoutAccountChangedMail {
  vendorName: string;
  holderName: string;
  /** The new account number, masked (••••••4321). */
  masked: string;
  ifsc: string;
  /** Who saved it: the seller's own login, or one of the shop's administrators. */
  changedBy: "seller" | "admin";
  changedByName: string;
  changedAt: string;
  detailsUrl: string;
}

/** The account a seller is paid into changed: said to the seller whoever changed it, so a change they did not make is noticed. */
export function payoutAccountChanged(m: PayoutAccountChangedMail): MailContent {
  const who = m.changedBy === "admin" ? `an administrator of ${BRAND.name} (${m.changedByName})` : `${m.changedByName}, from your vendor portal`;
  const when = formatOrderDateTime(m.changedAt);
  const account = `${m.holderName}, account ${m.masked}, IFSC ${m.ifsc}`;
  const warning = `If you did not ask for this change, write to us at once at ${BRAND.supportEmail}: payouts go to this account from now on.`;
  return mail(
    "Your payout bank account was changed",
    [`Hello ${m.vendorName},`, "", `The bank account your payouts go to was changed on ${when} by ${who}.`, "", `New account: ${account}.`, "", warning, "", `Your payout details: ${m.detailsUrl}`],
    html`<h1 style="${style.h1}">Your payout bank account was changed</h1>
<p style="${style.p}">Hello ${m.vendorName}, the bank account your payouts go to was changed on ${when} by ${who}.</p>
<p style="${style.p}">New account: <strong>${account}</strong>.</p>
<p style="${style.p}">${warning}</p>
${button(m.detailsUrl, "Your payout details")}`,
  );
}

export function vendorOrderCancelled(m: { vendorName: string; number: string; items: MailItem[]; ordersUrl: string }): MailContent {
  return mail(
    `Order ${m.number} was cancelled: do not ship it`,
    [`Hello ${m.vendorName},`, "", `Order ${m.number} has been cancelled. Please do not ship these items:`, "", ...itemLines(m.items), "", `Your orders: ${m.ordersUrl}`],
    html`<h1 style="${style.h1}">Order ${m.number} was cancelled</h1>
<p style="${style.p}">Hello ${m.vendorName}, order ${m.number} has been cancelled. Please do not ship these items:</p>
${itemTable(m.items)}
${button(m.ordersUrl, "Your orders")}`,
  );
}

export function vendorDecision(m: { ownerName: string; vendorName: string; approved: boolean; portalUrl: string }): MailContent {
  if (m.approved) {
    return mail(
      `${m.vendorName} is approved to sell on ${BRAND.name}`,
      [`Hello ${m.ownerName},`, "", `Good news: ${m.vendorName} has been approved. Your active products are now listed in the shop.`, "", `Open your vendor portal: ${m.portalUrl}`],
      html`<h1 style="${style.h1}">${m.vendorName} is approved</h1>
<p style="${style.p}">Hello ${m.ownerName}, good news: ${m.vendorName} has been approved. Your active products are now listed in the shop.</p>
${button(m.portalUrl, "Open your vendor portal")}`,
    );
  }
  return mail(
    `Your ${BRAND.name} seller application for ${m.vendorName}`,
    [`Hello ${m.ownerName},`, "", `We're sorry: we could not approve ${m.vendorName} as a seller on ${BRAND.name}.`, `If you think this is a mistake, write to ${BRAND.supportEmail} with your GSTIN and business details.`],
    html`<h1 style="${style.h1}">About your seller application</h1>
<p style="${style.p}">Hello ${m.ownerName}, we're sorry: we could not approve ${m.vendorName} as a seller on ${BRAND.name}.</p>
<p style="${style.p}">If you think this is a mistake, write to ${BRAND.supportEmail} with your GSTIN and business details.</p>`,
  );
}

// ---------------------------------------------------------------------------------------------
// To administrators

export function adminVendorRegistered(m: { businessName: string; ownerName: string; email: string; gstin: string | null; phone: string | null; reviewUrl: string }): MailContent {
  const details: [string, string][] = [
    ["Business", m.businessName],
    ["Owner", m.ownerName],
    ["Email", m.email],
    ["GSTIN", m.gstin ?? "Not given"],
    ["Phone", m.phone ?? "Not given"],
  ];
  return mail(
    `New vendor waiting for approval: ${m.businessName}`,
    ["A new vendor has registered and is waiting for approval.", "", ...details.map(([k, v]) => `${k}: ${v}`), "", `Review it: ${m.reviewUrl}`],
    html`<h1 style="${style.h1}">New vendor waiting for approval</h1>
<table role="presentation" style="${style.table}">${details.map(([k, v]) => html`<tr><td style="${style.td};width:30%;color:#4b5563">${k}</td><td style="${style.td}">${v}</td></tr>`)}</table>
${button(m.reviewUrl, "Review pending vendors")}`,
  );
}

export function adminContactMessage(m: { name: string; email: string; phone: string | null; subject: string; message: string; messageUrl: string }): MailContent {
  return mail(
    `New contact message: ${m.subject}`,
    [`From: ${m.name} <${m.email}>${m.phone ? `, ${m.phone}` : ""}`, `Subject: ${m.subject}`, "", m.message, "", `Open it in the admin panel: ${m.messageUrl}`],
    html`<h1 style="${style.h1}">New contact message</h1>
<p style="${style.p}"><strong>From:</strong> ${m.name} &lt;${m.email}&gt;${m.phone ? html`, ${m.phone}` : ""}<br><strong>Subject:</strong> ${m.subject}</p>
<p style="${style.p};white-space:pre-wrap">${m.message}</p>
${button(m.messageUrl, "Open in the admin panel")}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Returns (returns/rules.ts)

/** A return's step, as its customer and its seller hear of it. */
export type ReturnEvent = "requested" | "approved" | "rejected" | "withdrawn" | "picked_up" | "received" | "refused" | "refunded" | "replacement_shipped" | "closed";

export interface ReturnMail {
  event: ReturnEvent;
  number: string;
  orderNumber: string;
  productName: string;
  quantity: number;
  reason: string;
  resolution: string;
  refundTotal: Paise;
  /** Where a refund paid by hand goes, masked; null when it goes back through Razorpay. */
  refundTo: string | null;
  pickup: { carrier: string; reference: string } | null;
  replacement: { carrier: string | null; trackingNumber: string | null } | null;
  note: string | null;
}

function returnNews(m: ReturnMail): string {
  const item = `${m.productName} × ${m.quantity}`;
  switch (m.event) {
    case "requested":
      return `Return ${m.number} for ${item} (order ${m.orderNumber}) has been requested: ${m.reason}, for a ${m.resolution}.`;
    case "approved":
      return `Return ${m.number} has been approved.${m.pickup ? ` Pickup by ${m.pickup.carrier}, reference ${m.pickup.reference}.` : ""}`;
    case "rejected":
      return `Return ${m.number} has been rejected. Reason: ${m.note ?? "not given"}.`;
    case "withdrawn":
      return `Return ${m.number} has been withdrawn: nothing will be picked up.`;
    case "picked_up":
      return `The item of return ${m.number} has been picked up.`;
    case "received":
      return `The item of return ${m.number} has been received and accepted: the replacement is being prepared.`;
    case "refused":
      return `The item of return ${m.number} did not pass inspection and will be sent back. Reason: ${m.note ?? "not given"}.`;
    case "refunded":
      return `Return ${m.number} has been accepted. A refund of ${money(m.refundTotal)} has started${m.refundTo ? ` to ${m.refundTo}` : " to the original payment method"}: it is processed in ${REFUND_PROCESSING} and credited in ${REFUND_CREDIT}.`;
    case "replacement_shipped":
      return `The replacement for return ${m.number} has shipped${m.replacement?.carrier ? ` via ${m.replacement.carrier}, tracking number ${m.replacement.trackingNumber}` : ""}.`;
    case "closed":
      return `The replacement for return ${m.number} has been delivered. Return ${m.number} is closed.`;
  }
}

export function returnToCustomer(m: ReturnMail & { customerName: string; orderUrl: string }): MailContent {
  const news = returnNews(m);
  return mail(
    `Return ${m.number}: ${RETURN_EVENT_TITLES[m.event]}`,
    [`Hello ${m.customerName},`, "", news, "", `Your order: ${m.orderUrl}`],
    html`<h1 style="${style.h1}">Return ${m.number}: ${RETURN_EVENT_TITLES[m.event]}</h1>
<p style="${style.p}">Hello ${m.customerName},</p>
<p style="${style.p}">${news}</p>
${button(m.orderUrl, "View your order")}`,
  );
}

export function returnToSeller(m: ReturnMail & { vendorName: string; returnsUrl: string }): MailContent {
  const news = returnNews(m);
  const ask = m.event === "requested" ? "Please approve or reject it within 48 hours." : "";
  return mail(
    `Return ${m.number}: ${RETURN_EVENT_TITLES[m.event]}`,
    [`Hello ${m.vendorName},`, "", news, ...(ask ? [ask] : []), "", `Your returns: ${m.returnsUrl}`],
    html`<h1 style="${style.h1}">Return ${m.number}: ${RETURN_EVENT_TITLES[m.event]}</h1>
<p style="${style.p}">Hello ${m.vendorName},</p>
<p style="${style.p}">${news}</p>
${ask ? html`<p style="${style.p}">${ask}</p>` : ""}
${button(m.returnsUrl, "Open Returns")}`,
  );
}

const RETURN_EVENT_TITLES: Record<ReturnEvent, string> = {
  requested: "requested",
  approved: "approved",
  rejected: "rejected",
  withdrawn: "withdrawn",
  picked_up: "picked up",
  received: "received",
  refused: "refused on inspection",
  refunded: "refund started",
  replacement_shipped: "replacement shipped",
  closed: "replacement delivered",
};

// ---------------------------------------------------------------------------------------------
// Complaints (grievances/rules.ts)

export interface GrievanceMail {
  event: GrievanceEvent;
  customerName: string;
  number: string;
  subject: string;
  orderNumber: string | null;
  /** The reply, or the note the complaint was closed with, as the administrator wrote it. */
  message: string | null;
  ticketUrl: string;
}

const GRIEVANCE_EVENT_TITLES: Record<GrievanceEvent, string> = {
  raised: "complaint registered",
  acknowledged: "complaint acknowledged",
  replied: "a reply to your complaint",
  closed: "complaint closed",
};

function grievanceNews(m: GrievanceMail): string {
  const about = `your complaint “${m.subject}”${m.orderNumber ? ` about order ${m.orderNumber}` : ""}`;
  switch (m.event) {
    case "raised":
      return `We have registered ${about} as ticket ${m.number}. ${GRIEVANCE_PROMISE}`;
    case "acknowledged":
      return `Our grievance officer has acknowledged ${about} (ticket ${m.number}) and is looking into it. We will resolve it within one month of when you raised it.`;
    case "replied":
      return `Our grievance officer has replied to ${about} (ticket ${m.number}):`;
    case "closed":
      return `Our grievance officer has closed ${about} (ticket ${m.number}), with this note:`;
  }
}

/** A complaint's step, as its customer hears of it; what the officer wrote is quoted as text. */
export function grievanceToCustomer(m: GrievanceMail): MailContent {
  const news = grievanceNews(m);
  const title = `Ticket ${m.number}: ${GRIEVANCE_EVENT_TITLES[m.event]}`;
  return mail(
    title,
    [`Hello ${m.customerName},`, "", news, ...(m.message ? ["", m.message] : []), "", `Your complaint: ${m.ticketUrl}`],
    html`<h1 style="${style.h1}">${title}</h1>
<p style="${style.p}">Hello ${m.customerName},</p>
<p style="${style.p}">${news}</p>
${m.message ? html`<p style="${style.p};white-space:pre-wrap">${m.message}</p>` : ""}
${button(m.ticketUrl, "View your complaint")}`,
  );
}

/** A new complaint: every administrator hears of it, with its deadline to acknowledge. */
export function adminGrievanceRaised(m: { number: string; subject: string; category: string; customerName: string; details: string; ticketUrl: string }): MailContent {
  return mail(
    `New complaint ${m.number}: ${m.subject}`,
    [`${m.customerName} raised complaint ${m.number} (${m.category}).`, `Subject: ${m.subject}`, "", m.details, "", `Acknowledge it within 48 hours: ${m.ticketUrl}`],
    html`<h1 style="${style.h1}">New complaint ${m.number}</h1>
<p style="${style.p}">${m.customerName} raised a complaint (${m.category}).<br><strong>Subject:</strong> ${m.subject}</p>
<p style="${style.p};white-space:pre-wrap">${m.details}</p>
<p style="${style.p}">Acknowledge it within 48 hours.</p>
${button(m.ticketUrl, "Open the complaint")}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Questions on a seller's products (docs/product-rules.md, "Questions and answers")

/** A customer asked about one of the seller's products; the question is quoted as text. */
export function vendorQuestionAsked(m: { vendorName: string; productName: string; question: string; questionsUrl: string }): MailContent {
  const subject = `New question about ${m.productName}`;
  return mail(
    subject,
    [`Hello ${m.vendorName},`, "", `A customer asked a question about ${m.productName}:`, "", m.question, "", `Answer it in your portal: ${m.questionsUrl}`],
    html`<h1 style="${style.h1}">${subject}</h1>
<p style="${style.p}">Hello ${m.vendorName},</p>
<p style="${style.p}">A customer asked a question about ${m.productName}:</p>
<p style="${style.p};white-space:pre-wrap">${m.question}</p>
${button(m.questionsUrl, "Answer questions")}`,
  );
}

// Wishlist alerts (docs/product-rules.md, "Wishlist and alerts")

export interface WishlistAlertMail {
  customerName: string;
  productName: string;
  price: Paise;
  productUrl: string;
  wishlistUrl: string;
}

function alertFooter(m: WishlistAlertMail): { text: string[]; html: SafeHtml } {
  const note = "You asked to hear about this product. To stop these mails, turn off “Notify me” on your wishlist:";
  return { text: ["", note, m.wishlistUrl], html: html`<p style="${style.p};color:#4b5563;font-size:13px">${note} <a href="${m.wishlistUrl}">your wishlist</a>.</p>` };
}

/** A product the customer is waiting for is back in stock. */
export function wishlistBackInStock(m: WishlistAlertMail): MailContent {
  const title = `Back in stock: ${m.productName}`;
  const news = `${m.productName} is back in stock at ${money(m.price)}.`;
  const footer = alertFooter(m);
  return mail(
    title,
    [`Hello ${m.customerName},`, "", news, "", `See it: ${m.productUrl}`, ...footer.text],
    html`<h1 style="${style.h1}">${title}</h1>
<p style="${style.p}">Hello ${m.customerName},</p>
<p style="${style.p}">${news}</p>
${button(m.productUrl, "See the product")}
${footer.html}`,
  );
}

/** A wishlisted product's price dropped below the price it was saved at. */
export function wishlistPriceDrop(m: WishlistAlertMail & { savedPrice: Paise }): MailContent {
  const title = `Price drop: ${m.productName}`;
  const news = `${m.productName} now costs ${money(m.price)}, down from ${money(m.savedPrice)} when you saved it: you save ${money(m.savedPrice - m.price)}.`;
  const footer = alertFooter(m);
  return mail(
    title,
    [`Hello ${m.customerName},`, "", news, "", `See it: ${m.productUrl}`, ...footer.text],
    html`<h1 style="${style.h1}">${title}</h1>
<p style="${style.p}">Hello ${m.customerName},</p>
<p style="${style.p}">${news}</p>
${button(m.productUrl, "See the product")}
${footer.html}`,
  );
}

// Reviews: moderation and the "review what you bought" reminder (docs/product-rules.md, "Reviews")

export interface ReviewModeratedMail {
  customerName: string;
  productName: string;
  reviewTitle: string;
  /** The reason the administrator gave, as written. */
  reason: string;
  productUrl: string;
}

/** A review hidden by the shop: the reviewer is told which one and why, in the administrator's words. */
export function reviewHidden(m: ReviewModeratedMail): MailContent {
  const title = "Your review has been hidden";
  const news = `We have hidden your review “${m.reviewTitle}” of ${m.productName}. It no longer shows on the product page or counts in its rating. The reason:`;
  return mail(
    title,
    [`Hello ${m.customerName},`, "", news, "", m.reason, "", `If you think this is a mistake, reply to this mail. The product: ${m.productUrl}`],
    html`<h1 style="${style.h1}">${title}</h1>
<p style="${style.p}">Hello ${m.customerName},</p>
<p style="${style.p}">${news}</p>
<p style="${style.p};white-space:pre-wrap">${m.reason}</p>
<p style="${style.p}">If you think this is a mistake, reply to this mail.</p>
${button(m.productUrl, "View the product")}`,
  );
}

/** A hidden review shown again: the reviewer is told, with the administrator's note. */
export function reviewRestored(m: ReviewModeratedMail): MailContent {
  const title = "Your review is shown again";
  const news = `Your review “${m.reviewTitle}” of ${m.productName} is shown on the product page again and counts in its rating. Our note:`;
  return mail(
    title,
    [`Hello ${m.customerName},`, "", news, "", m.reason, "", `The product: ${m.productUrl}`],
    html`<h1 style="${style.h1}">${title}</h1>
<p style="${style.p}">Hello ${m.customerName},</p>
<p style="${style.p}">${news}</p>
<p style="${style.p};white-space:pre-wrap">${m.reason}</p>
${button(m.productUrl, "View the product")}`,
  );
}

/** A few days after delivery: the items of one delivered part not reviewed yet, each with its link. */
export function reviewReminder(m: { customerName: string; orderNumber: string; items: { name: string; reviewUrl: string }[]; profileUrl: string }): MailContent {
  const title = `How is your order ${m.orderNumber}?`;
  const ask = m.items.length === 1 ? "Tell other shoppers what you think of it:" : "Tell other shoppers what you think of them:";
  return mail(
    title,
    [
      `Hello ${m.customerName},`,
      "",
      `Your order ${m.orderNumber} was delivered a few days ago. ${ask}`,
      "",
      ...m.items.map((i) => `- ${i.name}: ${i.reviewUrl}`),
      "",
      `You can turn these mails off on your profile: ${m.profileUrl}`,
    ],
    html`<h1 style="${style.h1}">${title}</h1>
<p style="${style.p}">Hello ${m.customerName},</p>
<p style="${style.p}">Your order ${m.orderNumber} was delivered a few days ago. ${ask}</p>
<ul>${m.items.map((i) => html`<li style="${style.p}"><a href="${i.reviewUrl}">Review ${i.name}</a></li>`)}</ul>
<p style="${style.p};font-size:13px;color:#4b5563">You can turn these mails off on <a href="${m.profileUrl}">your profile</a>.</p>`,
  );
}
