import { useFetcher, useLocation } from "react-router";
import { CheckIcon } from "~/components/ui/icons";
import { NoScriptRedirect } from "~/components/ui/NoScriptRedirect";
import { COMPARE_FETCHER_KEY, type CompareReply } from "~/modules/compare/use-compare";
import { useCompareList, usePageIsShared } from "~/modules/visitor/visitor";

/**
 * Whether the product is in the compare list; while its own post is on its way, where it is going.
 * `busy` while any compare change is on its way: the list travels in a cookie, so two changes at
 * once would each start from the same list and the later answer would undo the other's change
 * (a second one would also abort the first in the browser, not on the server). A toggle pressed
 * then is marked `aria-disabled` and ignored, keeping its focus, as a disabled button would not.
 */
function useCompareToggle(productId: string) {
  const fetcher = useFetcher<CompareReply>({ key: COMPARE_FETCHER_KEY });
  const { ids } = useCompareList();
  const busy = fetcher.state !== "idle";
  const pending = busy && fetcher.formData?.get("productId") === productId;
  const inList = pending ? fetcher.formData?.get("intent") === "add" : ids.includes(productId);
  return { fetcher, inList, busy };
}

/**
 * The Compare toggle of a product page: a pressed button while the product is in the compare list.
 * With JavaScript it posts through the shared compare fetcher (the tray says what happened);
 * without, as a plain form that comes back to this page (from a shared page, which never shows the
 * visitor's list, it goes on to the comparison).
 */
export function CompareToggle({ productId, productName, className = "" }: { productId: string; productName: string; className?: string }) {
  const { fetcher, inList, busy } = useCompareToggle(productId);
  const location = useLocation();
  const shared = usePageIsShared();
  return (
    <fetcher.Form discover="none" method="post" action="/compare" className={className} onSubmit={(e) => busy && e.preventDefault()}>
      <input type="hidden" name="productId" value={productId} />
      <NoScriptRedirect to={shared ? "/compare" : location.pathname + location.search} />
      <button
        type="submit"
        name="intent"
        value={inList ? "remove" : "add"}
        aria-pressed={inList}
        aria-disabled={busy || undefined}
        aria-label={`Compare: ${productName}`}
        className="group/compare link-action gap-2"
      >
        <span
          aria-hidden="true"
          className={`flex h-4 w-4 shrink-0 items-center justify-center rounded border ${inList ? "border-pink-600 bg-pink-600 text-white" : "border-gray-400 bg-white"}`}
        >
          {inList && <CheckIcon width={12} height={12} strokeWidth={3} />}
        </span>
        Compare
      </button>
    </fetcher.Form>
  );
}

/**
 * The Compare toggle of a product card: the same button as the page's, without a form of its own.
 * Without JavaScript it submits the grid's shared add or remove form (`forms`, ProductCardForms)
 * with its product; with it, it posts through the shared compare fetcher as CompareToggle does.
 */
export function CompareCardButton({ productId, productName, forms }: { productId: string; productName: string; forms: { add: string; remove: string } }) {
  const { fetcher, inList, busy } = useCompareToggle(productId);
  const intent = inList ? "remove" : "add";
  return (
    <button
      type="submit"
      form={forms[intent]}
      data-kept-action="compare"
      name="productId"
      value={productId}
      onClick={(e) => {
        e.preventDefault();
        if (!busy) void fetcher.submit({ intent, productId }, { method: "post", action: "/compare" });
      }}
      aria-pressed={inList}
      aria-disabled={busy || undefined}
      aria-label={`Compare: ${productName}`}
      className="compare-box link-action min-h-[31px] gap-2"
    >
      Compare
    </button>
  );
}
