import type { Page } from "@playwright/test";
import { injectAxe } from "./axe";

/**
 * The links and buttons of the page a screen reader would hear under one name while they lead to
 * different places: a link's address, a submit button's form as it would be sent (its action,
 * method and fields, the button's own name and value among them). Each is "name → places". Names
 * are axe-core's accessible names of what is exposed (hidden and aria-hidden controls left out),
 * compared as a listener hears them (case and spacing aside). Issue 51: "Return or replace" twice
 * on an order of two items, the item only in the row around the links.
 */
export async function duplicateNames(page: Page): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(() => {
    const { axe } = window;
    axe.setup(document);
    try {
      const places = new Map<string, Set<string>>();
      for (const el of document.querySelectorAll<HTMLElement>("a[href], button, input[type=submit], input[type=image]")) {
        if (!el.checkVisibility({ visibilityProperty: true }) || el.closest("[aria-hidden=true], [inert]")) continue;
        let place: string;
        if (el instanceof HTMLAnchorElement) place = el.href;
        else if ((el instanceof HTMLButtonElement || el instanceof HTMLInputElement) && el.type === "submit" && el.form) {
          const sent = new URLSearchParams();
          for (const [key, value] of new FormData(el.form, el)) sent.append(key, typeof value === "string" ? value : value.name);
          place = `${el.getAttribute("formmethod") ?? el.form.method} ${el.hasAttribute("formaction") ? el.formAction : el.form.action} ${sent}`;
        } else continue;
        const name = axe.commons.text.accessibleText(el).replace(/\s+/g, " ").trim().toLowerCase();
        places.set(name, (places.get(name) ?? new Set()).add(place));
      }
      return [...places].filter(([, to]) => to.size > 1).map(([name, to]) => `"${name}" → ${[...to].join(" | ")}`);
    } finally {
      axe.teardown();
    }
  });
}
