import { dbContext } from "~/context";
import { PRODUCT_CATEGORIES, categoryHref } from "~/modules/catalog/categories";
import { sitemapProducts } from "~/modules/catalog/products.server";
import { sitemapSellers } from "~/modules/catalog/sellers.server";
import { sharedCacheControl, sharedPage, type SharedPageOptions } from "~/lib/http-policy";
import type { Route } from "./+types/sitemap[.]xml";

const STATIC_PATHS = ["/", "/products", "/services", "/about", "/contact", "/privacy", "/terms", "/refund", "/shipping", "/ranking"];
/** The sitemap protocol's limit per file. */
const MAX_URLS = 50_000;

function xmlEscape(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

const CACHE: SharedPageOptions = { maxAge: 3600 };
/** The same answer for every visitor: shared, and asked for without their cookies (server/route-tree.ts). */
export const headers = sharedPage(CACHE);

export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const fixed = [...STATIC_PATHS, ...PRODUCT_CATEGORIES.map(categoryHref)];
  const db = context.get(dbContext);
  const sellers = (await sitemapSellers(db)).slice(0, MAX_URLS - fixed.length);
  const products = await sitemapProducts(db, { limit: MAX_URLS - fixed.length - sellers.length, offset: 0 });
  const entries = [
    ...fixed.map((p) => `  <url><loc>${xmlEscape(origin + p)}</loc></url>`),
    ...sellers.map((s) => `  <url><loc>${xmlEscape(`${origin}/sellers/${encodeURIComponent(s.id)}`)}</loc></url>`),
    ...products.map(
      (p) =>
        `  <url><loc>${xmlEscape(`${origin}/products/${encodeURIComponent(p.id)}`)}</loc><lastmod>${xmlEscape(p.updated_at.slice(0, 10))}</lastmod></url>`,
    ),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": sharedCacheControl(CACHE) },
  });
}
