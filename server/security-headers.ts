import { randomBytes } from "node:crypto";
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
  // React writes `style={{…}}` as style attributes (the admin sidebar's width). The one inline
  // <style>, the stylesheet inlined for a fast first paint (app/root.tsx), carries the nonce.
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
      res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
      next();
    },
    headers,
  ];
}
