import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SECRET_FIELDS, echoValues, formFailure, formValues, issueErrors } from "./form";

describe("formValues", () => {
  it("keeps the first value of each name and leaves files out", () => {
    const form = new FormData();
    form.append("email", "asha@example.in");
    form.append("email", "second@example.in");
    form.append("image", new Blob(["x"]), "x.png");
    expect(formValues(form)).toEqual({ email: "asha@example.in" });
  });

  it("keeps a field named __proto__ as a plain field, never as the prototype", () => {
    const form = new FormData();
    form.append("__proto__", "polluted");
    form.append("constructor", "x");
    const values = formValues(form);
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
    expect(Object.hasOwn(values, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("issueErrors", () => {
  const schema = z
    .object({ name: z.string().min(1, "Please enter your name").max(3, "Too long"), pin: z.string().regex(/^\d{6}$/, "Bad PIN") })
    .refine((v) => v.name !== "bad", "The form as a whole is wrong");

  it("gives each field its first message only", () => {
    const r = schema.safeParse({ name: "", pin: "12" });
    expect(r.success).toBe(false);
    if (!r.success) expect(issueErrors(r.error.issues)).toEqual({ fieldErrors: { name: "Please enter your name", pin: "Bad PIN" } });
  });

  it("turns an issue without a path into the form error", () => {
    const r = schema.safeParse({ name: "bad", pin: "123456" });
    expect(r.success).toBe(false);
    if (!r.success) expect(issueErrors(r.error.issues)).toEqual({ formError: "The form as a whole is wrong", fieldErrors: {} });
  });

  it("lets a form name nested fields its own way", () => {
    const issues = [
      { path: ["specs", "specKey.2"], message: "Name it" },
      { path: ["specs"], message: "Too many" },
    ];
    const fieldOf = (path: readonly PropertyKey[]) => (path[0] === "specs" ? String(path[1] ?? "specifications") : String(path[0]));
    expect(issueErrors(issues, fieldOf).fieldErrors).toEqual({ "specKey.2": "Name it", specifications: "Too many" });
  });
});

describe("formFailure", () => {
  it("never echoes a password, card field, token or payment secret", () => {
    const posted = Object.fromEntries([...SECRET_FIELDS.map((f) => [f, `secret-${f}`]), ["email", "asha@example.in"]]);
    const failure = formFailure(posted, { formError: "Passwords do not match", fieldErrors: { confirmPassword: "Passwords do not match" } });
    expect(failure).toEqual({
      status: "error",
      formError: "Passwords do not match",
      fieldErrors: { confirmPassword: "Passwords do not match" },
      values: { email: "asha@example.in" },
    });
    expect(JSON.stringify(failure)).not.toContain("secret-");
  });

  it("leaves out the fields a form hides besides, and cuts absurdly long values", () => {
    const values = echoValues({ upiId: "asha@upi", note: "x".repeat(20_000) }, ["upiId"]);
    expect(values.upiId).toBeUndefined();
    expect(values.note).toHaveLength(10_000);
  });

  it("has no form error unless one is given", () => {
    expect(formFailure({}, { fieldErrors: { name: "Required" } })).not.toHaveProperty("formError");
  });
});
