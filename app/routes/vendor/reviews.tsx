import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { Form } from "~/lib/route-links";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { PageSummary, Pager } from "~/components/admin/Pager";
import { ModeratedReviewText } from "~/components/reviews/ModeratedReviewText";
import { Button } from "~/components/ui/Button";
import { TextAreaField } from "~/components/ui/Field";
import { dbContext } from "~/context";
import { flashHeaders, readFlash } from "~/lib/flash.server";
import { formFailure } from "~/lib/form";
import { useIsPending } from "~/lib/form-hooks";
import { readFormValues } from "~/lib/form.server";
import { statusFor } from "~/lib/outcome";
import { pageAfterPost } from "~/lib/page-after-post";
import { parsePage } from "~/modules/admin/forms.server";
import { requireVendorProfile } from "~/modules/identity/guards.server";
import { formatShortDate } from "~/lib/dates";
import { ANSWER_MAX, VENDOR_REVIEWS_PAGE_SIZE } from "~/modules/reviews/moderation";
import { answerReview, listVendorReviews } from "~/modules/reviews/moderation.server";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Reviews", description: "Your customers' reviews of your products, and your answers." }),
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const { vendor } = await requireVendorProfile(args);
  const db = args.context.get(dbContext);
  const page = parsePage(new URL(args.request.url).searchParams);
  const [reviews, flash] = await Promise.all([listVendorReviews(db, vendor.id, { page }), readFlash(args.request)]);
  return data({ reviews, flash: flash.message }, { headers: flash.headers });
}

/** A refused answer (answered meanwhile) reloads the list, so it shows what is true now. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionStatus === 409) return true;
  return defaultShouldRevalidate;
}

export async function action(args: Route.ActionArgs) {
  const { user, vendor } = await requireVendorProfile(args);
  const values = await readFormValues(args.request);
  const reviewId = values.reviewId ?? "";
  const outcome = await answerReview({ db: args.context.get(dbContext) }, { userId: user.id, vendorId: vendor.id }, { reviewId, values });
  if (!outcome.ok) {
    return data({ ...formFailure(values, { formError: outcome.message, fieldErrors: outcome.fieldErrors ?? {} }), reviewId }, { status: statusFor(outcome.reason) });
  }
  throw redirect(pageAfterPost("/vendor/reviews", args.request.url), { headers: await flashHeaders(outcome.message) });
}

export default function VendorReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews, flash } = loaderData;
  const pending = useIsPending();
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">Reviews</h1>
      <p className="mt-1 text-sm text-gray-700">
        Customers' reviews of your products, the unanswered first. You can answer each review once; your answer is shown beneath it on the product page.
      </p>
      <p className="mt-1 text-sm font-semibold text-gray-900">
        {reviews.unanswered === 0 ? "Every review is answered." : reviews.unanswered === 1 ? "1 review awaits your answer." : `${reviews.unanswered} reviews await your answer.`}
      </p>
      <ActionNotice error={actionData?.formError} confirmation={flash} />
      {reviews.rows.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-gray-300 px-6 py-10 text-center text-gray-600">No reviews of your products yet.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {reviews.rows.map((r) => {
            const mine = actionData?.reviewId === r.id;
            return (
              <li key={r.id} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
                <ModeratedReviewText review={r} />
                {r.replyBody !== null ? (
                  <div className="mt-4 rounded-lg border-l-4 border-pink-600 bg-gray-50 px-4 py-3">
                    <p className="text-xs font-semibold text-gray-700">Your answer{r.repliedAt ? `, ${formatShortDate(r.repliedAt)}` : ""}</p>
                    <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-sm text-gray-900">{r.replyBody}</p>
                  </div>
                ) : r.status === "hidden" ? (
                  <p className="mt-4 text-sm font-semibold text-gray-700">Hidden by the shop: it is not shown and takes no answer.</p>
                ) : (
                  <Form method="post" className="mt-4">
                    <input type="hidden" name="reviewId" value={r.id} />
                    <TextAreaField
                      label={`Your answer to “${r.title}”`}
                      name="answer"
                      rows={3}
                      maxLength={ANSWER_MAX}
                      defaultValue={mine ? (actionData?.values.answer ?? "") : ""}
                      error={mine ? actionData?.fieldErrors.answer : undefined}
                      hint="Shown beneath the review, with your shop's name. You can answer once."
                    />
                    <Button type="submit" size="sm" className="mt-3" disabled={pending}>
                      Publish answer<span className="sr-only">{` to “${r.title}”${r.customerName ? ` by ${r.customerName}` : ""}`}</span>
                    </Button>
                  </Form>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <PageSummary page={reviews.page} pageSize={VENDOR_REVIEWS_PAGE_SIZE} shown={reviews.rows.length} total={reviews.total} noun="reviews" />
      <Pager page={reviews.page} pageCount={reviews.pageCount} label="Review pages" />
    </div>
  );
}
