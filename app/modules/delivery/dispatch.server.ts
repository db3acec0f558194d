import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { FieldErrors } from "~/lib/form";
import type { Refusal } from "~/lib/outcome";
import { pinUnknownMessage } from "~/modules/addresses/pin-codes";
import { lookupPin } from "~/modules/addresses/pin-directory.server";
import { DISPATCH_MESSAGES, parseDispatchSettings } from "./settings";

/**
 * A seller's dispatch settings: where it dispatches from, its handling time and its daily cut-off
 * (docs/product-rules.md, "Delivery dates"). A seller changes its own; the admin any seller's.
 */

type Db = Kysely<Database>;

export interface SellerDispatch {
  vendorId: string;
  vendorName: string;
  /** null until set: the seller's products show no delivery promise. */
  dispatchPin: string | null;
  handlingDays: number;
  /** HH:MM, India time */
  cutOff: string;
}

export async function sellerDispatch(db: Db, vendorId: string): Promise<SellerDispatch | null> {
  const row = await db.selectFrom("vendors").select(["id", "name", "dispatch_pin", "handling_days", "cut_off"]).where("id", "=", vendorId).executeTakeFirst();
  return row ? { vendorId: row.id, vendorName: row.name, dispatchPin: row.dispatch_pin, handlingDays: Number(row.handling_days), cutOff: row.cut_off } : null;
}

/** Who is saving: a seller, who may change only its own settings, or the admin. */
export type DispatchActor = { kind: "seller"; vendorId: string } | { kind: "admin" };

export type SaveDispatchOutcome = { ok: true; message: string } | (Refusal<"invalid" | "forbidden" | "not_found"> & { fieldErrors?: FieldErrors });

/** Saves a seller's dispatch settings from a form, checked; a seller naming another seller is refused. */
export async function saveSellerDispatch(db: Db, actor: DispatchActor, vendorId: string, values: Record<string, unknown>): Promise<SaveDispatchOutcome> {
  if (actor.kind === "seller" && actor.vendorId !== vendorId) return { ok: false, reason: "forbidden", message: DISPATCH_MESSAGES.notYours };
  const parsed = parseDispatchSettings(values);
  if (!parsed.ok) return { ok: false, reason: "invalid", message: Object.values(parsed.fieldErrors)[0] ?? DISPATCH_MESSAGES.dispatchPin, fieldErrors: parsed.fieldErrors };
  const { dispatchPin, handlingDays, cutOff } = parsed.value;
  if (!lookupPin(dispatchPin)) {
    const message = pinUnknownMessage(dispatchPin);
    return { ok: false, reason: "invalid", message, fieldErrors: { dispatchPin: message } };
  }
  const updated = await db.updateTable("vendors").set({ dispatch_pin: dispatchPin, handling_days: handlingDays, cut_off: cutOff }).where("id", "=", vendorId).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return { ok: false, reason: "not_found", message: DISPATCH_MESSAGES.noSeller };
  return { ok: true, message: DISPATCH_MESSAGES.saved };
}
