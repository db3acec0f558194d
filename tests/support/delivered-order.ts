import { advanceVendorPart } from "~/modules/orders/fulfilment.server";
import { placeOrder, type PlaceOrderInput } from "~/modules/orders/orders.server";
import { shippingAddress } from "./fixtures";
import type { TestDatabase } from "./test-db";

let n = 0;

/**
 * A cash-on-delivery order of `lines` placed at `placedAt`, each seller's part taken through
 * Processing and Shipped to Delivered at `deliveredAt`, as the sellers would; with `business`, for
 * a business buyer.
 */
export async function deliveredOrder(
  t: TestDatabase,
  input: {
    userId: string;
    lines: { productId: string; quantity: number }[];
    placedAt: Date;
    deliveredAt: Date;
    address?: typeof shippingAddress;
    /** A business buyer's GSTIN and legal name, for a GST invoice. */
    business?: PlaceOrderInput["business"];
  },
) {
  const r = await placeOrder(t, { userId: input.userId, lines: input.lines, address: input.address ?? shippingAddress, business: input.business ?? null, paymentMethod: "cod", idempotencyKey: `delivered-${process.pid}-${++n}-${Date.now()}` }, input.placedAt);
  if (!r.ok) throw new Error(r.message);
  const parts = await t.db.selectFrom("order_parts").select("vendor_id").where("order_number", "=", r.number).execute();
  for (const p of parts) {
    for (const from of ["pending", "processing", "shipped"]) {
      const moved = await advanceVendorPart(t, { vendorId: p.vendor_id, number: r.number, from, actorUserId: "u-v", shipment: { carrier: "Blue Dart", trackingNumber: "BD1234567" }, ewayBillNumber: "321012345678" }, input.deliveredAt);
      if (!moved.ok) throw new Error(moved.message);
    }
  }
  const order = await t.db.selectFrom("orders").select(["id", "number", "total_paise"]).where("number", "=", r.number).executeTakeFirstOrThrow();
  const items = await t.db.selectFrom("order_items").select(["id", "product_id"]).where("order_id", "=", order.id).execute();
  return { id: order.id, number: order.number, total: Number(order.total_paise), itemOf: (productId: string) => items.find((i) => i.product_id === productId)!.id };
}
