import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { savedBuildFit } from "~/modules/builds/saved-fit.server";
import { cartCookieHeader, hasCartCookie, loadCart, readCartLines } from "~/modules/cart/cart.server";
import { compareCookieHeader, loadCompareList, readCompareState } from "~/modules/compare/compare.server";
import type { ResolvedCart } from "~/modules/cart/cart";
import type { CompareView } from "~/modules/compare/use-compare";
import type { SessionUser } from "~/modules/identity/roles";
import { helpfulVotesOn } from "~/modules/reviews/reviews.server";
import { wishlistState } from "~/modules/wishlist/wishlist.server";
import { visitorCart, type Visitor } from "./visitor";

/**
 * The visitor's cart and compare list, read from their cookies and checked against the catalogue.
 * One that had to be corrected is saved back as corrected (`cookies`); the cart's notes and a
 * compare notice from a post without JavaScript are said once, in this answer.
 */
export async function cartAndCompare(db: Kysely<Database>, request: Request): Promise<{ cart: ResolvedCart; cartCookieSet: boolean; compare: CompareView; cookies: string[] }> {
  const [cart, compareState] = await Promise.all([readCartLines(request).then((lines) => loadCart(db, lines)), readCompareState(request)]);
  const compare = await loadCompareList(db, compareState.ids);
  const cookies: string[] = [];
  if (cart.changed) cookies.push(await cartCookieHeader(cart.lines));
  if (compare.changed || compareState.notice) cookies.push(await compareCookieHeader({ ids: compare.ids, notice: null }));
  return { cart, cartCookieSet: hasCartCookie(request), compare: { items: compare.items, ids: compare.ids, notice: compareState.notice }, cookies };
}

/** The visitor's answer (GET /visitor): everything a shared page shows of them, read in one go. */
export async function visitorAnswer(
  db: Kysely<Database>,
  request: Request,
  user: SessionUser | null,
  productId: string | null,
): Promise<{ visitor: Visitor; cookies: string[] }> {
  const [basket, wishlist, helpful, buildFit] = await Promise.all([
    cartAndCompare(db, request),
    user ? wishlistState(db, user.id) : { ids: [], alerts: [] },
    user && productId ? helpfulVotesOn(db, user.id, productId) : [],
    user && productId ? savedBuildFit(db, user.id, productId) : null,
  ]);
  return {
    visitor: { user, cart: visitorCart(basket.cart, basket.cartCookieSet), compare: basket.compare, wishlist, helpful, buildFit },
    cookies: basket.cookies,
  };
}
