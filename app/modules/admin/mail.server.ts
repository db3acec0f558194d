import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "~/db/schema";
import { containsIgnoringCase } from "~/lib/contains.server";
import { formValues } from "~/lib/form";
import { pageNumber, searchText } from "~/lib/list-query";
import { MESSAGES_PAGE_SIZE } from "./labels";

type Db = Kysely<Database>;

/** Rows per page: the admin lists' page size. */
export const MAIL_PAGE_SIZE = MESSAGES_PAGE_SIZE;

export const MAIL_STATUSES = ["queued", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export interface MailQuery {
  q: string;
  /** null: every status */
  status: MailStatus | null;
  page: number;
}

// A list link never fails: an unknown status is every status, a bad page is page 1, a long search is cut.
const mailQuerySchema = z.object({
  q: searchText(100),
  status: z
    .enum(MAIL_STATUSES)
    .nullish()
    .catch(null)
    .transform((s) => s ?? null),
  page: pageNumber(10_000),
});

export function parseMailQuery(params: URLSearchParams): MailQuery {
  return mailQuerySchema.parse({ q: params.get("q"), status: params.get("status") || null, page: params.get("page") ?? 1 });
}

const mailActionSchema = z.object({ intent: z.literal("resend"), mailId: z.string().trim().min(1).max(200) });

/** The Mail page's one post: Resend, naming the mail. Null when the post is not that. */
export function parseMailAction(form: FormData): z.infer<typeof mailActionSchema> | null {
  const parsed = mailActionSchema.safeParse(formValues(form));
  return parsed.success ? parsed.data : null;
}

export interface AdminMailRow {
  id: string;
  to: string;
  subject: string;
  /** The order number or account the mail concerns. */
  reference: string | null;
  /** An unknown stored status shows as queued: it is neither sent nor known to have failed. */
  status: MailStatus;
  attempts: number;
  /** Why the last try failed; shown on failed mail. */
  lastError: string | null;
  /** When it was sent, else when it was queued. */
  at: string;
}

export interface MailPage {
  rows: AdminMailRow[];
  /** Mail matching the search and filter. */
  total: number;
  /** All mail by status, whatever the search: what the filter's choices hold. */
  counts: Record<MailStatus | "all", number>;
  page: number;
  pageCount: number;
  pageSize: number;
}

function statusOf(stored: string): MailStatus {
  return (MAIL_STATUSES as readonly string[]).includes(stored) ? (stored as MailStatus) : "queued";
}

/** The shop's mail, newest first: filtered by status, searched by recipient, subject or reference, in pages. */
export async function listMail(db: Db, query: MailQuery): Promise<MailPage> {
  let filtered = db.selectFrom("mail");
  if (query.status) filtered = filtered.where("mail.status", "=", query.status);
  if (query.q) {
    const q = query.q;
    filtered = filtered.where((eb) =>
      eb.or([containsIgnoringCase(eb.ref("mail.to_address"), q), containsIgnoringCase(eb.ref("mail.subject"), q), containsIgnoringCase(eb.ref("mail.reference"), q)]),
    );
  }
  const [matching, byStatus] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst(),
    db
      .selectFrom("mail")
      .select((eb) => ["status", eb.fn.countAll<number>().as("n")])
      .groupBy("status")
      .execute(),
  ]);
  const counts: MailPage["counts"] = { all: 0, queued: 0, sent: 0, failed: 0 };
  for (const r of byStatus) {
    const n = Number(r.n);
    counts.all += n;
    counts[statusOf(r.status)] += n;
  }
  const total = Number(matching?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / MAIL_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await filtered
    .select(["mail.id", "mail.to_address", "mail.subject", "mail.reference", "mail.status", "mail.attempts", "mail.last_error", "mail.created_at", "mail.sent_at"])
    .orderBy("mail.created_at", "desc")
    .orderBy("mail.id", "desc")
    .limit(MAIL_PAGE_SIZE)
    .offset((page - 1) * MAIL_PAGE_SIZE)
    .execute();
  return {
    rows: rows.map((r) => {
      const status = statusOf(r.status);
      return {
        id: r.id,
        to: r.to_address,
        subject: r.subject,
        reference: r.reference,
        status,
        attempts: Number(r.attempts),
        lastError: status === "failed" ? r.last_error : null,
        at: status === "sent" && r.sent_at ? r.sent_at : r.created_at,
      };
    }),
    total,
    counts,
    page,
    pageCount,
    pageSize: MAIL_PAGE_SIZE,
  };
}

/** Mail that gave up (every try refused): the dashboard's Mail card says how many. */
export async function countFailedMail(db: Db): Promise<number> {
  const row = await db.selectFrom("mail").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "failed").executeTakeFirst();
  return Number(row?.n ?? 0);
}
