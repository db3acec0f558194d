import { BRAND } from "~/config/brand";
import { formatMoney, type Paise } from "~/modules/money/money";
import { html, type SafeHtml } from "./html";

/**
 * The frame every mail shares. Mail clients ignore stylesheets and block remote images, so the
 * styles are inline, the brand is text, and nothing is loaded from any host.
 */
// The shop's pink (Tailwind pink-700, as its buttons), dark enough for white text on it.
const COLORS = { brand: "#be185d", text: "#111827", muted: "#4b5563", line: "#e5e7eb", page: "#f3f4f6" };

export const style = {
  h1: `margin:0 0 16px;font-size:20px;line-height:28px;color:${COLORS.text}`,
  p: `margin:0 0 12px;font-size:15px;line-height:22px;color:${COLORS.text}`,
  muted: `margin:0 0 12px;font-size:13px;line-height:20px;color:${COLORS.muted}`,
  table: "width:100%;border-collapse:collapse;margin:0 0 16px",
  th: `text-align:left;font-size:13px;color:${COLORS.muted};border-bottom:1px solid ${COLORS.line};padding:6px 0`,
  td: `font-size:14px;color:${COLORS.text};border-bottom:1px solid ${COLORS.line};padding:8px 0;vertical-align:top`,
  num: "text-align:right;white-space:nowrap;padding-left:12px",
  button: `display:inline-block;background:${COLORS.brand};color:#ffffff;text-decoration:none;font-weight:bold;font-size:15px;padding:12px 20px;border-radius:8px`,
};

export function button(href: string, label: string): SafeHtml {
  return html`<p style="margin:20px 0"><a href="${href}" style="${style.button}">${label}</a></p>`;
}

export function layout({ title, body }: { title: string; body: SafeHtml }): string {
  const a = BRAND.address;
  return html`<!doctype html>
<html lang="en-IN">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head>
<body style="margin:0;padding:0;background:${COLORS.page};font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.page};padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${COLORS.brand};padding:18px 24px;font-size:20px;font-weight:bold;color:#ffffff">${BRAND.name}</td></tr>
<tr><td style="padding:24px">${body}</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid ${COLORS.line};font-size:12px;line-height:18px;color:${COLORS.muted}">
${BRAND.name}, ${a.line1}, ${a.city}, ${a.state} ${a.postalCode}<br>
Questions? Write to ${BRAND.supportEmail} or call ${BRAND.phone}.
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`.value;
}

/** The plain-text part's closing lines. */
export function textFooter(): string[] {
  return ["", "—", `${BRAND.name}`, `Questions? Write to ${BRAND.supportEmail} or call ${BRAND.phone}.`];
}

/** What a mail says: a subject, a plain-text part and an HTML part. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/**
 * A mail in the shop's frame: the text part's lines with its footer, the body in the layout,
 * titled with the subject. Each domain writes its own mail with this (orders/mail.ts,
 * returns/mail.ts, …) from plain data, and reads no database to do it.
 */
export function composeMail(subject: string, text: string[], body: SafeHtml): MailContent {
  return { subject, text: [...text, ...textFooter()].join("\n"), html: layout({ title: subject, body }) };
}

/** Amounts in mail carry their paise (₹1,49,990.00), as an invoice's do. */
export function mailMoney(p: Paise): string {
  return formatMoney(p, { decimals: 2 });
}
