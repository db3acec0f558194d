import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { Outbox } from "~/modules/jobs/outbox.server";
import type { MailContent } from "./layout";

/**
 * What a mail is about, named by the domain that sends it ("order-placed", "return-approved",
 * "vendor-question-asked", …): the admin's Mail page shows it, and tests look mail up by it.
 */
export type MailKind = string;

export interface NewMail {
  kind: MailKind;
  to: string;
  /** The order number or account the mail concerns. */
  reference: string | null;
  content: MailContent;
}

/**
 * A mail starts here: written to the `mail` table and its `mail.send` job added, both in the
 * caller's transaction (the outbox, jobs/outbox.server.ts), so it exists exactly when the event it
 * announces does; delivery.server.ts sends it.
 */
export async function queueMail(trx: Kysely<Database>, outbox: Outbox, mail: NewMail, now = new Date()): Promise<string> {
  const id = crypto.randomUUID();
  const stamp = now.toISOString();
  await trx
    .insertInto("mail")
    .values({
      id,
      kind: mail.kind,
      to_address: mail.to,
      subject: mail.content.subject,
      text_body: mail.content.text,
      html_body: mail.content.html,
      reference: mail.reference,
      status: "queued",
      last_error: null,
      created_at: stamp,
      sent_at: null,
      updated_at: stamp,
    })
    .execute();
  await outbox.jobs.add(trx, "mail.send", { mailId: id });
  return id;
}
