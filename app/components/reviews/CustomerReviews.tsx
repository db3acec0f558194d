import { Static } from "~/components/ui/Static";
import { useLocation } from "react-router";
import { Link } from "~/lib/route-links";
import { formatOrderDate } from "~/lib/dates";
import { REVIEW_SORTS, histogramShares, reviewListHref, type ProductReviewsPage, type ReviewListQuery } from "~/modules/reviews/rules";
import { StarRow } from "~/components/catalog/Stars";
import { ratingLabel } from "~/modules/catalog/ratings";
import { ReviewActions } from "./ReviewActions";

const STARS = [5, 4, 3, 2, 1] as const;
const starsText = (n: number) => (n === 1 ? "1 star" : `${n} stars`);

/**
 * The product page's "Customer reviews": the average, the count, the histogram from 5 to 1 stars
 * (each bar a link to those reviews), sort and star links and paging, all plain links in the
 * address (`?reviews=newest&stars=4&rpage=2`), so they work without JavaScript and each list is a
 * shared page of its own. Nothing personal is drawn here (docs/decisions/020-cacheable-pages.md).
 * Text people wrote is shown as text; links in it are not made clickable.
 */
export function CustomerReviews({ productId, reviews, query }: { productId: string; reviews: ProductReviewsPage; query: ReviewListQuery }) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const href = (change: Partial<ReviewListQuery>) => reviewListHref(params, change);
  const shares = histogramShares(reviews.histogram);
  const { rating } = reviews;
  const linkClass = "font-semibold text-pink-700 underline underline-offset-2 hover:text-pink-800";
  // The summary, sorts, stars and pages are links that change only with the list asked for.
  const shown = `${productId} ${search} ${rating.count} ${rating.average} ${STARS.map((n) => reviews.histogram[n]).join(",")} ${reviews.page}/${reviews.pageCount}`;
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-12 scroll-mt-24">
      <h2 id="reviews-heading" className="text-2xl font-bold text-gray-900">
        Customer reviews
      </h2>
      <div className="mt-6 grid gap-8 lg:grid-cols-3">
        <Static version={shown}>
          {rating.count === 0 ? (
            <p className="text-gray-700">No reviews yet.</p>
          ) : (
            <>
              <p className="flex items-center gap-2">
                <StarRow value={rating.average} label={ratingLabel(rating)} size="lg" />
                <span className="text-lg font-semibold text-gray-900">{`${rating.average.toFixed(1)} out of 5`}</span>
              </p>
              <p className="mt-1 text-sm text-gray-600">{rating.count === 1 ? "1 customer rating" : `${rating.count} customer ratings`}</p>
              <table className="mt-4 w-full text-sm">
                <caption className="sr-only">Ratings by stars</caption>
                <tbody>
                  {STARS.map((n) => (
                    <tr key={n}>
                      <th scope="row" className="whitespace-nowrap py-1 pr-3 text-left font-medium">
                        <Link to={href({ stars: n })} className={linkClass} aria-label={`${starsText(n)}: ${reviews.histogram[n]} reviews`}>
                          {starsText(n)}
                        </Link>
                      </th>
                      <td className="w-full py-1">
                        <span className="block h-3 w-full overflow-hidden rounded bg-gray-200" aria-hidden="true">
                          <span className="block h-3 rounded bg-amber-500" style={{ width: `${shares[n]}%` }} />
                        </span>
                      </td>
                      <td className="py-1 pl-3 text-right text-gray-700">{`${shares[n]}%`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
          <div className="mt-6 rounded-xl border border-gray-200 p-4">
            <p className="font-semibold text-gray-900">Review this product</p>
            <p className="mt-1 text-sm text-gray-600">Share your thoughts with other customers.</p>
            {/* A document request, so a sign-in first comes back to the review page itself. */}
            <a
              data-document
              href={`/products/${encodeURIComponent(productId)}/review`}
              className="mt-3 inline-block rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-900 hover:border-pink-600 hover:text-pink-700"
            >
              Write a review
            </a>
          </div>
        </Static>

        <div className="lg:col-span-2">
          {rating.count > 0 && (
            <Static className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm" version={shown}>
              <nav aria-label="Sort reviews" className="flex flex-wrap items-center gap-3">
                <span className="text-gray-700">Sort by:</span>
                {REVIEW_SORTS.map((s) => (
                  <Link key={s.value} to={href({ sort: s.value, stars: query.stars })} aria-current={query.sort === s.value ? "true" : undefined} className={query.sort === s.value ? "font-semibold text-gray-900" : linkClass}>
                    {s.label}
                  </Link>
                ))}
              </nav>
              <nav aria-label="Filter reviews by stars" className="flex flex-wrap items-center gap-3">
                <span className="text-gray-700">Show:</span>
                <Link to={href({ sort: query.sort, stars: null })} aria-current={query.stars === null ? "true" : undefined} className={query.stars === null ? "font-semibold text-gray-900" : linkClass}>
                  All stars
                </Link>
                {STARS.map((n) => (
                  <Link key={n} to={href({ sort: query.sort, stars: n })} aria-current={query.stars === n ? "true" : undefined} className={query.stars === n ? "font-semibold text-gray-900" : linkClass}>
                    {`${n}★`}
                    <span className="sr-only"> only</span>
                  </Link>
                ))}
              </nav>
            </Static>
          )}
          {rating.count > 0 && reviews.reviews.length === 0 && <p className="mt-6 text-gray-700">No reviews with {starsText(query.stars ?? 5)} yet.</p>}
          <ol className="mt-4 divide-y divide-gray-200">
            {reviews.reviews.map((r) => (
              <li key={r.id} id={`review-${r.id}`} className="py-5">
                <article aria-labelledby={`review-title-${r.id}`}>
                  <Static className="contents" version={r.id}>
                    <p className="text-sm font-semibold text-gray-900">{r.reviewer}</p>
                    <p className="mt-1 flex flex-wrap items-center gap-2">
                      <StarRow value={r.rating} label={`${r.rating} out of 5 stars`} />
                      <span id={`review-title-${r.id}`} className="font-semibold text-gray-900">
                        {r.title}
                      </span>
                    </p>
                    <p className="mt-1 text-sm text-gray-600">
                      Reviewed on {formatOrderDate(r.createdAt)} · <span className="font-semibold text-amber-800">Verified Purchase</span>
                    </p>
                    <p className="mt-2 whitespace-pre-line break-words text-gray-800">{r.body}</p>
                    {r.photos.length > 0 && (
                      <ul className="mt-3 flex flex-wrap gap-2" aria-label="Photos from the reviewer">
                        {r.photos.map((url, i) => (
                          <li key={url}>
                            <a href={url} className="block">
                              <img src={url} alt={`Photo ${i + 1} from ${r.reviewer}`} width={96} height={96} loading="lazy" className="h-24 w-24 rounded-lg border border-gray-200 object-cover" />
                            </a>
                          </li>
                        ))}
                      </ul>
                    )}
                    {r.reply && (
                      <div className="mt-3 rounded-lg border-l-4 border-pink-600 bg-gray-50 p-3">
                        <p className="text-sm font-semibold text-gray-900">Response from the seller</p>
                        <p className="mt-1 whitespace-pre-line break-words text-sm text-gray-800">{r.reply.body}</p>
                      </div>
                    )}
                  </Static>
                  <ReviewActions reviewId={r.id} helpful={r.helpful} about={`review by ${r.reviewer}: “${r.title}”`} />
                </article>
              </li>
            ))}
          </ol>
          {reviews.pageCount > 1 && (
            <Static className="contents" version={shown}>
              <nav aria-label="Review pages" className="mt-4 flex flex-wrap items-center gap-3 text-sm">
                {reviews.page > 1 && (
                  <Link to={href({ ...query, page: reviews.page - 1 })} rel="prev" className={linkClass}>
                    Previous
                  </Link>
                )}
                <span className="text-gray-700">
                  Page {reviews.page} of {reviews.pageCount}
                </span>
                {reviews.page < reviews.pageCount && (
                  <Link to={href({ ...query, page: reviews.page + 1 })} rel="next" className={linkClass}>
                    Next
                  </Link>
                )}
              </nav>
            </Static>
          )}
        </div>
      </div>
    </section>
  );
}
