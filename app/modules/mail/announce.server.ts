import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { indiaDay } from "~/lib/india-time";
import { arrivalLine } from "~/modules/delivery/arrival";
import { RESET_LINK_MINUTES } from "~/modules/identity/reset";
import { categoryLabel, type GrievanceEvent } from "~/modules/grievances/rules";
import { reasonLabel } from "~/modules/returns/rules";
import type { Outbox } from "~/modules/jobs/outbox.server";
import { queueMail } from "./queue-mail.server";
import * as templates from "./templates";
import type { CancelReason, MailItem } from "./templates";

/**
 * The shop's announcements: each gathers the facts of one event inside the transaction that made
 * it (so it reads what that transaction wrote) and queues the mails it owes to the customer, the
 * sellers or the administrators. Templates render; this decides who hears what.
 */
type Db = Kysely<Database>;

async function orderFacts(trx: Db, orderId: string) {
  const order = await trx
    .selectFrom("orders")
    .innerJoin("user", "user.id", "orders.user_id")
    .select([
      "orders.id",
      "orders.number",
      "orders.status",
      "orders.created_at",
      "orders.sub_total_paise",
      "orders.shipping_paise",
      "orders.tax_paise",
      "orders.total_paise",
      "orders.payment_method",
      "orders.payment_status",
      "orders.ship_full_name",
      "orders.ship_phone",
      "orders.ship_line1",
      "orders.ship_line2",
      "orders.ship_city",
      "orders.ship_state",
      "orders.ship_postal_code",
      "user.name as customer_name",
      "user.email as customer_email",
    ])
    .where("orders.id", "=", orderId)
    .executeTakeFirstOrThrow();
  const items = await trx
    .selectFrom("order_items")
    .select(["vendor_id", "name", "quantity", "unit_price_paise", "line_total_paise"])
    .where("order_id", "=", orderId)
    .orderBy("position")
    .execute();
  const parts = await trx
    .selectFrom("order_parts")
    .innerJoin("vendors", "vendors.id", "order_parts.vendor_id")
    .leftJoin("user", "user.id", "vendors.owner_user_id")
    .select(["order_parts.vendor_id", "order_parts.status", "order_parts.amount_paise", "order_parts.carrier", "order_parts.tracking_number", "order_parts.promised_from", "order_parts.promised_to", "vendors.name as vendor_name", "user.email as owner_email"])
    .where("order_parts.order_id", "=", orderId)
    .orderBy("vendors.name")
    .execute();
  const itemsOf = (vendorId?: string): MailItem[] =>
    items
      .filter((i) => vendorId === undefined || i.vendor_id === vendorId)
      .map((i) => ({ name: i.name, quantity: Number(i.quantity), unitPrice: Number(i.unit_price_paise), lineTotal: Number(i.line_total_paise) }));
  return { order, parts, itemsOf };
}

/** Order placed: the customer's confirmation, and one "new order" to each seller for its own items. */
export async function announceOrderPlaced(trx: Db, outbox: Outbox, orderId: string): Promise<void> {
  const { order: o, parts, itemsOf } = await orderFacts(trx, orderId);
  await queueMail(trx, outbox, {
    kind: "order-placed",
    to: o.customer_email,
    reference: o.number,
    content: templates.orderPlaced({
      customerName: o.customer_name,
      number: o.number,
      placedAt: o.created_at,
      items: itemsOf(),
      subTotal: Number(o.sub_total_paise),
      shipping: Number(o.shipping_paise),
      tax: Number(o.tax_paise),
      total: Number(o.total_paise),
      paymentMethod: o.payment_method,
      address: { fullName: o.ship_full_name, line1: o.ship_line1, line2: o.ship_line2, city: o.ship_city, state: o.ship_state, postalCode: o.ship_postal_code, phone: o.ship_phone },
      orderUrl: outbox.link(`/orders/${o.number}`),
      deliveries: parts.flatMap((p) => {
        // As promised when placed: the day of the order, whenever a card or UPI payment lets this go out.
        const line = arrivalLine({ status: p.status, promisedFrom: p.promised_from, promisedTo: p.promised_to }, indiaDay(o.created_at));
        return line ? [{ sellerName: p.vendor_name, text: line.text }] : [];
      }),
    }),
  });
  for (const part of parts) {
    if (!part.owner_email) continue; // a seller without a login (none in practice) has nowhere to be told
    await queueMail(trx, outbox, {
      kind: "vendor-new-order",
      to: part.owner_email,
      reference: o.number,
      content: templates.vendorNewOrder({
        vendorName: part.vendor_name,
        number: o.number,
        placedAt: o.created_at,
        items: itemsOf(part.vendor_id),
        amount: Number(part.amount_paise),
        customerName: o.ship_full_name,
        city: o.ship_city,
        state: o.ship_state,
        paymentMethod: o.payment_method,
        ordersUrl: outbox.link(`/vendor/orders?expand=${encodeURIComponent(o.number)}`),
      }),
    });
  }
}

