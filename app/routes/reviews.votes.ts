import { z } from "zod";
import { dbContext, userContext } from "~/context";
import { helpfulVotesOn } from "~/modules/reviews/reviews.server";
import type { HelpfulVotes } from "~/modules/reviews/rules";
import type { Route } from "./+types/reviews.votes";

const productParam = z.string().min(1).max(200);

/**
 * GET /reviews/votes?product=ID: the reviews of that product the signed-in customer voted helpful,
 * as JSON, asked by the Helpful buttons of the shared product page once it has loaded, so the page
 * stays the same for everyone (docs/decisions/025-reviews-on-shared-pages.md). Private to the
 * customer: kept by no cache.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const headers = { "Cache-Control": "private, no-store" };
  const product = productParam.safeParse(new URL(request.url).searchParams.get("product"));
  if (!product.success) return Response.json({ error: "Say which product: ?product=ID." }, { status: 400, headers });
  const user = context.get(userContext);
  const body: HelpfulVotes = user ? { signedIn: true, helpful: await helpfulVotesOn(context.get(dbContext), user.id, product.data) } : { signedIn: false, helpful: [] };
  return Response.json(body, { headers });
}
