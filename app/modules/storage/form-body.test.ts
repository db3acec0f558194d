import { describe, expect, it } from "vitest";
import { readFormWithFile, readFormWithFiles } from "./form-body.server";

const LIMIT = 1024;

function multipart(fields: [string, string][], file?: { name: string; bytes: Uint8Array }) {
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  if (file) form.append("image", new Blob([file.bytes as BlobPart], { type: "image/png" }), file.name);
  return new Request("http://shop.test/vendor/products/new", { method: "POST", body: form });
}

describe("readFormWithFile", () => {
  it("returns the text fields and the file within the limit", async () => {
    const r = await readFormWithFile(multipart([["name", "Mouse"], ["specKey", "a"], ["specKey", "b"]], { name: "x.png", bytes: new Uint8Array(100).fill(7) }), {
      fileField: "image",
      maxFileBytes: LIMIT,
    });
    expect(r.form.get("name")).toBe("Mouse");
    expect(r.form.getAll("specKey")).toEqual(["a", "b"]);
    expect(r.file?.bytes.length).toBe(100);
    expect(r.fileTooLarge).toBe(false);
    expect(r.form.has("image")).toBe(false);
  });

  it("says no file when the file input was left empty", async () => {
    const r = await readFormWithFile(multipart([["name", "Mouse"]], { name: "", bytes: new Uint8Array(0) }), { fileField: "image", maxFileBytes: LIMIT });
    expect(r.file).toBeNull();
    expect(r.fileTooLarge).toBe(false);
  });

  it("refuses a file just over the limit but keeps every field", async () => {
    const r = await readFormWithFile(multipart([["name", "Mouse"]], { name: "x.png", bytes: new Uint8Array(LIMIT + 1) }), { fileField: "image", maxFileBytes: LIMIT });
    expect(r).toMatchObject({ file: null, fileTooLarge: true });
    expect(r.form.get("name")).toBe("Mouse");
  });

  it("stops keeping a huge body in memory, yet keeps the fields sent before the file", async () => {
    const huge = new Uint8Array(3 * 1024 * 1024);
    const r = await readFormWithFile(multipart([["name", "Mouse"], ["price", "999"]], { name: "x.png", bytes: huge }), { fileField: "image", maxFileBytes: LIMIT });
    expect(r).toMatchObject({ file: null, fileTooLarge: true });
    expect(r.form.get("name")).toBe("Mouse");
    expect(r.form.get("price")).toBe("999");
  });

  it("reads a urlencoded post too", async () => {
    const req = new Request("http://shop.test/x", { method: "POST", body: new URLSearchParams({ name: "Keyboard" }) });
    const r = await readFormWithFile(req, { fileField: "image", maxFileBytes: LIMIT });
    expect(r.form.get("name")).toBe("Keyboard");
    expect(r.file).toBeNull();
  });

  it("answers a body that is no form at all with the same 400 as readForm", async () => {
    const req = new Request("http://shop.test/x", { method: "POST", body: '{"name":"x"}', headers: { "content-type": "application/json" } });
    const e = await readFormWithFile(req, { fileField: "image", maxFileBytes: LIMIT }).then(
      () => null,
      (thrown: { init: ResponseInit | null }) => thrown,
    );
    expect(e?.init?.status).toBe(400);
  });
});

describe("readFormWithFiles", () => {
  function photos(count: number, size: number) {
    const form = new FormData();
    form.append("details", "Cracked");
    for (let i = 0; i < count; i++) form.append("photos", new Blob([new Uint8Array(size).fill(i) as BlobPart], { type: "image/png" }), `p${i}.png`);
    return new Request("http://shop.test/orders/RC-1/returns/new", { method: "POST", body: form });
  }
  const limits = { fileField: "photos", maxFiles: 4, maxFileBytes: LIMIT };

  it("returns up to the most files, each within the limit, and the fields", async () => {
    const r = await readFormWithFiles(photos(4, 100), limits);
    expect(r).toMatchObject({ fileTooLarge: false, tooMany: false });
    expect(r.files.map((f) => [f.name, f.bytes.length])).toEqual([0, 1, 2, 3].map((i) => [`p${i}.png`, 100]));
    expect(r.form.get("details")).toBe("Cracked");
    expect(r.form.has("photos")).toBe(false);
  });

  it("refuses one file too many, or one file too large, keeping the fields", async () => {
    expect(await readFormWithFiles(photos(5, 10), limits)).toMatchObject({ files: [], tooMany: true });
    const large = await readFormWithFiles(photos(1, LIMIT + 1), limits);
    expect(large).toMatchObject({ files: [], fileTooLarge: true });
    expect(large.form.get("details")).toBe("Cracked");
  });

  it("says no files when none were chosen", async () => {
    expect(await readFormWithFiles(photos(0, 0), limits)).toMatchObject({ files: [], fileTooLarge: false, tooMany: false });
  });
});