/** A seller's part moved on: the customer hears when it ships (with tracking) and when it arrives. */
export async function announcePartAdvanced(trx: Db, outbox: Outbox, orderId: string, vendorId: string, status: string): Promise<void> {
  if (status !== "shipped" && status !== "delivered") return;
  const { order: o, parts, itemsOf } = await orderFacts(trx, orderId);
  const part = parts.find((p) => p.vendor_id === vendorId);
  if (!part) return;
  const common = { customerName: o.customer_name, number: o.number, items: itemsOf(vendorId), partOfOrder: parts.length > 1, orderUrl: outbox.link(`/orders/${o.number}`) };
  await queueMail(
    trx,
    outbox,
    status === "shipped"
      ? { kind: "order-shipped", to: o.customer_email, reference: o.number, content: templates.partShipped({ ...common, sellerName: part.vendor_name, carrier: part.carrier, trackingNumber: part.tracking_number }) }
      : { kind: "order-delivered", to: o.customer_email, reference: o.number, content: templates.delivered({ ...common, sellerName: part.vendor_name }) },
  );
}

/**
 * An administrator set the whole order's status. Shipped and Delivered are announced once for the
 * order (with whatever tracking the sellers gave); Cancelled as a cancellation; the rest are the
 * shop's own bookkeeping and stay quiet.
 */
export async function announceOrderStatusSet(trx: Db, outbox: Outbox, orderId: string, status: string): Promise<void> {
  if (status === "cancelled") return announceOrderCancelled(trx, outbox, orderId, { why: "shop" });
  if (status !== "shipped" && status !== "delivered") return;
  const { order: o, parts, itemsOf } = await orderFacts(trx, orderId);
  const common = { customerName: o.customer_name, number: o.number, items: itemsOf(), partOfOrder: false, orderUrl: outbox.link(`/orders/${o.number}`) };
  const tracked = parts.filter((p) => p.carrier && p.tracking_number);
  await queueMail(
    trx,
    outbox,
    status === "shipped"
      ? {
          kind: "order-shipped",
          to: o.customer_email,
          reference: o.number,
          content: templates.partShipped({
            ...common,
            sellerName: "",
            carrier: tracked.length === 1 ? tracked[0]!.carrier : null,
            trackingNumber: tracked.length === 1 ? tracked[0]!.tracking_number : null,
          }),
        }
      : { kind: "order-delivered", to: o.customer_email, reference: o.number, content: templates.delivered({ ...common, sellerName: null }) },
  );
}

/** An order cancelled, by its customer or an administrator: the customer, and each seller so nothing ships. */
/**
 * `why`: the customer cancelled, the shop did, or no payment came in time. Sellers hear only of
 * orders they were told of (an unpaid online order never was).
 */
export async function announceOrderCancelled(trx: Db, outbox: Outbox, orderId: string, { why }: { why: CancelReason }): Promise<void> {
  const { order: o, parts, itemsOf } = await orderFacts(trx, orderId);
  await queueMail(trx, outbox, {
    kind: "order-cancelled",
    to: o.customer_email,
    reference: o.number,
    content: templates.orderCancelled({
      customerName: o.customer_name,
      number: o.number,
      total: Number(o.total_paise),
      why,
      paymentMethod: o.payment_method,
      refunding: o.payment_status === "refund_pending",
      orderUrl: outbox.link(`/orders/${o.number}`),
    }),
  });
  // Sellers hear of a card or UPI order once it is paid: one cancelled unpaid was never theirs.
  if (why === "unpaid" || ((o.payment_method === "card" || o.payment_method === "upi") && o.payment_status === "void")) return;
  for (const part of parts) {
    if (!part.owner_email) continue;
    await queueMail(trx, outbox, {
      kind: "vendor-order-cancelled",
      to: part.owner_email,
      reference: o.number,
      content: templates.vendorOrderCancelled({ vendorName: part.vendor_name, number: o.number, items: itemsOf(part.vendor_id), ordersUrl: outbox.link("/vendor/orders") }),
    });
  }
}

