import { createHash, randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import helmet from "helmet";

/**
 * Every source the shop's pages may load from, by CSP directive. This is the one place to add a
 * source; the payment gateway's are added by `paymentSources`. Scripts and styles also get this
 * response's nonce (never 'unsafe-inline'). See docs/decisions/009-security-headers-and-logs.md.
 */
export const CSP_SOURCES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // The stylesheet is a built file from 'self' (app/root.tsx). React writes `style={{…}}` as style
  // attributes (the admin sidebar's width). An inline <style>, should a page have one, needs the
  // nonce, or on a shared page its hash (inlineHashes); the pages have none today.
  styleSrc: ["'self'"],
  styleSrcAttr: ["'unsafe-inline'"],
  imgSrc: ["'self'", "data:"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  frameSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
} satisfies Record<string, string[]>;

/** What Razorpay's Custom Checkout loads, sends to and frames (docs/decisions/014). */
export const RAZORPAY_SOURCES = {
  scriptSrc: ["https://checkout.razorpay.com"],
  connectSrc: ["https://api.razorpay.com", "https://lumberjack.razorpay.com"],
  frameSrc: ["https://api.razorpay.com", "https://checkout.razorpay.com"],
};

export type PaymentSources = typeof RAZORPAY_SOURCES;

/**
 * Razorpay's sources, or with the offline sandbox running (the demo) the sandbox's origin
 * instead: its script and its payment endpoint, nothing else.
 */
export function paymentSources(sandboxUrl: string | null): PaymentSources {
  if (!sandboxUrl) return RAZORPAY_SOURCES;
  const origin = new URL(sandboxUrl).origin;
  return { scriptSrc: [origin], connectSrc: [origin], frameSrc: [] };
}

/** Browser features no page of the shop uses are switched off; payment stays for the shop itself. */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=(self)",
  "usb=()",
].join(", ");

export interface SecurityHeaderOptions {
  /** NODE_ENV=production */
  production: boolean;
  /** Vite's development server: its injected styles and HMR socket need a looser policy. */
  development: boolean;
  /** BASE_URL, the shop's public address: HSTS only when it is https in production. */
  baseUrl: string;
  /** The payment gateway's sources (paymentSources). */
  payments?: PaymentSources;
}

/** The CSP nonce of this response, made by securityHeaders. */
export function cspNonce(res: Response | ServerResponse): string {
  return (res as Response).locals.cspNonce as string;
}

/** A page rendered to be shared carries no nonce; its inline scripts and styles are let in by their hashes. */
export function dropNonce(res: Response | ServerResponse): void {
  (res as Response).locals.cspNonce = "";
}

/** The sha256 sources (`'sha256-…'`) of a page's inline scripts and styles. */
export interface InlineHashes {
  script: string[];
  style: string[];
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;

/**
 * The hash source of each inline `<script>` (not those with `src`) and `<style>` of a page, as
 * the browser computes it: sha256 of the element's text, exactly as sent. React writes `<` inside
 * scripts as `\u003c`, so a `</script>` can only end one.
 */
export function inlineHashes(html: string): InlineHashes {
  const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
  const script = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) if (!/\bsrc\s*=/i.test(attributes)) script.add(hash(text));
  const style = new Set<string>();
  for (const [, text = ""] of html.matchAll(INLINE_STYLE)) style.add(hash(text));
  return { script: [...script], style: [...style] };
}

/**
 * The policy for a page every visitor may share (docs/decisions/020-cacheable-pages.md): the same
 * sources as the nonce policy, with the hashes of the page's own inline scripts and styles in
 * place of the nonce, so the page can be stored and sent as fixed bytes. Null in development,
 * whose policy allows Vite's inline styles (a hash beside 'unsafe-inline' would switch that off).
 */
export function hashBasedPolicy(res: Response | ServerResponse, hashes: InlineHashes): string | null {
  const policy = (res as Response).locals.hashBasedPolicy as ((hashes: InlineHashes) => string) | undefined;
  return policy ? policy(hashes) : null;
}

/** A policy as helmet writes it; per-response sources (the nonce) are left out. */
function serializePolicy(directives: Record<string, Iterable<unknown>>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), ...[...values].filter((v) => typeof v === "string")].join(" "))
    .join(";");
}

/** Sends the security headers (helmet, plus Permissions-Policy) on every response, with a fresh CSP nonce. */
export function securityHeaders({ production, development, baseUrl, payments = RAZORPAY_SOURCES }: SecurityHeaderOptions): RequestHandler[] {
  const nonce = (_req: unknown, res: ServerResponse) => `'nonce-${cspNonce(res)}'`;
  const directives: Record<string, Iterable<string | ((req: unknown, res: ServerResponse) => string)>> = {
    ...CSP_SOURCES,
    scriptSrc: [...CSP_SOURCES.scriptSrc, ...payments.scriptSrc, nonce],
    styleSrc: [...CSP_SOURCES.styleSrc, nonce],
    connectSrc: [...CSP_SOURCES.connectSrc, ...payments.connectSrc],
    frameSrc: [...CSP_SOURCES.frameSrc, ...payments.frameSrc],
  };
  if (development) {
    // No nonce here: beside a nonce the browser ignores 'unsafe-inline', and Vite injects styles without one.
    directives.styleSrc = [...CSP_SOURCES.styleSrc, "'unsafe-inline'"];
    directives.connectSrc = [...CSP_SOURCES.connectSrc, ...payments.connectSrc, "ws:", "wss:"];
  }
  const https = production && baseUrl.startsWith("https://");
  if (https) directives.upgradeInsecureRequests = [];
  const hashBased = development
    ? undefined
    : (hashes: InlineHashes) =>
        serializePolicy({
          ...directives,
          scriptSrc: [...CSP_SOURCES.scriptSrc, ...payments.scriptSrc, ...hashes.script],
          styleSrc: [...CSP_SOURCES.styleSrc, ...hashes.style],
        });
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false } : false,
    xFrameOptions: { action: "deny" },
    // Razorpay's checkout opens its bank and UPI pages in a window that reports back to this one.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  return [
    (_req, res, next) => {
      res.locals.cspNonce = randomBytes(16).toString("base64");
      res.locals.hashBasedPolicy = hashBased;
      res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
      next();
    },
    headers,
  ];
}
