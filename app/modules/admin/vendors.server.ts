import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { refreshListing } from "~/modules/catalog/products.server";
import { announceVendorDecision } from "~/modules/identity/mail.server";
import type { Store } from "~/modules/jobs/outbox.server";
import { ADMIN_MESSAGES, type VendorStatus } from "./labels";
import type { AdminOutcome } from "./users.server";

type Db = Kysely<Database>;

export interface PendingVendor {
  id: string;
  businessName: string;
  ownerId: string | null;
  ownerName: string | null;
  ownerEmail: string | null;
  gstin: string | null;
  phone: string | null;
  registeredAt: string;
}

/** Vendors waiting for a decision, oldest first (first come, first served). */
export async function listPendingVendors(db: Db, limit = 100): Promise<PendingVendor[]> {
  const rows = await db
    .selectFrom("vendors")
    .leftJoin("user", "user.id", "vendors.owner_user_id")
    .select([
      "vendors.id",
      "vendors.name",
      "vendors.gstin",
      "vendors.phone",
      "vendors.created_at",
      "vendors.owner_user_id",
      "user.name as owner_name",
      "user.email as owner_email",
    ])
    .where("vendors.status", "=", "pending")
    .orderBy("vendors.created_at", "asc")
    .orderBy("vendors.id", "asc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    businessName: r.name,
    ownerId: r.owner_user_id,
    ownerName: r.owner_name,
    ownerEmail: r.owner_email,
    gstin: r.gstin,
    phone: r.phone,
    registeredAt: r.created_at,
  }));
}

export async function countPendingVendors(db: Db): Promise<number> {
  const row = await db
    .selectFrom("vendors")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function vendorName(db: Db, vendorId: string): Promise<string | null> {
  const v = await db.selectFrom("vendors").select("name").where("id", "=", vendorId).executeTakeFirst();
  return v?.name ?? null;
}

/**
 * Approves or rejects a vendor. The shop's `listed` flag follows in the same transaction, so an
 * approved vendor's active products appear at once and a rejected one's stay hidden.
 */
export async function decideVendor({ db, outbox }: Store, vendorId: string, status: Exclude<VendorStatus, "pending">): Promise<AdminOutcome> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("vendors").select("status").where("id", "=", vendorId).executeTakeFirst();
    if (!before) return { ok: false, reason: "not_found", message: ADMIN_MESSAGES.vendorNotFound } as const;
    await trx.updateTable("vendors").set({ status }).where("id", "=", vendorId).execute();
    await refreshListing(trx, { vendorId });
    // The owner hears of a decision once: clicking Approve on an approved vendor says nothing new.
    if (before.status !== status) await announceVendorDecision(trx, outbox, vendorId, status === "approved");
    return { ok: true } as const;
  });
}
