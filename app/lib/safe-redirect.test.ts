import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps same-site paths", () => {
    expect(safeRedirectPath("/orders?x=1")).toBe("/orders?x=1");
  });
  it("refuses other origins and non-strings", () => {
    expect(safeRedirectPath("//evil.example/x")).toBe("/");
    expect(safeRedirectPath("/\\evil.example")).toBe("/");
    expect(safeRedirectPath("https://evil.example")).toBe("/");
    expect(safeRedirectPath(null, "/cart")).toBe("/cart");
  });
});
