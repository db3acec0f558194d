import type { IncomingHttpHeaders } from "node:http";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses cross-site state-changing requests: the Origin (or, without it, the Referer) must be
 * the shop itself, and a browser's Sec-Fetch-Site must not say cross-site. Requests from tools
 * that send neither header (curl, monitoring) pass; browsers always send one on a form post.
 * Returns the reason to refuse, or null.
 */
export function crossSiteRefusal(method: string, headers: IncomingHttpHeaders, requestOrigin: string, baseUrl: string): string | null {
  if (SAFE_METHODS.has(method.toUpperCase())) return null;
  if (headers["sec-fetch-site"] === "cross-site") return "Cross-site form submissions are not accepted.";
  const allowed = new Set([requestOrigin, new URL(baseUrl).origin]);
  const origin = headers.origin;
  if (origin && origin !== "null") return allowed.has(origin) ? null : "Cross-site form submissions are not accepted.";
  if (origin === "null") return "Cross-site form submissions are not accepted.";
  const referer = headers.referer;
  if (referer) {
    try {
      return allowed.has(new URL(referer).origin) ? null : "Cross-site form submissions are not accepted.";
    } catch {
      return "Cross-site form submissions are not accepted.";
    }
  }
  return null;
}
