import { visitorState } from "~/lib/visitor-state";
import type { WishlistState } from "~/modules/wishlist/wishlist";

/**
 * The signed-in customer's wishlist as the hearts of a shared page see it: neutral hearts in the
 * page's HTML, filled in from GET /wishlist/ids once the page has loaded (`visitorState`). Until
 * then, and when signed out, nothing is known.
 */
const wishlist = visitorState<WishlistState>({ signedIn: false, ids: [], alerts: [] });

/** What an answer to a post changed: the hearts agree at once, without asking again. */
export function rememberWishlistChange(productId: string, wishlisted: boolean, notify: boolean) {
  const without = (list: string[]) => list.filter((id) => id !== productId);
  wishlist.update((s) => ({
    ...s,
    ids: wishlisted ? [...without(s.ids), productId] : without(s.ids),
    alerts: notify ? [...without(s.alerts), productId] : without(s.alerts),
  }));
}

export function useWishlistState(): WishlistState & { loaded: boolean } {
  const known = wishlist.useKnown("/wishlist/ids");
  return { loaded: known.loaded, ...known.value };
}
