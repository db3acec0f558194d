// Starts the shop: `node server.js` serves the production build, `node server.js --dev` runs Vite in middleware mode.
import compression from "compression";
import express from "express";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

const DEVELOPMENT = process.argv.includes("--dev");
const port = Number.parseInt(process.env.PORT || "3000", 10);
const buildDir = path.resolve(import.meta.dirname, process.env.BUILD_DIR || "build");

const server = express();
server.disable("x-powered-by");
// Brotli for rendered pages at quality 0 with a 256 KB window (lgwin 18; the middleware's defaults
// are quality 4 and 4 MB). Measured on the 203 KB /products of a visitor with a cart, one stream
// per page as here: 0.49 ms of CPU for 27.8 KB at quality 0, 2.45 ms for 24.4 KB at quality 2,
// 3.6 ms for 22.6 KB at quality 4 (docs/decisions/026-lighter-render.md). A page is under 256 KB,
// so the smaller window loses nothing. Cached pages and built files come compressed already, at
// the highest quality (server/page-cache.ts, server/static-files.ts).
server.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 0, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } } }));

// Static files are served inside the shop app, after its request log and security headers.
let shop;
if (DEVELOPMENT) {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  const mod = await viteDevServer.ssrLoadModule("./server/app.ts");
  shop = await mod.createShopApp({ assets: viteDevServer.middlewares, development: true });
  server.use((req, res, next) => shop.app(req, res, next));
} else {
  const mod = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
  shop = await mod.createShopApp({ clientDir: `${buildDir}/client` });
  server.use(shop.app);
}

// Ready means answering at full speed: the most asked pages are rendered into the cache before the
// port opens, so a balancer (or its retry) sends nothing to an instance still starting
// (server/warm-up.ts; docs/operations.md, "Readiness").
if (!DEVELOPMENT) {
  const warmed = await shop.warmUp(server);
  const failed = warmed.failed.length > 0 ? `; these failed: ${warmed.failed.join(", ")}` : "";
  shop.logger.info(`The ${warmed.pages} most asked pages are rendered and kept (${(warmed.ms / 1000).toFixed(1)} s${failed}).`);
}

const httpServer = server.listen(port, () => {
  const where = shop.databaseKind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `embedded SQLite in ${shop.env.dataDir}`;
  shop.logger.info(`RC Computers is running at http://localhost:${port} (database: ${where})`);
});

// An idle connection stays open longer than the proxies in front of the shop keep theirs (nginx,
// a load balancer or a CDN: 60 s is usual), so that a proxy never sends a request on a connection
// the shop is closing at that moment: it would answer 502. Node's default of 5 s also reset
// requests of the browser tests' clients that way (tests/e2e/connections.spec.ts).
httpServer.keepAliveTimeout = 65_000;
httpServer.headersTimeout = 66_000;

function shutdown() {
  httpServer.close(() => {
    shop.close().finally(() => process.exit(0));
  });
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
