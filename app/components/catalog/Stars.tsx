import type { CSSProperties } from "react";
import { formatCount } from "~/lib/numbers";
import { ratingLabel, type Rating } from "~/modules/catalog/ratings";

const SIZES = { sm: "stars-sm", md: "stars-md", lg: "stars-lg" } as const;

/**
 * Five stars filled to `value` (0 to 5, in part for an average), read out as `label`. One element
 * drawn by CSS (`.stars` in app.css): a card shows it 24 times a page, and five SVGs twice over were
 * a fifth of a rendered listing's elements (docs/decisions/026-lighter-render.md).
 */
export function StarRow({ value, label, size = "sm", className = "" }: { value: number; label: string; size?: keyof typeof SIZES; className?: string }) {
  const filled = Math.max(0, Math.min(100, (value / 5) * 100));
  return <span role="img" aria-label={label} className={`stars ${SIZES[size]} ${className}`} style={{ "--filled": `${filled}%` } as CSSProperties} />;
}

/**
 * A product's rating as five stars filled to its average, with the count beside them: "(12)".
 * A screen reader hears the label instead ("4.3 out of 5 stars, 12 ratings", ratings.ts): the
 * stars and the count are one image, so the count is not read twice.
 */
export function Stars({ rating, size = "sm", className = "" }: { rating: Rating; size?: keyof typeof SIZES; className?: string }) {
  const filled = Math.max(0, Math.min(100, (rating.average / 5) * 100));
  return (
    <span role="img" aria-label={ratingLabel(rating)} className={`inline-flex items-center gap-1 text-xs tabular-nums text-gray-700 ${className}`}>
      <span className={`stars ${SIZES[size]}`} style={{ "--filled": `${filled}%` } as CSSProperties} />
      {`(${formatCount(rating.count)})`}
    </span>
  );
}
