import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { ContactInput } from "./contact.schema";

/** Stores a contact message for the team (the admin panel lists them). */
export async function saveContactMessage(db: Kysely<Database>, input: ContactInput, now = new Date()): Promise<string> {
  const id = crypto.randomUUID();
  await db
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
  return id;
}
