import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse } from "react-router";
import { ErrorReference } from "~/components/layout/ErrorReference";
import { identityContext, requestContext, userContext } from "~/context";
import { RequestIdMeta, useNonce } from "~/lib/request-meta";
import { sessionUser } from "~/modules/identity/accounts.server";
import { brandTitle } from "~/modules/seo/meta";
import type { Route } from "./+types/root";
import appCss from "./app.css?inline";

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

export function loader({ context }: Route.LoaderArgs) {
  return { user: context.get(userContext) };
}

/**
 * The whole stylesheet (~8 KB gzipped) goes inline in the head, so a phone paints without waiting
 * for a render-blocking request. Only the server and Vite's development client bundle the text; the
 * production client reuses the element the server sent, so the CSS is not shipped twice (in the
 * JavaScript too) and hydration finds exactly what is in the document.
 */
const STYLE_ID = "app-css";
const documentStyle = typeof document === "undefined" ? null : document.getElementById(STYLE_ID);
const styleText = import.meta.env.SSR || import.meta.env.DEV ? appCss : (documentStyle?.textContent ?? "");
// The browser hides the nonce attribute once read, but keeps it in `.nonce`, which is what React compares.
const documentStyleNonce = documentStyle?.nonce ?? "";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
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
        {/* The icon and preloads come from 'self' and need no nonce; "" keeps React Router from
            copying the script nonce onto them, which the browser would not hide (a hydration mismatch). */}
        <Links nonce="" />
        {/* With no stylesheet to wait for, the browser could paint the header before its last buttons
            arrived and then move it: a layout shift. Hold the first paint until <main> begins. */}
        <link rel="expect" href="#main" blocking="render" />
        <style id={STYLE_ID} nonce={documentStyle ? documentStyleNonce : nonce} dangerouslySetInnerHTML={{ __html: styleText }} />
        <RequestIdMeta />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
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
