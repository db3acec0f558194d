/** Product images the shop accepts, recognised by their first bytes, never by name or declared type (docs/decisions/008). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp";

export interface ImageType {
  ext: "jpg" | "png" | "webp";
  mime: "image/jpeg" | "image/png" | "image/webp";
}

const JPEG: ImageType = { ext: "jpg", mime: "image/jpeg" };
const PNG: ImageType = { ext: "png", mime: "image/png" };
const WEBP: ImageType = { ext: "webp", mime: "image/webp" };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

/**
 * JPEG (FF D8 FF), PNG (its 8-byte signature) or WebP (RIFF....WEBP); anything else, SVG and
 * GIF included, is null. SVG is refused on purpose: it can carry script.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(bytes, PNG_SIGNATURE)) return PNG;
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return WEBP;
  return null;
}
