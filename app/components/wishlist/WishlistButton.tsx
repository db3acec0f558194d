import { useEffect } from "react";
import { useFetcher, useLocation } from "react-router";
import { NoScriptRedirect } from "~/components/ui/NoScriptRedirect";
import type { WishlistReply } from "~/modules/wishlist/wishlist";
import { usePageIsShared } from "~/modules/visitor/visitor";
import { rememberWishlistChange, useWishlistState } from "./wishlist-state";

/** Whether the heart is pressed (the customer's own state, or where its post is going), and the post's answer remembered. */
function useWishlistToggle(productId: string) {
  const fetcher = useFetcher<WishlistReply>();
  const known = useWishlistState();
  const pending = fetcher.state !== "idle" ? fetcher.formData?.get("intent") : undefined;
  const wishlisted = pending ? pending === "add" : known.ids.includes(productId);
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (reply?.status === "success" && reply.productId === productId) rememberWishlistChange(productId, reply.wishlisted, reply.notify);
  }, [reply, productId]);
  return { fetcher, wishlisted, reply };
}

/**
 * The heart of a product page. In the page's HTML it is always the neutral "Add to
 * wishlist" (the page is shared); after loading it shows the customer's own state (pressed when
 * wishlisted). Without JavaScript it is a plain form that comes back to this page (from a shared
 * page, which never shows the visitor's hearts, it goes on to the wishlist); signed out, the post
 * leads to the sign-in page and back.
 */
export function WishlistButton({ productId, productName, withText = false, className = "" }: { productId: string; productName: string; withText?: boolean; className?: string }) {
  const { fetcher, wishlisted, reply } = useWishlistToggle(productId);
  const location = useLocation();
  const shared = usePageIsShared();
  const here = location.pathname + location.search;
  return (
    <fetcher.Form discover="none" method="post" action="/wishlist" className={className}>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="from" value={here} />
      <NoScriptRedirect to={shared ? "/wishlist" : here} />
      <button
        type="submit"
        name="intent"
        value={wishlisted ? "remove" : "add"}
        aria-pressed={wishlisted}
        aria-label={`Add to wishlist: ${productName}`}
        title={wishlisted ? "On your wishlist" : "Add to wishlist"}
        className="link-action gap-1.5 aria-pressed:text-pink-700"
      >
        {/* Outlined, and filled while the button is pressed (`.icon-heart` in app.css). */}
        <span aria-hidden="true" className="icon icon-heart" />
        {withText && <span>Wishlist</span>}
      </button>
      <WishlistError reply={reply} />
    </fetcher.Form>
  );
}

/**
 * The heart of a product card: the same button as the page's, without a form of its own. Without
 * JavaScript it submits the grid's shared add or remove form (`forms`, ProductCardForms) with its
 * product; with it, it posts through its own fetcher as WishlistButton does.
 */
export function WishlistCardButton({ productId, productName, forms }: { productId: string; productName: string; forms: { add: string; remove: string } }) {
  const { fetcher, wishlisted, reply } = useWishlistToggle(productId);
  const location = useLocation();
  const intent = wishlisted ? "remove" : "add";
  return (
    <>
      <button
        type="submit"
        form={forms[intent]}
        data-kept-action="wishlist"
        name="productId"
        value={productId}
        onClick={(e) => {
          e.preventDefault();
          void fetcher.submit({ productId, intent, from: location.pathname + location.search }, { method: "post", action: "/wishlist" });
        }}
        aria-pressed={wishlisted}
        aria-label={`Add to wishlist: ${productName}`}
        title={wishlisted ? "On your wishlist" : "Add to wishlist"}
        // The heart is drawn before the button's (empty) text, outlined, and filled while pressed (app.css).
        className="icon-before icon-heart link-action min-h-[31px] gap-1.5 aria-pressed:text-pink-700"
      />
      <WishlistError reply={reply} />
    </>
  );
}

function WishlistError({ reply }: { reply: WishlistReply | undefined }) {
  return reply?.status === "error" ? (
    <p role="alert" className="mt-1 text-sm text-red-700">
      {reply.formError}
    </p>
  ) : null;
}

/**
 * "Notify me" on an out-of-stock product's page: asks for one mail when it is back in stock (and
 * when its price drops). Neutral in the page's HTML; after loading it says when the customer has
 * already asked. Without JavaScript the post leads to the wishlist page, where the alert is listed.
 */
export function NotifyMeForm({ productId, productName, className = "" }: { productId: string; productName: string; className?: string }) {
  const fetcher = useFetcher<WishlistReply>();
  const location = useLocation();
  const known = useWishlistState();
  const here = location.pathname + location.search;
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (reply?.status === "success" && reply.productId === productId) rememberWishlistChange(productId, reply.wishlisted, reply.notify);
  }, [reply, productId]);
  const asked = known.alerts.includes(productId);
  return (
    <fetcher.Form discover="none" method="post" action="/wishlist" className={className}>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="from" value={here} />
      <NoScriptRedirect to="/wishlist" />
      {asked ? (
        <p role="status" className="text-sm font-medium text-green-700">We will mail you when {productName} is back in stock.</p>
      ) : (
        <>
          <p className="text-sm text-gray-700">Out of stock for now. We can mail you once when it is back.</p>
          <button
            type="submit"
            name="intent"
            value="alert"
            disabled={fetcher.state !== "idle"}
            className="mt-2 inline-flex items-center gap-2 rounded-md border border-pink-600 px-3 py-1.5 text-sm font-semibold text-pink-700 hover:bg-pink-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-pink-600"
          >
            Notify me
          </button>
        </>
      )}
      <p aria-live="polite" className={`mt-1 min-h-5 text-sm ${reply?.status === "error" ? "text-red-700" : "text-green-700"}`}>
        {reply?.status === "error" ? reply.formError : ""}
      </p>
    </fetcher.Form>
  );
}
