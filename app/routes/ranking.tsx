import { Link } from "~/lib/route-links";
import { BRAND } from "~/config/brand";
import { sharedPage } from "~/lib/http-policy";
import { DEFAULT_SORT, RELEVANCE, SORT_OPTIONS } from "~/modules/catalog/search";
import { MAX_QUERY_WORDS, TYPO_MIN_LENGTH } from "~/modules/catalog/search-text";
import { pageMeta } from "~/modules/seo/meta";

/** The same page for every visitor without a cookie: the shop, a proxy or a CDN may share it (docs/decisions/020-cacheable-pages.md). */
export const headers = sharedPage();

export const meta = () =>
  pageMeta({
    title: "How we rank products",
    description: `How ${BRAND.name} orders products in the catalogue and in search results: by relevance to your search, by price or by name. No seller pays for a place.`,
  });

const label = (value: string) => SORT_OPTIONS.find((o) => o.value === value)?.label ?? value;

/**
 * What each of the catalogue's orders weighs, as catalog/search.ts, catalog/listing.server.ts and
 * catalog/search-index.server.ts compute it (docs/product-rules.md, "Legal details and disclosures").
 */
export default function Ranking() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-gray-900">How we rank products</h1>
      <div className="mt-6 space-y-4 text-base leading-7 text-gray-700">
        <p>
          The <Link to="/products" className="font-medium text-pink-700 underline underline-offset-2 hover:text-pink-800">catalogue</Link> shows
          every product on sale from an approved seller; in and out of stock alike. Your choice under &ldquo;Sort by&rdquo; decides the order,
          and nothing else does: no seller can pay for a higher place, and being featured on the home page does not move a product in the catalogue.
        </p>
        <h2 className="pt-4 text-xl font-semibold text-gray-900">{RELEVANCE.label}</h2>
        <p>
          When you search and choose no other order, results come by relevance. A product must match every word of your search (up to{" "}
          {MAX_QUERY_WORDS} words): the last word may be the start of a longer word, and a word of {TYPO_MIN_LENGTH} letters or more may
          have one typing mistake forgiven. Each word scores 100 points when it is in the product&apos;s name, else 10 when it is in its
          specifications, else 1 when it is in its description; the points are added up and the highest comes first. Products with the same score
          come cheapest first.
        </p>
        <h2 className="pt-4 text-xl font-semibold text-gray-900">
          {label("price-asc")} and {label("price-desc")}
        </h2>
        <p>
          By the price before GST. Without a search, {label(DEFAULT_SORT)} is the order you see first.
        </p>
        <h2 className="pt-4 text-xl font-semibold text-gray-900">
          {label("name-asc")} and {label("name-desc")}
        </h2>
        <p>Alphabetically by product name, ignoring capital letters.</p>
        <h2 className="pt-4 text-xl font-semibold text-gray-900">{label("rating")}</h2>
        <p>
          By the average stars of the product&apos;s published reviews, highest first; with the same average, the product with more reviews comes
          first. Only verified purchases are reviewed, and a review the shop has hidden does not count. Products without reviews come last.
        </p>
        <h2 className="pt-4 text-xl font-semibold text-gray-900">Filters</h2>
        <p>
          A category, brand, price range, specification or &ldquo;4★ &amp; above&rdquo; (an average of 4 stars or more) you choose narrows the list; it never changes the order of what remains.
        </p>
      </div>
    </div>
  );
}
