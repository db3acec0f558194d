import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diskImageStore, s3ImageStore } from "./images.server";

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5]);
const PNG = { ext: "png", mime: "image/png" } as const;

interface Recorded {
  method: string;
  path: string;
  contentType: string | undefined;
  authorization: string | undefined;
  contentSha: string | undefined;
  body: Buffer;
}

describe("S3 image store", () => {
  const recorded: Recorded[] = [];
  const objects = new Map<string, { body: Buffer; type: string | undefined }>();
  let status = 200;
  let server: http.Server;
  let endpoint: string;

  beforeAll(async () => {
    // A stand-in bucket: keeps what is PUT, answers GETs from it, records every request.
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const r = {
          method: req.method ?? "",
          path: req.url ?? "",
          contentType: req.headers["content-type"],
          authorization: req.headers.authorization,
          contentSha: req.headers["x-amz-content-sha256"] as string | undefined,
          body: Buffer.concat(chunks),
        };
        recorded.push(r);
        res.statusCode = status;
        if (status === 200 && r.method === "PUT") objects.set(r.path, { body: r.body, type: r.contentType });
        if (status === 200 && r.method === "GET") {
          const o = objects.get(r.path);
          if (!o) res.statusCode = 404;
          else {
            res.setHeader("content-type", o.type ?? "application/octet-stream");
            res.end(o.body);
            return;
          }
        }
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  const store = () =>
    s3ImageStore({
      endpoint,
      bucket: "rc-images",
      region: "ap-south-1",
      accessKeyId: "AKIDTESTKEY",
      secretAccessKey: "test-secret",
    });

  it("PUTs the bytes to the bucket, signed with Signature V4, and shows them at the shop's own address", async () => {
    recorded.length = 0;
    status = 200;
    const url = await store().save(PNG_BYTES, PNG);
    expect(url).toMatch(/^\/uploads\/products\/[a-f0-9-]{36}\.png$/);
    expect(recorded).toHaveLength(1);
    const put = recorded[0]!;
    expect(put.method).toBe("PUT");
    expect(put.path).toBe(`/rc-images/products/${url.slice("/uploads/products/".length)}`);
    expect(put.contentType).toBe("image/png");
    expect([...put.body]).toEqual([...PNG_BYTES]);
    expect(put.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTESTKEY\/\d{8}\/ap-south-1\/s3\/aws4_request,SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*,Signature=[0-9a-f]{64}$/);
    expect(put.contentSha).toMatch(/^[0-9a-f]{64}$/);
  });

  it("reads a stored image back with a signed GET, for the shop to serve; unknown or odd names are null", async () => {
    status = 200;
    const url = await store().save(PNG_BYTES, PNG);
    const name = url.slice("/uploads/products/".length);
    recorded.length = 0;
    const image = await store().open(name);
    expect(image?.mime).toBe("image/png");
    expect([...(image?.bytes ?? [])]).toEqual([...PNG_BYTES]);
    expect(recorded.map((r) => [r.method, r.path])).toEqual([["GET", `/rc-images/products/${name}`]]);
    expect(recorded[0]!.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTESTKEY\//);
    expect(await store().open("0a0a0a0a-0a0a-4a0a-8a0a-0a0a0a0a0a0a.png")).toBeNull();
    recorded.length = 0;
    expect(await store().open("../shop.db")).toBeNull();
    expect(recorded).toHaveLength(0);
  });

  it("fails when the bucket refuses, so the product is not saved with a missing image", async () => {
    status = 403;
    await expect(store().save(PNG_BYTES, PNG)).rejects.toThrow(/HTTP 403/);
    status = 200;
  });

  it("deletes only its own objects", async () => {
    recorded.length = 0;
    await store().remove("/images/products/placeholder.svg");
    await store().remove("https://elsewhere.example.in/products/0a0a0a0a-0a0a-4a0a-8a0a-0a0a0a0a0a0a.png");
    await store().remove("/uploads/products/../../shop.db");
    expect(recorded).toHaveLength(0);
    await store().remove("/uploads/products/0a0a0a0a-0a0a-4a0a-8a0a-0a0a0a0a0a0a.png");
    expect(recorded.map((r) => [r.method, r.path])).toEqual([["DELETE", "/rc-images/products/0a0a0a0a-0a0a-4a0a-8a0a-0a0a0a0a0a0a.png"]]);
    expect(recorded[0]!.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTESTKEY\//);
  });
});

describe("disk image store", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-images-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("writes under DATA_DIR/uploads/products with a random name and removes only what it wrote", async () => {
    const store = diskImageStore(dataDir);
    const url = await store.save(PNG_BYTES, PNG);
    expect(url).toMatch(/^\/uploads\/products\/[a-f0-9-]{36}\.png$/);
    const file = path.join(dataDir, "uploads", "products", path.basename(url));
    expect([...fs.readFileSync(file)]).toEqual([...PNG_BYTES]);
    expect(await store.save(PNG_BYTES, PNG)).not.toBe(url);

    await store.remove("/uploads/products/../../shop.db");
    await store.remove("/images/products/placeholder.svg");
    expect(fs.existsSync(file)).toBe(true);
    expect([...((await store.open(path.basename(url)))?.bytes ?? [])]).toEqual([...PNG_BYTES]);
    expect(await store.open("../../shop.db")).toBeNull();
    await store.remove(url);
    expect(fs.existsSync(file)).toBe(false);
    expect(await store.open(path.basename(url))).toBeNull();
  });
});
