import { visitorState } from "~/lib/visitor-state";
import type { HelpfulVotes } from "~/modules/reviews/rules";

/**
 * The reviews of the product page the signed-in customer voted helpful, from GET /reviews/votes
 * once the shared page has loaded (`visitorState`). Unknown until then, and when signed out.
 */
const votes = visitorState<HelpfulVotes>({ signedIn: false, helpful: [] });

/** Whether the visitor's vote counts on `reviewId`: undefined while that is not known. */
export function useHelpfulVote(productId: string, reviewId: string): boolean | undefined {
  const known = votes.useKnown(`/reviews/votes?product=${encodeURIComponent(productId)}`);
  return known.loaded && known.value.signedIn ? known.value.helpful.includes(reviewId) : undefined;
}