async function administrators(trx: Db): Promise<string[]> {
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
  const content = templates.adminVendorRegistered({ businessName: v.name, ownerName: v.owner_name, email: v.email, gstin: v.gstin, phone: v.phone, reviewUrl: outbox.link("/admin/users?role=vendor") });
  for (const to of await administrators(trx)) {
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
    content: templates.vendorDecision({ ownerName: v.owner_name, vendorName: v.name, approved, portalUrl: outbox.link("/vendor/dashboard") }),
  });
}

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
      content: templates.payoutAccountChanged({
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

/** A contact message arrived: every administrator gets it, with a link to answer it from. */
export async function announceContactMessage(trx: Db, outbox: Outbox, messageId: string): Promise<void> {
  const m = await trx.selectFrom("contact_messages").selectAll().where("id", "=", messageId).executeTakeFirstOrThrow();
  const content = templates.adminContactMessage({ name: m.name, email: m.email, phone: m.phone, subject: m.subject, message: m.message, messageUrl: outbox.link(`/admin/messages/${m.id}`) });
  for (const to of await administrators(trx)) {
    await queueMail(trx, outbox, { kind: "admin-contact-message", to, reference: m.email, content });
  }
}

/** A password changed (from the profile or by a reset link): the account's owner is told. */
export async function announcePasswordChanged(db: Db, outbox: Outbox, userId: string, now = new Date()): Promise<void> {
  const u = await db.selectFrom("user").select(["name", "email"]).where("id", "=", userId).executeTakeFirst();
  if (!u) return;
  await queueMail(db, outbox, {
    kind: "password-changed",
    to: u.email,
    reference: u.email,
    content: templates.passwordChanged({ name: u.name, changedAt: now.toISOString(), resetUrl: outbox.link("/forgot-password") }),
  });
}

/** A password reset link, asked for on /forgot-password (Better Auth makes the token). */
export async function announcePasswordReset(db: Db, outbox: Outbox, user: { name: string; email: string }, token: string): Promise<void> {
  await queueMail(db, outbox, {
    kind: "password-reset",
    to: user.email,
    reference: user.email,
    content: templates.passwordReset({ name: user.name, link: outbox.link(`/reset-password?token=${encodeURIComponent(token)}`), minutes: RESET_LINK_MINUTES }),
  });
}

/**
 * A return moved on: its customer and its seller are both told at every step, whoever took it (an
 * administrator may act for the seller), so each keeps a record in their inbox
 * (returns/returns.server.ts).
 */
export async function announceReturn(trx: Db, outbox: Outbox, returnId: string, event: templates.ReturnEvent): Promise<void> {
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
  const m: templates.ReturnMail = {
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
      content: templates.returnToCustomer({ ...m, customerName: r.customer_name, orderUrl: outbox.link(`/orders/${r.order_number}`) }),
    });
  }
  if (r.owner_email) {
    await queueMail(trx, outbox, {
      kind: `vendor-return-${event}` as const,
      to: r.owner_email,
      reference: r.number,
      content: templates.returnToSeller({ ...m, vendorName: r.vendor_name, returnsUrl: outbox.link(`/vendor/returns?q=${encodeURIComponent(r.number)}`) }),
    });
  }
}

/**
 * A complaint moved on (grievances/grievances.server.ts): its customer is told at every step,
 * with the reply or the closing note; a new one is also announced to every administrator.
 */
export async function announceGrievance(trx: Db, outbox: Outbox, grievanceId: string, event: GrievanceEvent, message: string | null): Promise<void> {
  const g = await trx
    .selectFrom("grievances")
    .innerJoin("user", "user.id", "grievances.customer_user_id")
    .select(["grievances.id", "grievances.number", "grievances.subject", "grievances.category", "grievances.details", "grievances.order_number", "user.name", "user.email"])
    .where("grievances.id", "=", grievanceId)
    .executeTakeFirstOrThrow();
  await queueMail(trx, outbox, {
    kind: `grievance-${event}`,
    to: g.email,
    reference: g.number,
    content: templates.grievanceToCustomer({
      event,
      customerName: g.name,
      number: g.number,
      subject: g.subject,
      orderNumber: g.order_number,
      message,
      ticketUrl: outbox.link(`/grievances/${g.id}`),
    }),
  });
  if (event !== "raised") return;
  const content = templates.adminGrievanceRaised({
    number: g.number,
    subject: g.subject,
    category: categoryLabel(g.category),
    customerName: g.name,
    details: g.details,
    ticketUrl: outbox.link(`/admin/grievances/${g.id}`),
  });
  for (const to of await administrators(trx)) await queueMail(trx, outbox, { kind: "admin-grievance-raised", to, reference: g.number, content });
}
