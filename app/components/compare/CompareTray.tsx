import { useEffect, useLayoutEffect, useRef } from "react";
import { useFetcher, useLocation } from "react-router";
import { Link } from "~/lib/route-links";
import { buttonClass } from "~/components/ui/Button";
import { CompareIcon } from "~/components/ui/icons";
import { NoScriptRedirect } from "~/components/ui/NoScriptRedirect";
import { MAX_COMPARE, compareHref } from "~/modules/compare/compare";
import { COMPARE_FETCHER_KEY, type CompareReply } from "~/modules/compare/use-compare";
import { rememberVisitorChange, useCompareList } from "~/modules/visitor/visitor";

/**
 * The compare bar at the foot of the catalogue's pages while the list has products (a link to the
 * compare page and Clear), and the one live region that says what a compare change did: the
 * shared fetcher's reply with JavaScript, the layout's one-time notice without.
 */
export function CompareTray() {
  const { items, ids, notice } = useCompareList();
  const fetcher = useFetcher<CompareReply>({ key: COMPARE_FETCHER_KEY });
  const location = useLocation();
  const here = location.pathname + location.search;
  // Shown where products are chosen; the cart, checkout and accounts stay uncluttered.
  const choosing = location.pathname === "/" || location.pathname === "/products" || location.pathname.startsWith("/products/");

  // A reply belongs to the page it was made on: leaving the page clears it.
  const { reset } = fetcher;
  const lastPage = useRef(here);
  useEffect(() => {
    if (lastPage.current !== here) {
      lastPage.current = here;
      reset();
    }
  }, [here, reset]);

  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  const message = reply ? (reply.status === "error" ? reply.formError : reply.message) : notice;
  // The list as the change left it, before the page paints: the visitor's answer, asked again
  // after the change, says the same a moment later; until then the toggles would show the old list.
  useLayoutEffect(() => {
    if (reply?.status !== "success" || !reply.compare) return;
    const { items, ids } = reply.compare;
    rememberVisitorChange((v) => ({ ...v, compare: { items, ids, notice: null } }));
  }, [reply]);
  // Said once and read out; then out of the way.
  useEffect(() => {
    if (!reply) return;
    const timer = setTimeout(reset, 8000);
    return () => clearTimeout(timer);
  }, [reply, reset]);
  const showBar = items.length > 0 && choosing;

  return (
    <>
      {showBar && <div aria-hidden="true" className="h-20" />}
      <div className="fixed inset-x-0 bottom-0 z-40">
        <div className="pointer-events-none flex justify-center px-4 pb-3" role="status">
          {message && (
            <p className="max-w-xl rounded-lg bg-gray-900 px-4 py-2 text-sm font-medium text-white shadow-lg">
              {message}
            </p>
          )}
        </div>
        {showBar && (
          <aside aria-label="Compare list" className="border-t border-gray-200 bg-white/95 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur">
            <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3 sm:px-6 lg:px-8">
              <CompareIcon width={22} height={22} className="hidden shrink-0 text-pink-700 sm:block" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold text-gray-900">
                  {`${items[0]!.category}: ${items.length} of ${MAX_COMPARE}`}
                  {items.length < 2 && <span className="font-normal text-gray-600"> · add one more to compare</span>}
                </p>
                <ul className="mt-1 hidden gap-2 md:flex" aria-label="Products in your compare list">
                  {items.map((item) => (
                    <li key={item.id} className="flex min-w-0 max-w-48 items-center gap-2 rounded-md border border-gray-200 bg-white px-2 py-1">
                      <img src={item.image} alt="" width={32} height={24} className="h-6 w-8 shrink-0 rounded object-cover" />
                      <span className="truncate text-xs text-gray-700">{item.name}</span>
                    </li>
                  ))}
                </ul>
              </div>
              {/* One compare change at a time (useCompareToggle says why). */}
              <fetcher.Form discover="none" method="post" action="/compare" className="shrink-0" onSubmit={(e) => fetcher.state !== "idle" && e.preventDefault()}>
                <input type="hidden" name="intent" value="clear" />
                <NoScriptRedirect to={here} />
                <button type="submit" aria-disabled={fetcher.state !== "idle" || undefined} className={buttonClass("outline", "sm")}>
                  Clear
                </button>
              </fetcher.Form>
              <Link to={compareHref(ids)} className={buttonClass("pink", "sm", "shrink-0")}>
                {`Compare (${items.length})`}
              </Link>
            </div>
          </aside>
        )}
      </div>
    </>
  );
}
