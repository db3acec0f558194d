import type { Kysely } from "kysely";
import { data, redirect } from "react-router";
import type { Database } from "~/db/schema";
import type { FormReply, FormValues } from "~/lib/form";
import { statusFor } from "~/lib/outcome";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { REVIEW_REFUSALS, type ReviewActionResult } from "./reviews.server";

/** Where a review's vote or report comes back to: the page it was sent from, else its product's reviews. */
function backTo(values: FormValues, productId: string | null): string {
  const fallback = productId ? `/products/${encodeURIComponent(productId)}#reviews` : "/products";
  return safeRedirectPath(values.redirectTo ?? values.returnTo, fallback);
}

/** A signed-out visitor signs in first and comes back to the product page (not to the post's address). */
export async function signInFirst(db: Kysely<Database>, reviewId: string, values: FormValues): Promise<never> {
  const review = await db.selectFrom("reviews").select("product_id").where("id", "=", reviewId).executeTakeFirst();
  throw redirect(`/login?redirectTo=${encodeURIComponent(backTo(values, review?.product_id ?? null))}`);
}

/**
 * The answer to a vote or a report: a plain form post (it carries `redirectTo`) goes back to the
 * product page; a fetcher gets the message, and `extra` (a vote: whether it now counts). A refusal is said, with its status, either way.
 */
export function answerReviewAction<Extra extends object>(result: ReviewActionResult, values: FormValues, success: string, extra?: Extra) {
  if (!result.ok) {
    const reply: FormReply & { backTo: string } = { status: "error", formError: result.message, fieldErrors: {}, values: {}, backTo: backTo(values, null) };
    return data(reply, { status: statusFor(REVIEW_REFUSALS[result.reason]) });
  }
  if (values.redirectTo) throw redirect(backTo(values, result.productId));
  return { status: "success" as const, message: success, ...extra };
}
