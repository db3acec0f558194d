import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { deliverMail } from "~/modules/mail/delivery.server";
import type { Mailer } from "~/modules/mail/mailer.server";
import type { Outbox } from "~/modules/mail/outbox.server";
import type { Payments } from "~/modules/payments/gateway.server";
import { reconcileOrder, runRefund } from "~/modules/payments/online.server";
import type { JobHandlers, JobQueue } from "./jobs";

export interface WorkerDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  /** Payment jobs need both; without them only mail is worked (some tests). */
  outbox?: Outbox;
  payments?: Payments;
}

/** Every job the shop knows, and what does it. */
export function jobHandlers({ db, mailer, outbox, payments }: WorkerDeps): JobHandlers {
  const mail: JobHandlers = { "mail.send": deliverMail(db, mailer) };
  if (!outbox || !payments) return mail;
  const store = { db, outbox };
  return {
    ...mail,
    "payment.reconcile": async (job) => {
      await reconcileOrder(store, payments, job.data.orderId);
    },
    "payment.refund": (job) => runRefund(store, payments, job.data.refundId),
  };
}

/** Starts working the shop's jobs on this process: inside `npm start`, or alone in `npm run worker`. */
export async function startWorker(jobs: JobQueue, deps: WorkerDeps): Promise<void> {
  await jobs.work(jobHandlers(deps));
}
