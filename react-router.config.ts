import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The whole route manifest at first load, as one immutable module, rather than found lazily: the
  // lazy way asked GET /__manifest after every page load and re-rendered the whole page when it
  // answered (docs/decisions/028-less-hydration.md).
  routeDiscovery: { mode: "initial" },
  // BUILD_DIR lets two builds (say, two browser-test runs) live side by side; server.js reads the same variable.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
