import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { JobQueue } from "./jobs";

/**
 * The shop's transactional outbox: a change and the jobs that announce it (a mail to send, a
 * payment to check, a refund to ask for) are written in one transaction, so the work exists
 * exactly when the change does. Every domain writes and announces this way (docs/decisions/013);
 * mail is one user of it (mail/queue-mail.server.ts). `link` makes the absolute addresses that
 * announcements point to.
 */
export interface Outbox {
  jobs: JobQueue;
  link(pathname: string): string;
}

export function createOutbox(jobs: JobQueue, baseUrl: string): Outbox {
  const base = baseUrl.replace(/\/+$/, "");
  return { jobs, link: (pathname) => `${base}${pathname}` };
}

/** What a change that announces itself needs: the database to write in, and the outbox its jobs go to. */
export interface Store {
  db: Kysely<Database>;
  outbox: Outbox;
}
