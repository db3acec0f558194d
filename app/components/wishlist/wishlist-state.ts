import { rememberVisitorChange, useVisitor } from "~/modules/visitor/visitor";

/**
 * The signed-in customer's wishlist as the hearts see it: neutral hearts in a shared page's HTML,
 * filled in once GET /visitor has answered (app/modules/visitor/visitor.ts). Until then, and when
 * signed out, nothing is known.
 */
export function useWishlistState(): { loaded: boolean; signedIn: boolean; ids: string[]; alerts: string[] } {
  const visitor = useVisitor();
  return { loaded: visitor.loaded, signedIn: visitor.value.user !== null, ...visitor.value.wishlist };
}

/** What an answer to a post changed: the hearts agree at once, without asking again. */
export function rememberWishlistChange(productId: string, wishlisted: boolean, notify: boolean) {
  const without = (list: string[]) => list.filter((id) => id !== productId);
  rememberVisitorChange((v) => ({
    ...v,
    wishlist: {
      ids: wishlisted ? [...without(v.wishlist.ids), productId] : without(v.wishlist.ids),
      alerts: notify ? [...without(v.wishlist.alerts), productId] : without(v.wishlist.alerts),
    },
  }));
}
