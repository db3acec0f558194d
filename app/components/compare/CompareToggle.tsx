import { useFetcher, useLocation } from "react-router";
import { CheckIcon } from "~/components/ui/icons";
import { NoScriptRedirect } from "~/components/ui/NoScriptRedirect";
import type { FormReply } from "~/lib/form";
import { COMPARE_FETCHER_KEY } from "~/modules/compare/use-compare";
import { useCompareList, usePageIsShared } from "~/modules/visitor/visitor";

/**
 * The Compare toggle of a product card or page: a pressed button while the product is in the
 * compare list. With JavaScript it posts through the shared compare fetcher (the tray says what
 * happened); without, as a plain form that comes back to this page (from a shared page, which
 * never shows the visitor's list, it goes on to the comparison).
 */
export function CompareToggle({ productId, productName, className = "" }: { productId: string; productName: string; className?: string }) {
  const fetcher = useFetcher<FormReply>({ key: COMPARE_FETCHER_KEY });
  const { ids } = useCompareList();
  const location = useLocation();
  const shared = usePageIsShared();
  const pending = fetcher.state !== "idle" && fetcher.formData?.get("productId") === productId;
  // While its own post is on its way, the button shows where it is going.
  const inList = pending ? fetcher.formData?.get("intent") === "add" : ids.includes(productId);
  return (
    <fetcher.Form method="post" action="/compare" className={className}>
      <input type="hidden" name="productId" value={productId} />
      <NoScriptRedirect to={shared ? "/compare" : location.pathname + location.search} />
      <button
        type="submit"
        name="intent"
        value={inList ? "remove" : "add"}
        aria-pressed={inList}
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
