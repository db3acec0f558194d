import { createRequire } from "node:module";
import fs from "node:fs";
import { expect, type Page } from "@playwright/test";
import axe, { type AxeResults } from "axe-core";

/**
 * Every rule the installed axe-core (4.14) enables, by id: WCAG 2.x A and AA and best practices,
 * label-content-name-mismatch among them. Left out are only the rules axe itself ships switched
 * off: the experimental ones and AAA checks such as color-contrast-enhanced.
 */
export const AXE_RULES: readonly string[] = axe
  .getRules()
  .filter((rule) => rule.enabled)
  .map((rule) => rule.ruleId);

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core run in the page itself, injected once per document. @axe-core/playwright's builder
 * costs about twice as much for the same rules: it injects axe again at every check and, to
 * reach cross-origin frames (the shop has none), finishes each run in a new blank page
 * (docs/testing.md, "Where the time goes").
 */
async function runAxe(page: Page): Promise<AxeResults> {
  await injectAxe(page);
  return page.evaluate((rules) => window.axe.run(document, { runOnly: { type: "rule", values: rules }, resultTypes: ["violations"] }), [...AXE_RULES]);
}

/** axe-core in the page, once per document (tests/support/accessible-names.ts uses it too). */
export async function injectAxe(page: Page): Promise<void> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}

/**
 * Runs every enabled axe rule on the page and fails on any violation at any impact (minor included),
 * listing each with the elements it found. `soft` lets a test walking several steps go on and
 * report them all at the end; `where` names the step in the message.
 */
export async function expectNoAxeViolations(page: Page, { where, soft = false }: { where?: string; soft?: boolean } = {}): Promise<void> {
  const { violations } = await runAxe(page);
  const report = violations
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(" ")}\n      ${n.failureSummary?.replace(/\n/g, "\n      ")}`)
          .join("\n") +
        (v.nodes.length > 5 ? `\n    …and ${v.nodes.length - 5} more` : ""),
    )
    .join("\n");
  const message = `axe found violations on ${where ? `${where} (${page.url()})` : page.url()}:\n${report}`;
  (soft ? expect.soft : expect)(violations.map((v) => `${v.id} ×${v.nodes.length}`), message).toEqual([]);
}
