import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { administratorEmails } from "~/modules/identity/mail.server";
import type { Outbox } from "~/modules/jobs/outbox.server";
import { queueMail } from "~/modules/mail/queue-mail.server";
import { adminContactMessage } from "./mail";

type Db = Kysely<Database>;

/** A contact message arrived: every administrator gets it, with a link to answer it from. */
export async function announceContactMessage(trx: Db, outbox: Outbox, messageId: string): Promise<void> {
  const m = await trx.selectFrom("contact_messages").selectAll().where("id", "=", messageId).executeTakeFirstOrThrow();
  const content = adminContactMessage({ name: m.name, email: m.email, phone: m.phone, subject: m.subject, message: m.message, messageUrl: outbox.link(`/admin/messages/${m.id}`) });
  for (const to of await administratorEmails(trx)) {
    await queueMail(trx, outbox, { kind: "admin-contact-message", to, reference: m.email, content });
  }
}
