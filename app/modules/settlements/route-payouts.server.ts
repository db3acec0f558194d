import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import type { SecretBox } from "~/lib/secret-box.server";
import type { Outbox, Store } from "~/modules/jobs/outbox.server";
import { formatMoney } from "~/modules/money/money";
import type { Payments, RazorpayAccount } from "~/modules/payments/gateway.server";
import { RazorpayError, type RazorpayTransfer } from "~/modules/payments/razorpay.server";
import { paymentSwitches } from "~/modules/payments/settings.server";
import { insertEntries, recordPayout, repeatedPayoutMessage, type PayoutOutcome } from "./ledger.server";
import { keepLinkedAccount, openPayoutAccount } from "./payout-account.server";

/**
 * Paying sellers through Razorpay Route (docs/decisions/023-settlements.md). A payout is written
 * at once as "processing", with its payout entries (the money leaves payable then), and its
 * `payout.transfer` job asks Razorpay: it makes the seller's linked account when it has none, and
 * a transfer whose idempotency key is the payout's id, so however often the job runs it transfers
 * once. How the transfer ended is read from Razorpay itself (the job, woken by each signed
 * transfer webhook), never from a webhook's body, so events late, repeated or out of order change
 * nothing. Processed: the payout is done. Failed: the payout fails with Razorpay's reason and
 * reversal entries give the money back to payable. A final status never changes, and reversals
 * are written by the one update that leaves "processing".
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export const ROUTE_PAYOUT_MESSAGES = {
  noAccount: "This seller has no payout bank account yet. The seller (or an administrator) adds it on the seller's Payout details page first.",
  razorpayOff: "Razorpay is not enabled in Payment Settings, so payouts cannot go through Razorpay Route. Turn it on, or pay by bank transfer.",
  transferFailed: "Razorpay could not complete the transfer.",
  reversed: "Razorpay reversed the transfer.",
  unreadableAccount: "The seller's payout bank account could not be read. Ask the seller to save it again, then pay again.",
} as const;

/** A pending transfer whose webhook has not come is asked about again after this long. */
export const TRANSFER_CHECK_AFTER_SECONDS = 30 * 60;

/**
 * Pays a seller everything payable now through Razorpay Route: refused while the seller has no
 * payout account or Razorpay is off; otherwise the payout is recorded "processing" with its
 * entries and its transfer job, in one transaction. The same idempotency key pays once.
 */
export async function payThroughRoute(store: Store, input: { vendorId: string; idempotencyKey: string; actorUserId: string | null }, now = new Date()): Promise<PayoutOutcome> {
  if (!(await paymentSwitches(store.db)).razorpay) return { ok: false, reason: "conflict", message: ROUTE_PAYOUT_MESSAGES.razorpayOff };
  return store.db.transaction().execute(async (trx): Promise<PayoutOutcome> => {
    const account = await trx.selectFrom("vendor_payout_accounts").select("vendor_id").where("vendor_id", "=", input.vendorId).executeTakeFirst();
    const seller = await trx.selectFrom("vendors").select("id").where("id", "=", input.vendorId).executeTakeFirst();
    if (seller && !account) return { ok: false, reason: "conflict", message: ROUTE_PAYOUT_MESSAGES.noAccount };
    const r = await recordPayout(trx, { ...input, method: "route", utr: null }, now);
    if (!r.ok) return r;
    if (r.repeated) return { ok: true, message: repeatedPayoutMessage(r.number), payoutId: r.payoutId, number: r.number, repeated: true };
    await store.outbox.jobs.add(trx, "payout.transfer", { payoutId: r.payoutId });
    return {
      ok: true,
      message: `Payout ${r.number} of ${formatMoney(r.amount, { decimals: 2 })} sent to Razorpay: it shows Processing until Razorpay confirms the transfer.`,
      payoutId: r.payoutId,
      number: r.number,
      repeated: false,
    };
  });
}

/** A refusal Razorpay will give again however often it is asked (not an outage, a rate limit or a request in progress). */
function refusedForGood(e: unknown): e is RazorpayError {
  return e instanceof RazorpayError && e.status >= 400 && e.status < 500 && e.status !== 409 && e.status !== 429;
}

/** Razorpay's reference id for a seller: at most 20 characters. */
export function routeReferenceId(vendorId: string): string {
  return vendorId.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 20);
}

/** The seller's phone as Razorpay takes it: digits and a leading +. */
export function routePhone(phone: string | null): string {
  return (phone ?? "").replace(/[\s()-]/g, "");
}

