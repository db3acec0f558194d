import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { MESSAGES_PAGE_SIZE } from "./labels";

type Db = Kysely<Database>;

export { MESSAGES_PAGE_SIZE };

export interface MessageRow {
  id: string;
  name: string;
  email: string;
  subject: string;
  createdAt: string;
  read: boolean;
}

export interface MessagePage {
  messages: MessageRow[];
  total: number;
  unread: number;
  page: number;
  pageCount: number;
}

/** Contact messages, newest first, in pages. */
export async function listMessages(db: Db, requestedPage: number): Promise<MessagePage> {
  const counts = await db
    .selectFrom("contact_messages")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.count<number>(eb.case().when("read_at", "is", null).then(1).end()).as("unread")])
    .executeTakeFirst();
  const total = Number(counts?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / MESSAGES_PAGE_SIZE));
  const page = Math.min(requestedPage, pageCount);
  const rows = await db
    .selectFrom("contact_messages")
    .select(["id", "name", "email", "subject", "created_at", "read_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(MESSAGES_PAGE_SIZE)
    .offset((page - 1) * MESSAGES_PAGE_SIZE)
    .execute();
  return {
    messages: rows.map((r) => ({ id: r.id, name: r.name, email: r.email, subject: r.subject, createdAt: r.created_at, read: r.read_at !== null })),
    total,
    unread: Number(counts?.unread ?? 0),
    page,
    pageCount,
  };
}

export async function countUnreadMessages(db: Db): Promise<number> {
  const row = await db
    .selectFrom("contact_messages")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("read_at", "is", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  createdAt: string;
  readAt: string;
}

/** One message in full; opening it marks it read (the first opening's time is kept). */
export async function openMessage(db: Db, id: string, now = new Date()): Promise<ContactMessage | null> {
  if (!id || id.length > 200) return null;
  await db.updateTable("contact_messages").set({ read_at: now.toISOString() }).where("id", "=", id).where("read_at", "is", null).execute();
  const r = await db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirst();
  if (!r) return null;
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    subject: r.subject,
    message: r.message,
    createdAt: r.created_at,
    readAt: r.read_at ?? now.toISOString(),
  };
}
