import { dbContext } from "~/context";
import { sharedCacheControl, sharedPage, type SharedPageOptions } from "~/lib/http-policy";
import { getProduct } from "~/modules/catalog/products.server";
import { estimateForProduct } from "~/modules/orders/delivery-estimate.server";
import type { Route } from "./+types/delivery.estimate";

const CACHE: SharedPageOptions = { sMaxAge: 60, staleWhileRevalidate: 0 };
/** The same answer for every visitor: shared, and asked for without their cookies (server/route-tree.ts). */
export const headers = sharedPage(CACHE);

/**
 * GET /delivery/estimate?product=…&pin=…: the product page's "Deliver to" answer as JSON, asked by
 * the page once it knows the visitor's PIN (remembered in the browser), so the page itself stays
 * the same for everyone and shareable (decision 024). The answer depends only on the address and
 * the minute, so shared caches may keep it briefly. A PIN that does not exist is an answer too
 * (`problem`), not an error.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const db = context.get(dbContext);
  const product = await getProduct(db, params.get("product") ?? "");
  if (!product) return Response.json({ error: "There is no such product." }, { status: 404 });
  const estimate = await estimateForProduct(db, product, (params.get("pin") ?? "").slice(0, 12));
  return Response.json(estimate, { headers: { "Cache-Control": sharedCacheControl(CACHE) } });
}
