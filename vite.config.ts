import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The server build's entry is our own Express app, which wraps React Router's request handler.
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
});
