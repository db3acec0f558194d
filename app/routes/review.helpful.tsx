import { ReviewActionRefused } from "~/components/reviews/ReviewActionRefused";
import { dbContext, userContext } from "~/context";
import { readFormValues } from "~/lib/form.server";
import { voteHelpful } from "~/modules/reviews/reviews.server";
import { pageMeta } from "~/modules/seo/meta";
import { answerReviewAction, signInFirst } from "~/modules/reviews/review-actions.server";
import type { Route } from "./+types/review.helpful";

export const meta: Route.MetaFunction = () => [...pageMeta({ title: "Helpful", description: "Vote a review helpful." }), { name: "robots", content: "noindex" }];

/** A "Helpful" vote: a fetcher gets the answer; a plain post comes back to the product page (see ReviewActions). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const values = await readFormValues(request);
  const user = context.get(userContext);
  const db = context.get(dbContext);
  if (!user) return signInFirst(db, params.id, values);
  const result = await voteHelpful(db, user, params.id);
  const voted = result.ok && result.done;
  return answerReviewAction(result, values, voted ? "Thank you: your vote counts." : "Your vote was taken back.", { voted });
}

export default ReviewActionRefused;
