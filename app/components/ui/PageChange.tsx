import { useEffect } from "react";
import { useLocation, useNavigationType, type Location } from "react-router";

/**
 * What a screen reader and the keyboard are told when the page changes in the browser
 * (docs/decisions/031-focus-and-announcements.md). Rendered once, by the root (root.tsx), so every
 * page has it without asking:
 *
 * - **Another page** (a link, a post that goes elsewhere, back and forward): focus moves to the
 *   new page's main heading (or the element its `#hash` names, or `<main>`), unless the visitor is
 *   in a field that is still there (the header's search), and the page's title is said once,
 *   followed by what the page marks `data-announce` (a confirmation: "Return request … sent").
 * - **The same page again** (its search or filters changed, or a post came back to it): focus
 *   stays where it is, and only what the page marks `data-announce` is said ("27 products",
 *   "… is off your wishlist").
 * - **Whenever the focused control disappears** (its list item removed, its step replaced): focus
 *   goes to the same control of the item that took its place (the next item's Remove), or else the
 *   nearest heading, instead of falling to `<body>`. A control disabled while its post is on its
 *   way gets the focus back when it is enabled again.
 *
 * Not on the first load: the browser and the screen reader announce a loaded document themselves.
 */
export function PageChange() {
  const location = useLocation();
  const pop = useNavigationType() === "POP";
  useEffect(watchFocus, []);
  useEffect(() => {
    try {
      speaker ??= document.getElementById(ANNOUNCER_ID)?.attachShadow({ mode: "closed" });
    } catch {
      // already attached (a module reloaded in development)
    }
  }, []);
  useEffect(() => {
    const before = shown;
    shown = location;
    if (!before || before.key === location.key) return;
    const marked = [...document.querySelectorAll("main [data-announce]")].map((e) => e.textContent?.trim()).filter((t) => t) as string[];
    if (before.pathname !== location.pathname) {
      if (!inField(document.activeElement) && !focusOn(pageStart(location.hash))) focusOn(document.querySelector("main"));
      announce(sentences([document.title, ...marked]));
    } else if (location.search !== before.search || location.hash === before.hash || !(pop || location.hash)) {
      // The same page again: its search, or a post that came back (a move to a place on it, or back from one, is the browser's).
      rescueFocus();
      if (marked.length > 0) announce(sentences(marked));
    }
  }, [location, pop]);
  return <div id={ANNOUNCER_ID} aria-live="polite" aria-atomic="true" className="sr-only" />;
}

/** The location PageChange last saw: a focus lost to another page is the page change's to place. */
let shown: Location | undefined;

/** The live region's id (tests/support/page-change.ts reads it from the accessibility tree). */
export const ANNOUNCER_ID = "page-change";
/**
 * What the live region says lives in a closed shadow root: in the accessibility tree, which is what
 * a screen reader reads, but not in the page's text, so that a confirmation or a count is in the
 * page's text once (for a find in the page, a test's getByText) and not again in the region.
 */
let speaker: ShadowRoot | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Says `text` once, politely, through the page's one live region (PageChange). For an outcome
 * nothing on the page says where it happens: a cart line's removal, whose line is gone. Emptied
 * first and filled a moment later, so the same words twice in a row are said twice, after what
 * the moved focus says.
 */
export function announce(text: string): void {
  const region = speaker;
  if (!region) return;
  region.textContent = "";
  clearTimeout(timer);
  timer = setTimeout(() => (region.textContent = text), 150);
}

/**
 * For a part that shows after its page change was handled (one loaded lazily: the checkout's
 * confirmation): takes the focus from where the change put it, and says `text`. Nothing on a first
 * load, or once the visitor has moved the focus on.
 */
export function arrive(el: Element | null, text: string): void {
  if (!placed || (document.activeElement !== placed && !focusLost())) return;
  focusOn(el);
  announce(text);
}

