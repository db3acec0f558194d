import { BRAND } from "~/config/brand";
import { formatShortDate } from "~/lib/dates";
import { html } from "~/modules/mail/html";
import { button, composeMail, style, type MailContent } from "~/modules/mail/layout";

/**
 * The accounts' mail, rendered from plain data (mail.server.ts gathers it): a password changed or
 * asked to be reset, a seller's registration (to the administrators) and the decision on it.
 */

export function passwordChanged(m: { name: string; changedAt: string; resetUrl: string }): MailContent {
  return composeMail(
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
  return composeMail(
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

export function vendorDecision(m: { ownerName: string; vendorName: string; approved: boolean; portalUrl: string }): MailContent {
  if (m.approved) {
    return composeMail(
      `${m.vendorName} is approved to sell on ${BRAND.name}`,
      [`Hello ${m.ownerName},`, "", `Good news: ${m.vendorName} has been approved. Your active products are now listed in the shop.`, "", `Open your vendor portal: ${m.portalUrl}`],
      html`<h1 style="${style.h1}">${m.vendorName} is approved</h1>
<p style="${style.p}">Hello ${m.ownerName}, good news: ${m.vendorName} has been approved. Your active products are now listed in the shop.</p>
${button(m.portalUrl, "Open your vendor portal")}`,
    );
  }
  return composeMail(
    `Your ${BRAND.name} seller application for ${m.vendorName}`,
    [`Hello ${m.ownerName},`, "", `We're sorry: we could not approve ${m.vendorName} as a seller on ${BRAND.name}.`, `If you think this is a mistake, write to ${BRAND.supportEmail} with your GSTIN and business details.`],
    html`<h1 style="${style.h1}">About your seller application</h1>
<p style="${style.p}">Hello ${m.ownerName}, we're sorry: we could not approve ${m.vendorName} as a seller on ${BRAND.name}.</p>
<p style="${style.p}">If you think this is a mistake, write to ${BRAND.supportEmail} with your GSTIN and business details.</p>`,
  );
}

export function adminVendorRegistered(m: { businessName: string; ownerName: string; email: string; gstin: string | null; phone: string | null; reviewUrl: string }): MailContent {
  const details: [string, string][] = [
    ["Business", m.businessName],
    ["Owner", m.ownerName],
    ["Email", m.email],
    ["GSTIN", m.gstin ?? "Not given"],
    ["Phone", m.phone ?? "Not given"],
  ];
  return composeMail(
    `New vendor waiting for approval: ${m.businessName}`,
    ["A new vendor has registered and is waiting for approval.", "", ...details.map(([k, v]) => `${k}: ${v}`), "", `Review it: ${m.reviewUrl}`],
    html`<h1 style="${style.h1}">New vendor waiting for approval</h1>
<table role="presentation" style="${style.table}">${details.map(([k, v]) => html`<tr><td style="${style.td};width:30%;color:#4b5563">${k}</td><td style="${style.td}">${v}</td></tr>`)}</table>
${button(m.reviewUrl, "Review pending vendors")}`,
  );
}
