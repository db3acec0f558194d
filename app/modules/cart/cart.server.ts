import { createCookie } from "react-router";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "~/db/schema";
import { productsByIds } from "~/modules/catalog/products.server";
import {
  addToCart,
  clearCart,
  parseCartLines,
  removeFromCart,
  resolveCart,
  updateCartQuantity,
  type CartLine,
  type ResolvedCart,
} from "./cart";

/**
 * The cart travels in a cookie so that the server can render it (and the header badge) on the
 * first response and so that Add to Cart works before JavaScript loads. The browser mirrors it
 * into local storage under `cart` and restores from there if the cookie is lost (docs/decisions/001).
 * It holds only ids and quantities; prices and stock are always read from the catalogue.
 */
export const cartCookie = createCookie("cart", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: process.env.NODE_ENV === "production" && process.env.COOKIE_SECURE !== "0" && process.env.BASE_URL?.startsWith("https://") === true,
  maxAge: 60 * 60 * 24 * 30,
});

export async function readCartLines(request: Request): Promise<CartLine[]> {
  try {
    const value: unknown = await cartCookie.parse(request.headers.get("Cookie"));
    return parseCartLines(value);
  } catch {
    return [];
  }
}

/** Whether the browser sent a cart cookie at all (an emptied cart still sends one). */
export function hasCartCookie(request: Request): boolean {
  return /(?:^|;\s*)cart=/.test(request.headers.get("Cookie") ?? "");
}

/** Browsers keep cookies of up to 4096 bytes, name and attributes included. */
const MAX_CART_COOKIE_LENGTH = 4000;

export async function cartCookieHeader(lines: CartLine[]): Promise<string> {
  return cartCookie.serialize(lines);
}

export async function loadCart(db: Kysely<Database>, lines: CartLine[]): Promise<ResolvedCart> {
  const catalogue = await productsByIds(db, lines.map((l) => l.productId));
  return resolveCart(lines, catalogue);
}

const quantity = z.coerce.number().int().min(-1_000_000).max(1_000_000);
const productId = z.string().trim().min(1).max(200);

export const cartActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), productId, quantity: quantity.default(1) }),
  z.object({ intent: z.literal("update"), productId, quantity }),
  z.object({ intent: z.literal("remove"), productId }),
  z.object({ intent: z.literal("clear") }),
  z.object({ intent: z.literal("restore"), cart: z.string().max(100_000) }),
  z.object({ intent: z.literal("acknowledge") }),
]);
export type CartAction = z.infer<typeof cartActionSchema>;

export type CartActionResult =
  | { ok: true; lines: CartLine[]; message: string }
  | { ok: false; lines: CartLine[]; message: string };

/**
 * Applies a cart change against the catalogue: only products the shop sells can be added,
 * never more than are in stock, and the result is what gets saved.
 */
export async function applyCartAction(db: Kysely<Database>, current: CartLine[], action: CartAction): Promise<CartActionResult> {
  switch (action.intent) {
    case "add": {
      const product = (await productsByIds(db, [action.productId])).get(action.productId);
      if (!product) return { ok: false, lines: current, message: "This product is no longer available." };
      if (product.stock <= 0) return { ok: false, lines: current, message: `“${product.name}” is out of stock.` };
      const inCart = current.find((l) => l.productId === product.id)?.quantity ?? 0;
      const wanted = Math.max(1, action.quantity);
      const room = product.stock - inCart;
      if (room <= 0) {
        return { ok: false, lines: current, message: `You already have all ${product.stock} available of “${product.name}” in your cart.` };
      }
      const added = Math.min(wanted, room);
      const lines = addToCart(current, product.id, added);
      const message =
        added < wanted
          ? `Only ${product.stock} of “${product.name}” are in stock, so ${added} ${added === 1 ? "was" : "were"} added.`
          : `Added “${product.name}” to your cart.`;
      return { ok: true, lines, message };
    }
    case "update": {
      if (action.quantity <= 0) return { ok: true, lines: removeFromCart(current, action.productId), message: "Item removed." };
      const product = (await productsByIds(db, [action.productId])).get(action.productId);
      if (!product) return { ok: true, lines: removeFromCart(current, action.productId), message: "This product is no longer available." };
      const q = Math.min(action.quantity, product.stock);
      const lines = updateCartQuantity(current, action.productId, q);
      const message = q < action.quantity ? `Only ${product.stock} of “${product.name}” are in stock.` : "Cart updated.";
      return { ok: q === action.quantity, lines, message };
    }
    case "remove":
      return { ok: true, lines: removeFromCart(current, action.productId), message: "Item removed." };
    case "clear":
      return { ok: true, lines: clearCart(), message: "Your cart is empty." };
    case "restore": {
      if (current.length > 0) return { ok: true, lines: current, message: "Cart restored." };
      let parsed: unknown;
      try {
        parsed = JSON.parse(action.cart);
      } catch {
        return { ok: false, lines: current, message: "The saved cart could not be read." };
      }
      const stored = parseCartLines(parsed);
      const resolved = await loadCart(db, stored);
      // A restored cart that needs correcting is saved as it was stored: the shop layout's loader,
      // which runs again right after this action, corrects it and shows its notes, as it does for a
      // cookie cart that went stale. A cookie too big for a browser to keep is saved corrected.
      const keepForNotes = resolved.changed && (await cartCookieHeader(stored)).length <= MAX_CART_COOKIE_LENGTH;
      return { ok: true, lines: keepForNotes ? stored : resolved.lines, message: "Cart restored." };
    }
    case "acknowledge": {
      const resolved = await loadCart(db, current);
      return { ok: true, lines: resolved.lines, message: "Cart updated." };
    }
  }
}
