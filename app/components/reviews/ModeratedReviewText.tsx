import { formatShortDate } from "~/lib/dates";
import type { ModeratedReview } from "~/modules/reviews/moderation.server";

/**
 * A review as the seller and the administrator read it: stars in words, title, text (shown as
 * text, never as markup or links), who wrote it and when.
 */
export function ModeratedReviewText({ review, headingLevel = 2 }: { review: ModeratedReview; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div>
      <p className="text-sm text-gray-700">
        <span className="font-semibold text-amber-700" aria-hidden="true">
          {"★".repeat(review.rating)}
          <span className="text-gray-300">{"★".repeat(5 - review.rating)}</span>
        </span>{" "}
        <span>{review.rating} out of 5 stars</span> · {review.productName}
      </p>
      <Heading className="mt-1 text-base font-semibold text-gray-900 wrap-anywhere">{review.title}</Heading>
      <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-sm text-gray-800">{review.body}</p>
      <p className="mt-2 text-xs text-gray-600">
        By {review.customerName ?? "a deleted account"}
        {review.customerEmail ? ` (${review.customerEmail})` : ""} on {formatShortDate(review.createdAt)} · Verified Purchase
        {review.helpfulCount > 0 ? ` · ${review.helpfulCount} found it helpful` : ""}
      </p>
    </div>
  );
}
