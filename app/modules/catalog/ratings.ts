/**
 * A product's rating, read the same way everywhere it shows (a card, the product page, the seller's
 * page, the "Customer Rating" sort and the "4★ & above" filter): from the published reviews' count
 * and stars summed, kept on the product row (migration 0020, `recountRating`).
 */
export interface Rating {
  /** Published reviews. */
  count: number;
  /** Their average stars, to one decimal (4.3); 0 with no reviews. */
  average: number;
}

/** The stored score: the average × 100, rounded, so "4★ & above" is `rating_score >= 400`. */
export function ratingScore(count: number, sum: number): number {
  return count > 0 ? Math.round((sum * 100) / count) : 0;
}

export function ratingFromScore(count: number, score: number): Rating {
  return { count, average: count > 0 ? Math.round(score / 10) / 10 : 0 };
}

/** "4.3 out of 5 stars, 12 ratings": what a screen reader hears for the stars drawn. */
export function ratingLabel({ count, average }: Rating): string {
  if (count === 0) return "No ratings yet";
  return `${average.toFixed(1)} out of 5 stars, ${count} ${count === 1 ? "rating" : "ratings"}`;
}

/** The lowest score "4★ & above" keeps. */
export const FOUR_STARS_AND_ABOVE_SCORE = 400;
