import { useRef } from "react";
import { data, redirect } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { Button } from "~/components/ui/Button";
import { TextAreaField, TextField } from "~/components/ui/Field";
import { FormAlert } from "~/components/ui/FormAlert";
import { dbContext, imageStoreContext } from "~/context";
import { useFormReply, useIsPending } from "~/lib/form-hooks";
import { BODY_LIMITS, type RouteHandle } from "~/lib/http-policy";
import { statusFor } from "~/lib/outcome";
import { requireUser } from "~/modules/identity/guards.server";
import { submitReviewForm } from "~/modules/reviews/review-form.server";
import { REVIEW_REFUSALS, reviewEligibility } from "~/modules/reviews/reviews.server";
import { MAX_REVIEW_PHOTOS, TEXT_MAX, TITLE_MAX } from "~/modules/reviews/rules";
import { pageMeta } from "~/modules/seo/meta";
import { ACCEPTED_IMAGE_TYPES } from "~/modules/storage/image-type";
import type { Route } from "./+types/product.review";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({ title: loaderData && "product" in loaderData ? `Review: ${loaderData.product.name}` : "Write a review", description: "Review a product you bought." }),
  { name: "robots", content: "noindex" },
];

/** Up to four photos come with the form, as with a return request (server/body-guard.ts reads this). */
export const handle: RouteHandle = { bodyLimit: BODY_LIMITS.returnForm };

const productPage = (id: string) => `/products/${encodeURIComponent(id)}`;

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const eligible = await reviewEligibility(args.context.get(dbContext), user, args.params.id);
  if (!eligible.ok) {
    if (eligible.reason === "not_found") throw data("Product not found", { status: 404 });
    // The refusal is the page: said plainly, with its status.
    return data({ refused: eligible.message, productId: args.params.id }, { status: statusFor(REVIEW_REFUSALS[eligible.reason]) });
  }
  return { product: eligible.product, existing: eligible.existing };
}

export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const { context, params } = args;
  const result = await submitReviewForm({ db: context.get(dbContext), images: context.get(imageStoreContext) }, args.request, user, params.id);
  if (!result.ok) return data(result.reply, { status: result.status === "server" ? 503 : statusFor(result.status) });
  throw redirect(`${productPage(params.id)}?reviews=newest#reviews`);
}

export default function WriteReview({ loaderData, actionData }: Route.ComponentProps) {
  const formRef = useRef<HTMLFormElement>(null);
  useFormReply(formRef, actionData);
  const pending = useIsPending();
  if ("refused" in loaderData) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold text-gray-900">Write a review</h1>
        <div className="mt-6">
          <FormAlert tone="info">{loaderData.refused}</FormAlert>
        </div>
        <Link to={productPage(loaderData.productId)} className="mt-6 inline-block text-sm font-semibold text-pink-700 hover:text-pink-800">
          ← Back to the product
        </Link>
      </div>
    );
  }
  const { product, existing } = loaderData;
  const values = actionData?.values ?? {};
  const errors = actionData?.fieldErrors ?? {};
  const rating = values.rating ?? (existing ? String(existing.rating) : "");
  const removing = new Set((values.removePhotos ?? "").split("\n"));
  const hasPhotos = existing !== null && existing.photos.length > 0;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to={productPage(product.id)} className="text-sm font-semibold text-pink-700 hover:text-pink-800">
        ← {product.name}
      </Link>
      <h1 className="mt-2 text-3xl font-bold text-gray-900">{existing ? "Edit your review" : "Write a review"}</h1>
      <p className="mt-2 text-gray-700">{product.name}</p>
      {existing?.status === "hidden" && (
        <div className="mt-6">
          <FormAlert tone="info">{`Your review is hidden${existing.hiddenReason ? `: ${existing.hiddenReason}` : "."}`}</FormAlert>
        </div>
      )}
      {actionData?.formError && (
        <div className="mt-6">
          <FormAlert id="review-form-error">{actionData.formError}</FormAlert>
        </div>
      )}
      <Form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        className="mt-6 space-y-6 rounded-xl border border-gray-200 bg-white p-6"
        aria-describedby={actionData?.formError ? "review-form-error" : undefined}
      >
        <fieldset aria-describedby={errors.rating ? "rating-error" : undefined} aria-invalid={errors.rating ? true : undefined}>
          <legend className="text-sm font-medium text-gray-800">Your rating</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {[5, 4, 3, 2, 1].map((n) => (
              <label key={n} className="flex items-center gap-2 rounded-lg border border-gray-200 px-3 py-2 text-sm has-checked:border-pink-600 has-checked:bg-pink-50">
                <input type="radio" name="rating" value={n} defaultChecked={rating === String(n)} required className="accent-pink-600" />
                <span aria-hidden="true" className="text-amber-600">
                  {"★".repeat(n)}
                </span>
                {n === 1 ? "1 star" : `${n} stars`}
              </label>
            ))}
          </div>
          {errors.rating && (
            <p id="rating-error" className="mt-1 text-sm text-red-700">
              {errors.rating}
            </p>
          )}
        </fieldset>
        <TextField label="Title" name="title" required maxLength={TITLE_MAX} defaultValue={values.title ?? existing?.title ?? ""} error={errors.title} />
        <TextAreaField label="Your review" name="body" rows={6} required maxLength={TEXT_MAX} defaultValue={values.body ?? existing?.body ?? ""} error={errors.body} />
        {hasPhotos && (
          <fieldset>
            <legend className="text-sm font-medium text-gray-800">Your photos</legend>
            <ul className="mt-2 flex flex-wrap gap-3">
              {existing.photos.map((url, i) => (
                <li key={url} className="flex flex-col items-start gap-1">
                  <img src={url} alt={`Your photo ${i + 1}`} width={80} height={80} className="h-20 w-20 rounded-lg border border-gray-200 object-cover" />
                  <label className="flex items-center gap-1.5 text-sm text-gray-700">
                    <input type="checkbox" name="removePhotos" value={url} defaultChecked={removing.has(url)} className="accent-pink-600" />
                    Remove photo {i + 1}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <TextField
          label="Photos"
          name="photos"
          type="file"
          multiple
          optional
          accept={ACCEPTED_IMAGE_TYPES}
          error={errors.photos}
          hint={`Up to ${MAX_REVIEW_PHOTOS} photos (JPEG, PNG or WebP, up to 2 MB each)${hasPhotos ? " in all, with those above you keep" : ""}.`}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={pending}>
            {pending ? "Sending..." : existing ? "Save review" : "Submit review"}
          </Button>
          <Link to={productPage(product.id)} className="text-sm font-semibold text-gray-700 hover:text-pink-700">
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}
