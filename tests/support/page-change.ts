import { expect, type CDPSession, type Locator, type Page } from "@playwright/test";
import { ANNOUNCER_ID } from "~/components/ui/PageChange";

const sessions = new WeakMap<Page, Promise<CDPSession>>();

/**
 * What the page's one polite live region says (app/components/ui/PageChange.tsx,
 * docs/decisions/031-focus-and-announcements.md), read as a screen reader reads it: from
 * Chromium's accessibility tree. Its words are in a closed shadow root, out of the page's text (a
 * getByText never finds them twice), so the DOM cannot be asked. "" when it says nothing.
 */
export async function spoken(page: Page): Promise<string> {
  let session = sessions.get(page);
  if (!session) sessions.set(page, (session = page.context().newCDPSession(page)));
  const cdp = await session;
  const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: `#${ANNOUNCER_ID}` });
  if (!nodeId) throw new Error(`the page has no #${ANNOUNCER_ID} live region`);
  const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: true });
  const [region, ...relatives] = nodes;
  const children = new Set(region?.childIds ?? []);
  return relatives
    .filter((n) => children.has(n.nodeId))
    .map((n) => String(n.name?.value ?? ""))
    .join("");
}

/** An assertion on what the live region says, retried as a page's assertions are: `await said(page).toBe("…")`. */
export function said(page: Page) {
  return expect.poll(() => spoken(page));
}

/** Activates a link or button as a keyboard user does: focused, then Enter. */
export async function pressEnter(target: Locator): Promise<void> {
  await target.press("Enter");
}
