import { formatCount } from "~/lib/numbers";
import { ratingLabel, type Rating } from "~/modules/catalog/ratings";

const STAR = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";
const SIZES = { sm: 16, md: 20, lg: 24 } as const;

/** Five stars filled to `value` (0 to 5, in part for an average), read out as `label`. */
export function StarRow({ value, label, size = "sm", className = "" }: { value: number; label: string; size?: keyof typeof SIZES; className?: string }) {
  const filled = Math.max(0, Math.min(100, (value / 5) * 100));
  const px = SIZES[size];
  const row = (color: string) => (
    <span className={`flex ${color}`}>
      {[0, 1, 2, 3, 4].map((i) => (
        <svg key={i} viewBox="0 0 24 24" width={px} height={px} fill="currentColor" aria-hidden="true" focusable="false" className="shrink-0">
          <path d={STAR} />
        </svg>
      ))}
    </span>
  );
  return (
    <span role="img" aria-label={label} className={`relative inline-block ${className}`}>
      <span aria-hidden="true">{row("text-gray-300")}</span>
      <span aria-hidden="true" className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${filled}%` }}>
        {row("text-amber-500")}
      </span>
    </span>
  );
}

/**
 * A product's rating as five stars filled to its average, with the count beside them: "(12)".
 * A screen reader hears the label instead ("4.3 out of 5 stars, 12 ratings", ratings.ts).
 */
export function Stars({ rating, size = "sm", className = "" }: { rating: Rating; size?: keyof typeof SIZES; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-1 ${className}`}>
      <StarRow value={rating.average} label={ratingLabel(rating)} size={size} />
      <span aria-hidden="true" className="text-xs tabular-nums text-gray-700">
        ({formatCount(rating.count)})
      </span>
    </span>
  );
}
