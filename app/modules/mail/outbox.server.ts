import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { JobQueue } from "~/modules/jobs/jobs";
import type { MailContent } from "./templates";

/** What a mail is about; the admin's Mail page shows it, and tests look mail up by it. */
export type MailKind =
  | "order-placed"
  | "order-shipped"
  | "order-delivered"
  | "order-cancelled"
  | "password-changed"
  | "password-reset"
  | "vendor-new-order"
  | "vendor-order-cancelled"
  | "vendor-approved"
  | "vendor-rejected"
  | "admin-vendor-registered"
  | "admin-contact-message";

/**
 * Where the shop's mail starts: a mail is written to the `mail` table and its delivery job added,
 * both in the caller's transaction, so a mail exists exactly when the event it announces does.
 * `link` makes the absolute addresses mails point to.
 */
export interface Outbox {
  jobs: JobQueue;
  link(pathname: string): string;
}

export function createOutbox(jobs: JobQueue, baseUrl: string): Outbox {
  const base = baseUrl.replace(/\/+$/, "");
  return { jobs, link: (pathname) => `${base}${pathname}` };
}

export interface NewMail {
  kind: MailKind;
  to: string;
  /** The order number or account the mail concerns. */
  reference: string | null;
  content: MailContent;
}

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

/** What a change that announces itself needs: the database, and the outbox its mail goes to. */
export interface Store {
  db: Kysely<Database>;
  outbox: Outbox;
}