function sentences(parts: string[]): string {
  return parts.map((s, i) => (i < parts.length - 1 && !/[.!?]$/.test(s) ? `${s}.` : s)).join(" ");
}

/** Where a new page starts: the element its hash names, else its main heading. */
function pageStart(hash: string): Element | null {
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1))) ?? document.querySelector("main h1");
  } catch {
    return document.querySelector("main h1"); // a malformed hash names nothing
  }
}

/** A field the visitor may be typing in. */
function inField(el: Element | null): boolean {
  return !!el?.matches("input:not([type=checkbox],[type=radio],[type=submit]), textarea, [contenteditable]");
}

/**
 * Focuses `el` where it is (ScrollRestoration has placed the page). A heading or a section is
 * focusable only while it has the focus, so a click on it later does not outline it.
 */
function focusOn(el: Element | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.tabIndex < 0 && !el.hasAttribute("tabindex")) {
    el.tabIndex = -1;
    el.addEventListener("blur", () => el.removeAttribute("tabindex"), { once: true });
  }
  el.focus({ preventScroll: true });
  placed = el;
  return document.activeElement === el;
}

/** Where PageChange last put the focus. */
let placed: HTMLElement | null = null;
const focusLost = () => !document.activeElement || document.activeElement === document.body;

/** The focused element and its ancestors, each with its place among its parent's children. */
let focusPath: [Element, number][] = [];

function watchFocus() {
  const listening = new AbortController();
  const { signal } = listening;
  document.addEventListener(
    "focusin",
    (e) => {
      focusPath = [];
      for (let n = e.target as Element | null; n?.parentElement; n = n.parentElement) focusPath.push([n, [...n.parentElement.children].indexOf(n)]);
    },
    { signal },
  );
  document.addEventListener(
    "focusout",
    (e) => {
      const el = e.target;
      if (e.relatedTarget || !(el instanceof HTMLElement)) return;
      // Once the change that took the focus is done (React commits the whole page first).
      queueMicrotask(() => {
        if (!focusLost()) return;
        if (!el.isConnected) {
          if (window.location.pathname === shown?.pathname) rescueFocus();
        } else if (el.matches(":disabled")) untilEnabled(el);
      });
    },
    { signal },
  );
  return () => listening.abort();
}

/** A control disabled while its post is on its way gets the focus back once it is enabled, if nothing has it. */
function untilEnabled(el: HTMLElement): void {
  if (!el.isConnected) return;
  if (el.matches(":disabled")) requestAnimationFrame(() => untilEnabled(el));
  else if (focusLost()) focusOn(el);
}

/**
 * The focused control is gone (removed, or hidden with a closed panel): focus its twin (the same
 * id, or the same tag, class, name and, for a button or box, value; the same text first) in what
 * took its place (the next list item, the part drawn again), else the nearest heading in sight
 * around where it was.
 */
function rescueFocus(): void {
  const control = focusPath[0]?.[0];
  const k = focusPath.findIndex(([n]) => n.isConnected && n.checkVisibility());
  if (!control || k < 1 || !focusLost()) return;
  const place = focusPath[k]![0];
  const [gone, index] = focusPath[k - 1]!;
  const after = place.children[Math.min(index, place.children.length - 1)];
  const scope = after?.tagName === gone.tagName ? after : place;
  const key = (e: Element) => [e.tagName, e.className, e.getAttribute("name"), e.matches("button, [type=checkbox], [type=radio]") && e.getAttribute("value")].join(" ");
  const like = [scope, ...scope.querySelectorAll(control.tagName)].filter((e) => e !== control && key(e) === key(control));
  const twin = (control.id && document.getElementById(control.id)) || like.find((e) => e.textContent === control.textContent) || like[0];
  if (twin && twin !== control && focusOn(twin)) return;
  for (let n: Element | null = place; n; n = n.parentElement) {
    if (focusOn([...n.querySelectorAll("h1, h2, h3, h4, h5, h6")].find((h) => h.checkVisibility()) ?? null)) return;
  }
}
