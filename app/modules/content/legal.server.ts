import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { FieldErrors } from "~/lib/form";
import type { Refusal } from "~/lib/outcome";
import { LEGAL_MESSAGES, parseLegalDetails, type LegalDetails } from "./legal";

type Db = Kysely<Database>;

/**
 * The footer shows the legal details on every page, so they are read from memory, not queried
 * per request. A copy is kept per database handle and forgotten:
 * - whenever the page cache is emptied: at the commit of a write to `legal_details` (or any table
 *   a shared page shows) in this process, heard through app/db/write-watch.server.ts, and at
 *   another instance's or process's commit (server/catalogue-changes.ts calls forgetLegalDetails
 *   beside emptying the pages; wired in server/app.ts); and by saveLegalDetails itself;
 * - after LEGAL_CACHE_MS in any case, a bound should a change go unheard.
 * They are the same for every visitor, so shared pages stay shared (decision 020).
 */
export const LEGAL_CACHE_MS = 60_000;
const cached = new WeakMap<Db, { at: number; value: Promise<LegalDetails> }>();

export function forgetLegalDetails(db: Db): void {
  cached.delete(db);
}

/** The shop's legal details: the one way every page, invoice and mail reads them. */
export function legalDetails(db: Db, now = Date.now()): Promise<LegalDetails> {
  const hit = cached.get(db);
  if (hit && now - hit.at < LEGAL_CACHE_MS) return hit.value;
  const value = readLegalDetails(db);
  cached.set(db, { at: now, value });
  value.catch(() => forgetLegalDetails(db));
  return value;
}

async function readLegalDetails(db: Db): Promise<LegalDetails> {
  const r = await db.selectFrom("legal_details").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
  return {
    legalName: r.legal_name,
    cin: r.cin,
    registeredOffice: r.registered_office,
    gstin: r.gstin,
    grievanceOfficer: { name: r.grievance_officer_name, designation: r.grievance_officer_designation, email: r.grievance_officer_email, phone: r.grievance_officer_phone },
  };
}

export type SaveLegalOutcome = { ok: true; message: string } | (Refusal<"invalid"> & { fieldErrors: FieldErrors });

/** Saves the admin's form, checked field by field. */
export async function saveLegalDetails(db: Db, values: Record<string, unknown>, byUserId: string): Promise<SaveLegalOutcome> {
  const parsed = parseLegalDetails(values);
  if (!parsed.ok) return { ok: false, reason: "invalid", message: Object.values(parsed.fieldErrors)[0] ?? LEGAL_MESSAGES.legalName, fieldErrors: parsed.fieldErrors };
  const d = parsed.value;
  await db
    .updateTable("legal_details")
    .set({
      legal_name: d.legalName,
      cin: d.cin,
      registered_office: d.registeredOffice,
      gstin: d.gstin,
      grievance_officer_name: d.grievanceOfficer.name,
      grievance_officer_designation: d.grievanceOfficer.designation,
      grievance_officer_email: d.grievanceOfficer.email,
      grievance_officer_phone: d.grievanceOfficer.phone,
      updated_at: new Date().toISOString(),
      updated_by: byUserId,
    })
    .where("id", "=", 1)
    .execute();
  forgetLegalDetails(db);
  return { ok: true, message: LEGAL_MESSAGES.saved };
}
