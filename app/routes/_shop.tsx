import { useEffect, useRef } from "react";
import { Outlet, data, isRouteErrorResponse, useFetcher, useNavigation } from "react-router";
import { ErrorReference } from "~/components/layout/ErrorReference";
import { NOT_NOW_TITLES, readNotNow } from "~/lib/not-now";
import { Footer } from "~/components/layout/Footer";
import { Static } from "~/components/ui/Static";
import { Header } from "~/components/layout/Header";
import { NotFound } from "~/components/layout/NotFound";
import { dbContext, sharedPageContext } from "~/context";
import { CART_STORAGE_KEY } from "~/modules/cart/cart";
import { CompareTray } from "~/components/compare/CompareTray";
import { legalDetails } from "~/modules/content/legal.server";
import { brandTitle } from "~/modules/seo/meta";
import { useVisitor, VisitorProvider } from "~/modules/visitor/visitor";
import { cartAndCompare } from "~/modules/visitor/visitor.server";
import type { Route } from "./+types/_shop";

/**
 * The footer's legal details, and on a private page the visitor's cart and compare list. A shared
 * page is rendered without the visitor's cookies and leaves both out: they come from GET /visitor
 * after load (app/modules/visitor/visitor.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  if (context.get(sharedPageContext)) return { legal: await legalDetails(db), cart: null, cartCookieSet: false, compare: null };
  const [{ cart, cartCookieSet, compare, cookies }, legal] = await Promise.all([cartAndCompare(db, request), legalDetails(db)]);
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return data({ cart, legal, cartCookieSet, compare }, { headers });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const out = new Headers();
  for (const source of [actionHeaders, loaderHeaders]) {
    for (const cookie of source.getSetCookie()) out.append("Set-Cookie", cookie);
  }
  return out;
}

/**
 * Keeps local storage `cart` in step with the cart (docs/decisions/001), and restores from it when the
 * browser has no cart cookie at all (cleared cookies, a new session of an old browser). Acts once
 * the cart is known: on a shared page, when GET /visitor has answered.
 */
function CartStorageSync() {
  const visitor = useVisitor();
  const cart = visitor.value.cart;
  const known = visitor.loaded;
  const fetcher = useFetcher();
  const started = useRef(false);
  // While a restore is under way, local storage keeps the saved cart: leaving or failing now loses nothing.
  const restoring = useRef(false);
  const { submit, state, data: restored } = fetcher;
  useEffect(() => {
    if (!known) return;
    let stored: string | null;
    try {
      stored = window.localStorage.getItem(CART_STORAGE_KEY);
    } catch {
      return; // storage disabled: the cookie alone carries the cart
    }
    if (!started.current) {
      started.current = true;
      if (!cart.cookieSet && cart.stored.length === 0 && stored && stored !== "[]") {
        restoring.current = true;
        void submit({ intent: "restore", cart: stored.slice(0, 100_000) }, { method: "post", action: "/cart" });
        return;
      }
    }
    if (restoring.current) {
      if (state !== "idle" || restored === undefined) return;
      restoring.current = false;
    }
    const next = JSON.stringify(cart.stored);
    if (next !== stored) window.localStorage.setItem(CART_STORAGE_KEY, next);
  }, [cart, known, submit, state, restored]);
  return null;
}

/** What changed in the visitor's cart since it was last saved, said once. */
function CartNotes() {
  const { notes } = useVisitor().value.cart;
  if (notes.length === 0) return null;
  return (
    <div role="status" className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto max-w-7xl px-4 py-3 text-sm text-amber-900 sm:px-6 lg:px-8">
        <p className="font-semibold">Your cart was updated</p>
        <ul className="mt-1 list-disc pl-5">
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/**
 * "Loading your orders..." while /orders loads on a client-side navigation. The orders
 * page is not mounted until its loader has answered, so the layout says it, in a polite live
 * region that is always there (and empty) so that screen readers announce what appears in it.
 */
function NavigationStatus() {
  const navigation = useNavigation();
  const text = navigation.state === "loading" && navigation.location.pathname === "/orders" ? "Loading your orders..." : "";
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-16 z-30 flex justify-center px-4">
      {text && <p className="mt-3 rounded-full bg-gray-900 px-4 py-2 text-sm font-medium text-white shadow-lg">{text}</p>}
    </div>
  );
}

/** The visitor's parts (header, cart notes, compare tray) follow the visitor's answer themselves: the layout does not render again when it comes. */
export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  return (
    <VisitorProvider>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-pink-700 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to content
        </a>
        <Header />
        <NavigationStatus />
        <main id="main" className="flex-1 pt-16">
          <CartNotes />
          <Outlet />
        </main>
        <Static className="contents" version={JSON.stringify(loaderData.legal)}>
          <Footer legal={loaderData.legal} />
        </Static>
        <CompareTray />
        <CartStorageSync />
      </div>
    </VisitorProvider>
  );
}

export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // Too busy, or the database away for a moment, as a page's data was asked in the browser (server/busy-page.ts).
  const notNow = isRouteErrorResponse(error) && error.status === 503 ? readNotNow(error.data) : null;
  return (
    <VisitorProvider>
      <div className="flex min-h-screen flex-col">
        <Header />
        <main id="main" className="flex-1 pt-16">
          {notFound ? (
            <NotFound />
          ) : notNow ? (
            <section className="mx-auto max-w-xl px-4 py-24 text-center">
              <title>{brandTitle(NOT_NOW_TITLES[notNow.error])}</title>
              <h1 className="text-3xl font-bold text-gray-900">{NOT_NOW_TITLES[notNow.error]}</h1>
              <p className="mt-4 text-gray-600">{notNow.message}</p>
            </section>
          ) : (
            <section className="mx-auto max-w-xl px-4 py-24 text-center">
              <title>{brandTitle("Something went wrong")}</title>
              <h1 className="text-3xl font-bold text-gray-900">Something went wrong</h1>
              <p className="mt-4 text-gray-600">
                We couldn't load this page. Please try again in a moment; if it keeps happening, contact us.
              </p>
              <ErrorReference />
            </section>
          )}
        </main>
        <Footer legal={loaderData?.legal} />
      </div>
    </VisitorProvider>
  );
}
