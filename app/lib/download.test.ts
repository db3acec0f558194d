import { describe, expect, it } from "vitest";
import { HOSTILE_REDIRECTS } from "../../tests/support/hostile-redirects";
import { attachmentDisposition } from "./download";

describe("attachmentDisposition", () => {
  it("names a file the shop built", () => {
    expect(attachmentDisposition("settlements-2026-11.csv")).toBe('attachment; filename="settlements-2026-11.csv"');
    expect(attachmentDisposition("RC-123456_invoice.pdf")).toBe('attachment; filename="RC-123456_invoice.pdf"');
  });

  it("refuses anything else, so input can never reach the header", () => {
    for (const name of ["", ".env", "../x.csv", "a..csv", 'a".csv', "a b.csv", "a\r\nSet-Cookie: x=1", "रिटर्न.csv", "x".repeat(101)]) {
      expect(() => attachmentDisposition(name), JSON.stringify(name)).toThrow(/Not a file name the shop makes/);
    }
    for (const { value } of HOSTILE_REDIRECTS) expect(() => attachmentDisposition(value)).toThrow();
  });
});
