import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, type Locator, type Page } from "@playwright/test";
import { advanceVendorPart } from "~/modules/orders/fulfilment.server";
import { placeOrder } from "~/modules/orders/orders.server";
import { requestReturn } from "~/modules/returns/returns.server";
import { retryLocked, withShopStore } from "./e2e-store";
import { insertUsers, shippingAddress } from "./fixtures";
import { waitForHydration } from "./hydration";

/**
 * Helpers for the vendor Returns browser tests (tests/e2e/vendor-returns.spec.ts). A request is
 * made through the shop's own functions on the e2e database (as the server would: placed, each
 * part delivered, then asked for), so a fixture follows the rules of returns as they change.
 */

const HOUR = 3_600_000;

export interface ReturnFixture {
  orderNumber: string;
  returnNumber: string;
  customerName: string;
}

/**
 * A fresh customer's cash-on-delivery order of one `productId`, delivered, and a request to return
 * it for a defect: asked `askedHoursAgo` hours ago (the order placed and delivered a little before).
 */
export async function requestedReturn(
  productId: string,
  { resolution = "refund", askedHoursAgo = 1 }: { resolution?: "refund" | "replacement"; askedHoursAgo?: number } = {},
): Promise<ReturnFixture> {
  const id = `e2e-ret-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const customerName = `Returner ${id.slice(-6)}`;
  const asked = new Date(Date.now() - askedHoursAgo * HOUR);
  const placed = new Date(asked.getTime() - 6 * HOUR);
  const delivered = new Date(asked.getTime() - 2 * HOUR);
  return withShopStore(async (store) => {
    await retryLocked(() => insertUsers({ kind: "sqlite", db: store.db }, [{ id, name: customerName, email: `${id}@example.com` }]));
    const placedOrder = await retryLocked(() => placeOrder(store, { userId: id, lines: [{ productId, quantity: 1 }], address: shippingAddress, paymentMethod: "cod", idempotencyKey: id }, placed));
    if (!placedOrder.ok) throw new Error(placedOrder.message);
    const orderNumber = placedOrder.number;
    const part = await store.db.selectFrom("order_parts").select("vendor_id").where("order_number", "=", orderNumber).executeTakeFirstOrThrow();
    for (const from of ["pending", "processing", "shipped"]) {
      const moved = await retryLocked(() => advanceVendorPart(store, { vendorId: part.vendor_id, number: orderNumber, from, actorUserId: id, shipment: { carrier: "Blue Dart", trackingNumber: "BD1234567" }, ewayBillNumber: "321012345678" }, delivered));
      if (!moved.ok) throw new Error(moved.message);
    }
    const item = await store.db
      .selectFrom("order_items")
      .innerJoin("orders", "orders.id", "order_items.order_id")
      .select("order_items.id")
      .where("orders.number", "=", orderNumber)
      .executeTakeFirstOrThrow();
    const asking = await retryLocked(() => requestReturn(
      store,
      {
        userId: id,
        orderNumber,
        orderItemId: item.id,
        quantity: 1,
        reason: "defective",
        resolution,
        details: "Two keys stopped working after a day.",
        serialNumber: "SN-E2E-0042",
        photos: [],
        // Where a cash-on-delivery refund goes; the page shows only the masked form.
        refundTo: resolution === "refund" ? { sealed: "not-opened-by-these-tests", masked: "UPI: re•••@okaxis" } : null,
      },
      asked,
    ));
    if (!asking.ok) throw new Error(asking.message);
    return { orderNumber, returnNumber: asking.number, customerName };
  });
}

/**
 * A product's stock plus what is still out of it: units held by orders that have not given their
 * stock back and units taken for replacements. Nothing but a restock changes this, whatever other
 * tests buy or cancel meanwhile, so a restock shows as exactly +1.
 */
export function stockLedger(productId: string): number {
  const dir = process.env.E2E_DATA_DIR!;
  const db = new DatabaseSync(path.join(dir, "shop.db"));
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    const row = db
      .prepare(
        `SELECT (SELECT stock FROM products WHERE id = ?)
              + (SELECT coalesce(sum(i.quantity), 0) FROM order_items i JOIN orders o ON o.id = i.order_id WHERE i.product_id = ? AND o.stock_released = 0)
              + (SELECT coalesce(sum(quantity), 0) FROM returns WHERE product_id = ? AND replacement_status IS NOT NULL) AS n`,
      )
      .get(productId, productId, productId) as { n: number };
    return Number(row.n);
  } finally {
    db.close();
  }
}

/** The status of a return request as stored now. */
export function storedReturnStatus(number: string): string {
  const db = new DatabaseSync(path.join(process.env.E2E_DATA_DIR!, "shop.db"));
  try {
    return (db.prepare("SELECT status FROM returns WHERE number = ?").get(number) as { status: string }).status;
  } finally {
    db.close();
  }
}

/** Opens the seller's Returns page with a query string and waits for React. */
export async function openVendorReturns(page: Page, search = ""): Promise<void> {
  await page.goto(`/vendor/returns${search}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Returns" })).toBeVisible();
}

/** A request's card on the page. */
export function returnCard(page: Page, number: string): Locator {
  return page.getByRole("article", { name: `Return ${number}` });
}
