import type { FormFailure } from "~/lib/form";
import { z } from "~/lib/zod";
import { parseShipment, type ShipmentErrors, type ShipmentInput } from "~/modules/orders/shipment";
import { nextStep } from "~/modules/orders/status";

/**
 * What a seller, or an administrator for the seller, may do to a return request: one schema and
 * one set of intent names, posted by the forms of /vendor/returns and /admin/returns alike. Each
 * post names the request and the state it was seen in (`from`), so a stale click changes nothing.
 */

export const SELLER_ACTION_INTENTS = ["approve", "reject", "picked-up", "accept", "refuse", "replacement"] as const;
export type SellerActionIntent = (typeof SELLER_ACTION_INTENTS)[number];

export type SellerAction =
  | { intent: "approve"; number: string; from: string; pickup: ShipmentInput }
  | { intent: "reject"; number: string; from: string; reason: string }
  | { intent: "picked-up"; number: string; from: string }
  | { intent: "accept"; number: string; from: string; restock: boolean; note: string }
  | { intent: "refuse"; number: string; from: string; note: string }
  | { intent: "replacement"; number: string; from: string; shipment: ShipmentInput | undefined };

/** A refused action, as the seller's page shows it: the one reply shape, naming the request and the form it was about. */
export type SellerActionReply = FormFailure & { number: string; intent: string };

/** What the seller's page says above a pickup or a shipment posted without its carrier or tracking number. */
export const SHIPMENT_NEEDED: Record<"approve" | "replacement", string> = {
  approve: "Enter the pickup carrier and reference to approve the return.",
  replacement: "Enter the carrier and tracking number to mark the replacement Shipped.",
};

/** The text field a domain refusal ("invalid") of an action belongs beside. */
export const SELLER_ACTION_FIELD: Partial<Record<SellerActionIntent, string>> = { reject: "reason", refuse: "note" };

const id = z.string().trim().min(1).max(200);
const text = z.string().max(1000).catch("");

const sellerActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), number: id, from: id, carrier: text, trackingNumber: text }),
  z.object({ intent: z.literal("reject"), number: id, from: id, reason: text }),
  z.object({ intent: z.literal("picked-up"), number: id, from: id }),
  z.object({ intent: z.literal("accept"), number: id, from: id, restock: z.literal("on").optional().catch(undefined), note: text }),
  z.object({ intent: z.literal("refuse"), number: id, from: id, note: text }),
  z.object({ intent: z.literal("replacement"), number: id, from: id, carrier: text.optional(), trackingNumber: text.optional() }),
]);

export type ParsedSellerAction = { ok: true; action: SellerAction } | { ok: false; fieldErrors: ShipmentErrors };

export function isSellerActionIntent(intent: string | undefined): intent is SellerActionIntent {
  return (SELLER_ACTION_INTENTS as readonly string[]).includes(intent ?? "");
}

/**
 * Reads one seller action from a post's values. Null when it is none (a 400); a pickup, or the
 * replacement's step to Shipped, without its carrier or tracking number is refused with the
 * fields' messages.
 */
export function parseSellerAction(values: Record<string, string>): ParsedSellerAction | null {
  const parsed = sellerActionSchema.safeParse(values);
  if (!parsed.success) return null;
  const a = parsed.data;
  switch (a.intent) {
    case "approve": {
      const s = parseShipment(a);
      return s.ok ? { ok: true, action: { intent: "approve", number: a.number, from: a.from, pickup: s.value } } : { ok: false, fieldErrors: s.errors };
    }
    case "reject":
      return { ok: true, action: { intent: "reject", number: a.number, from: a.from, reason: a.reason } };
    case "picked-up":
      return { ok: true, action: { intent: "picked-up", number: a.number, from: a.from } };
    case "accept":
      return { ok: true, action: { intent: "accept", number: a.number, from: a.from, restock: a.restock === "on", note: a.note } };
    case "refuse":
      return { ok: true, action: { intent: "refuse", number: a.number, from: a.from, note: a.note } };
    case "replacement": {
      // Only the step to Shipped takes a carrier and tracking number.
      if (nextStep(a.from) !== "shipped") return { ok: true, action: { intent: "replacement", number: a.number, from: a.from, shipment: undefined } };
      const s = parseShipment(a);
      return s.ok ? { ok: true, action: { intent: "replacement", number: a.number, from: a.from, shipment: s.value } } : { ok: false, fieldErrors: s.errors };
    }
  }
}
