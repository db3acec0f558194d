import { describe, expect, it } from "vitest";
import { HOSTILE_REDIRECTS } from "../../tests/support/hostile-redirects";
import { MAX_REDIRECT_LENGTH, safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps same-site paths, queries and fragments", () => {
    for (const path of ["/", "/orders?x=1", "/products?q=gaming%20laptop&page=2", "/compare?ids=a,b", "/vendor/orders?q=a%2Fb#list", "/login?redirectTo=%2Fcheckout"]) {
      expect(safeRedirectPath(path)).toBe(path);
    }
  });

  it("encodes letters outside ASCII, so the Location header stays valid", () => {
    expect(safeRedirectPath("/products?q=लैपटॉप")).toBe(`/products?q=${encodeURIComponent("लैपटॉप")}`);
    expect(() => new Headers({ Location: safeRedirectPath("/products?q=café") })).not.toThrow();
  });

  it("refuses other origins and non-strings", () => {
    expect(safeRedirectPath("//evil.example/x")).toBe("/");
    expect(safeRedirectPath("/\\evil.example")).toBe("/");
    expect(safeRedirectPath("https://evil.example")).toBe("/");
    expect(safeRedirectPath(null, "/cart")).toBe("/cart");
    expect(safeRedirectPath(["/cart"], "/x")).toBe("/x");
  });

  it.each(HOSTILE_REDIRECTS)("refuses a scanner's $name and uses the fallback", ({ value }) => {
    expect(safeRedirectPath(value, "/cart")).toBe("/cart");
  });

  it("refuses each control character, raw and %-encoded", () => {
    for (let code = 0; code < 0x20; code++) {
      const hex = code.toString(16).padStart(2, "0");
      expect(safeRedirectPath(`/cart${String.fromCharCode(code)}x`, "/f"), `U+${hex}`).toBe("/f");
      expect(safeRedirectPath(`/cart%${hex}x`, "/f"), `%${hex}`).toBe("/f");
    }
    expect(safeRedirectPath("/cart\u007f", "/f")).toBe("/f");
    expect(safeRedirectPath("/cart\u0085", "/f")).toBe("/f");
    // Cannot travel over HTTP (it arrives as U+FFFD), but cannot be %-encoded either.
    expect(safeRedirectPath("/cart\ud800", "/f")).toBe("/f");
  });

  it("keeps its answer a valid header value for every hostile target", () => {
    for (const { value } of HOSTILE_REDIRECTS) expect(() => new Headers({ Location: safeRedirectPath(value) })).not.toThrow();
  });

  it("refuses anything longer than the longest address the shop makes", () => {
    const longest = `/${"a".repeat(MAX_REDIRECT_LENGTH - 1)}`;
    expect(safeRedirectPath(longest)).toBe(longest);
    expect(safeRedirectPath(`${longest}a`)).toBe("/");
  });
});
