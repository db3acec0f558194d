import type { RequestHandler } from "express";
import { IMAGE_CACHE_CONTROL, isStoredImageName, type ImageStore } from "~/modules/storage/images.server";

/**
 * Serves stored product images at /uploads/products/<file> from the image store. With object
 * storage the bucket stays private and this is how browsers get its images, so every page loads
 * its images from the shop alone; unknown names fall through to the shop's 404.
 */
export function storedImages(images: ImageStore): RequestHandler<{ name: string }> {
  return async (req, res, next) => {
    try {
      const image = isStoredImageName(req.params.name) ? await images.open(req.params.name) : null;
      if (!image) return next();
      res.set({ "Content-Type": image.mime, "Cache-Control": IMAGE_CACHE_CONTROL, "X-Content-Type-Options": "nosniff" });
      res.send(Buffer.from(image.bytes));
    } catch (e) {
      next(e);
    }
  };
}
