import { html } from "~/modules/mail/html";
import { button, composeMail, style, type MailContent } from "~/modules/mail/layout";
import { GRIEVANCE_PROMISE, type GrievanceEvent } from "./rules";

/** A complaint's mail (rules.ts for its states), rendered from plain data (mail.server.ts gathers it). */

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
  return composeMail(
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
  return composeMail(
    `New complaint ${m.number}: ${m.subject}`,
    [`${m.customerName} raised complaint ${m.number} (${m.category}).`, `Subject: ${m.subject}`, "", m.details, "", `Acknowledge it within 48 hours: ${m.ticketUrl}`],
    html`<h1 style="${style.h1}">New complaint ${m.number}</h1>
<p style="${style.p}">${m.customerName} raised a complaint (${m.category}).<br><strong>Subject:</strong> ${m.subject}</p>
<p style="${style.p};white-space:pre-wrap">${m.details}</p>
<p style="${style.p}">Acknowledge it within 48 hours.</p>
${button(m.ticketUrl, "Open the complaint")}`,
  );
}
