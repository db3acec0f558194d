import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { Outbox } from "~/modules/jobs/outbox.server";
import { queueMail } from "~/modules/mail/queue-mail.server";
import { returnToCustomer, returnToSeller, type ReturnEvent, type ReturnMail } from "./mail";
import { reasonLabel } from "./rules";

type Db = Kysely<Database>;

/**
 * A return moved on: its customer and its seller are both told at every step, whoever took it (an
 * administrator may act for the seller), so each keeps a record in their inbox
 * (returns.server.ts).
 */
export async function announceReturn(trx: Db, outbox: Outbox, returnId: string, event: ReturnEvent): Promise<void> {
  const r = await trx
    .selectFrom("returns")
    .innerJoin("user", "user.id", "returns.customer_user_id")
    .innerJoin("vendors", "vendors.id", "returns.vendor_id")
    .leftJoin("user as owner", "owner.id", "vendors.owner_user_id")
    .select([
      "returns.number",
      "returns.order_number",
      "returns.product_name",
      "returns.quantity",
      "returns.reason",
      "returns.resolution",
      "returns.refund_total_paise",
      "returns.refund_to_masked",
      "returns.pickup_carrier",
      "returns.pickup_reference",
      "returns.replacement_carrier",
      "returns.replacement_tracking",
      "returns.decision_note",
      "user.name as customer_name",
      "user.email as customer_email",
      "vendors.name as vendor_name",
      "owner.email as owner_email",
    ])
    .where("returns.id", "=", returnId)
    .executeTakeFirstOrThrow();
  const m: ReturnMail = {
    event,
    number: r.number,
    orderNumber: r.order_number,
    productName: r.product_name,
    quantity: Number(r.quantity),
    reason: reasonLabel(r.reason),
    resolution: r.resolution,
    refundTotal: Number(r.refund_total_paise),
    refundTo: r.refund_to_masked,
    pickup: r.pickup_carrier && r.pickup_reference ? { carrier: r.pickup_carrier, reference: r.pickup_reference } : null,
    replacement: r.replacement_carrier ? { carrier: r.replacement_carrier, trackingNumber: r.replacement_tracking } : null,
    note: r.decision_note,
  };
  {
    await queueMail(trx, outbox, {
      kind: `return-${event}` as const,
      to: r.customer_email,
      reference: r.number,
      content: returnToCustomer({ ...m, customerName: r.customer_name, orderUrl: outbox.link(`/orders/${r.order_number}`) }),
    });
  }
  if (r.owner_email) {
    await queueMail(trx, outbox, {
      kind: `vendor-return-${event}` as const,
      to: r.owner_email,
      reference: r.number,
      content: returnToSeller({ ...m, vendorName: r.vendor_name, returnsUrl: outbox.link(`/vendor/returns?q=${encodeURIComponent(r.number)}`) }),
    });
  }
}
