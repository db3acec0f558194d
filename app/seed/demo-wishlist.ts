import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { isDone, markDone } from "~/db/meta.server";
import { applyWishlistAction } from "~/modules/wishlist/wishlist.server";

const DEMO_WISHLIST_KEY = "demo_wishlist_seeded";

/**
 * The demo customer's wishlist (docs/product-rules.md, "Wishlist and alerts"), saved through the
 * wishlist module at today's prices: Sony headphones and a Samsung SSD in stock, and the WD
 * My Passport, out of stock, with "Notify me" on. An administrator who cuts one of their prices
 * (Admin → Products → Edit) sees the price-drop mail in Admin → Mail. Written once.
 */
export const DEMO_WISHLIST = ["product-sony-wh-1000xm5", "product-samsung-990-pro-2tb", "product-wd-my-passport-2tb"] as const;

export async function seedDemoWishlist(db: Kysely<Database>, customerId: string, now: Date): Promise<boolean> {
  if (await isDone(db, DEMO_WISHLIST_KEY)) return false;
  for (const [i, productId] of DEMO_WISHLIST.entries()) {
    const saved = await applyWishlistAction(db, customerId, { intent: "add", productId }, new Date(now.getTime() - (DEMO_WISHLIST.length - i) * 3_600_000));
    if (!saved.ok) return false;
  }
  await markDone(db, DEMO_WISHLIST_KEY);
  return true;
}
