import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { Outbox } from "~/modules/jobs/outbox.server";
import { queueMail } from "~/modules/mail/queue-mail.server";
import { adminVendorRegistered, passwordChanged, passwordReset, vendorDecision } from "./mail";
import { RESET_LINK_MINUTES } from "./reset";

/** What the accounts announce, each in the transaction of its change (mail.ts renders them). */
type Db = Kysely<Database>;

/** Where the shop's own news goes (a seller registered, a contact message, a complaint): every administrator not disabled. */
export async function administratorEmails(trx: Db): Promise<string[]> {
  // `banned` is a boolean on PostgreSQL and 0/1 on SQLite: compared here rather than in SQL.
  const rows = await trx.selectFrom("user").select(["email", "banned"]).where("role", "=", "admin").orderBy("email").execute();
  return rows.filter((r) => !r.banned).map((r) => r.email);
}

/** A new seller registered: every administrator hears that it waits for approval. */
export async function announceVendorRegistered(trx: Db, outbox: Outbox, vendorId: string): Promise<void> {
  const v = await trx
    .selectFrom("vendors")
    .innerJoin("user", "user.id", "vendors.owner_user_id")
    .select(["vendors.name", "vendors.gstin", "vendors.phone", "user.name as owner_name", "user.email"])
    .where("vendors.id", "=", vendorId)
    .executeTakeFirstOrThrow();
  const content = adminVendorRegistered({ businessName: v.name, ownerName: v.owner_name, email: v.email, gstin: v.gstin, phone: v.phone, reviewUrl: outbox.link("/admin/users?role=vendor") });
  for (const to of await administratorEmails(trx)) {
    await queueMail(trx, outbox, { kind: "admin-vendor-registered", to, reference: v.name, content });
  }
}

/** A seller approved or rejected: its owner hears which. */
export async function announceVendorDecision(trx: Db, outbox: Outbox, vendorId: string, approved: boolean): Promise<void> {
  const v = await trx
    .selectFrom("vendors")
    .innerJoin("user", "user.id", "vendors.owner_user_id")
    .select(["vendors.name", "user.name as owner_name", "user.email"])
    .where("vendors.id", "=", vendorId)
    .executeTakeFirst();
  if (!v) return;
  await queueMail(trx, outbox, {
    kind: approved ? "vendor-approved" : "vendor-rejected",
    to: v.email,
    reference: v.name,
    content: vendorDecision({ ownerName: v.owner_name, vendorName: v.name, approved, portalUrl: outbox.link("/vendor/dashboard") }),
  });
}

/** A password changed (from the profile or by a reset link): the account's owner is told. */
export async function announcePasswordChanged(db: Db, outbox: Outbox, userId: string, now = new Date()): Promise<void> {
  const u = await db.selectFrom("user").select(["name", "email"]).where("id", "=", userId).executeTakeFirst();
  if (!u) return;
  await queueMail(db, outbox, {
    kind: "password-changed",
    to: u.email,
    reference: u.email,
    content: passwordChanged({ name: u.name, changedAt: now.toISOString(), resetUrl: outbox.link("/forgot-password") }),
  });
}

/** A password reset link, asked for on /forgot-password (Better Auth makes the token). */
export async function announcePasswordReset(db: Db, outbox: Outbox, user: { name: string; email: string }, token: string): Promise<void> {
  await queueMail(db, outbox, {
    kind: "password-reset",
    to: user.email,
    reference: user.email,
    content: passwordReset({ name: user.name, link: outbox.link(`/reset-password?token=${encodeURIComponent(token)}`), minutes: RESET_LINK_MINUTES }),
  });
}
