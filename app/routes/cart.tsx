import { useEffect, useRef } from "react";
import { data, redirect, useFetcher } from "react-router";
import { Link } from "~/lib/route-links";
import { ButtonLink, buttonClass } from "~/components/ui/Button";
import { announce } from "~/components/ui/PageChange";
import { Money } from "~/components/ui/Money";
import { NoScriptRedirect } from "~/components/ui/NoScriptRedirect";
import { formFailure, type FormReply } from "~/lib/form";
import { readFormValues } from "~/lib/form.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { MinusIcon, PlusIcon, TrashIcon } from "~/components/ui/icons";
import { MrpSaving } from "~/components/catalog/PriceWithGst";
import { DeliverTo } from "~/components/delivery/DeliverTo";
import { dbContext, userContext } from "~/context";
import type { CartItem } from "~/modules/cart/cart";
import { cartPartProblems } from "~/modules/cart/build-cart.server";
import { applyCartAction, cartActionSchema, cartCookieHeader, readCartLines } from "~/modules/cart/cart.server";
import { useCart } from "~/modules/cart/use-cart";
import { loadProfile } from "~/modules/identity/accounts.server";
import { estimateForCart } from "~/modules/orders/delivery-estimate.server";
import { quoteCart } from "~/modules/orders/orders.server";
import { GST_RATE_PERCENT } from "~/modules/orders/totals";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/cart";
import { BODY_LIMITS, type RouteHandle } from "~/lib/http-policy";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Shopping Cart", description: "Review the items in your cart before checkout." }),
  { name: "robots", content: "noindex" },
];

/** The cart's restore post carries the whole stored cart (server/body-guard.ts reads this). */
export const handle: RouteHandle = { bodyLimit: BODY_LIMITS.cart };

