import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { PageSummary, Pager } from "~/components/admin/Pager";
import { ModeratedReviewText } from "~/components/reviews/ModeratedReviewText";
import { Button } from "~/components/ui/Button";
import { TextAreaField } from "~/components/ui/Field";
import { BADGE, BADGE_TONES } from "~/components/ui/StatusBadge";
import { dbContext, storeOf } from "~/context";
import { flashHeaders, readFlash } from "~/lib/flash.server";
import { formFailure } from "~/lib/form";
import { useIsPending } from "~/lib/form-hooks";
import { readFormValues } from "~/lib/form.server";
import { statusFor } from "~/lib/outcome";
import { pageAfterPost } from "~/lib/page-after-post";
import { parsePage } from "~/modules/admin/forms.server";
import { requireAdmin } from "~/modules/identity/guards.server";
import { formatOrderDateTime } from "~/lib/dates";
import { ADMIN_REVIEWS_PAGE_SIZE, REASON_MAX, REVIEW_EVENT_LABELS, REVIEW_FILTERS, parseReviewFilter } from "~/modules/reviews/moderation";
import { hideReview, listAdminReviews, restoreReview } from "~/modules/reviews/moderation.server";
import { brandTitle } from "~/modules/seo/meta";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = () => [{ title: brandTitle("Reviews", "Admin") }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const params = new URL(args.request.url).searchParams;
  const query = { filter: parseReviewFilter(params.get("filter")), page: parsePage(params) };
  const [reviews, flash] = await Promise.all([listAdminReviews(args.context.get(dbContext), query), readFlash(args.request)]);
  return data({ query, reviews, flash: flash.message }, { headers: flash.headers });
}

