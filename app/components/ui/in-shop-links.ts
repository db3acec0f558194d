import { useEffect } from "react";
import { useNavigate } from "react-router";

/**
 * Where a plain `<a href>` moves within the shop as React Router's Link does: inside a Static part
 * (`data-static`, its kept markup) or an element marked `data-in-shop-links` (the header). Links
 * there are many and never change in the browser, and a Link component per link, or a click
 * handler per part, was a good share of a page's script at load
 * (docs/decisions/028-less-hydration.md).
 */
const IN_SHOP_LINKS = "[data-static], [data-in-shop-links]";

/**
 * One click listener on the document for those links, installed once by the root: a plain click on
 * one moves within the shop (replacing the history entry when it leads where the visitor already
 * is). A click a Link or any other handler has already taken (`defaultPrevented`) is left alone.
 *
 * Left to the browser: modified and non-primary clicks, links with `target` or `download`, other
 * origins, a link marked `data-document` (a document load, as a Link's `reloadDocument`), and a
 * link to a place on the same page.
 */
export function useInShopLinks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = e.target instanceof Element ? e.target.closest("a") : null;
      if (!link?.closest(IN_SHOP_LINKS)) return;
      if (link.target || link.hasAttribute("download") || link.hasAttribute("data-document") || link.origin !== window.location.origin) return;
      const here = window.location;
      if (link.hash && link.pathname === here.pathname && link.search === here.search) return;
      e.preventDefault();
      const to = link.pathname + link.search + link.hash;
      void navigate(to, { replace: to === here.pathname + here.search + here.hash });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
