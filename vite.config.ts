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
  plugins: [tailwindcss(), reactRouter()],
}));
