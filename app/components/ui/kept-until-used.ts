import { useState, type MouseEvent } from "react";
import { flushSync } from "react-dom";

/**
 * Buttons kept as the server wrote them (inside a `<Static>`) until they are used: the part they
 * belong to hydrates nothing at load, and a click on one of them (mouse, keys or touch all click)
 * brings the part to life at once and passes the click, and the focus if it had it, to the live
 * button of the same `data-kept-action`. Why: docs/decisions/028-less-hydration.md.
 *
 * Returns the kept button a click landed on inside `part`, or null when it landed elsewhere.
 */
export function keptButtonClicked(e: MouseEvent<HTMLElement>, part: Element | null): HTMLButtonElement | null {
  // A live button's own handler has taken the click already.
  if (e.defaultPrevented) return null;
  const button = (e.target as Element).closest<HTMLButtonElement>("button[data-kept-action]");
  return button && part?.contains(button) ? button : null;
}

/** Brings the part to life (`makeLive`, synchronously) and clicks its live button of the same action instead. */
export function passClickToLive(e: MouseEvent<HTMLElement>, part: Element, button: HTMLButtonElement, makeLive: () => void): void {
  e.preventDefault();
  const focused = document.activeElement === button;
  flushSync(makeLive);
  const live = part.querySelector<HTMLButtonElement>(`button[data-kept-action="${button.dataset.keptAction}"]`);
  if (focused) live?.focus();
  live?.click();
}

/**
 * One part's buttons kept until used: `live` once one is clicked, or at once when `marked` (the
 * visitor's answer says the buttons show something of theirs). Put `onClick` on the element
 * around the kept part.
 */
export function useKeptUntilUsed(marked: boolean): { live: boolean; onClick: (e: MouseEvent<HTMLElement>) => void } {
  const [used, setUsed] = useState(false);
  const live = used || marked;
  const onClick = (e: MouseEvent<HTMLElement>) => {
    if (live) return;
    const button = keptButtonClicked(e, e.currentTarget);
    if (button) passClickToLive(e, e.currentTarget, button, () => setUsed(true));
  };
  return { live, onClick };
}
