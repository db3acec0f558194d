import { html } from "~/modules/mail/html";
import { button, composeMail, style, type MailContent } from "~/modules/mail/layout";

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
  return composeMail(
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
  return composeMail(
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
  return composeMail(
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
