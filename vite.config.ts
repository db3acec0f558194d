import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * The files holding React, React DOM and React Router begin with V8's compile hint: Chromium
 * compiles every function in them on a background thread as the file arrives, instead of each one
 * on the main thread at its first call while the page hydrates. A page calls about a third of
 * them at load; compiling the rest costs background time and heap, weighed in
 * docs/decisions/028-less-hydration.md ("Fifth step"). tests/e2e/compile-hints.spec.ts checks the
 * build keeps it.
 */
const FRAMEWORK = /[\\/]node_modules[\\/](?:react|react-dom|react-router|scheduler)[\\/]/;
const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

export default defineConfig(({ command }) => ({
  // The server build's entry is our own Express app, which wraps React Router's request handler.
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
  // In development Vite loads react-router itself; the Express adapter must share that copy, or
  // the request context it receives is "not a RouterContextProvider" and every page fails.
  ...(command === "serve" ? { ssr: { noExternal: ["@react-router/express"] } } : {}),
  server: { watch: { ignored: ["**/test-results*/**", "**/build-*/**", "**/playwright-report/**"] } },
  resolve: { tsconfigPaths: true },
  // Lazy chunks (the checkout's confirmation and Razorpay code) fetch their own imports: no list of
  // them to preload in the page that asks, as pages leave module preloads out (request-handler.ts).
  build: {
    modulePreload: false,
    rolldownOptions: {
      output: {
        // The small pieces nearly every form page loads, in one file rather than four.
        codeSplitting: { groups: [{ name: "forms", test: /[\\/]app[\\/](?:components[\\/]ui[\\/](?:Field|FormAlert)|lib[\\/]form-hooks|hooks)\.tsx?$/ }] },
        // After minifying, which would drop a comment: the hint must be the file's first line.
        postBanner: (chunk) => (chunk.moduleIds.some((id) => FRAMEWORK.test(id)) ? COMPILE_HINT : ""),
      },
    },
  },
  plugins: [tailwindcss(), reactRouter()],
}));
