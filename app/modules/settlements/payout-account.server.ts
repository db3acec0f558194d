import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";
import type { FieldErrors } from "~/lib/form";
import type { Refusal } from "~/lib/outcome";
import { SecretUnreadable, type SecretBox } from "~/lib/secret-box.server";
import type { Store } from "~/modules/jobs/outbox.server";
import { announcePayoutAccountChanged } from "./mail.server";
import { maskAccountNumber, parsePayoutAccount, type PayoutAccountInput } from "./payout-account";

/**
 * Where a seller is paid (vendor_payout_accounts): the account number sealed in the secret box
 * under its own purpose and kept masked beside it for pages; who saved it and when. Only the
 * seller's own login or an administrator may change it, checked here against the database; every
 * change is mailed to the seller. A changed account forgets its Razorpay linked account, so the
 * next Route payout makes one for the new account.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export const PAYOUT_ACCOUNT_PURPOSE = "vendor_payout_accounts.account_number";

export const PAYOUT_ACCOUNT_OUTCOMES = {
  saved: "Payout details saved. We have emailed you about the change.",
  savedByAdmin: "Payout details saved. The seller has been emailed about the change.",
  unchanged: "Your payout details are unchanged.",
  forbidden: "Only the seller or an administrator may change these payout details.",
  noSeller: "Seller not found.",
} as const;

/** What pages show: never the account number, only its masked form. */
export interface PayoutAccountView {
  holderName: string;
  masked: string;
  ifsc: string;
  updatedAt: string;
  updatedByName: string | null;
}

export async function payoutAccountView(db: Db | Trx, vendorId: string): Promise<PayoutAccountView | null> {
  const row = await db
    .selectFrom("vendor_payout_accounts")
    .leftJoin("user", "user.id", "vendor_payout_accounts.updated_by")
    .select(["holder_name", "account_number_masked", "ifsc", "updated_at", "user.name as updated_by_name"])
    .where("vendor_id", "=", vendorId)
    .executeTakeFirst();
  if (!row) return null;
  return { holderName: row.holder_name, masked: row.account_number_masked, ifsc: row.ifsc, updatedAt: row.updated_at, updatedByName: row.updated_by_name ?? null };
}

/** The account in full, for paying into it (a Route linked account's settlement account); null when there is none or it cannot be opened. */
export interface PayoutAccount extends PayoutAccountInput {
  vendorId: string;
  razorpayAccountId: string | null;
  /** When it was last saved: a linked account is stored only against the details it was made from. */
  updatedAt: string;
}

export async function openPayoutAccount(db: Db | Trx, box: SecretBox, vendorId: string): Promise<PayoutAccount | null> {
  const row = await db.selectFrom("vendor_payout_accounts").selectAll().where("vendor_id", "=", vendorId).executeTakeFirst();
  if (!row) return null;
  try {
    return {
      vendorId,
      holderName: row.holder_name,
      accountNumber: box.open(row.account_number_sealed, PAYOUT_ACCOUNT_PURPOSE),
      ifsc: row.ifsc,
      razorpayAccountId: row.razorpay_account_id,
      updatedAt: row.updated_at,
    };
  } catch (e) {
    if (e instanceof SecretUnreadable) return null;
    throw e;
  }
}

/**
 * Writes a seller's payout details as given (checked already), sealed, and forgets the linked
 * account made for the old ones. For the seller's page use savePayoutAccount, which checks who
 * asks and mails the seller; the demo's seed writes through this directly.
 */
export async function writePayoutAccount(db: Db | Trx, box: SecretBox, vendorId: string, details: PayoutAccountInput, updatedBy: string | null, now = new Date()): Promise<void> {
  const values = {
    holder_name: details.holderName,
    account_number_sealed: box.seal(details.accountNumber, PAYOUT_ACCOUNT_PURPOSE),
    account_number_masked: maskAccountNumber(details.accountNumber),
    ifsc: details.ifsc,
    razorpay_account_id: null,
    updated_by: updatedBy,
    updated_at: now.toISOString(),
  };
  await db
    .insertInto("vendor_payout_accounts")
    .values({ vendor_id: vendorId, ...values })
    .onConflict((oc) => oc.column("vendor_id").doUpdateSet(values))
    .execute();
}

export type SavePayoutAccountOutcome =
  | { ok: true; message: string; changed: boolean }
  | (Refusal<"invalid"> & { fieldErrors: FieldErrors })
  | Refusal<"forbidden" | "not_found">;

/**
 * A seller's payout details, saved by the seller's own login or an administrator (anyone else is
 * refused, whatever vendor id they send). Checked with the page's own rules; saved sealed, with
 * who saved it; the seller is mailed in the same transaction. Saving the same details again
 * changes nothing.
 */
export async function savePayoutAccount(
  store: Store,
  box: SecretBox,
  input: { vendorId: string; actorUserId: string; details: unknown },
  now = new Date(),
): Promise<SavePayoutAccountOutcome> {
  const parsed = parsePayoutAccount(input.details);
  return store.db.transaction().execute(async (trx): Promise<SavePayoutAccountOutcome> => {
    const [vendor, actor] = await Promise.all([
      trx.selectFrom("vendors").select(["id", "owner_user_id"]).where("id", "=", input.vendorId).executeTakeFirst(),
      trx.selectFrom("user").select(["id", "role", "banned"]).where("id", "=", input.actorUserId).executeTakeFirst(),
    ]);
    const admin = actor?.role === "admin" && !actor.banned;
    const owner = actor !== undefined && !actor.banned && vendor !== undefined && vendor.owner_user_id === actor.id;
    if (!admin && !owner) return { ok: false, reason: "forbidden", message: PAYOUT_ACCOUNT_OUTCOMES.forbidden };
    if (!vendor) return { ok: false, reason: "not_found", message: PAYOUT_ACCOUNT_OUTCOMES.noSeller };
    if (!parsed.ok) return { ok: false, reason: "invalid", message: parsed.formError ?? "Check the highlighted fields.", fieldErrors: parsed.fieldErrors };
    const before = await openPayoutAccount(trx, box, vendor.id);
    const d = parsed.value;
    if (before && before.holderName === d.holderName && before.accountNumber === d.accountNumber && before.ifsc === d.ifsc) {
      return { ok: true, message: PAYOUT_ACCOUNT_OUTCOMES.unchanged, changed: false };
    }
    await writePayoutAccount(trx, box, vendor.id, d, input.actorUserId, now);
    const byAdmin = admin && !owner;
    await announcePayoutAccountChanged(trx, store.outbox, vendor.id, { userId: input.actorUserId, admin: byAdmin }, now);
    return { ok: true, message: byAdmin ? PAYOUT_ACCOUNT_OUTCOMES.savedByAdmin : PAYOUT_ACCOUNT_OUTCOMES.saved, changed: true };
  });
}

/**
 * Keeps the linked account Razorpay made for a seller's details, only while those are the details
 * it was made from (a change meanwhile wants a new one). False when they changed.
 */
export async function keepLinkedAccount(db: Db | Trx, vendorId: string, madeFor: { updatedAt: string }, razorpayAccountId: string): Promise<boolean> {
  const r = await db
    .updateTable("vendor_payout_accounts")
    .set({ razorpay_account_id: razorpayAccountId })
    .where("vendor_id", "=", vendorId)
    .where("updated_at", "=", madeFor.updatedAt)
    .where("razorpay_account_id", "is", null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
