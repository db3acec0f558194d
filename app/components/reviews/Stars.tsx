import { ratingLabel, type Rating } from "~/modules/catalog/ratings";

/** Five stars filled to `value` (rounded to the nearest half is not drawn: whole stars), read out as text. */
export function Stars({ value, label, className = "" }: { value: number; label: string; className?: string }) {
  const full = Math.round(value);
  return (
    <span role="img" aria-label={label} className={`inline-flex text-amber-600 ${className}`}>
      <span aria-hidden="true">{"★".repeat(full)}</span>
      <span aria-hidden="true" className="text-gray-300">
        {"★".repeat(5 - full)}
      </span>
    </span>
  );
}

export function RatingStars({ rating, className = "" }: { rating: Rating; className?: string }) {
  return <Stars value={rating.average} label={ratingLabel(rating)} className={className} />;
}
