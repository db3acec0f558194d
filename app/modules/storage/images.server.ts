import fs from "node:fs/promises";
import path from "node:path";
import type { S3StorageSettings } from "~/config/env.server";
import type { ImageType } from "./image-type";
import { sha256Hex, signRequest } from "./sigv4.server";

/** Where product images live: the shop's own disk, or an S3-compatible bucket. */
export interface ImageStore {
  /** Stores the bytes under a new random name and returns the URL the shop shows (always its own /uploads/products/…). */
  save(bytes: Uint8Array, type: ImageType): Promise<string>;
  /** Removes an image this store saved; other URLs (demo images, another store's) are left alone. */
  remove(url: string | null | undefined): Promise<void>;
  /** The stored image named `name`, for the shop to serve, or null when there is none. */
  open(name: string): Promise<StoredImage | null>;
}

export interface StoredImage {
  bytes: Uint8Array;
  mime: string;
}

const MIME_BY_EXT: Record<string, string> = { jpg: "image/jpeg", png: "image/png", webp: "image/webp" };

/** The bucket settings, as parsed from the STORAGE_S3_* variables. */
export type S3Settings = S3StorageSettings;

/** The URL path product images are served under (server/app.ts serves DATA_DIR/uploads/products there). */
export const UPLOADS_PATH = "/uploads/products/";
const STORED_NAME = /^[a-f0-9-]{36}\.(jpg|png|webp)$/;
/** Stored names never change, so browsers and CDNs may keep them for a year. */
export const IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable";

function newName(type: ImageType): string {
  return `${crypto.randomUUID()}.${type.ext}`;
}

/** The stored name behind one of the shop's image URLs, or null for any other URL (demo images, paths that try to escape). */
function storedName(url: string | null | undefined): string | null {
  if (!url?.startsWith(UPLOADS_PATH)) return null;
  const name = url.slice(UPLOADS_PATH.length);
  return STORED_NAME.test(name) ? name : null;
}

export function isStoredImageName(name: string): boolean {
  return STORED_NAME.test(name);
}

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, "uploads", "products");
}

/** Local disk under DATA_DIR/uploads/products, served by the shop at /uploads/products/<file>. */
export function diskImageStore(dataDir: string): ImageStore {
  const dir = uploadsDir(dataDir);
  return {
    async save(bytes, type) {
      await fs.mkdir(dir, { recursive: true });
      const name = newName(type);
      await fs.writeFile(path.join(dir, name), bytes, { flag: "wx" });
      return UPLOADS_PATH + name;
    },
    async remove(url) {
      const name = storedName(url);
      if (name) await fs.rm(path.join(dir, name), { force: true });
    },
    async open(name) {
      if (!STORED_NAME.test(name)) return null;
      try {
        return { bytes: await fs.readFile(path.join(dir, name)), mime: MIME_BY_EXT[name.split(".").pop()!]! };
      } catch {
        return null;
      }
    },
  };
}

/**
 * An S3-compatible bucket, addressed path-style (endpoint/bucket/key), which AWS S3, R2 and MinIO
 * all accept. Objects are written, read and deleted with Signature V4. The bucket stays private:
 * browsers only ever load images from the shop's own /uploads/products/<file>, which the shop
 * reads from the bucket, so pages never depend on another address.
 */
export function s3ImageStore(settings: S3Settings, fetchImpl: typeof fetch = fetch): ImageStore {
  const endpoint = settings.endpoint.replace(/\/+$/, "");
  const keys = { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, region: settings.region };
  const objectUrl = (key: string) => new URL(`${endpoint}/${encodeURIComponent(settings.bucket)}/${key}`);

  async function send(method: "PUT" | "DELETE" | "GET", key: string, body?: { bytes: Uint8Array; type: string }) {
    const url = objectUrl(key);
    const extra: Record<string, string> = body ? { "content-type": body.type, "cache-control": IMAGE_CACHE_CONTROL } : {};
    const signed = signRequest({ method, url, headers: extra, payloadHash: sha256Hex(body?.bytes ?? "") }, keys);
    const { host: _host, ...headers } = signed;
    return fetchImpl(url, { method, headers, body: body ? Buffer.from(body.bytes) : undefined });
  }

  return {
    async save(bytes, type) {
      const name = newName(type);
      const response = await send("PUT", `products/${name}`, { bytes, type: type.mime });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`image storage refused the upload: HTTP ${response.status}`);
      return UPLOADS_PATH + name;
    },
    async remove(url) {
      const name = storedName(url);
      if (!name) return;
      const response = await send("DELETE", `products/${name}`);
      await response.body?.cancel();
      if (!response.ok && response.status !== 404) throw new Error(`image storage refused the removal: HTTP ${response.status}`);
    },
    async open(name) {
      if (!STORED_NAME.test(name)) return null;
      const response = await send("GET", `products/${name}`);
      if (response.status === 404 || response.status === 403) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`image storage refused the read: HTTP ${response.status}`);
      }
      return { bytes: new Uint8Array(await response.arrayBuffer()), mime: MIME_BY_EXT[name.split(".").pop()!]! };
    },
  };
}

export function createImageStore(config: { dataDir: string; s3: S3Settings | null }): ImageStore {
  return config.s3 ? s3ImageStore(config.s3) : diskImageStore(config.dataDir);
}
