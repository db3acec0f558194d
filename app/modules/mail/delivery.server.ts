import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { Refusal } from "~/lib/outcome";
import type { JobHandler } from "~/modules/jobs/jobs";
import type { Mailer } from "./mailer.server";
import type { Outbox } from "~/modules/jobs/outbox.server";
import { queueMail, type MailKind } from "./queue-mail.server";

/** The longest failure reason kept (an SMTP server's answer can be long). */
const MAX_REASON = 500;

/**
 * The "mail.send" job: sends one mail of the `mail` table, once. A mail already marked sent is
 * not sent again (a job handed out twice, a resend clicked twice); a failure is recorded on the
 * mail with its reason, as "failed" once no try is left, and thrown so the queue retries.
 */
export function deliverMail(db: Kysely<Database>, mailer: Mailer): JobHandler<"mail.send"> {
  return async (job) => {
    const mail = await db.selectFrom("mail").selectAll().where("id", "=", job.data.mailId).executeTakeFirst();
    if (!mail || mail.status === "sent") return;
    try {
      await mailer.send({ id: mail.id, to: mail.to_address, subject: mail.subject, text: mail.text_body, html: mail.html_body, createdAt: mail.created_at });
    } catch (e) {
      const reason = (e instanceof Error ? e.message : String(e)).slice(0, MAX_REASON);
      await db
        .updateTable("mail")
        .set((eb) => ({ status: job.lastAttempt ? "failed" : "queued", attempts: eb("attempts", "+", 1), last_error: reason, updated_at: new Date().toISOString() }))
        .where("id", "=", mail.id)
        .where("status", "!=", "sent")
        .execute();
      throw e;
    }
    const stamp = new Date().toISOString();
    await db
      .updateTable("mail")
      .set((eb) => ({ status: "sent", attempts: eb("attempts", "+", 1), last_error: null, sent_at: stamp, updated_at: stamp }))
      .where("id", "=", mail.id)
      .execute();
  };
}

export type ResendOutcome = { ok: true; message: string } | Refusal<"not_found" | "conflict">;

/**
 * The admin's Resend: a failed mail is tried again as it is (its tries start over); a mail that
 * was sent is sent once more as a new copy, so the record of the first stays. A mail still on its
 * way is left alone: a second job for it could send it twice.
 */
export async function resendMail(db: Kysely<Database>, outbox: Outbox, mailId: string): Promise<ResendOutcome> {
  return db.transaction().execute(async (trx) => {
    const mail = await trx.selectFrom("mail").selectAll().where("id", "=", mailId).executeTakeFirst();
    if (!mail) return { ok: false, reason: "not_found", message: "That mail no longer exists." };
    if (mail.status === "queued") return { ok: false, reason: "conflict", message: `“${mail.subject}” is still on its way; it can be sent again once it has been sent or has failed.` };
    if (mail.status === "sent") {
      await queueMail(trx, outbox, {
        kind: mail.kind as MailKind,
        to: mail.to_address,
        reference: mail.reference,
        content: { subject: mail.subject, text: mail.text_body, html: mail.html_body },
      });
      return { ok: true, message: `A new copy of “${mail.subject}” is on its way to ${mail.to_address}.` };
    }
    // Only from failed: two admins clicking Resend at once must not queue it twice.
    const r = await trx.updateTable("mail").set({ status: "queued", attempts: 0, updated_at: new Date().toISOString() }).where("id", "=", mail.id).where("status", "=", "failed").executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return { ok: false, reason: "conflict", message: `“${mail.subject}” is already on its way again.` };
    await outbox.jobs.add(trx, "mail.send", { mailId: mail.id });
    return { ok: true, message: `“${mail.subject}” to ${mail.to_address} will be sent again.` };
  });
}
