import { memo, useId, useState, type ReactNode } from "react";

/**
 * Markup that needs no JavaScript once on the page: the server renders it as usual, and the browser,
 * hydrating the page, keeps the server's markup (one element, no components inside) instead of
 * hydrating what it holds. On a page reached in the browser, or once its `version` changes, it
 * renders its children as any component does. Its links still move within the shop without reloading it
 * (useInShopLinks, one listener for the whole page).
 * It is one element, a `div` unless `as` says (a `dl` of rows, say); `className="contents"` leaves
 * the layout to its children.
 *
 * Why (docs/decisions/028-less-hydration.md): hydrating a public page's cards, footer and product
 * details was most of a cheap phone's script time at load, for markup that never changes there.
 * Only for children with no state, effects or event handlers of their own.
 *
 * `version` says when the content changed (a product's price and stock, say): children are not
 * compared, so an unchanged version keeps the markup as it is.
 */
export const Static = memo(
  function Static({ children, className, version = "", as: Tag = "div" }: { children: ReactNode; className?: string; version?: string; as?: "div" | "dl" | "p" }) {
    const id = useId();
    // What the server wrote, read once while the page hydrates; null on a page rendered in the browser.
    const [kept] = useState(() => (hydrating ? { html: document.querySelector(`[data-static="${CSS.escape(id)}"]`)?.innerHTML ?? null, version } : null));
    if (kept?.html != null && kept.version === version) {
      return <Tag key="kept" data-static={id} className={className} dangerouslySetInnerHTML={{ __html: kept.html }} suppressHydrationWarning />;
    }
    return (
      <Tag key="rendered" data-static={id} className={className}>
        {children}
      </Tag>
    );
  },
  (before, after) => before.version === after.version && before.className === after.className && before.as === after.as,
);

/** True until the page has hydrated (root.tsx calls staticPartsHydrated), on the server false. */
let hydrating = typeof document !== "undefined";

/** Called once the page has hydrated: a Static part made from now on renders its children. */
export function staticPartsHydrated(): void {
  hydrating = false;
}
