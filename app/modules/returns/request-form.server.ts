import { echoValues, formValues, type FormFailure } from "~/lib/form";
import { logger } from "~/lib/logger.server";
import type { RefusalReason } from "~/lib/outcome";
import type { SecretBox } from "~/lib/secret-box.server";
import type { Store } from "~/modules/jobs/outbox.server";
import { parseRefundDestination } from "~/modules/payments/refund-destination";
import { sealRefundDestination } from "~/modules/payments/refund-destination.server";
import { readFormWithFiles } from "~/modules/storage/form-body.server";
import { MAX_IMAGE_BYTES, detectImageType } from "~/modules/storage/image-type";
import type { ImageStore } from "~/modules/storage/images.server";
import { RETURN_FORM_MESSAGES as M, parseReturnForm } from "./request-form";
import { refundGoesBackOnline, requestReturn } from "./returns.server";
import { MAX_RETURN_PHOTOS } from "./rules";

/** The refund details a customer types are never shown again as typed, only masked once stored. */
const REFUND_FIELDS = ["upiId", "accountNumber", "ifsc", "accountName"];

export type ReturnFormResult = { ok: true; number: string } | { ok: false; status: RefusalReason | "server"; reply: FormFailure };

/**
 * A customer's return request as posted: the text fields, 1 to 4 photos (the product images'
 * rules: JPEG, PNG or WebP by their bytes, up to 2 MB each) and, for a refund of an order not
 * paid online, where the money goes (sealed before it is stored). Photos are stored only once
 * everything else is right, and removed again if the request is refused.
 */
export async function submitReturnForm(
  deps: Store & { images: ImageStore; secrets: SecretBox },
  request: Request,
  input: { userId: string; orderNumber: string; paymentMethod: string },
): Promise<ReturnFormResult> {
  const { form, files, fileTooLarge, tooMany } = await readFormWithFiles(request, { fileField: "photos", maxFiles: MAX_RETURN_PHOTOS, maxFileBytes: MAX_IMAGE_BYTES });
  const values = formValues(form);
  const refuse = (status: RefusalReason | "server", fieldErrors: Record<string, string | undefined>, formError: string = M.form): ReturnFormResult => ({
    ok: false,
    status,
    reply: { status: "error", formError, fieldErrors, values: echoValues(values, REFUND_FIELDS) },
  });

  const types = files.map((f) => detectImageType(f.bytes));
  const photoError = tooMany ? M.photosTooMany : fileTooLarge ? M.photoTooLarge : types.some((t) => t === null) ? M.photoType : undefined;
  const parsed = parseReturnForm(values, files.length);
  const errors: Record<string, string | undefined> = parsed.ok ? {} : { ...parsed.fieldErrors };
  if (photoError) errors.photos = photoError;

  let refundTo: { sealed: string; masked: string } | null = null;
  if (parsed.ok && parsed.fields.resolution === "refund" && !refundGoesBackOnline(input.paymentMethod)) {
    const destination = parseRefundDestination({
      kind: values.refundKind,
      upiId: values.upiId,
      accountNumber: values.accountNumber,
      ifsc: values.ifsc,
      accountName: values.accountName,
    });
    if (!destination.ok) Object.assign(errors, destination.fieldErrors.kind ? { refundKind: destination.fieldErrors.kind, ...destination.fieldErrors } : destination.fieldErrors);
    else refundTo = sealRefundDestination(deps.secrets, destination.value);
  }
  if (!parsed.ok || Object.values(errors).some(Boolean)) return refuse("invalid", errors);

  const saved: string[] = [];
  try {
    for (const [i, f] of files.entries()) saved.push(await deps.images.save(f.bytes, types[i]!));
  } catch (e) {
    logger.error({ err: e }, "could not store a return's photos");
    await removeAll(deps.images, saved);
    return refuse("server", { photos: M.photosFailed }, M.photosFailed);
  }

  const outcome = await requestReturn(deps, { userId: input.userId, orderNumber: input.orderNumber, ...parsed.fields, photos: saved, refundTo }).catch(async (e: unknown) => {
    await removeAll(deps.images, saved);
    throw e;
  });
  if (!outcome.ok) {
    await removeAll(deps.images, saved);
    return refuse(outcome.reason, {}, outcome.message);
  }
  return { ok: true, number: outcome.number };
}

async function removeAll(images: ImageStore, urls: readonly string[]): Promise<void> {
  for (const url of urls) await images.remove(url).catch(() => {});
}
