import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { deliverMail } from "~/modules/mail/delivery.server";
import type { Mailer } from "~/modules/mail/mailer.server";
import type { JobHandlers, JobQueue } from "./jobs";

/** Every job the shop knows, and what does it. */
export function jobHandlers({ db, mailer }: { db: Kysely<Database>; mailer: Mailer }): JobHandlers {
  return { "mail.send": deliverMail(db, mailer) };
}

/** Starts working the shop's jobs on this process: inside `npm start`, or alone in `npm run worker`. */
export async function startWorker(shop: { database: { db: Kysely<Database> }; jobs: JobQueue; mailer: Mailer }): Promise<void> {
  await shop.jobs.work(jobHandlers({ db: shop.database.db, mailer: shop.mailer }));
}
