import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { indiaDay } from "~/lib/india-time";
import { sellerDeadlineLine, type ArrivalLine } from "~/modules/delivery/arrival";
import { ewayBillPartA, ewayBillRequired, consignmentValue, type EwayBillPartA } from "~/modules/gst/eway-bill";
import { customersMatching } from "~/modules/orders/admin-orders.server";
import { sellerInvoiceNumber } from "~/modules/orders/invoice";
import { parseOrderSearch } from "~/modules/orders/order-search";
import { fulfilmentTimeline } from "~/modules/orders/status";
import { vendorLedgerSales } from "~/modules/settlements/statements.server";
import { VENDOR_ORDERS_PAGE_SIZE, type VendorOrderQuery } from "./order-query";

type Db = Kysely<Database>;

export interface VendorOrderRow {
  number: string;
  customerName: string;
  customerEmail: string;
  createdAt: string;
  /** The vendor's own items of the order, in paise. */
  amount: number;
  status: string;
  /** The whole order's payment state (payments/payment-status.ts): a seller ships only once it may. */
  paymentStatus: string;
  itemCount: number;
}

export interface VendorOrderPage {
  rows: VendorOrderRow[];
  total: number;
  page: number;
  pageCount: number;
}

/**
 * The vendor's parts of orders (its Manage Orders page): searched by order number or customer name
 * or email, filtered by status, sorted by date or amount, paged, all in the query.
 */
