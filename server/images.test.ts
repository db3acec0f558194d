import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImageStore } from "~/modules/storage/images.server";
import { storedImages } from "./images";

const NAME = "0a0a0a0a-0a0a-4a0a-8a0a-0a0a0a0a0a0a.webp";
const BYTES = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3]);

describe("stored images served by the shop", () => {
  const asked: string[] = [];
  const store: ImageStore = {
    save: async () => "",
    remove: async () => {},
    open: async (name) => {
      asked.push(name);
      return name === NAME ? { bytes: BYTES, mime: "image/webp" } : null;
    },
  };
  let base = "";
  let close = () => {};
  beforeAll(async () => {
    const app = express();
    app.get("/uploads/products/:name", storedImages(store));
    app.use((_req, res) => res.status(404).send("not found"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it("answers from the store, at the shop's own address, cacheable for a year", async () => {
    const r = await fetch(`${base}/uploads/products/${NAME}`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("image/webp");
    expect(r.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(r.headers.get("x-content-type-options")).toBe("nosniff");
    expect([...new Uint8Array(await r.arrayBuffer())]).toEqual([...BYTES]);
  });

  it("leaves unknown and malformed names to the 404, never asking the store for odd names", async () => {
    asked.length = 0;
    expect((await fetch(`${base}/uploads/products/0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b.png`)).status).toBe(404);
    expect((await fetch(`${base}/uploads/products/shop.db`)).status).toBe(404);
    expect(asked).toEqual(["0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b.png"]);
  });
});