/** A linked account for the seller's current payout details, made and kept; throws while Razorpay cannot be reached. */
async function linkedAccountFor(db: Db, box: SecretBox, account: RazorpayAccount, vendorId: string): Promise<{ ok: true; id: string } | { ok: false; failure: string }> {
  const details = await openPayoutAccount(db, box, vendorId);
  if (!details) return { ok: false, failure: ROUTE_PAYOUT_MESSAGES.unreadableAccount };
  if (details.razorpayAccountId) return { ok: true, id: details.razorpayAccountId };
  const seller = await db
    .selectFrom("vendors")
    .leftJoin("user", "user.id", "vendors.owner_user_id")
    .select(["vendors.name", "vendors.phone", "user.name as owner_name", "user.email as owner_email"])
    .where("vendors.id", "=", vendorId)
    .executeTakeFirstOrThrow();
  let id: string;
  try {
    id = await account.api.createLinkedAccount({
      email: seller.owner_email ?? "",
      phone: routePhone(seller.phone),
      legalBusinessName: seller.name,
      contactName: seller.owner_name ?? details.holderName,
      referenceId: routeReferenceId(vendorId),
      bankAccount: { accountNumber: details.accountNumber, ifsc: details.ifsc, beneficiaryName: details.holderName },
    });
  } catch (e) {
    if (refusedForGood(e)) return { ok: false, failure: `Razorpay refused the seller's account: ${e.description}` };
    throw e;
  }
  // Saved again meanwhile: this linked account is for the old details; the next try makes one for the new.
  if (!(await keepLinkedAccount(db, vendorId, details, id))) throw new Error("the seller's payout details changed while its linked account was made: trying again");
  return { ok: true, id };
}

/**
 * The `payout.transfer` job: brings one Route payout forward. Without a transfer yet, it makes
 * the seller's linked account if needed and asks for the transfer (the payout's id its
 * idempotency key) and stores its id; with one, it fetches it. Either way the transfer's status
 * as Razorpay has it now is applied. Throws while Razorpay cannot be reached, so the job retries.
 */
export async function runRouteTransfer(store: Store, payments: Payments, box: SecretBox, payoutId: string, now = new Date()): Promise<void> {
  const { db } = store;
  const p = await db.selectFrom("payouts").selectAll().where("id", "=", payoutId).executeTakeFirst();
  if (!p || p.method !== "route" || p.status !== "processing") return;
  const account = await payments.razorpay();
  if (!account) throw new Error("Razorpay is not configured: the payout waits until it is");
  let transfer: RazorpayTransfer;
  if (p.razorpay_transfer_id) {
    try {
      transfer = await account.api.fetchTransfer(p.razorpay_transfer_id);
    } catch (e) {
      // The demo's sandbox forgets its transfers when it restarts (Razorpay never does): ask again.
      if (account.sandbox && e instanceof RazorpayError && e.status === 400 && /does not exist/i.test(e.description)) {
        await db.updateTable("payouts").set({ razorpay_transfer_id: null }).where("id", "=", p.id).where("razorpay_transfer_id", "=", p.razorpay_transfer_id).execute();
        return runRouteTransfer(store, payments, box, payoutId, now);
      }
      throw e;
    }
  } else {
    const linked = await linkedAccountFor(db, box, account, p.vendor_id);
    if (!linked.ok) {
      await db.transaction().execute((trx) => failPayout(trx, p.id, linked.failure, now));
      return;
    }
    try {
      transfer = await account.api.createTransfer({
        account: linked.id,
        amount: Number(p.amount_paise),
        idempotencyKey: p.id,
        notes: { payout_id: p.id, payout_number: p.number },
      });
    } catch (e) {
      if (refusedForGood(e)) {
        await db.transaction().execute((trx) => failPayout(trx, p.id, `Razorpay refused the transfer: ${e.description}`, now));
        return;
      }
      throw e;
    }
    await db.updateTable("payouts").set({ razorpay_transfer_id: transfer.id, updated_at: now.toISOString() }).where("id", "=", p.id).where("razorpay_transfer_id", "is", null).execute();
  }
  const applied = await db.transaction().execute((trx) => applyTransfer(trx, p.id, transfer, now));
  if (applied === "pending") await store.outbox.jobs.add(db, "payout.transfer", { payoutId: p.id }, { afterSeconds: TRANSFER_CHECK_AFTER_SECONDS });
}

/**
 * Applies a transfer's status, as fetched from Razorpay, to its payout: processed or failed from
 * "processing" only, so a final status never changes and a failure's reversal entries are written
 * once, whatever order and however often this runs.
 */
