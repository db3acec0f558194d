/**
 * Redirect targets as an outside scanner sends them (wapiti 3's CRLF, exec, file, redirect and
 * traversal payloads, issue 27), as the action reads them: already %-decoded once from the form
 * or query. None may be followed: app/lib/safe-redirect.test.ts checks the rule itself,
 * tests/e2e/redirect-targets.spec.ts posts each to every route that redirects.
 */
export const HOSTILE_REDIRECTS: readonly { name: string; value: string }[] = [
  { name: "newline", value: "/\nenv;" },
  { name: "carriage return", value: "/\renv;" },
  { name: "CRLF and a header", value: "/\r\nSet-Cookie: rc=1" },
  { name: "%0d%0a and a header", value: "/%0d%0aSet-Cookie:%20rc=1" },
  { name: "%0a", value: "/cart%0aenv;" },
  { name: "tab", value: "/\tenv" },
  { name: "NUL", value: "/cart\u0000" },
  { name: "%00", value: "/cart%00.html" },
  { name: "line separator", value: "/cart\u2028x" },
  { name: "../ chain with NUL", value: `/${"../".repeat(40)}etc/passwd\u0000` },
  { name: "very long ../ chain", value: `/${"../".repeat(700)}etc/passwd` },
  { name: "encoded ../", value: "/..%2f..%2f..%2fetc/passwd" },
  { name: "%2e%2e", value: "/%2e%2e/%2e%2e/etc/passwd" },
  { name: "dot segment", value: "/cart/../admin" },
  { name: "/\\", value: "/\\evil.example" },
  { name: "/%5c", value: "/%5cevil.example" },
  { name: "//", value: "//evil.example/" },
  { name: "///", value: "///evil.example" },
  { name: "absolute URL", value: "https://evil.example/" },
  { name: "javascript:", value: "javascript:alert(1)" },
  { name: "leading space", value: " /cart" },
  { name: "malformed escape", value: "/cart%zz" },
  { name: "very long", value: `/${"a".repeat(5000)}` },
];
