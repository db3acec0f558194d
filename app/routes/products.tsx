import { useRef, useState } from "react";
import { useNavigation, useSubmit } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { HiddenFilters } from "~/components/catalog/CatalogFilters";
import { ProductGrid } from "~/components/catalog/ProductCard";
import { Static } from "~/components/ui/Static";
import { Button, ButtonLink } from "~/components/ui/Button";
import { dbContext } from "~/context";
import { formatCount } from "~/lib/numbers";
import { ALL_CATEGORIES } from "~/modules/catalog/categories";
import { catalogPage } from "~/modules/catalog/listing.server";
import { parseCatalogQuery } from "~/modules/catalog/catalog-query";
import { toggleFilter } from "~/modules/catalog/filters";
import { SearchBox } from "~/components/catalog/SearchBox";
import { MAX_QUERY_LENGTH, SORT_OPTIONS, catalogHref } from "~/modules/catalog/search";
import { pageMeta } from "~/modules/seo/meta";
import { FilterPanel, SortOptions, submitWithoutImplicitSort } from "~/components/catalog/FilterPanel";
import type { Route } from "./+types/products";
import { sharedPage } from "~/lib/http-policy";

/** The same page for every visitor without a cookie: the shop, a proxy or a CDN may share it (docs/decisions/020-cacheable-pages.md). */
export const headers = sharedPage();

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = parseCatalogQuery(params);
  const page = await catalogPage(context.get(dbContext), query);
  // Whether the shopper chose the sort (the search form then keeps it for a new search).
  const sortInUrl = SORT_OPTIONS.some((o) => o.value === params.get("sort"));
  return { query, ...page, sortInUrl };
}

export const meta: Route.MetaFunction = ({ loaderData: data }) => {
  const category = data?.query.category;
  const title = category && category !== ALL_CATEGORIES ? `${category} Products` : "All Products";
  const tags = pageMeta({
    title: data?.query.q ? `Search results for “${data.query.q}”` : title,
    description:
      category && category !== ALL_CATEGORIES
        ? `Shop ${category.toLowerCase()} products online in India at the best prices, with GST invoices and fast delivery.`
        : "Browse laptops, desktops, monitors, components, peripherals, storage and audio at the best prices in India.",
  });
  // Search result and deep result pages are not worth indexing; category pages are.
  return data?.query.q || (data?.page ?? 1) > 1 ? [...tags, { name: "robots", content: "noindex, follow" }] : tags;
};

