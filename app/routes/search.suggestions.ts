import { dbContext } from "~/context";
import { formatCount } from "~/lib/numbers";
import { parseCatalogQuery } from "~/modules/catalog/catalog-query";
import { searchSuggestions } from "~/modules/catalog/products.server";
import { catalogHref } from "~/modules/catalog/search";
import type { SuggestionsResponse } from "~/modules/catalog/suggestions";
import type { Route } from "./+types/search.suggestions";

/**
 * The search box's as-you-type suggestions, as JSON. Kept by no cache, the shop's, a proxy's or a
 * browser's (`no-store`): the catalogue changes under it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { q } = parseCatalogQuery(new URL(request.url).searchParams);
  const found = q ? await searchSuggestions(context.get(dbContext), q) : { products: [], categories: [] };
  const body: SuggestionsResponse = {
    q,
    suggestions: [
      ...found.products.map((p) => ({ kind: "product" as const, label: p.name, detail: p.category, href: `/products/${encodeURIComponent(p.id)}` })),
      ...found.categories.map((c) => ({
        kind: "category" as const,
        label: `${q} in ${c.name}`,
        detail: c.count === 1 ? "1 product" : `${formatCount(c.count)} products`,
        href: catalogHref({ q, category: c.name }),
      })),
    ],
  };
  return Response.json(body, { headers: { "Cache-Control": "no-store" } });
}
