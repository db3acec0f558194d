/** Longer than any address the shop makes; a redirect target past it is someone's payload. */
export const MAX_REDIRECT_LENGTH = 2048;

// Control characters (C0, DEL, C1), whitespace of any script, and the backslash browsers read as "/".
const FORBIDDEN = /[\p{Cc}\s\u200b\\]/u;
// Escapes that decode to a control character anywhere, or to ".", "/" or "\" in the path.
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;
const ENCODED_PATH_TRICK = /%(?:2e|2f|5c)/i;
const MALFORMED_ESCAPE = /%(?![0-9a-f]{2})/i;
const DOT_SEGMENT = /\/\.{1,2}(?:\/|$)/;

/**
 * The one check for a redirect target read from a request (a form's `redirectTo`, a query
 * parameter): a plain path on this site, or `fallback`. Refused: other origins ("//evil.example",
 * "/\evil", "https://…"), control characters and whitespace, raw or %-encoded (a newline would
 * make the Location header throw), backslashes, "." and ".." segments and their encoded forms,
 * malformed escapes, and anything longer than MAX_REDIRECT_LENGTH. Letters outside ASCII are
 * %-encoded, as a browser would, so the header stays valid. See docs/security-scan.md and
 * app/lib/safe-redirect.test.ts.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > MAX_REDIRECT_LENGTH) return fallback;
  if (!value.startsWith("/") || value[1] === "/" || FORBIDDEN.test(value)) return fallback;
  if (ENCODED_CONTROL.test(value) || MALFORMED_ESCAPE.test(value)) return fallback;
  const path = value.split(/[?#]/, 1)[0]!;
  if (ENCODED_PATH_TRICK.test(path) || DOT_SEGMENT.test(path)) return fallback;
  try {
    return value.replace(/\P{ASCII}+/gu, encodeURIComponent);
  } catch {
    // A lone surrogate cannot be encoded.
    return fallback;
  }
}
