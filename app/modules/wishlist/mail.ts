import { html, type SafeHtml } from "~/modules/mail/html";
import { button, composeMail, mailMoney, style, type MailContent } from "~/modules/mail/layout";
import type { Paise } from "~/modules/money/money";

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
  const news = `${m.productName} is back in stock at ${mailMoney(m.price)}.`;
  const footer = alertFooter(m);
  return composeMail(
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
  const news = `${m.productName} now costs ${mailMoney(m.price)}, down from ${mailMoney(m.savedPrice)} when you saved it: you save ${mailMoney(m.savedPrice - m.price)}.`;
  const footer = alertFooter(m);
  return composeMail(
    title,
    [`Hello ${m.customerName},`, "", news, "", `See it: ${m.productUrl}`, ...footer.text],
    html`<h1 style="${style.h1}">${title}</h1>
<p style="${style.p}">Hello ${m.customerName},</p>
<p style="${style.p}">${news}</p>
${button(m.productUrl, "See the product")}
${footer.html}`,
  );
}
