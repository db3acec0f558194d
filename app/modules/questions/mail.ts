import { html } from "~/modules/mail/html";
import { button, composeMail, style, type MailContent } from "~/modules/mail/layout";

// Questions on a seller's products (docs/product-rules.md, "Questions and answers")

/** A customer asked about one of the seller's products; the question is quoted as text. */
export function vendorQuestionAsked(m: { vendorName: string; productName: string; question: string; questionsUrl: string }): MailContent {
  const subject = `New question about ${m.productName}`;
  return composeMail(
    subject,
    [`Hello ${m.vendorName},`, "", `A customer asked a question about ${m.productName}:`, "", m.question, "", `Answer it in your portal: ${m.questionsUrl}`],
    html`<h1 style="${style.h1}">${subject}</h1>
<p style="${style.p}">Hello ${m.vendorName},</p>
<p style="${style.p}">A customer asked a question about ${m.productName}:</p>
<p style="${style.p};white-space:pre-wrap">${m.question}</p>
${button(m.questionsUrl, "Answer questions")}`,
  );
}