/** A refused change (another administrator got there first) reloads the list, so it shows what is true now. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionStatus === 409) return true;
  return defaultShouldRevalidate;
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args);
  const values = await readFormValues(args.request);
  const reviewId = values.reviewId ?? "";
  const intent = values.intent === "hide" || values.intent === "restore" ? values.intent : null;
  if (!intent) return data({ ...formFailure(values, { formError: "Choose hide or restore." }), reviewId }, { status: statusFor("invalid") });
  const store = storeOf(args.context);
  const input = { reviewId, values };
  const outcome = intent === "hide" ? await hideReview(store, { userId: admin.id }, input) : await restoreReview(store, { userId: admin.id }, input);
  if (!outcome.ok) {
    return data({ ...formFailure(values, { formError: outcome.message, fieldErrors: outcome.fieldErrors ?? {} }), reviewId }, { status: statusFor(outcome.reason) });
  }
  throw redirect(pageAfterPost("/admin/reviews", args.request.url), { headers: await flashHeaders(outcome.message) });
}

const ROLE_LABELS: Record<string, string> = { customer: "Customer", vendor: "Seller", admin: "Administrator" };

/** Every review, the most reported first: each with its reports and history, and a reasoned Hide or Restore. */
export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { query, reviews, flash } = loaderData;
  const pending = useIsPending();
  const box = "rounded-xl border border-gray-200 bg-white p-5 shadow-sm";
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">Reviews</h1>
      <p className="mt-1 text-sm text-gray-700">
        The most reported first, then the newest. Hiding a review takes it off the product page and out of the rating; the reviewer is mailed your reason.
      </p>
      <nav aria-label="Filter reviews" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {REVIEW_FILTERS.map((f) => (
            <li key={f.value}>
              <Link
                to={f.value === "all" ? "/admin/reviews" : `/admin/reviews?filter=${f.value}`}
                aria-current={query.filter === f.value ? "page" : undefined}
                className={`block rounded-full border px-3 py-1.5 text-sm font-semibold ${
                  query.filter === f.value ? "border-pink-600 bg-pink-50 text-pink-800" : "border-gray-300 bg-white text-gray-800 hover:border-pink-600"
                }`}
              >
                {f.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ActionNotice error={actionData?.formError} confirmation={flash} />
      {reviews.rows.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-gray-300 px-6 py-10 text-center text-gray-600">
          {query.filter === "reported" ? "No reported reviews." : query.filter === "hidden" ? "No hidden reviews." : "No reviews yet."}
        </p>
      ) : (
        <ul className="mt-6 space-y-4">
          {reviews.rows.map((r) => {
            const mine = actionData?.reviewId === r.id;
            const hidden = r.status === "hidden";
            return (
              <li key={r.id} className={box}>
                <article>
                  <div className="flex flex-wrap items-center gap-2">
                    <span className={`${BADGE} ${hidden ? BADGE_TONES.red : BADGE_TONES.green}`}>{hidden ? "Hidden" : "Shown"}</span>
                    {r.reportCount > 0 && (
                      <span className={`${BADGE} ${BADGE_TONES.yellow}`}>
                        {r.reportCount === 1 ? "1 report" : `${r.reportCount} reports`}
                      </span>
                    )}
                    <Link to={`/products/${encodeURIComponent(r.productId)}`} className="text-sm font-semibold text-pink-700 hover:text-pink-800">
                      View product<span className="sr-only"> {r.productName}</span>
                    </Link>
                  </div>
                  <div className="mt-3">
                    <ModeratedReviewText review={r} />
                  </div>
                  {r.replyBody !== null && (
                    <div className="mt-3 rounded-lg border-l-4 border-pink-600 bg-gray-50 px-4 py-3">
                      <p className="text-xs font-semibold text-gray-700">Seller's answer</p>
                      <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-sm text-gray-900">{r.replyBody}</p>
                    </div>
                  )}
                  {hidden && r.hiddenReason && <p className="mt-3 text-sm text-gray-800 wrap-anywhere">Hidden because: {r.hiddenReason}</p>}
                  <div className="mt-4 grid gap-4 lg:grid-cols-2">
                    <div>
                      <h3 className="text-sm font-semibold text-gray-900">Reports</h3>
                      {r.reports.length === 0 ? (
                        <p className="mt-1 text-sm text-gray-600">None.</p>
                      ) : (
                        <ul className="mt-1 space-y-1 text-sm text-gray-800">
                          {r.reports.map((x, i) => (
                            <li key={i} className="wrap-anywhere">
                              “{x.reason}” by {x.reporterName ?? "a deleted account"}, {formatOrderDateTime(x.createdAt)}
                            </li>
                          ))}
                        </ul>
                      )}
                      <h3 className="mt-3 text-sm font-semibold text-gray-900">History</h3>
                      <ol className="mt-1 space-y-1 text-sm text-gray-800">
                        {r.history.map((h, i) => (
                          <li key={i} className="wrap-anywhere">
                            {REVIEW_EVENT_LABELS[h.event] ?? h.event} by {(ROLE_LABELS[h.actorRole] ?? h.actorRole).toLowerCase()}, {formatOrderDateTime(h.createdAt)}
                            {h.note ? `: ${h.note}` : ""}
                          </li>
                        ))}
                      </ol>
                    </div>
                    <Form method="post">
                      <input type="hidden" name="reviewId" value={r.id} />
                      <input type="hidden" name="intent" value={hidden ? "restore" : "hide"} />
                      <TextAreaField
                        label={hidden ? `Reason to restore “${r.title}”` : `Reason to hide “${r.title}”`}
                        name="reason"
                        rows={3}
                        maxLength={REASON_MAX}
                        required
                        defaultValue={mine ? (actionData?.values.reason ?? "") : ""}
                        error={mine ? actionData?.fieldErrors.reason : undefined}
                        hint="Mailed to the reviewer and kept in the review's history."
                      />
                      <Button type="submit" size="sm" variant={hidden ? "secondary" : "danger"} className="mt-3" disabled={pending}>
                        {hidden ? "Restore review" : "Hide review"}
                        <span className="sr-only"> “{r.title}” of {r.productName}</span>
                      </Button>
                    </Form>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
      <PageSummary page={reviews.page} pageSize={ADMIN_REVIEWS_PAGE_SIZE} shown={reviews.rows.length} total={reviews.total} noun="reviews" />
      <Pager page={reviews.page} pageCount={reviews.pageCount} label="Review pages" />
    </div>
  );
}
