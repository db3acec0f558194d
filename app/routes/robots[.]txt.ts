import { sharedCacheControl, sharedPage, type SharedPageOptions } from "~/lib/http-policy";
import type { Route } from "./+types/robots[.]txt";

const CACHE: SharedPageOptions = { maxAge: 3600 };
/** The same answer for every visitor: shared, and asked for without their cookies (server/route-tree.ts). */
export const headers = sharedPage(CACHE);

/** Shop pages are open to crawlers; carts, accounts and back offices are not. */
export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /cart",
    "Disallow: /compare",
    "Disallow: /checkout",
    "Disallow: /profile",
    "Disallow: /orders",
    "Disallow: /vendor/",
    "Disallow: /admin",
    "Disallow: /not-found",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": sharedCacheControl(CACHE) } });
}
