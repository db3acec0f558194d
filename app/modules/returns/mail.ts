import { REFUND_CREDIT, REFUND_PROCESSING } from "~/modules/content/policies";
import { html } from "~/modules/mail/html";
import { button, composeMail, mailMoney, style, type MailContent } from "~/modules/mail/layout";
import type { Paise } from "~/modules/money/money";

/**
 * A return's mail (rules.ts for its states), rendered from plain data (mail.server.ts gathers it):
 * its customer and its seller are told of every step.
 */

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
      return `Return ${m.number} has been accepted. A refund of ${mailMoney(m.refundTotal)} has started${m.refundTo ? ` to ${m.refundTo}` : " to the original payment method"}: it is processed in ${REFUND_PROCESSING} and credited in ${REFUND_CREDIT}.`;
    case "replacement_shipped":
      return `The replacement for return ${m.number} has shipped${m.replacement?.carrier ? ` via ${m.replacement.carrier}, tracking number ${m.replacement.trackingNumber}` : ""}.`;
    case "closed":
      return `The replacement for return ${m.number} has been delivered. Return ${m.number} is closed.`;
  }
}

export function returnToCustomer(m: ReturnMail & { customerName: string; orderUrl: string }): MailContent {
  const news = returnNews(m);
  return composeMail(
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
  return composeMail(
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
