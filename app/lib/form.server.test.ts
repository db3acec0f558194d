import { describe, expect, it } from "vitest";
import { UNREADABLE_FORM, readForm, readFormValues } from "./form.server";

const post = (body: BodyInit, contentType?: string) =>
  new Request("http://shop.test/login", { method: "POST", body, headers: contentType ? { "content-type": contentType } : {} });

/** What an action's thrown value becomes: React Router answers a thrown data() with its status. */
async function thrown(p: Promise<unknown>): Promise<{ data: unknown; init: ResponseInit | null }> {
  try {
    await p;
  } catch (e) {
    return e as { data: unknown; init: ResponseInit | null };
  }
  throw new Error("expected readForm to throw");
}

describe("readForm", () => {
  it("reads a urlencoded and a multipart post", async () => {
    expect(await readFormValues(post(new URLSearchParams({ email: "asha@example.in" })))).toEqual({ email: "asha@example.in" });
    const form = new FormData();
    form.append("name", "Asha");
    expect((await readForm(new Request("http://shop.test/x", { method: "POST", body: form }))).get("name")).toBe("Asha");
  });

  it.each([
    ["a JSON body", '{"email":"a@b.in"}', "application/json"],
    ["multipart without a boundary", "--x\r\n", "multipart/form-data"],
    ["a truncated multipart body", '--b\r\ncontent-disposition: form-data; name="email"\r\n\r\nasha', "multipart/form-data; boundary=b"],
    ["no content type at all", "email=a", undefined],
  ])("answers %s with a 400 and a clear message, not a 500", async (_, body, type) => {
    const e = await thrown(readForm(post(body, type)));
    expect(e.init?.status).toBe(400);
    expect(e.data).toBe(UNREADABLE_FORM);
  });
});