export async function applyTransfer(trx: Trx, payoutId: string, transfer: RazorpayTransfer, now = new Date()): Promise<"processed" | "failed" | "pending" | "settled"> {
  const stamp = now.toISOString();
  if (transfer.status === "processed") {
    const processedAt = transfer.processed_at ? new Date(transfer.processed_at * 1000).toISOString() : stamp;
    const r = await trx
      .updateTable("payouts")
      .set({ status: "processed", processed_at: processedAt, updated_at: stamp })
      .where("id", "=", payoutId)
      .where("status", "=", "processing")
      .where((eb) => eb.or([eb("razorpay_transfer_id", "is", null), eb("razorpay_transfer_id", "=", transfer.id)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1 ? "processed" : "settled";
  }
  if (transfer.status === "failed" || transfer.status === "reversed") {
    const why = transfer.status === "reversed" ? ROUTE_PAYOUT_MESSAGES.reversed : transfer.error.description?.trim() || ROUTE_PAYOUT_MESSAGES.transferFailed;
    return (await failPayout(trx, payoutId, why, now, transfer.id)) ? "failed" : "settled";
  }
  return "pending";
}

/** A processing payout fails: its reason kept, and one reversal per payout entry returns the money to payable. False when it had already ended. */
async function failPayout(trx: Trx, payoutId: string, failure: string, now: Date, transferId?: string): Promise<boolean> {
  const stamp = now.toISOString();
  let q = trx.updateTable("payouts").set({ status: "failed", failure, updated_at: stamp }).where("id", "=", payoutId).where("status", "=", "processing");
  if (transferId) q = q.where((eb) => eb.or([eb("razorpay_transfer_id", "is", null), eb("razorpay_transfer_id", "=", transferId)]));
  const r = await q.executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return false;
  const paid = await trx.selectFrom("ledger_entries").selectAll().where("payout_id", "=", payoutId).where("kind", "=", "payout").execute();
  if (paid.length > 0) {
    await insertEntries(
      trx,
      paid.map((e) => ({ ...e, id: crypto.randomUUID(), kind: "payout_reversal", amount_paise: -Number(e.amount_paise), created_at: stamp })),
    );
  }
  logger.warn({ payout: payoutId, failure }, "route payout failed: its money is payable again");
  return true;
}

/**
 * A signed transfer webhook, recorded once by the payments' webhook: wakes the payout's job,
 * which reads the transfer from Razorpay. The payout is found by the transfer's id, or by the
 * payout id the shop sent in its notes (the webhook may come before the job stored the id).
 */
export async function transferEventArrived(trx: Trx, outbox: Outbox, transfer: Pick<RazorpayTransfer, "id" | "notes">): Promise<void> {
  const noted = !Array.isArray(transfer.notes) && typeof transfer.notes?.payout_id === "string" ? transfer.notes.payout_id : null;
  let q = trx.selectFrom("payouts").select(["id", "status"]).where("method", "=", "route");
  q = q.where((eb) => (noted ? eb.or([eb("razorpay_transfer_id", "=", transfer.id), eb("id", "=", noted)]) : eb("razorpay_transfer_id", "=", transfer.id)));
  const p = await q.executeTakeFirst();
  if (!p) {
    logger.warn({ transfer: transfer.id }, "razorpay: a transfer webhook about no payout of ours");
    return;
  }
  if (p.status === "processing") await outbox.jobs.add(trx, "payout.transfer", { payoutId: p.id });
}

/** A seller's Route linked account as Razorpay keeps it, with the bank account it settles to. */
export interface KeptLinkedAccount {
  id: string;
  email: string;
  phone: string;
  legalBusinessName: string;
  contactName: string;
  referenceId: string;
  bankAccount: { accountNumber: string; ifsc: string; beneficiaryName: string };
  createdAt: string;
}

/**
 * The sellers' Route linked accounts the shop stored, each with its bank account (opened with the
 * secrets key). Razorpay keeps them; the sandbox forgets them when it stops, so the composition
 * root hands it these at start and their Route payouts still work after a restart.
 */
export async function linkedAccountsKept(db: Kysely<Database>, secrets: SecretBox): Promise<KeptLinkedAccount[]> {
  const rows = await db
    .selectFrom("vendor_payout_accounts")
    .innerJoin("vendors", "vendors.id", "vendor_payout_accounts.vendor_id")
    .leftJoin("user", "user.id", "vendors.owner_user_id")
    .select(["vendor_payout_accounts.vendor_id", "vendors.name", "vendors.phone", "user.name as owner_name", "user.email as owner_email"])
    .where("vendor_payout_accounts.razorpay_account_id", "is not", null)
    .execute();
  const remembered: KeptLinkedAccount[] = [];
  for (const r of rows) {
    const account = await openPayoutAccount(db, secrets, r.vendor_id);
    if (!account?.razorpayAccountId) continue;
    remembered.push({
      id: account.razorpayAccountId,
      email: r.owner_email ?? "",
      phone: routePhone(r.phone),
      legalBusinessName: r.name,
      contactName: r.owner_name ?? account.holderName,
      referenceId: routeReferenceId(r.vendor_id),
      bankAccount: { accountNumber: account.accountNumber, ifsc: account.ifsc, beneficiaryName: account.holderName },
      createdAt: account.updatedAt,
    });
  }
  return remembered;
}
