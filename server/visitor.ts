import type { RequestHandler } from "express";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "~/db/schema";
import type { SessionUser } from "~/modules/identity/roles";
import { visitorAnswer } from "~/modules/visitor/visitor.server";
import { requestMeta } from "./request-log";

const productParam = z.string().min(1).max(200).nullable();

/**
 * GET /visitor[?product=ID]: what a shared page shows of its visitor (app/modules/visitor/visitor.ts),
 * asked once per page view after load. Private to the visitor: kept by no cache.
 *
 * Answered here, ahead of React Router, because every page view asks it: for a JSON answer the
 * router matched the address against all its routes twice and ran the root's middleware and its
 * data strategy, which held the answer to 0.4 of the benchmark's floor (docs/benchmarks.md, "One
 * page for everyone"). See docs/decisions/027-one-page-for-everyone.md.
 */
export function visitorRoute(db: Kysely<Database>, userOf: (request: Request) => Promise<SessionUser | null>, baseUrl: string): RequestHandler {
  return async (req, res, next) => {
    try {
      res.set("Cache-Control", "private, no-store");
      const url = new URL(req.originalUrl, baseUrl);
      const product = productParam.safeParse(url.searchParams.get("product"));
      if (!product.success) {
        res.status(400).json({ error: "A product is named by its id, up to 200 characters: ?product=ID." });
        return;
      }
      // The modules read the cookies from a Fetch request, as React Router hands them one.
      const request = new Request(url, { headers: { cookie: req.headers.cookie ?? "" } });
      const user = await userOf(request);
      // The request's log line (server/request-log.ts) names the signed-in user.
      const meta = requestMeta(res) as ReturnType<typeof requestMeta> | undefined;
      if (meta) meta.userId = user?.id ?? null;
      const { visitor, cookies } = await visitorAnswer(db, request, user, product.data);
      for (const cookie of cookies) res.append("Set-Cookie", cookie);
      res.json(visitor);
    } catch (error) {
      next(error);
    }
  };
}
