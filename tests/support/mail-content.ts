import { expect } from "vitest";
import { escapeHtml } from "~/modules/mail/html";
import type { MailContent } from "~/modules/mail/layout";

/**
 * What the mail template tests share (each domain's mail.test.ts): realistic values, markup typed
 * by people, and what every mail owes its reader whatever it says.
 */

export const BASE = "https://rccomputers.in";

/** 23:59 UTC on 23 Nov is 05:29 on 24 Nov in India: the mail says the Indian date. */
export const JUST_BEFORE_UTC_MIDNIGHT = "2026-11-23T23:59:00.000Z";

/** Markup in user text: tags, an entity-looking string, both kinds of quote. */
export const HOSTILE = `<script>alert("x")</script> Tom & Jerry's <b>&amp;</b>`;
export const HOSTILE_ESCAPED = escapeHtml(HOSTILE);

const TAG = /<\/?[a-z][a-z0-9]*(\s[^<>]*)?\/?>/i;
const ENTITY = /&(amp|lt|gt|quot|#\d+);/;

/** What every mail owes its reader, whatever it says. */
export function expectWellFormed(m: MailContent, links: string[]): void {
  expect(m.subject.trim()).toBe(m.subject);
  expect(m.subject).not.toMatch(/\n/);

  // The text part: plain text, the brand's footer, every link written out whole.
  expect(m.text).not.toMatch(TAG);
  expect(m.text).not.toMatch(ENTITY);
  expect(m.text).toContain("RC Computers");
  expect(m.text).toContain("Questions? Write to support@rccomputers.in or call +91 120 456 7890.");
  for (const link of links) expect(m.text).toContain(link);

  // The HTML part: a whole document in the brand's frame, titled with the subject.
  expect(m.html).toMatch(/^<!doctype html>\n<html lang="en-IN">/);
  expect(m.html).toMatch(/<\/html>$/);
  expect(m.html).toContain(`<title>${escapeHtml(m.subject)}</title>`);
  expect(m.html).toContain('<meta charset="utf-8">');
  expect(m.html).toContain("RC Computers, B-42, Sector 63, Noida, Uttar Pradesh 201301");

  // Nothing loaded from any host: no images, stylesheets, fonts, frames or scripts.
  expect(m.html).not.toMatch(/\ssrc\s*=/i);
  expect(m.html).not.toMatch(/url\s*\(/i);
  expect(m.html).not.toMatch(/@import/i);
  expect(m.html).not.toMatch(/<(link|img|script|iframe|object|embed|video|audio|source|style|base|form)\b/i);
  expect(m.html).not.toMatch(/background\s*=/i);

  // Links: exactly the absolute addresses handed in, nothing relative, nothing else.
  const hrefs = [...m.html.matchAll(/href="([^"]*)"/g)].map((h) => h[1]!);
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) {
    expect(href).toMatch(/^https:\/\//);
    expect(links.map(escapeHtml)).toContain(href);
  }
  for (const link of links) expect(hrefs).toContain(escapeHtml(link));
}

/** The visible text of the HTML part, tags dropped and entities read back, for reading sentences. */
export function htmlText(m: MailContent): string {
  return m.html
    .replace(/<br>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** The templates a mail module exports, by name: each test file checks it covers them all. */
export function templateNames(module: Record<string, unknown>): string[] {
  return Object.entries(module)
    .filter(([, v]) => typeof v === "function")
    .map(([k]) => k)
    .sort();
}
