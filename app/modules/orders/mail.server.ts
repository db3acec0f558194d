import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { indiaDay } from "~/lib/india-time";
import { arrivalLine } from "~/modules/delivery/arrival";
import type { Outbox } from "~/modules/jobs/outbox.server";
import { queueMail } from "~/modules/mail/queue-mail.server";
import { delivered, orderCancelled, orderPlaced, partShipped, vendorNewOrder, vendorOrderCancelled, type CancelReason, type MailItem } from "./mail";

/**
 * What an order's changes announce: each gathers the facts of one event inside the transaction
 * that made it (so it reads what that transaction wrote) and queues the mails it owes to the
 * customer and the sellers (mail.ts renders them).
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
    content: orderPlaced({
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
      content: vendorNewOrder({
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
      ? { kind: "order-shipped", to: o.customer_email, reference: o.number, content: partShipped({ ...common, sellerName: part.vendor_name, carrier: part.carrier, trackingNumber: part.tracking_number }) }
      : { kind: "order-delivered", to: o.customer_email, reference: o.number, content: delivered({ ...common, sellerName: part.vendor_name }) },
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
          content: partShipped({
            ...common,
            sellerName: "",
            carrier: tracked.length === 1 ? tracked[0]!.carrier : null,
            trackingNumber: tracked.length === 1 ? tracked[0]!.tracking_number : null,
          }),
        }
      : { kind: "order-delivered", to: o.customer_email, reference: o.number, content: delivered({ ...common, sellerName: null }) },
  );
}

/**
 * An order cancelled, by its customer or an administrator: the customer, and each seller so
 * nothing ships. `why`: the customer cancelled, the shop did, or no payment came in time. Sellers
 * hear only of orders they were told of (an unpaid online order never was).
 */
export async function announceOrderCancelled(trx: Db, outbox: Outbox, orderId: string, { why }: { why: CancelReason }): Promise<void> {
  const { order: o, parts, itemsOf } = await orderFacts(trx, orderId);
  await queueMail(trx, outbox, {
    kind: "order-cancelled",
    to: o.customer_email,
    reference: o.number,
    content: orderCancelled({
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
      content: vendorOrderCancelled({ vendorName: part.vendor_name, number: o.number, items: itemsOf(part.vendor_id), ordersUrl: outbox.link("/vendor/orders") }),
    });
  }
}
