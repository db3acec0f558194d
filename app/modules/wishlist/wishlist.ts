import { z } from "zod";

/**
 * The wishlist's pure rules (docs/product-rules.md, "Wishlist and alerts"): what a post may ask,
 * what the customer is told, and when a price is a drop worth a mail.
 */

export const WISHLIST_INTENTS = ["add", "remove", "notify", "alert"] as const;
export type WishlistIntent = (typeof WISHLIST_INTENTS)[number];

const productId = z.string().trim().min(1).max(200);

/** A post to /wishlist: add or remove a product, turn its alerts on or off, or ask "Notify me" on an out-of-stock product. */
export const wishlistActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), productId }),
  z.object({ intent: z.literal("remove"), productId }),
  z.object({ intent: z.literal("notify"), productId, notify: z.enum(["on", "off"]) }),
  z.object({ intent: z.literal("alert"), productId }),
]);
export type WishlistAction = z.infer<typeof wishlistActionSchema>;

export const WISHLIST_MESSAGES = {
  unreadable: "That wishlist change could not be understood. Please try again.",
  notFound: "That product is not in the shop any more.",
  notOnWishlist: "That product is not on your wishlist.",
  added: (name: string) => `${name} is on your wishlist.`,
  removed: (name: string) => `${name} is off your wishlist.`,
  notifyOn: (name: string) => `We will mail you when ${name} is back in stock or its price drops.`,
  notifyOff: (name: string) => `No more mail about ${name}.`,
} as const;

/** Subscribers are read, and their mails queued, this many to a transaction. */
export const ALERT_BATCH_SIZE = 500;

/** How much lower the price is now than when the item was saved; 0 when it is not lower. */
export function priceDrop(savedPricePaise: number, pricePaise: number): number {
  return Math.max(0, savedPricePaise - pricePaise);
}

/**
 * Whether a price is news to a subscriber: below the saved price, and below the price the last
 * "price drop" mail announced (if one was sent), so the same drop is never mailed twice.
 */
export function isPriceDropNews(pricePaise: number, savedPricePaise: number, lastNotifiedPaise: number | null): boolean {
  return pricePaise < savedPricePaise && (lastNotifiedPaise === null || pricePaise < lastNotifiedPaise);
}

/** The signed-in customer's wishlisted ids and the ids with alerts on (part of GET /visitor). */
export interface WishlistState {
  ids: string[];
  alerts: string[];
}

/** What a post to /wishlist answers a fetcher: the message, and the product's state now. */
export type WishlistReply =
  | { status: "success"; message: string; productId: string; wishlisted: boolean; notify: boolean }
  | { status: "error"; formError: string; fieldErrors: Record<string, string>; values: Record<string, string> };
