import { announceContactMessage } from "./mail.server";
import type { Store } from "~/modules/jobs/outbox.server";
import type { ContactInput } from "./contact.schema";

/** Stores a contact message for the team (the admin panel lists them) and tells the administrators. */
export async function saveContactMessage({ db, outbox }: Store, input: ContactInput, now = new Date()): Promise<string> {
  const id = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("contact_messages")
    .values({
      id,
      name: input.name,
      email: input.email,
      phone: input.phone,
      subject: input.subject,
      message: input.message,
      created_at: now.toISOString(),
      read_at: null,
    })
      .execute();
    await announceContactMessage(trx, outbox, id);
  });
  return id;
}
