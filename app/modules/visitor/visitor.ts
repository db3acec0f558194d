import { createContext, createElement, useContext, useMemo, type ReactNode } from "react";
import { useMatches, useRouteLoaderData } from "react-router";
import { visitorState, type Known } from "~/lib/visitor-state";
import { toStoredCart, type ResolvedCart } from "~/modules/cart/cart";
import { SHOP_LAYOUT_ID } from "~/modules/cart/use-cart";
import type { SavedBuildFit } from "~/modules/builds/saved-fit.server";
import type { CompareView } from "~/modules/compare/use-compare";
import type { SessionUser } from "~/modules/identity/roles";

/**
 * What is the visitor's on a page: who is signed in, the cart and the compare list as the header
 * and tray show them, the wishlist's hearts, the product page's Helpful votes. A shared page
 * (every public page: app/lib/http-policy.ts, `sharedPage`) is rendered without the visitor's
 * cookies and knows none of this; it comes after load from one private answer, GET /visitor
 * (server/visitor.ts), once per page view. A private page (cart, checkout, orders, profile…)
 * is rendered for its visitor and knows the user, cart and compare list from its loaders at once.
 * See docs/decisions/027-one-page-for-everyone.md.
 */
export interface Visitor {
  user: SessionUser | null;
  cart: VisitorCart;
  compare: CompareView;
  wishlist: { ids: string[]; alerts: string[] };
  /** The reviews of `?product=` the visitor voted helpful. */
  helpful: string[];
  /** Whether `?product=`, a PC part, fits the signed-in customer's newest saved build; null when it is none or they have none. */
  buildFit: SavedBuildFit | null;
}

export interface VisitorCart {
  totalItems: number;
  /** What had to change since the cart was last saved, said once (the answer saves the corrected cart). */
  notes: string[];
  /** The browser's copy for local storage (docs/decisions/001-cart-in-a-cookie.md). */
  stored: ReturnType<typeof toStoredCart>;
  /** Whether the browser sent a cart cookie at all: without one, a saved copy may restore the cart. */
  cookieSet: boolean;
}

export const NOBODY: Visitor = {
  user: null,
  cart: { totalItems: 0, notes: [], stored: [], cookieSet: false },
  compare: { items: [], ids: [], notice: null },
  wishlist: { ids: [], alerts: [] },
  helpful: [],
  buildFit: null,
};

/** The cart as the header, its notes and local storage need it. */
export function visitorCart(cart: ResolvedCart, cookieSet: boolean): VisitorCart {
  return { totalItems: cart.totalItems, notes: cart.notes, stored: toStoredCart(cart.items), cookieSet };
}

/** The answer's address for this page: the product page's votes are asked with it. */
export function visitorHref(productId: string | undefined): string {
  return productId === undefined ? "/visitor" : `/visitor?product=${encodeURIComponent(productId)}`;
}

const store = visitorState<Visitor>(NOBODY);

/** What the root loader says: `known` when this page was rendered for its visitor (not shared). */
interface RootData {
  user: SessionUser | null;
  known: boolean;
}

/** What the shop layout's loader says: the cart and compare list on a private page, null on a shared one. */
interface ShopData {
  cart: ResolvedCart | null;
  cartCookieSet: boolean;
  compare: CompareView | null;
}

// Each answer of the root loader (a navigation that reran it, a post: everything revalidates after
// one) asks again, so that a cart changed by a post shows at once.
const answers = new WeakMap<object, number>();
let answerCount = 0;
function answerNumber(data: object | undefined): number {
  if (!data) return 0;
  let n = answers.get(data);
  if (n === undefined) answers.set(data, (n = ++answerCount));
  return n;
}

/**
 * The visitor as this page knows them. On a private page `loaded` at once, from its loaders
 * (hearts and votes still come from /visitor); on a shared page `loaded` once /visitor has answered
 * (never without JavaScript, offline, or on an error: then the page stays as everyone sees it).
 * Read from the shop layout's VisitorProvider: worked out once a page, not by each part that shows
 * some of it (a dozen on a product page, each with its hooks and effects at load).
 */
export function useVisitor(): Known<Visitor> {
  const visitor = useContext(VisitorContext);
  if (!visitor) throw new Error("useVisitor needs a VisitorProvider above it: the shop layout has one.");
  return visitor;
}

const VisitorContext = createContext<Known<Visitor> | null>(null);

/** Works the visitor out once for everything below it (the shop layout's page), for useVisitor. */
export function VisitorProvider({ children }: { children: ReactNode }) {
  return createElement(VisitorContext, { value: useVisitorOfPage() }, children);
}

function useVisitorOfPage(): Known<Visitor> {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const shop = useRouteLoaderData(SHOP_LAYOUT_ID) as ShopData | undefined;
  const product = useMatches().find((m) => m.id === "routes/product")?.params.id;
  const fetched = store.useKnown(visitorHref(product), answerNumber(root));
  return useMemo(() => {
    if (!root?.known) return fetched;
    const value: Visitor = {
      ...fetched.value,
      user: root.user,
      ...(shop?.cart && shop.compare ? { cart: visitorCart(shop.cart, shop.cartCookieSet), compare: shop.compare } : {}),
    };
    return { loaded: true, value };
  }, [root, shop, fetched]);
}

/**
 * Whether this page is one every visitor shares (rendered without their cookies). Without
 * JavaScript such a page never shows the visitor's state, so a plain post made on it goes on to the
 * private page that does (the cart, the comparison, the wishlist) rather than back to it.
 */
export function usePageIsShared(): boolean {
  const root = useRouteLoaderData("root") as RootData | undefined;
  return root !== undefined && !root.known;
}

/** The compare list, as the tray and the Compare toggles show it. */
export function useCompareList(): CompareView {
  return useVisitor().value.compare;
}

/** An answer to a post changed what is known (a heart, a vote): the page agrees at once, without asking again. */
export function rememberVisitorChange(change: (visitor: Visitor) => Visitor): void {
  store.update(change);
}
