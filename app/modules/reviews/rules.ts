import { formatCount } from "~/lib/numbers";
import type { Rating } from "~/modules/catalog/ratings";

/**
 * The rules of reviews (docs/product-rules.md, "Reviews"): what a review holds, how the product
 * page's list is sorted, filtered and paged, who is named, and why one may be reported. Pure: the
 * server, the pages and the seed read them alike.
 */

export const TITLE_MIN = 3;
export const TITLE_MAX = 100;
export const TEXT_MIN = 10;
export const TEXT_MAX = 4000;
export const MAX_REVIEW_PHOTOS = 4;
/** Reviews on one page of the product page's list. */
export const REVIEWS_PAGE_SIZE = 10;
/** The most a page number may be, so a link can't ask the database for page 10⁹. */
export const MAX_REVIEW_PAGE = 1000;
/** How many reviews the product's JSON-LD carries. */
export const JSON_LD_REVIEWS = 5;

export const REVIEW_FORM_MESSAGES = {
  form: "Please correct the highlighted fields.",
  rating: "Choose from 1 to 5 stars.",
  title: `Write a title of ${TITLE_MIN} to ${TITLE_MAX} characters.`,
  body: `Write your review in ${TEXT_MIN} to ${formatCount(TEXT_MAX)} characters.`,
  photosTooMany: `Add at most ${MAX_REVIEW_PHOTOS} photos.`,
  photosInAll: `A review can have at most ${MAX_REVIEW_PHOTOS} photos: remove some of yours to add these.`,
  photoTooLarge: "Each photo must be 2 MB or smaller.",
  photoType: "Photos must be JPEG, PNG or WebP images.",
  photosFailed: "We couldn't store your photos just now. Please try again in a minute.",
} as const;
export const REPORT_REASONS = [
  { value: "spam", label: "Spam or advertising" },
  { value: "offensive", label: "Offensive or abusive" },
  { value: "off_topic", label: "Not about this product" },
  { value: "personal", label: "Shares personal details" },
  { value: "fake", label: "Looks fake or paid for" },
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number]["value"];
export function isReportReason(s: unknown): s is ReportReason {
  return REPORT_REASONS.some((r) => r.value === s);
}

/** A stored report reason in words ("spam" → "Spam or advertising"); anything else as it was written. */
export function reportReasonLabel(reason: string): string {
  return REPORT_REASONS.find((r) => r.value === reason)?.label ?? reason;
}

export const REVIEW_SORTS = [
  { value: "helpful", label: "Most helpful" },
  { value: "newest", label: "Newest" },
] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number]["value"];

export interface ReviewListQuery {
  sort: ReviewSort;
  stars: 1 | 2 | 3 | 4 | 5 | null;
  page: number;
}

/** A whole number from `min` to `max` as an address writes it, or null. */
function wholeIn(raw: string | null, min: number, max: number): number | null {
  if (raw === null) return null;
  const n = Number(raw);
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
}

/**
 * The product page's review list as its address says (`?reviews=newest&stars=4&rpage=2`). A bad
 * value is the default, never an error: the page is shared, and a link can't break it.
 */
export function parseReviewListQuery(params: URLSearchParams): ReviewListQuery {
  // Read by hand, not by a schema: the browser builds the list's links with it, and zod stays out of
  // the browser (docs/decisions/028-less-hydration.md).
  const sort = REVIEW_SORTS.find((s) => s.value === params.get("reviews"))?.value ?? "helpful";
  const stars = wholeIn(params.get("stars") || null, 1, 5) as ReviewListQuery["stars"];
  return { sort, stars, page: wholeIn(params.get("rpage") ?? "", 1, MAX_REVIEW_PAGE) ?? 1 };
}

/** The address of the list with `change` applied, keeping the product page's other parameters; defaults are left out. */
export function reviewListHref(params: URLSearchParams, change: Partial<ReviewListQuery>): string {
  const current = parseReviewListQuery(params);
  const next = { ...current, page: 1, ...change };
  const out = new URLSearchParams(params);
  for (const key of ["reviews", "stars", "rpage"]) out.delete(key);
  if (next.sort !== "helpful") out.set("reviews", next.sort);
  if (next.stars !== null) out.set("stars", String(next.stars));
  if (next.page > 1) out.set("rpage", String(next.page));
  const qs = out.toString();
  return `${qs ? `?${qs}` : "?"}#reviews`;
}

/** How a reviewer is named on the product page: first name and the initial of the last ("Aarav G."). */
export function reviewerName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "A customer";
  const first = parts[0]!;
  return parts.length === 1 ? first : `${first} ${parts.at(-1)!.charAt(0).toUpperCase()}.`;
}

/** Each star count's share of the reviews, as a whole percentage for the histogram's bars. */
export function histogramShares(counts: Readonly<Record<1 | 2 | 3 | 4 | 5, number>>): Record<1 | 2 | 3 | 4 | 5, number> {
  const total = counts[1] + counts[2] + counts[3] + counts[4] + counts[5];
  const share = (n: number) => (total === 0 ? 0 : Math.round((n * 100) / total));
  return { 1: share(counts[1]), 2: share(counts[2]), 3: share(counts[3]), 4: share(counts[4]), 5: share(counts[5]) };
}

/** One review as the product page shows it: nothing personal, the same for every visitor. */
export interface ShownReview {
  id: string;
  reviewer: string;
  verified: true;
  createdAt: string;
  rating: number;
  title: string;
  body: string;
  photos: string[];
  helpful: number;
  reply: { body: string; at: string | null } | null;
}

export type StarCounts = Record<1 | 2 | 3 | 4 | 5, number>;

export interface ProductReviewsPage {
  rating: Rating;
  histogram: StarCounts;
  reviews: ShownReview[];
  /** Reviews matching the star filter, for paging. */
  matching: number;
  page: number;
  pageCount: number;
}


/**
 * The schema.org `aggregateRating` and up to JSON_LD_REVIEWS `review` items for a product's
 * JSON-LD, or nothing when it has no reviews. React Router's meta serialises it with `<` escaped
 * (\u003c), so a review's `</script>` cannot close the element (tests/integration/reviews.test.ts).
 */
export function reviewsJsonLd(page: Pick<ProductReviewsPage, "rating" | "reviews">): Record<string, unknown> {
  if (page.rating.count === 0) return {};
  return {
    aggregateRating: { "@type": "AggregateRating", ratingValue: page.rating.average, reviewCount: page.rating.count, bestRating: 5, worstRating: 1 },
    review: page.reviews.slice(0, JSON_LD_REVIEWS).map((r) => ({
      "@type": "Review",
      author: { "@type": "Person", name: r.reviewer },
      datePublished: r.createdAt.slice(0, 10),
      name: r.title,
      reviewBody: r.body,
      reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}