export async function vendorOrders(db: Db, vendorId: string, query: VendorOrderQuery): Promise<VendorOrderPage> {
  let filtered = db.selectFrom("order_parts").where("order_parts.vendor_id", "=", vendorId);
  if (query.status !== "all") filtered = filtered.where("order_parts.status", "=", query.status);
  if (query.q) {
    const { numberPattern, customerPattern } = parseOrderSearch(query.q);
    filtered = filtered.where((eb) =>
      eb.or([
        ...(numberPattern ? [eb("order_parts.order_number", "like", numberPattern)] : []),
        ...(customerPattern ? [eb("order_parts.customer_user_id", "in", customersMatching(eb, customerPattern))] : []),
      ]),
    );
  }
  const countRow = await filtered.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
  const total = Number(countRow?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / VENDOR_ORDERS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const sortColumn = query.sort === "amount" ? "order_parts.amount_paise" : "order_parts.order_created_at";
  // The page's keys first, from the index alone; only those 20 rows are then joined to customers.
  const keys = filtered
    .select(["order_parts.order_id", "order_parts.order_created_at", "order_parts.amount_paise"])
    .orderBy(sortColumn, query.dir)
    .orderBy("order_parts.order_id", query.dir)
    .limit(VENDOR_ORDERS_PAGE_SIZE)
    .offset((page - 1) * VENDOR_ORDERS_PAGE_SIZE)
    .as("page");
  const outerSort = query.sort === "amount" ? "page.amount_paise" : "page.order_created_at";
  const rows = await db
    .selectFrom(keys)
    .innerJoin("order_parts", (j) => j.onRef("order_parts.order_id", "=", "page.order_id").on("order_parts.vendor_id", "=", vendorId))
    .innerJoin("user", "user.id", "order_parts.customer_user_id")
    .innerJoin("orders", "orders.id", "order_parts.order_id")
    .select([
      "order_parts.order_number",
      "order_parts.order_created_at",
      "order_parts.amount_paise",
      "order_parts.status",
      "order_parts.item_count",
      "orders.payment_status",
      "user.name",
      "user.email",
    ])
    .orderBy(outerSort, query.dir)
    .orderBy("page.order_id", query.dir)
    .execute();
  return {
    rows: rows.map((r) => ({
      number: r.order_number,
      customerName: r.name,
      customerEmail: r.email,
      createdAt: r.order_created_at,
      amount: Number(r.amount_paise),
      status: r.status,
      paymentStatus: r.payment_status,
      itemCount: Number(r.item_count),
    })),
    total,
    page,
    pageCount,
  };
}

export interface VendorOrderDetail {
  number: string;
  status: string;
  amount: number;
  carrier: string | null;
  trackingNumber: string | null;
  items: { productId: string; name: string; unitPrice: number; quantity: number; lineTotal: number }[];
  timeline: ReturnType<typeof fulfilmentTimeline>;
  /** The day promised to the customer when the order was placed, while the part is on its way ("Promised to the customer by Sat, 30 Nov"). */
  deadline: ArrivalLine | null;
  /**
   * A part worth more than ₹50,000 with tax (gst/eway-bill.ts): Part A of its e-way bill to copy
   * into the portal, and once shipped the bill's number. Null for a part that needs none.
   */
  ewayBill: { partA: EwayBillPartA; number: string | null } | null;
}

/** The vendor's own items of one order and its timeline; null when the vendor has no part in it. `now` dates the deadline line. */
export async function vendorOrderDetail(db: Db, vendorId: string, number: string, now = new Date()): Promise<VendorOrderDetail | null> {
  if (!/^RC-\d{6}$/.test(number)) return null;
  const part = await db
    .selectFrom("order_parts")
    .selectAll()
    .where("vendor_id", "=", vendorId)
    .where("order_number", "=", number)
    .executeTakeFirst();
  if (!part) return null;
  const [lines, history, ewayBill] = await Promise.all([
    db
      .selectFrom("order_items")
      .select(["product_id", "vendor_id", "name", "hsn_code", "unit_price_paise", "quantity", "line_total_paise"])
      .where("order_id", "=", part.order_id)
      .orderBy("position")
      .execute(),
    db
      .selectFrom("order_status_history")
      .select(["status", "created_at"])
      .where("order_id", "=", part.order_id)
      .where("vendor_id", "=", vendorId)
      .orderBy("created_at")
      .execute(),
    ewayBillRequired(consignmentValue(Number(part.amount_paise)))
      ? Promise.all([
          db.selectFrom("orders").select(["created_at", "buyer_gstin", "ship_postal_code"]).where("id", "=", part.order_id).executeTakeFirstOrThrow(),
          db.selectFrom("vendors").select(["gstin", "dispatch_pin"]).where("id", "=", vendorId).executeTakeFirstOrThrow(),
        ])
      : null,
  ]);
  const items = lines.filter((i) => i.vendor_id === vendorId);
  return {
    number: part.order_number,
    status: part.status,
    amount: Number(part.amount_paise),
    carrier: part.carrier,
    trackingNumber: part.tracking_number,
    items: items.map((i) => ({
      productId: i.product_id,
      name: i.name,
      unitPrice: Number(i.unit_price_paise),
      quantity: Number(i.quantity),
      lineTotal: Number(i.line_total_paise),
    })),
    timeline: fulfilmentTimeline(
      part.status,
      part.order_created_at,
      history.map((h) => ({ status: h.status, createdAt: h.created_at })),
    ),
    deadline: sellerDeadlineLine({ status: part.status, promisedFrom: part.promised_from, promisedTo: part.promised_to }, indiaDay(now)),
    ewayBill: ewayBill && {
      partA: ewayBillPartA({
        supplierGstin: ewayBill[1].gstin,
        dispatchPin: ewayBill[1].dispatch_pin,
        buyerGstin: ewayBill[0].buyer_gstin,
        deliveryPin: ewayBill[0].ship_postal_code,
        invoiceNumber: sellerInvoiceNumber(part.order_number, lines.map((l) => l.vendor_id), vendorId) ?? "",
        invoicedAt: ewayBill[0].created_at,
        taxable: Number(part.amount_paise),
        hsnCodes: items.map((i) => i.hsn_code),
      }),
      number: part.eway_bill_number,
    },
  };
}

export interface VendorFigures {
  revenue: number;
  thisMonth: number;
  lastMonth: number;
  orders: number;
  customers: number;
}

/**
 * The vendor dashboard's figures. The money comes from the ledger, as the Payments tab's does:
 * what delivered items sold for, GST included, less refunds, dated at delivery and at refund
 * (vendorLedgerSales). Orders and customers count every part of an order not cancelled, delivered
 * or not yet.
 */
export async function vendorFigures(db: Db, vendorId: string, now = new Date()): Promise<VendorFigures> {
  const [sales, counts] = await Promise.all([
    vendorLedgerSales(db, vendorId, now),
    db
      .selectFrom("order_parts")
      .where("vendor_id", "=", vendorId)
      .where("status", "!=", "cancelled")
      .select((eb) => [eb.fn.countAll<number>().as("orders"), eb.fn.count<number>("customer_user_id").distinct().as("customers")])
      .executeTakeFirst(),
  ]);
  return {
    revenue: sales.total,
    thisMonth: sales.thisMonth,
    lastMonth: sales.lastMonth,
    orders: Number(counts?.orders ?? 0),
    customers: Number(counts?.customers ?? 0),
  };
}
