import { dbContext, userContext } from "~/context";
import type { WishlistState } from "~/modules/wishlist/wishlist";
import { wishlistState } from "~/modules/wishlist/wishlist.server";
import type { Route } from "./+types/wishlist.ids";

/**
 * GET /wishlist/ids: the signed-in customer's wishlisted product ids and alerts, as JSON, asked by
 * the hearts of shared pages once they have loaded, so those pages stay the same for everyone
 * (docs/decisions/020-cacheable-pages.md). Private to the customer: kept by no cache.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const body: WishlistState = user ? { signedIn: true, ...(await wishlistState(context.get(dbContext), user.id)) } : { signedIn: false, ids: [], alerts: [] };
  return Response.json(body, { headers: { "Cache-Control": "private, no-store" } });
}