/**
 * Delivery to a PIN for what is in the cart: the PIN asked (`?pin=`, from the box, or the one this
 * browser remembers), else the signed-in customer's saved one. The cart is private, so the answer
 * may be part of the page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const lines = await readCartLines(request);
  if (lines.length === 0) return { delivery: null, withGst: null, mrp: {} as Record<string, number | null>, partProblems: [] as string[] };
  const user = context.get(userContext);
  const pin = new URL(request.url).searchParams.get("pin") ?? (user ? (await loadProfile(db, user)).zipCode : "");
  // The goods with their GST, computed as the order will compute them (orders/totals.ts).
  const [quote, partProblems] = await Promise.all([quoteCart(db, lines), cartPartProblems(db, lines)]);
  return {
    delivery: pin ? await estimateForCart(db, lines, pin.slice(0, 12)) : null,
    withGst: quote.totals.subTotal + quote.totals.tax,
    // Each product's MRP, for the saving shown on its line.
    mrp: Object.fromEntries(quote.lines.map((l) => [l.productId, l.mrpPaise])) as Record<string, number | null>,
    // The PC parts that don't go together (docs/product-rules.md, "PC builds").
    partProblems: partProblems.map((v) => v.message),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = await readFormValues(request);
  const parsed = cartActionSchema.safeParse(values);
  const redirectTo = values.redirectTo;
  if (!parsed.success) {
    return data<FormReply>(formFailure({}, { formError: "That cart change could not be understood. Please try again." }), { status: 400 });
  }
  const current = await readCartLines(request);
  const result = await applyCartAction(context.get(dbContext), current, parsed.data);
  const headers = { "Set-Cookie": await cartCookieHeader(result.lines) };
  if (redirectTo) throw redirect(safeRedirectPath(redirectTo, "/cart"), { headers });
  return data<FormReply>(result.ok ? { status: "success", message: result.message } : formFailure({}, { formError: result.message }), { headers });
}

function CartLineRow({ item, mrpPaise, onRemove }: { item: CartItem; mrpPaise: number | null; onRemove: (item: CartItem) => void }) {
  const fetcher = useFetcher<typeof action>();
  const { product, quantity } = item;
  const href = `/products/${encodeURIComponent(product.id)}`;
  const busy = fetcher.state !== "idle";
  const message = fetcher.state === "idle" && fetcher.data?.status === "error" ? fetcher.data.formError : null;
  return (
    <li className="flex gap-4 py-6">
      <Link to={href} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <img src={product.image} alt="" width={800} height={600} className="h-16 w-20 rounded-lg border border-gray-200 object-cover sm:h-24 sm:w-32" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 className="break-words font-semibold text-gray-900">
            <Link to={href} className="hover:text-pink-700">
              {product.name}
            </Link>
          </h2>
          <p className="mt-1 text-sm text-gray-600">
            <Money paise={product.pricePaise} /> each
          </p>
          <MrpSaving paise={product.pricePaise} mrpPaise={mrpPaise} compact className="mt-1 text-xs text-gray-600" />
          {product.stock <= 4 && <p className="mt-1 text-xs font-medium text-amber-700">Only {product.stock} left in stock</p>}
        </div>
        <div className="flex items-center gap-2 sm:gap-4">
          <fetcher.Form discover="none" method="post" action="/cart" className="flex items-center rounded-lg border border-gray-300" aria-busy={busy}>
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="productId" value={product.id} />
            <NoScriptRedirect to="/cart" />
            <button
              type="submit"
              name="quantity"
              value={quantity - 1}
              disabled={quantity <= 1 || busy}
              className="p-2 text-gray-700 hover:text-pink-700 disabled:opacity-40"
              aria-label={`Decrease quantity of ${product.name}`}
            >
              <MinusIcon width={16} height={16} />
            </button>
            <output className="w-10 text-center text-sm font-semibold" aria-label={`Quantity of ${product.name}`}>
              {quantity}
            </output>
            <button
              type="submit"
              name="quantity"
              value={quantity + 1}
              disabled={quantity >= product.stock || busy}
              className="p-2 text-gray-700 hover:text-pink-700 disabled:opacity-40"
              aria-label={`Increase quantity of ${product.name}`}
            >
              <PlusIcon width={16} height={16} />
            </button>
          </fetcher.Form>
          <Money paise={product.pricePaise * quantity} className="ml-auto text-right font-semibold text-gray-900 sm:w-24" />
          <fetcher.Form discover="none" method="post" action="/cart" onSubmit={() => onRemove(item)}>
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="productId" value={product.id} />
            <NoScriptRedirect to="/cart" />
            <button
              type="submit"
              className="rounded-md p-2 text-gray-600 hover:bg-red-50 hover:text-red-700"
              aria-label={`Remove ${product.name} from cart`}
            >
              <TrashIcon width={18} height={18} />
            </button>
          </fetcher.Form>
        </div>
        {message && (
          <p role="alert" className="text-sm text-red-700 sm:basis-full">
            {message}
          </p>
        )}
      </div>
    </li>
  );
}

/** The cart's PC parts that don't go together, each problem with what to change. */
function PartsDontFit({ problems }: { problems: string[] }) {
  return (
    <section aria-labelledby="parts-dont-fit" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <h2 id="parts-dont-fit" className="font-semibold">
        These parts don&apos;t fit together
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </section>
  );
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const cart = useCart();
  const clearFetcher = useFetcher();
  // A line asked to go is said gone by the page, which stays, once the line has gone: the line's
  // own words go with it (the focus moves to the next line's Remove, components/ui/PageChange.tsx).
  const removing = useRef(new Map<string, string>());
  useEffect(() => {
    for (const [id, name] of removing.current) {
      if (cart.items.some((i) => i.product.id === id)) continue;
      removing.current.delete(id);
      announce(`Removed ${name} from your cart.`);
    }
  }, [cart.items]);

  if (cart.items.length === 0) {
    return (
      <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
        <h1 className="text-3xl font-bold text-gray-900">Your cart is empty</h1>
        <p className="mt-3 text-gray-600">Looks like you haven't added anything to your cart yet.</p>
        <ButtonLink to="/products" size="lg" className="mt-8">
          Browse Products
        </ButtonLink>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold text-gray-900">Shopping Cart</h1>
      {loaderData.partProblems.length > 0 && <PartsDontFit problems={loaderData.partProblems} />}
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_360px]">
        <section aria-label="Items in your cart">
          <ul className="divide-y divide-gray-200 border-y border-gray-200">
            {cart.items.map((item) => (
              <CartLineRow key={item.product.id} item={item} mrpPaise={loaderData.mrp[item.product.id] ?? null} onRemove={(line) => removing.current.set(line.product.id, line.product.name)} />
            ))}
          </ul>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
            <Link to="/products" className="text-sm font-semibold text-pink-700 hover:text-pink-800">
              Continue Shopping
            </Link>
            <clearFetcher.Form discover="none" method="post" action="/cart">
              <input type="hidden" name="intent" value="clear" />
              <NoScriptRedirect to="/cart" />
              <button type="submit" className={buttonClass("outline", "sm")}>
                Clear Cart
              </button>
            </clearFetcher.Form>
          </div>
        </section>
        <aside aria-labelledby="summary-heading" className="h-fit rounded-xl border border-gray-200 bg-gray-50 p-6">
          <h2 id="summary-heading" className="text-lg font-semibold text-gray-900">
            Order Summary
          </h2>
          <dl className="mt-4 space-y-3 text-sm">
            <div className="flex justify-between">
              <dt className="text-gray-700">Total items</dt>
              <dd className="font-semibold text-gray-900" data-testid="cart-total-items">
                {cart.totalItems}
              </dd>
            </div>
            <div className="flex justify-between border-t border-gray-200 pt-3 text-base">
              <dt className="font-semibold text-gray-900">Total price</dt>
              <dd className="font-bold text-gray-900" data-testid="cart-total-price">
                <Money paise={cart.totalPricePaise} />
              </dd>
            </div>
          </dl>
          {loaderData.withGst !== null && cart.items.length > 0 && (
            <p className="mt-2 text-sm text-gray-700" data-testid="cart-total-incl-gst">
              <Money paise={loaderData.withGst} className="font-semibold text-gray-900" /> incl. GST, before shipping
            </p>
          )}
          <p className="mt-2 text-xs text-gray-600">{`Shipping and ${GST_RATE_PERCENT}% GST are calculated at checkout.`}</p>
          <DeliverTo estimate={loaderData.delivery} className="mt-4" />
          <ButtonLink to="/checkout" size="lg" className="mt-6 w-full">
            Proceed to Checkout
          </ButtonLink>
        </aside>
      </div>
    </div>
  );
}
