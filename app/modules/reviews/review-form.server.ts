import { echoValues, formValues, type FormFailure } from "~/lib/form";
import { logger } from "~/lib/logger.server";
import type { RefusalReason } from "~/lib/outcome";
import { readFormWithFiles } from "~/modules/storage/form-body.server";
import { MAX_IMAGE_BYTES, detectImageType } from "~/modules/storage/image-type";
import type { ImageStore } from "~/modules/storage/images.server";
import { REVIEW_REFUSALS, writeReview, type Reviewer } from "./reviews.server";
import { MAX_REVIEW_PHOTOS, REVIEW_FORM_MESSAGES as M, parseReviewForm } from "./rules";

export type ReviewFormResult = { ok: true; created: boolean } | { ok: false; status: RefusalReason | "server"; reply: FormFailure };

/**
 * A review as posted: stars, title, text and up to 4 photos (the image uploads' rules: JPEG, PNG
 * or WebP by their bytes, up to 2 MB each). Photos are stored only once everything else is right,
 * and removed again if the review is refused or cannot be written; an edit's new photos replace
 * the old ones, which are removed once the edit is committed.
 */
export async function submitReviewForm(deps: { db: Parameters<typeof writeReview>[0]; images: ImageStore }, request: Request, user: Reviewer, productId: string, now = new Date()): Promise<ReviewFormResult> {
  const { form, files, fileTooLarge, tooMany } = await readFormWithFiles(request, { fileField: "photos", maxFiles: MAX_REVIEW_PHOTOS, maxFileBytes: MAX_IMAGE_BYTES });
  const values = formValues(form);
  const refuse = (status: RefusalReason | "server", fieldErrors: Record<string, string | undefined>, formError: string = M.form): ReviewFormResult => ({
    ok: false,
    status,
    reply: { status: "error", formError, fieldErrors, values: echoValues(values) },
  });

  const types = files.map((f) => detectImageType(f.bytes));
  const photoError = tooMany ? M.photosTooMany : fileTooLarge ? M.photoTooLarge : types.some((t) => t === null) ? M.photoType : undefined;
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

  const outcome = await writeReview(deps.db, user, { productId, ...parsed.fields, photos: saved.length > 0 ? saved : null }, now).catch(async (e: unknown) => {
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
