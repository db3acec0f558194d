import { useFetcher, useLocation } from "react-router";
import { buttonClass, type ButtonSize } from "~/components/ui/Button";
import { NoScriptRedirect } from "~/components/ui/NoScriptRedirect";
import type { FormReply } from "~/lib/form";
import { usePageIsShared } from "~/modules/visitor/visitor";

interface AddToCartFormProps {
  productId: string;
  productName: string;
  stock: number;
  /** A form control rendered inside the form (the product page's quantity stepper); default adds 1. */
  children?: React.ReactNode;
  size?: ButtonSize;
  className?: string;
}

/**
 * Posts to the cart action: with JavaScript through a fetcher (the page stays put and says what
 * happened), without it as a plain form post that comes back to this page, or, from a page every
 * visitor shares (which never shows their cart), goes on to the cart.
 */
export function AddToCartForm({ productId, productName, stock, children, size = "md", className = "" }: AddToCartFormProps) {
  const fetcher = useFetcher<FormReply>();
  const location = useLocation();
  const shared = usePageIsShared();
  const busy = fetcher.state !== "idle";
  const outOfStock = stock <= 0;
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <fetcher.Form method="post" action="/cart" className={className}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <NoScriptRedirect to={shared ? "/cart" : location.pathname + location.search} />
      <div className="flex flex-wrap items-center gap-3">
        {children}
        <button
          type="submit"
          disabled={outOfStock || busy}
          className={buttonClass("pink", size)}
          aria-label={children ? undefined : `${busy ? "Adding..." : "Add to Cart"}: ${productName}`}
        >
          <span aria-hidden="true" className="icon icon-cart" />
          {busy ? "Adding..." : "Add to Cart"}
        </button>
      </div>
      <p aria-live="polite" className={`mt-2 min-h-5 text-sm ${result?.status === "error" ? "text-red-700" : "text-green-700"}`}>
        {result?.status === "error" ? result.formError : result?.message}
      </p>
    </fetcher.Form>
  );
}
