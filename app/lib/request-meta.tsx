import { createContext, useContext, useEffect, useState } from "react";
import { useLocation } from "react-router";

/**
 * The request being rendered on the server (its id and CSP nonce), provided by entry.server.tsx
 * from React Router's request context. The browser has no provider: it reads the document
 * request's id from the page the server sent (the meta tag below) before hydrating.
 */
const RequestMetaContext = createContext<{ id: string; nonce: string } | null>(null);
export const RequestMetaProvider = RequestMetaContext.Provider;

const META_NAME = "request-id";
const documentRequestId =
  typeof document === "undefined" ? null : (document.querySelector(`meta[name="${META_NAME}"]`)?.getAttribute("content") ?? null);
let hydrated = false;

/**
 * The CSP nonce for inline scripts. The browser hides nonces from the page once it has read them
 * (the attribute reads ""), so "" there is what hydration finds.
 */
export function useNonce(): string {
  return useContext(RequestMetaContext)?.nonce ?? "";
}

/**
 * The id of the request whose answer is on screen, for a customer to quote: on the server, this
 * request's; in the browser, the document request's on the page it sent. After a client-side
 * navigation the page on screen came from another request, whose id the browser never sees: none.
 */
export function useRequestReference(): string | null {
  const server = useContext(RequestMetaContext);
  const location = useLocation();
  // Decided when the error page first appears, so that later re-renders keep what it showed.
  const [first] = useState(() => ({ key: location.key, id: hydrated ? null : documentRequestId }));
  if (server) return server.id;
  return first.key === location.key ? first.id : null;
}

/**
 * Carries the document request's id into an error page (rendered in <head>; entry.server.tsx gives
 * other pages none, so a shared page is the same for everyone), and marks hydration done.
 */
export function RequestIdMeta() {
  const server = useContext(RequestMetaContext);
  useEffect(() => {
    hydrated = true;
  }, []);
  const id = server ? server.id : documentRequestId;
  return id ? <meta name={META_NAME} content={id} /> : null;
}
