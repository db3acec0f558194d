import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The route manifest found lazily: a page starts its router with the few routes it matched,
  // not all of them. Links and forms ask for theirs on intent or use, never on render
  // (app/lib/route-links.tsx, app/lib/route-intent.ts; docs/decisions/028-less-hydration.md).
  routeDiscovery: { mode: "lazy" },
  // BUILD_DIR lets two builds (say, two browser-test runs) live side by side; server.js reads the same variable.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
