/**
 * The routes a link or form leads to, asked for as soon as the visitor shows they may use it: the
 * pointer over it (a finger's touch is that too) or the focus in it. The route manifest reaches
 * the browser lazily, and links and forms do not ask for theirs on render
 * (app/lib/route-links.tsx, docs/decisions/028-less-hydration.md "Fourth step"): without this, a
 * navigation to a route the page does not know yet waits for that request first.
 *
 * This only fills the browser's cache. It asks exactly what React Router asks on navigation
 * (`GET /__manifest?paths=…&version=…`, immutable for the build, server/request-handler.ts),
 * so the navigation's own request is answered from the cache, and nothing renders before it.
 * React Router asks nothing when the router knows the address without parameters, and neither
 * does this.
 */

/** The paths already seen: asked for, or known to the router. A pointer crossing a link's insides asks nothing more. */
const seen = new Set<string>();

/** Listens for intent on the whole document; returns the function that stops it (an effect's cleanup). */
export function discoverRoutesOnIntent(): () => void {
  const onIntent = (event: Event) => {
    const target = event.target instanceof Element ? event.target.closest("a[href], form") : null;
    if (!target) return;
    const url = readable(target instanceof HTMLAnchorElement ? target.href : (target as HTMLFormElement).action);
    if (url?.origin !== window.location.origin) return;
    askForRoutes(url.pathname);
  };
  const options = { capture: true, passive: true };
  for (const type of INTENT) document.addEventListener(type, onIntent, options);
  return () => {
    for (const type of INTENT) document.removeEventListener(type, onIntent, options);
  };
}

const INTENT = ["pointerover", "focusin"] as const;

/** The address, or null when the browser cannot read it (a malformed href, left to the browser). */
function readable(address: string): URL | null {
  try {
    return new URL(address, window.location.href);
  } catch {
    return null;
  }
}

interface RouterGlobals {
  __reactRouterManifest?: { version?: string };
  __reactRouterContext?: { routeDiscovery?: { mode?: string; manifestPath?: string } };
  __reactRouterDataRouter?: { match(path: string): { params: Record<string, unknown> }[] | null };
}

function askForRoutes(pathname: string): void {
  if (seen.has(pathname)) return;
  const globals = window as unknown as RouterGlobals;
  const version = globals.__reactRouterManifest?.version;
  const discovery = globals.__reactRouterContext?.routeDiscovery;
  if (!version || discovery?.mode !== "lazy") return;
  seen.add(pathname);
  // React Router does not ask when the address matches routes it knows, without parameters.
  const known = globals.__reactRouterDataRouter?.match(pathname);
  if (known && known.length > 0 && Object.keys(known[0]!.params).length === 0) return;
  void fetch(manifestRequest(pathname, version, discovery.manifestPath)).catch(() => seen.delete(pathname));
}

/**
 * The address React Router 8's lazy discovery asks on a navigation to `pathname`: the path and
 * each of its ancestors, sorted and joined by commas, and the build's version
 * (fetchAndApplyManifestPatches in react-router's fog-of-war module). route-intent.test.ts holds
 * the known shapes; tests/e2e/route-discovery.spec.ts checks that a navigation after intent asks
 * the server nothing more.
 */
export function manifestRequest(pathname: string, version: string, manifestPath = "/__manifest", origin = window.location.origin): string {
  const paths = new Set<string>();
  for (let i = 1; i < pathname.length; i++) if (pathname[i] === "/") paths.add(pathname.slice(0, i));
  paths.add(pathname);
  const search = new URLSearchParams();
  search.set("paths", [...paths].sort().join(","));
  search.set("version", version);
  const url = new URL(manifestPath, origin);
  url.search = search.toString();
  return url.toString();
}
