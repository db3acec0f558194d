import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse } from "react-router";
import { useEffect } from "react";
import { ErrorReference } from "~/components/layout/ErrorReference";
import { useInShopLinks } from "~/components/ui/in-shop-links";
import { PageChange } from "~/components/ui/PageChange";
import { Static, staticPartsHydrated } from "~/components/ui/Static";
import { discoverRoutesOnIntent } from "~/lib/route-intent";
import { identityContext, requestContext, sharedPageContext, userContext } from "~/context";
import { RequestIdMeta, useNonce } from "~/lib/request-meta";
import { sessionUser } from "~/modules/identity/accounts.server";
import { brandTitle } from "~/modules/seo/meta";
import type { Route } from "./+types/root";
import appCssHref from "./app.css?url";

/** Reads the session once per request; loaders and actions find the user in userContext. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    const user = await sessionUser(context.get(identityContext), request);
    context.set(userContext, user);
    // The request's log line (server/request-log.ts) names the signed-in user.
    const meta = context.get(requestContext);
    if (meta) meta.userId = user?.id ?? null;
  },
];

/**
 * Who is signed in, when this page is rendered for its visitor (`known`). A shared page is rendered
 * without the visitor's cookies (server/request-handler.ts): it knows nobody, and says neither a
 * name nor "signed out"; the visitor's answer fills it in after load (app/modules/visitor/visitor.ts).
 */
export function loader({ context }: Route.LoaderArgs) {
  return { user: context.get(userContext), known: !context.get(sharedPageContext) };
}

/**
 * The stylesheet is one file with a content hash in its name (`/assets/app-….css`), which the
 * server sends as immutable (server/static-files.ts): a visitor's first page pays one request for
 * it, every later page none, and no page's HTML carries it (it was inlined in every page, 64 KB
 * raw; decision 015). A stylesheet linked in the head blocks rendering until it has loaded, so the
 * page never paints unstyled or shifts. Linked from 'self', it needs no nonce or hash in the CSP.
 */
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "stylesheet", href: appCssHref },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#db2777" />
        <Meta />
        {/* The icon, the stylesheet and preloads come from 'self' and need no nonce; "" keeps React Router
            from copying the script nonce onto them, which the browser would not hide (a hydration mismatch). */}
        <Links nonce="" />
        {/* The stylesheet only holds the first paint until it has loaded; the HTML may still be
            arriving then, and the header could paint before its last buttons and then move (a
            layout shift). Hold the first paint until <main> begins. */}
        <link rel="expect" href="#main" blocking="render" />
        <RequestIdMeta />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        {/* Kept as written once they have run: hydrating them would add a modulepreload link to the
            head for every module already loaded, some 30 elements (docs/decisions/028-less-hydration.md). */}
        <Static className="contents">
          <Scripts nonce={nonce} />
        </Static>
      </body>
    </html>
  );
}

export default function App() {
  useEffect(staticPartsHydrated, []);
  useEffect(discoverRoutesOnIntent, []);
  useInShopLinks();
  return (
    <>
      <Outlet />
      {/* Focus and announcements when the page changes in the browser (docs/decisions/031-focus-and-announcements.md). */}
      <PageChange />
    </>
  );
}

/** Last resort when even the shop layout failed: a plain page, never a stack trace (the log has it, see entry.server.tsx). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <title>{brandTitle(notFound ? "Page not found" : "Something went wrong")}</title>
      <h1 className="text-3xl font-bold">{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p className="mt-4 text-gray-600">
        {notFound ? "We couldn't find that page." : "Please try again in a moment. If it keeps happening, contact us."}
      </p>
      {!notFound && <ErrorReference />}
      <a href="/" className="mt-8 inline-block font-semibold text-pink-700 underline">
        Go Home
      </a>
    </main>
  );
}
