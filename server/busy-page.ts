import type * as express from "express";
import { BRAND } from "~/config/brand";
import { NOT_NOW_TITLES, type NotNowAnswer } from "~/lib/not-now";
import { html, type SafeHtml } from "~/modules/mail/html";
import { CHECKOUT_MESSAGES } from "~/modules/orders/checkout";
import { guardedBody } from "./body-guard";

/**
 * Why a request is answered "not now" (docs/decisions/030-outages-and-overload.md):
 * - `busy`: more arrived than the shop can answer in time, so this one was turned away before any
 *   work (server/admission.ts);
 * - `away`: the database is out of reach, so nothing was tried;
 * - `unconfirmed`: the database went away while this request was being answered, so what it
 *   asked for may or may not have been done.
 */
export type NotNow = "busy" | "away" | "unconfirmed";

/** When to ask again: a moment for a crowd to thin, a little longer for a database to come back. */
export const RETRY_AFTER_SECONDS: Record<NotNow, number> = { busy: 3, away: 5, unconfirmed: 5 };

interface Words {
  title: string;
  lines: string[];
}

const GENERAL: Record<NotNow, Words> = {
  busy: {
    title: NOT_NOW_TITLES.busy,
    lines: ["More people are shopping with us this moment than we can serve at once.", "Nothing you did was lost. Please try again in a few seconds."],
  },
  away: {
    title: NOT_NOW_TITLES.unavailable,
    lines: ["The shop can't reach its records for a moment.", "Nothing you did was lost. Please try again in a few seconds."],
  },
  unconfirmed: {
    title: NOT_NOW_TITLES.unavailable,
    lines: ["The shop lost touch with its records while answering you.", "If you had just sent a form, it may already be saved: please check before sending it again, in a few seconds."],
  },
};

const PLACING: Record<NotNow, Words> = {
  busy: { title: "Your order was not placed", lines: [CHECKOUT_MESSAGES.busyNotPlaced] },
  away: { title: "Your order was not placed", lines: [CHECKOUT_MESSAGES.awayNotPlaced] },
  unconfirmed: { title: "We couldn't confirm your order yet", lines: [CHECKOUT_MESSAGES.unconfirmed] },
};

const CONFIRMING: Words = { title: "Your payment was made", lines: [CHECKOUT_MESSAGES.paidUnconfirmed] };

const CHECKOUT_STEP: Record<NotNow, Words> = {
  busy: { title: NOT_NOW_TITLES.busy, lines: [CHECKOUT_MESSAGES.busyStep] },
  away: { title: NOT_NOW_TITLES.unavailable, lines: [CHECKOUT_MESSAGES.busyStep] },
  unconfirmed: { title: NOT_NOW_TITLES.unavailable, lines: [CHECKOUT_MESSAGES.busyStep] },
};

/** A checkout post's fields, when its body was a form the guard read (server/body-guard.ts). */
export function checkoutForm(req: express.Request): URLSearchParams | null {
  if (req.method !== "POST" || (req.path !== "/checkout" && req.path !== "/checkout.data")) return null;
  const body = guardedBody(req);
  if (!(body instanceof Uint8Array) || !/^application\/x-www-form-urlencoded\b/i.test(req.get("content-type") ?? "")) return null;
  return new URLSearchParams(Buffer.from(body).toString("utf8"));
}

/** JSON for what a script asks (/visitor, React Router's `.data` requests), a page for a browser. */
function wantsJson(req: express.Request): boolean {
  return req.path === "/visitor" || req.path.endsWith(".data") || req.accepts(["html", "json"]) === "json";
}

/**
 * Answers 503 with Retry-After and the shop's words: a small page of its own for a browser
 * (no script, no stylesheet: it must not cost what the shop cannot spend), JSON for a script.
 * A checkout post is told plainly whether its order was placed, and may be sent again as it was
 * (the same idempotency key, so never twice), without JavaScript too.
 */
export function sendNotNow(req: express.Request, res: express.Response, why: NotNow): void {
  const form = checkoutForm(req);
  const intent = form?.get("intent");
  const placing = intent === "place";
  const words = !form ? GENERAL[why] : placing ? PLACING[why] : intent === "confirm" ? CONFIRMING : CHECKOUT_STEP[why];
  const retryAfter = RETRY_AFTER_SECONDS[why];
  res.status(503).set({ "Retry-After": String(retryAfter), "Cache-Control": "no-store" });
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  if (wantsJson(req)) {
    res.json({ error: why === "busy" ? "busy" : "unavailable", message: words.lines.join(" "), retryAfterSeconds: retryAfter } satisfies NotNowAnswer);
    return;
  }
  // The same address again: a path of this shop only (never `//elsewhere`).
  const here = /^\/(?![/\\])/.test(req.originalUrl) ? req.originalUrl : "/";
  const action = form && req.path === "/checkout" ? (intent === "confirm" ? html`<p style="margin:24px 0 0"><a href="/orders" style="color:#1d4ed8">Your orders</a></p>` : again(form, placing)) : req.method === "GET" ? html`<p style="margin:24px 0 0"><a href="${here}" style="color:#1d4ed8">Try again</a></p>` : null;
  res.type("html").send(page(words, action).value);
}

/** The checkout's post again, as it was sent, and the way back to the checkout. */
function again(form: URLSearchParams, placing: boolean): SafeHtml {
  const fields = [...form.entries()].map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`);
  return html`<form method="post" action="/checkout" style="margin:24px 0 0">${fields}<button type="submit" style="${BUTTON}">${placing ? "Place Order again" : "Try again"}</button></form>
<p style="margin:16px 0 0"><a href="/checkout" style="color:#1d4ed8">Back to checkout</a></p>`;
}

const BUTTON = "background:#1d4ed8;color:#fff;border:0;border-radius:8px;padding:12px 20px;font:600 16px system-ui,sans-serif;cursor:pointer";

function page(words: Words, action: SafeHtml | null): SafeHtml {
  return html`<!DOCTYPE html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${words.title} – ${BRAND.name}</title>
</head>
<body style="margin:0;background:#f9fafb;color:#111827;font:16px/1.5 system-ui,sans-serif">
<main style="max-width:36rem;margin:12vh auto 0;padding:0 24px">
<p style="margin:0 0 24px;font-weight:700;color:#1d4ed8">${BRAND.name}</p>
<h1 style="margin:0 0 16px;font-size:28px;line-height:1.25">${words.title}</h1>
${words.lines.map((line) => html`<p style="margin:0 0 12px">${line}</p>`)}
${action ?? html`<p style="margin:24px 0 0"><a href="/" style="color:#1d4ed8">Go to the home page</a></p>`}
</main>
</body>
</html>`;
}
