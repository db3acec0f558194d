import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { Refusal } from "~/lib/outcome";
import { PLACEHOLDER_IMAGE } from "~/modules/catalog/products.server";
import { WISHLIST_MESSAGES as M, priceDrop, type WishlistAction, type WishlistState } from "./wishlist";

/**
 * A customer's wishlist and "Notify me" alerts (docs/product-rules.md, "Wishlist and alerts"), one
 * row per customer and product in `wishlist_items`. Private to the customer: no shared page reads
 * it (server/catalogue-changes.ts), the heart on a shared page learns its state from
 * GET /visitor after the page has loaded.
 */

type Db = Kysely<Database>;

export type WishlistOutcome = { ok: true; message: string; productId: string; wishlisted: boolean; notify: boolean } | Refusal<"invalid" | "not_found">;

/** Adds, removes, turns alerts on or off, or asks "Notify me"; each is safe to repeat. */
export async function applyWishlistAction(db: Db, userId: string, action: WishlistAction, now = new Date()): Promise<WishlistOutcome> {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx): Promise<WishlistOutcome> => {
    const product = await trx.selectFrom("products").select(["id", "name", "price_paise", "listed"]).where("id", "=", action.productId).executeTakeFirst();
    const row = await trx.selectFrom("wishlist_items").select(["on_wishlist", "notify"]).where("user_id", "=", userId).where("product_id", "=", action.productId).executeTakeFirst();
    const listed = Number(product?.listed ?? 0) === 1;
    switch (action.intent) {
      case "remove": {
        // Removing stays possible for a product the shop no longer lists.
        if (row) await trx.deleteFrom("wishlist_items").where("user_id", "=", userId).where("product_id", "=", action.productId).execute();
        return { ok: true, message: M.removed(product?.name ?? "The product"), productId: action.productId, wishlisted: false, notify: false };
      }
      case "notify": {
        if (!product || !row) return { ok: false, reason: "not_found", message: M.notOnWishlist };
        const on = action.notify === "on";
        await trx.updateTable("wishlist_items").set({ notify: on ? 1 : 0, updated_at: stamp }).where("user_id", "=", userId).where("product_id", "=", product.id).execute();
        return { ok: true, message: on ? M.notifyOn(product.name) : M.notifyOff(product.name), productId: product.id, wishlisted: Number(row.on_wishlist) === 1, notify: on };
      }
      case "add":
      case "alert": {
        if (!product || !listed) return { ok: false, reason: "not_found", message: M.notFound };
        const add = action.intent === "add";
        if (!row) {
          await trx
            .insertInto("wishlist_items")
            .values({ user_id: userId, product_id: product.id, on_wishlist: add ? 1 : 0, saved_price_paise: Number(product.price_paise), notify: 1, stock_notified_at: null, price_notified_paise: null, created_at: stamp, updated_at: stamp })
            // Two posts at once: the first one's row stands.
            .onConflict((oc) => oc.columns(["user_id", "product_id"]).doNothing())
            .execute();
        } else if (add && Number(row.on_wishlist) !== 1) {
          // A "Notify me" becomes a wishlist item, at today's price.
          await trx.updateTable("wishlist_items").set({ on_wishlist: 1, saved_price_paise: Number(product.price_paise), price_notified_paise: null, updated_at: stamp }).where("user_id", "=", userId).where("product_id", "=", product.id).execute();
        } else if (!add && Number(row.notify) !== 1) {
          await trx.updateTable("wishlist_items").set({ notify: 1, updated_at: stamp }).where("user_id", "=", userId).where("product_id", "=", product.id).execute();
        }
        // Already on the wishlist: it keeps the price it was saved at.
        const wishlisted = add || Number(row?.on_wishlist ?? 0) === 1;
        const notify = add ? Number(row?.notify ?? 1) === 1 : true;
        return { ok: true, message: add ? M.added(product.name) : M.notifyOn(product.name), productId: product.id, wishlisted, notify };
      }
    }
  });
}

/** The ids the heart and the "Notify me" button of shared pages fill themselves from. */
export async function wishlistState(db: Db, userId: string): Promise<WishlistState> {
  const rows = await db.selectFrom("wishlist_items").select(["product_id", "on_wishlist", "notify"]).where("user_id", "=", userId).execute();
  return {
    ids: rows.filter((r) => Number(r.on_wishlist) === 1).map((r) => r.product_id),
    alerts: rows.filter((r) => Number(r.notify) === 1).map((r) => r.product_id),
  };
}

export interface WishlistEntry {
  productId: string;
  name: string;
  image: string;
  pricePaise: number;
  savedPricePaise: number;
  /** How much cheaper it is now than when saved (0 when it is not). */
  dropPaise: number;
  stock: number;
  /** Whether the shop still shows it (an unlisted one can only be removed). */
  available: boolean;
  notify: boolean;
  savedAt: string;
}

/** The customer's wishlist, newest first, and the "Notify me" alerts asked on products not on it. */
export async function listWishlist(db: Db, userId: string): Promise<{ items: WishlistEntry[]; alerts: WishlistEntry[] }> {
  const rows = await db
    .selectFrom("wishlist_items")
    .innerJoin("products", "products.id", "wishlist_items.product_id")
    .select([
      "wishlist_items.product_id",
      "wishlist_items.on_wishlist",
      "wishlist_items.saved_price_paise",
      "wishlist_items.notify",
      "wishlist_items.created_at",
      "products.name",
      "products.image_url",
      "products.price_paise",
      "products.stock",
      "products.listed",
    ])
    .where("wishlist_items.user_id", "=", userId)
    .orderBy("wishlist_items.created_at", "desc")
    .orderBy("wishlist_items.product_id")
    .execute();
  const entries = rows.map((r) => ({
    onWishlist: Number(r.on_wishlist) === 1,
    entry: {
      productId: r.product_id,
      name: r.name,
      image: r.image_url || PLACEHOLDER_IMAGE,
      pricePaise: Number(r.price_paise),
      savedPricePaise: Number(r.saved_price_paise),
      dropPaise: priceDrop(Number(r.saved_price_paise), Number(r.price_paise)),
      stock: Number(r.stock),
      available: Number(r.listed) === 1,
      notify: Number(r.notify) === 1,
      savedAt: r.created_at,
    } satisfies WishlistEntry,
  }));
  return { items: entries.filter((e) => e.onWishlist).map((e) => e.entry), alerts: entries.filter((e) => !e.onWishlist).map((e) => e.entry) };
}
