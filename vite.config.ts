import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

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
      },
    },
  },
  plugins: [tailwindcss(), reactRouter()],
}));
