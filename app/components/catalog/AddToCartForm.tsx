import { useFetcher, useLocation } from "react-router";
import { buttonClass, type ButtonSize } from "~/components/ui/Button";
import { NoScriptRedirect } from "~/components/ui/NoScriptRedirect";
import { Static } from "~/components/ui/Static";
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
    <fetcher.Form discover="none" method="post" action="/cart" className={className}>
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

/**
 * A product card's Add to Cart: the same button and message as AddToCartForm's, without a form of
 * its own. Without JavaScript it submits the grid's shared cart form (`form`, ProductCardForms) with
 * its product; with it, it posts through its own fetcher, so each card says what happened to it.
 */
export function AddToCartButton({ productId, productName, stock, form, className = "" }: { productId: string; productName: string; stock: number; form: string; className?: string }) {
  const fetcher = useFetcher<FormReply>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <>
      <button
        type="submit"
        form={form}
        data-kept-action="cart"
        name="productId"
        value={productId}
        onClick={(e) => {
          e.preventDefault();
          void fetcher.submit({ intent: "add", productId }, { method: "post", action: "/cart" });
        }}
        disabled={stock <= 0 || busy}
        className={buttonClass("pink", "sm", `icon-before icon-cart ${className}`)}
        aria-label={`${busy ? "Adding..." : "Add to Cart"}: ${productName}`}
      >
        {busy ? "Adding..." : "Add to Cart"}
      </button>
      <p aria-live="polite" className={`mt-2 min-h-5 text-sm ${result?.status === "error" ? "text-red-700" : "text-green-700"}`}>
        {result?.status === "error" ? result.formError : result?.message}
      </p>
    </>
  );
}

/**
 * The forms a grid's cards share, one per action, so that a card carries buttons and no form of
 * its own (issue 34: a form and its fields per card were a third of a listing's elements). A
 * card's button names its form by id and sends its product as `productId`; these send the rest.
 * Only a post without JavaScript uses them: with it, each button posts through its own fetcher.
 */
export function ProductCardForms({ ids }: { ids: CardFormIds }) {
  const location = useLocation();
  const shared = usePageIsShared();
  const here = location.pathname + location.search;
  // A page every visitor shares never shows the visitor's cart, list or hearts: a post goes on to
  // the private page that does (the action's own page), instead of back here.
  const form = (id: string, action: string, intent: string, from?: string) => (
    <form id={id} method="post" action={action} hidden>
      <input type="hidden" name="intent" value={intent} />
      {from !== undefined && <input type="hidden" name="from" value={from} />}
      <NoScriptRedirect to={shared ? action : here} />
    </form>
  );
  // Kept as written while the page loads (with JavaScript the cards' buttons never submit them):
  // five forms and their redirects need no hydrating on every listing (docs/decisions/028-less-hydration.md).
  return (
    <Static className="contents" version={`${shared} ${here}`}>
      {form(ids.cart, "/cart", "add")}
      {form(ids.compare.add, "/compare", "add")}
      {form(ids.compare.remove, "/compare", "remove")}
      {form(ids.wishlist.add, "/wishlist", "add", here)}
      {form(ids.wishlist.remove, "/wishlist", "remove", here)}
    </Static>
  );
}

export interface CardFormIds {
  cart: string;
  compare: { add: string; remove: string };
  wishlist: { add: string; remove: string };
}

/** The ids of a grid's shared forms, from a prefix unique on the page (React's useId). */
export function cardFormIds(prefix: string): CardFormIds {
  return {
    cart: `${prefix}cart`,
    compare: { add: `${prefix}compare-add`, remove: `${prefix}compare-remove` },
    wishlist: { add: `${prefix}wishlist-add`, remove: `${prefix}wishlist-remove` },
  };
}
