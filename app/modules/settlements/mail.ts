import { BRAND } from "~/config/brand";
import { formatOrderDateTime } from "~/lib/dates";
import { html } from "~/modules/mail/html";
import { button, composeMail, style, type MailContent } from "~/modules/mail/layout";

/** The sellers' payout mail, rendered from plain data (mail.server.ts gathers it). */

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
  return composeMail(
    "Your payout bank account was changed",
    [`Hello ${m.vendorName},`, "", `The bank account your payouts go to was changed on ${when} by ${who}.`, "", `New account: ${account}.`, "", warning, "", `Your payout details: ${m.detailsUrl}`],
    html`<h1 style="${style.h1}">Your payout bank account was changed</h1>
<p style="${style.p}">Hello ${m.vendorName}, the bank account your payouts go to was changed on ${when} by ${who}.</p>
<p style="${style.p}">New account: <strong>${account}</strong>.</p>
<p style="${style.p}">${warning}</p>
${button(m.detailsUrl, "Your payout details")}`,
  );
}
