import { html } from "~/modules/mail/html";
import { button, composeMail, style, type MailContent } from "~/modules/mail/layout";

/** A contact message, as the administrators receive it (mail.server.ts sends it). */

export function adminContactMessage(m: { name: string; email: string; phone: string | null; subject: string; message: string; messageUrl: string }): MailContent {
  return composeMail(
    `New contact message: ${m.subject}`,
    [`From: ${m.name} <${m.email}>${m.phone ? `, ${m.phone}` : ""}`, `Subject: ${m.subject}`, "", m.message, "", `Open it in the admin panel: ${m.messageUrl}`],
    html`<h1 style="${style.h1}">New contact message</h1>
<p style="${style.p}"><strong>From:</strong> ${m.name} &lt;${m.email}&gt;${m.phone ? html`, ${m.phone}` : ""}<br><strong>Subject:</strong> ${m.subject}</p>
<p style="${style.p};white-space:pre-wrap">${m.message}</p>
${button(m.messageUrl, "Open in the admin panel")}`,
  );
}