export default function Products({ loaderData }: Route.ComponentProps) {
  const { query, products, total, page, pageCount, didYouMean, sortInUrl, facets } = loaderData;
  const [panelOpen, setPanelOpen] = useState(false);
  const submit = useSubmit();
  const navigation = useNavigation();
  const searchFormRef = useRef<HTMLFormElement>(null);
  // The filter forms start from the page's choices whenever the URL changes (back button included).
  const formKey = catalogHref(query);
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/products";
  const heading = query.category === ALL_CATEGORIES ? "All Products" : query.category;

  const chips = [
    query.category !== ALL_CATEGORIES && {
      label: `Category: ${query.category}`,
      href: catalogHref({ ...query, category: ALL_CATEGORIES, page: 1 }),
    },
    query.q && { label: `Search: ${query.q}`, href: catalogHref({ ...query, q: "", page: 1 }) },
    ...facets.flatMap((facet) =>
      facet.values
        .filter((v) => v.selected)
        .map((v) => ({
          label: `${facet.label}: ${v.label}`,
          href: catalogHref({ ...query, filters: toggleFilter(query.filters, facet.param, v.value), page: 1 }),
        })),
    ),
  ].filter((c): c is { label: string; href: string } => Boolean(c));

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold text-gray-900">{heading}</h1>
        {/* Said when the search, filters or sort change (components/ui/PageChange.tsx). */}
        <p className="text-sm text-gray-600" data-announce>
          {total === 1 ? "1 product" : `${formatCount(total)} products`}
        </p>
        {query.category === "Component" && (
          <p className="text-sm text-gray-700">
            Putting a PC together?{" "}
            <Link to="/build" className="font-semibold text-pink-700 underline underline-offset-2 hover:text-pink-800">
              Build a PC
            </Link>{" "}
            and see which parts fit each other.
          </p>
        )}
      </div>

      <Form
        ref={searchFormRef}
        method="get"
        action="/products"
        role="search"
        onSubmit={(e) => submitWithoutImplicitSort(e, submit, sortInUrl)}
        className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center"
      >
        {query.category !== ALL_CATEGORIES && <input type="hidden" name="category" value={query.category} />}
        <HiddenFilters facets={facets} />
        <div className="flex flex-1 gap-2">
          {/* The magnifier is drawn by CSS over the field's left padding (`.icon-before` in app.css). */}
          <div className="icon-before icon-search relative flex-1 [--icon-color:var(--color-gray-500)] [--icon-size:18px] before:pointer-events-none before:absolute before:left-3 before:top-1/2 before:-translate-y-1/2">
            <label htmlFor="catalog-search" className="sr-only">
              Search products
            </label>
            <SearchBox
              id="catalog-search"
              name="q"
              defaultValue={query.q}
              key={query.q}
              maxLength={MAX_QUERY_LENGTH}
              placeholder="Search products..."
              className="w-full rounded-lg border border-gray-300 bg-white py-2.5 pl-10 pr-3 text-sm shadow-sm focus:border-pink-600 focus:outline-none focus:ring-2 focus:ring-pink-600/20"
            />
          </div>
          <Button type="submit" variant="pink">
            Search
          </Button>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor="catalog-sort" className="whitespace-nowrap text-sm font-medium text-gray-700">
            Sort by
          </label>
          <select
            id="catalog-sort"
            name="sort"
            defaultValue={query.sort}
            key={query.sort}
            onChange={(e) => void submit(e.currentTarget.form)}
            className="min-w-0 flex-1 rounded-lg border border-gray-300 bg-white py-2.5 pl-3 pr-8 text-sm shadow-sm focus:border-pink-600 focus:outline-none focus:ring-2 focus:ring-pink-600/20 sm:flex-none"
          >
            <SortOptions searching={Boolean(query.q)} />
          </select>
          <a
            href="#filter-panel"
            onClick={(e) => {
              e.preventDefault();
              setPanelOpen(true);
            }}
            className="icon-before icon-filter inline-flex items-center gap-2 rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-sm font-semibold text-gray-800 shadow-sm [--icon-size:18px] md:hidden"
            aria-haspopup="dialog"
          >
            Filters
          </a>
        </div>
      </Form>
      <Static as="p" className="mt-2 text-right text-xs text-gray-600">
        <Link to="/ranking" className="font-medium text-pink-700 underline underline-offset-2 hover:text-pink-800">
          How we rank products
        </Link>
      </Static>

      {chips.length > 0 && (
        <div className="mt-4 flex flex-wrap items-center gap-2" aria-label="Active filters">
          <Static className="contents" version={formKey}>
            {chips.map((chip) => (
              <Link
                key={chip.label}
                to={chip.href}
                className="icon-after icon-close inline-flex items-center gap-1 rounded-full bg-pink-50 px-3 py-1 text-sm font-medium text-pink-800 ring-1 ring-pink-200 [--icon-size:14px] hover:bg-pink-100"
                aria-label={`${chip.label}, remove filter`}
              >
                {chip.label}
              </Link>
            ))}
            <Link to="/products" className="text-sm font-semibold text-gray-700 underline hover:text-pink-700">
              Clear all
            </Link>
          </Static>
        </div>
      )}

      <div className="mt-8 grid gap-8 md:grid-cols-[224px_1fr]">
        <FilterPanel key={formKey} open={panelOpen} onClose={() => setPanelOpen(false)} query={query} facets={facets} sortInUrl={sortInUrl} />

        <section aria-labelledby="results-heading" aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : undefined}>
          <h2 id="results-heading" className="sr-only">
            Products
          </h2>
          {products.length === 0 ? (
            <div className="rounded-xl border border-dashed border-gray-300 px-6 py-16 text-center">
              <h2 className="text-xl font-semibold text-gray-900">No products found</h2>
              {didYouMean && (
                <p className="mt-3 text-base text-gray-800">
                  Did you mean{" "}
                  <Link to={catalogHref({ ...query, q: didYouMean, page: 1 })} className="font-semibold text-pink-700 underline hover:text-pink-800">
                    “{didYouMean}”
                  </Link>
                  ?
                </p>
              )}
              <p className="mt-2 text-sm text-gray-600">Try a different search or category.</p>
              <ButtonLink to="/products" variant="outline" className="mt-6">
                Clear all
              </ButtonLink>
            </div>
          ) : (
            <>
              <ProductGrid products={products} eagerCount={4} />
              {pageCount > 1 && (
                <Static className="contents" version={formKey}>
                  <nav aria-label="Pagination" className="mt-10 flex items-center justify-between gap-4">
                    {page > 1 ? (
                      <ButtonLink to={catalogHref({ ...query, page: page - 1 })} variant="outline" rel="prev">
                        Previous
                      </ButtonLink>
                    ) : (
                      <span />
                    )}
                    <p className="text-sm text-gray-600">
                      Page {page} of {pageCount}
                    </p>
                    {page < pageCount ? (
                      <ButtonLink to={catalogHref({ ...query, page: page + 1 })} variant="outline" rel="next">
                        Next
                      </ButtonLink>
                    ) : (
                      <span />
                    )}
                  </nav>
                </Static>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
