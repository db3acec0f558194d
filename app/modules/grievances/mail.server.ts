import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { administratorEmails } from "~/modules/identity/mail.server";
import type { Outbox } from "~/modules/jobs/outbox.server";
import { queueMail } from "~/modules/mail/queue-mail.server";
import { adminGrievanceRaised, grievanceToCustomer } from "./mail";
import { categoryLabel, type GrievanceEvent } from "./rules";

type Db = Kysely<Database>;

/**
 * A complaint moved on (grievances.server.ts): its customer is told at every step,
 * with the reply or the closing note; a new one is also announced to every administrator.
 */
export async function announceGrievance(trx: Db, outbox: Outbox, grievanceId: string, event: GrievanceEvent, message: string | null): Promise<void> {
  const g = await trx
    .selectFrom("grievances")
    .innerJoin("user", "user.id", "grievances.customer_user_id")
    .select(["grievances.id", "grievances.number", "grievances.subject", "grievances.category", "grievances.details", "grievances.order_number", "user.name", "user.email"])
    .where("grievances.id", "=", grievanceId)
    .executeTakeFirstOrThrow();
  await queueMail(trx, outbox, {
    kind: `grievance-${event}`,
    to: g.email,
    reference: g.number,
    content: grievanceToCustomer({
      event,
      customerName: g.name,
      number: g.number,
      subject: g.subject,
      orderNumber: g.order_number,
      message,
      ticketUrl: outbox.link(`/grievances/${g.id}`),
    }),
  });
  if (event !== "raised") return;
  const content = adminGrievanceRaised({
    number: g.number,
    subject: g.subject,
    category: categoryLabel(g.category),
    customerName: g.name,
    details: g.details,
    ticketUrl: outbox.link(`/admin/grievances/${g.id}`),
  });
  for (const to of await administratorEmails(trx)) await queueMail(trx, outbox, { kind: "admin-grievance-raised", to, reference: g.number, content });
}
