import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { CARRIERS } from "~/modules/orders/shipment";
import { demoAccounts } from "./demo-accounts";
import { demoProducts } from "./demo-catalog";
import { writeDemoOrder, type DemoBuyer, type PlannedOrder } from "./demo-orders";

const DAY = 86_400_000;

/** The demo business buyer's phone, on its orders. */
export const DEMO_BUSINESS_PHONE = "+91 98220 40506";

/** The demo business buyer's delivered order: its sellers' tax invoices carry the business's GSTIN. */
export const DEMO_BUSINESS_ORDER = "RC-190101";

/**
 * The demo business buyer's order (README "Demo accounts"): an SSD from Shree Lamington (Maharashtra,
 * the place of supply: CGST + SGST) and a keyboard from Vardhan Infotech (Delhi: IGST), placed twelve
 * days ago for its business, with its GSTIN, and delivered a week ago.
 */
export function demoBusinessOrder(now: Date): Omit<PlannedOrder, "shopper"> {
  const placedAt = new Date(Math.floor((now.getTime() - 12 * DAY) / 60_000) * 60_000);
  const after = (days: number) => new Date(placedAt.getTime() + days * DAY);
  const lines = ["product-samsung-990-pro-2tb", "product-logitech-g213-prodigy"].map((id) => {
    const p = demoProducts.find((d) => d.id === id)!;
    return { productId: p.id, name: p.name, category: p.category, vendorId: p.vendorId, unitPrice: p.pricePaise, quantity: 1 };
  });
  return {
    number: DEMO_BUSINESS_ORDER,
    paymentMethod: "cod",
    placedAt,
    lines,
    parts: lines.map((l, n) => ({
      vendorId: l.vendorId,
      status: "delivered",
      steps: [
        { status: "processing", at: after(0.5 + n * 0.2) },
        { status: "shipped", at: after(1.5 + n * 0.2) },
        { status: "delivered", at: after(5 + n * 0.2) },
      ],
      carrier: CARRIERS[(n + 2) % CARRIERS.length]!,
      trackingNumber: String(7_200_000_000 + n * 104_729),
    })),
  };
}

/** Writes the business buyer's order once, as the other demo orders are written. */
export async function seedDemoBusinessOrder(db: Kysely<Database>, userId: string, now: Date): Promise<void> {
  const account = demoAccounts.find((a) => a.business)!;
  const already = await db.selectFrom("orders").select("id").where("number", "=", DEMO_BUSINESS_ORDER).executeTakeFirst();
  if (already) return;
  const buyer: DemoBuyer = { userId, name: account.name, phone: DEMO_BUSINESS_PHONE, address: account.address!, business: account.business! };
  await db.transaction().execute(async (trx) => {
    await writeDemoOrder(trx, demoBusinessOrder(now), buyer);
  });
}
