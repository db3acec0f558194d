import { z } from "zod";
import { dbContext, userContext } from "~/context";
import { visitorAnswer } from "~/modules/visitor/visitor.server";
import type { Route } from "./+types/visitor";

const productParam = z.string().min(1).max(200).nullable();

/**
 * GET /visitor[?product=ID]: what a shared page shows of its visitor (app/modules/visitor/visitor.ts),
 * asked once per page view after load. Private to the visitor: kept by no cache.
 * See docs/decisions/027-one-page-for-everyone.md.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const product = productParam.safeParse(new URL(request.url).searchParams.get("product"));
  if (!product.success) return Response.json({ error: "A product is named by its id, up to 200 characters: ?product=ID." }, { status: 400, headers });
  const { visitor, cookies } = await visitorAnswer(context.get(dbContext), request, context.get(userContext), product.data);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return Response.json(visitor, { headers });
}
