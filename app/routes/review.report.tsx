import { ReviewActionRefused } from "~/components/reviews/ReviewActionRefused";
import { dbContext, userContext } from "~/context";
import { readFormValues } from "~/lib/form.server";
import { reportReview } from "~/modules/reviews/reviews.server";
import { pageMeta } from "~/modules/seo/meta";
import { answerReviewAction, signInFirst } from "~/modules/reviews/review-actions.server";
import type { Route } from "./+types/review.report";

export const meta: Route.MetaFunction = () => [...pageMeta({ title: "Report a review", description: "Report a review." }), { name: "robots", content: "noindex" }];

/** A report, with its reason: a fetcher gets the answer; a plain post comes back to the product page (see ReviewActions). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const values = await readFormValues(request);
  const user = context.get(userContext);
  const db = context.get(dbContext);
  if (!user) return signInFirst(db, params.id, values);
  const result = await reportReview(db, user, params.id, values.reason);
  return answerReviewAction(result, values, "Thank you: the review was reported and will be checked.");
}

export default ReviewActionRefused;
