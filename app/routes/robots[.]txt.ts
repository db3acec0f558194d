import { sharedCacheControl } from "~/lib/http-policy";
import type { Route } from "./+types/robots[.]txt";

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
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": sharedCacheControl({ maxAge: 3600 }) } });
}
