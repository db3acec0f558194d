import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { Outbox } from "~/modules/jobs/outbox.server";
import { queueMail } from "~/modules/mail/queue-mail.server";
import { payoutAccountChanged } from "./mail";

type Db = Kysely<Database>;

/**
 * A seller's payout bank account was saved: the seller's owner is told, with the masked number, who
 * changed it and when, inside the transaction that saved it.
 */
export async function announcePayoutAccountChanged(trx: Db, outbox: Outbox, vendorId: string, by: { userId: string; admin: boolean }, now = new Date()): Promise<void> {
  const v = await trx
    .selectFrom("vendors")
    .innerJoin("user", "user.id", "vendors.owner_user_id")
    .innerJoin("vendor_payout_accounts", "vendor_payout_accounts.vendor_id", "vendors.id")
    .select(["vendors.name", "user.email", "vendor_payout_accounts.holder_name", "vendor_payout_accounts.account_number_masked", "vendor_payout_accounts.ifsc"])
    .where("vendors.id", "=", vendorId)
    .executeTakeFirst();
  if (!v) return;
  const actor = await trx.selectFrom("user").select("name").where("id", "=", by.userId).executeTakeFirst();
  await queueMail(
    trx,
    outbox,
    {
      kind: "vendor-payout-account-changed",
      to: v.email,
      reference: v.name,
      content: payoutAccountChanged({
        vendorName: v.name,
        holderName: v.holder_name,
        masked: v.account_number_masked,
        ifsc: v.ifsc,
        changedBy: by.admin ? "admin" : "seller",
        changedByName: actor?.name ?? (by.admin ? "an administrator" : v.name),
        changedAt: now.toISOString(),
        detailsUrl: outbox.link("/vendor/payments/details"),
      }),
    },
    now,
  );
}
