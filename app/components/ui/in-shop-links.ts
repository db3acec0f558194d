import { useCallback, type MouseEvent } from "react";
import { useNavigate } from "react-router";

/**
 * One click handler for the plain `<a href>` links inside an element: a plain click on one moves
 * within the shop as React Router's Link does (replacing the history entry when it leads where the
 * visitor already is), without a Link component per link. Used where links are many and never
 * change in the browser (`<Static>`'s kept markup, the header): a Link's hooks, times every link,
 * were a tenth of a page's script at load (docs/decisions/028-less-hydration.md).
 *
 * Left to the browser: modified and non-primary clicks, links with `target` or `download`, other
 * origins, a link marked `data-document` (a document load, as a Link's `reloadDocument`), and a
 * link to a place on the same page.
 */
export function useInShopLinks(): (e: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (e: MouseEvent<HTMLElement>) => {
      const link = (e.target as Element).closest("a");
      if (!link || !e.currentTarget.contains(link)) return;
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      if (link.target || link.hasAttribute("download") || link.hasAttribute("data-document") || link.origin !== window.location.origin) return;
      const here = window.location;
      if (link.hash && link.pathname === here.pathname && link.search === here.search) return;
      e.preventDefault();
      const to = link.pathname + link.search + link.hash;
      void navigate(to, { replace: to === here.pathname + here.search + here.hash });
    },
    [navigate],
  );
}
