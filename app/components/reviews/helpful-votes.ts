import { useVisitor } from "~/modules/visitor/visitor";

/**
 * Whether the signed-in visitor's Helpful vote counts on `reviewId` of the product page, from
 * GET /visitor?product=ID once the shared page has loaded (app/modules/visitor/visitor.ts):
 * undefined while that is not known, and when signed out.
 */
export function useHelpfulVote(reviewId: string): boolean | undefined {
  const { loaded, value } = useVisitor();
  return loaded && value.user ? value.helpful.includes(reviewId) : undefined;
}
