import { echoValues, formValues, type FormFailure } from "~/lib/form";
import { logger } from "~/lib/logger.server";
import type { RefusalReason } from "~/lib/outcome";
import { readFormWithFiles } from "~/modules/storage/form-body.server";
import { MAX_IMAGE_BYTES, detectImageType } from "~/modules/storage/image-type";
import type { ImageStore } from "~/modules/storage/images.server";
import { REVIEW_REFUSALS, photosAfterEdit, reviewEligibility, writeReview, type Reviewer } from "./reviews.server";
import { parseReviewForm } from "./parse-review";
import { MAX_REVIEW_PHOTOS, REVIEW_FORM_MESSAGES as M } from "./rules";

export type ReviewFormResult = { ok: true; created: boolean } | { ok: false; status: RefusalReason | "server"; reply: FormFailure };

/**
 * A review as posted: stars, title, text and up to 4 photos (the image uploads' rules: JPEG, PNG
 * or WebP by their bytes, up to 2 MB each). Photos are stored only once everything else is right,
 * and removed again if the review is refused or cannot be written. An edit keeps the review's
 * photos but those ticked to remove (`removePhotos`, their addresses) and adds the new ones, at
 * most 4 in all; those removed leave storage once the edit is committed.
 */
export async function submitReviewForm(deps: { db: Parameters<typeof writeReview>[0]; images: ImageStore }, request: Request, user: Reviewer, productId: string, now = new Date()): Promise<ReviewFormResult> {
  const { form, files, fileTooLarge, tooMany } = await readFormWithFiles(request, { fileField: "photos", maxFiles: MAX_REVIEW_PHOTOS, maxFileBytes: MAX_IMAGE_BYTES });
  const values = formValues(form);
  const removePhotos = form.getAll("removePhotos").filter((v): v is string => typeof v === "string");
  const refuse = (status: RefusalReason | "server", fieldErrors: Record<string, string | undefined>, formError: string = M.form): ReviewFormResult => ({
    ok: false,
    status,
    // The ticked photos, one address a line, so the form shows them ticked again (a review has at most 4).
    reply: { status: "error", formError, fieldErrors, values: echoValues({ ...values, removePhotos: removePhotos.slice(0, MAX_REVIEW_PHOTOS).join("\n") }) },
  });

  const types = files.map((f) => detectImageType(f.bytes));
  let photoError: string | undefined = tooMany ? M.photosTooMany : fileTooLarge ? M.photoTooLarge : types.some((t) => t === null) ? M.photoType : undefined;
  if (!photoError && files.length > 0) {
    // Checked again as the review is written; asked here so that no photo is stored in vain.
    const eligible = await reviewEligibility(deps.db, user, productId);
    const kept = eligible.ok ? photosAfterEdit(eligible.existing?.photos ?? [], removePhotos, []) : [];
    if (kept.length + files.length > MAX_REVIEW_PHOTOS) photoError = M.photosInAll;
  }
  const parsed = parseReviewForm(values);
  const errors: Record<string, string | undefined> = parsed.ok ? {} : { ...parsed.fieldErrors };
  if (photoError) errors.photos = photoError;
  if (!parsed.ok || photoError) return refuse("invalid", errors);

  const saved: string[] = [];
  try {
    for (const [i, f] of files.entries()) saved.push(await deps.images.save(f.bytes, types[i]!));
  } catch (e) {
    logger.error({ err: e }, "could not store a review's photos");
    await removeAll(deps.images, saved);
    return refuse("server", { photos: M.photosFailed }, M.photosFailed);
  }

  const outcome = await writeReview(deps.db, user, { productId, ...parsed.fields, photos: saved, removePhotos }, now).catch(async (e: unknown) => {
    await removeAll(deps.images, saved);
    throw e;
  });
  if (!outcome.ok) {
    await removeAll(deps.images, saved);
    return refuse(REVIEW_REFUSALS[outcome.reason], {}, outcome.message);
  }
  await removeAll(deps.images, outcome.removedPhotos);
  return { ok: true, created: outcome.created };
}

async function removeAll(images: ImageStore, urls: readonly string[]): Promise<void> {
  for (const url of urls) await images.remove(url).catch(() => {});
}
