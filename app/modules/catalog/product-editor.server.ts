import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { Outbox } from "~/modules/jobs/outbox.server";
import type { FormFailure } from "~/lib/form";
import { readFormWithFile } from "~/modules/storage/form-body.server";
import { MAX_IMAGE_BYTES, detectImageType } from "~/modules/storage/image-type";
import type { ImageStore } from "~/modules/storage/images.server";
import {
  createManagedProduct,
  deleteManagedProduct,
  getManagedProduct,
  updateManagedProduct,
  type DeleteOutcome,
  type ProductScope,
} from "./manage.server";
import { PRODUCT_MESSAGES as M, type ProductFieldErrors, type ProductFormValues } from "./product-form";
import { parseProductForm, readProductForm } from "./product-form.server";
import { logger } from "~/lib/logger.server";

interface Deps {
  db: Kysely<Database>;
  images: ImageStore;
  scope: ProductScope;
  /** Where an edit announces a lower price or a return to stock (saveProduct); left out, nothing is announced. */
  outbox?: Outbox;
}

/** A refused post: the reply the form shows (decision 011) and the HTTP status to send it with. */
export type ProductFormRefusal = { ok: false; httpStatus: number; reply: FormFailure<ProductFormValues> };
export type ProductFormResult = { ok: true; id: string; name: string } | ProductFormRefusal;

async function removeQuietly(images: ImageStore, url: string | null | undefined) {
  try {
    await images.remove(url);
  } catch (e) {
    logger.error({ err: e, image: url }, "could not remove a product image");
  }
}

/**
 * A posted product form, from the raw request to a saved product: reads the body within the
 * image limit, validates every field, checks the image by its bytes, stores it, saves. Refusals
 * carry the values as typed so the form shows them again. For an edit (`productId` given) null
 * means the scope has no such product.
 */
export async function submitProductForm(
  { db, images, scope, outbox }: Deps,
  request: Request,
  productId?: string,
): Promise<ProductFormResult | null> {
  if (productId !== undefined && !(await getManagedProduct(db, scope, productId))) return null;

  const { form, file, fileTooLarge } = await readFormWithFile(request, { fileField: "image", maxFileBytes: MAX_IMAGE_BYTES });
  const values = readProductForm(form);
  const parsed = parseProductForm(values, { requireVendor: scope.kind === "admin" });
  const errors: ProductFieldErrors = parsed.ok ? {} : { ...parsed.errors };
  const imageType = file ? detectImageType(file.bytes) : null;
  if (fileTooLarge) errors.image = M.imageTooLarge;
  else if (file && !imageType) errors.image = M.imageType;
  const refuse = (httpStatus: number, more: ProductFieldErrors = {}, formError: string = M.form): ProductFormRefusal => ({
    ok: false,
    httpStatus,
    reply: { status: "error", formError, fieldErrors: { ...errors, ...more }, values },
  });
  if (!parsed.ok || Object.keys(errors).length > 0) return refuse(400);

  let newImage: string | null = null;
  if (file && imageType) {
    try {
      newImage = await images.save(file.bytes, imageType);
    } catch (e) {
      logger.error({ err: e }, "could not store a product image");
      return refuse(503, { image: M.imageStoreFailed }, M.imageStoreFailed);
    }
  }

  try {
    const outcome =
      productId === undefined
        ? await createManagedProduct(db, scope, parsed.fields, newImage)
        : await updateManagedProduct(db, scope, productId, parsed.fields, newImage ?? undefined, { stockSeen: values.stockSeen, outbox });
    if (!outcome || !outcome.ok) {
      await removeQuietly(images, newImage);
      if (!outcome) return null;
      return refuse(400, { [outcome.field]: outcome.message });
    }
    if (newImage && outcome.previousImage && outcome.previousImage !== newImage) await removeQuietly(images, outcome.previousImage);
    return { ok: true, id: outcome.id, name: parsed.fields.name };
  } catch (e) {
    logger.error({ err: e }, "could not save a product");
    await removeQuietly(images, newImage);
    return refuse(500, {}, M.saveFailed);
  }
}

/** Deletes (or, when it was ordered, archives) a product of the scope and removes a deleted product's stored image. */
export async function removeProduct({ db, images, scope }: Deps, productId: string | undefined): Promise<DeleteOutcome | null> {
  const result = await deleteManagedProduct(db, scope, productId);
  if (result?.outcome === "deleted") await removeQuietly(images, result.imageUrl);
  return result;
}
