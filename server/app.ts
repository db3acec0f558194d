import "react-router";
import express, { type RequestHandler } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { parseEnv } from "~/config/env.server";
import { clientIpContext, dbContext, identityContext, imageStoreContext, outboxContext, paymentsContext, requestContext, secretBoxContext } from "~/context";
import { DEMO_RAZORPAY } from "~/db/seed/demo-payments";
import { setUpShop } from "~/db/setup.server";
import { logger, requestLogger } from "~/lib/logger.server";
import { startWorker } from "~/modules/jobs/worker.server";
import { createPayments, type SandboxLink } from "~/modules/payments/gateway.server";
import { createImageStore, uploadsDir } from "~/modules/storage/images.server";
import { bodyGuard } from "./body-guard";
import { healthRoutes } from "./health";
import { storedImages } from "./images";
import { crossSiteRefusal } from "./origin";
import { followCatalogueChanges } from "./catalogue-changes";
import { createPageCache } from "./page-cache";
import { createRequestHandler } from "./request-handler";
import { razorpayWebhooks } from "./razorpay-webhooks";
import { staticFiles } from "./static-files";
import { startRazorpaySandbox } from "../sandbox/razorpay/sandbox";
import { finalErrorHandler, requestLog, requestMeta } from "./request-log";
import { cspNonce, paymentSources, securityHeaders } from "./security-headers";

export interface ShopAppOptions {
  /** Serves the built browser files (or, in development, Vite's middlewares); set by server.js. */
  assets?: RequestHandler;
  /** The built browser files, served from memory (production; set by server.js). */
  clientDir?: string;
  /** Vite's development server is in front: a looser CSP for its injected styles and HMR socket. */
  development?: boolean;
}

/**
 * The shop's HTTP application: database and accounts set up once, then every request, static
 * files included, gets an id, a log line and the security headers, and pages go to React Router
 * with all of that in its context. server.js mounts it behind compression.
 */
export async function createShopApp({ assets, clientDir, development = false }: ShopAppOptions = {}) {
  const env = parseEnv();
  const shop = await setUpShop(env);
  const { database, identity, secrets, outbox } = shop;
  // The demo pays through the shop's own Razorpay sandbox, which sends its webhooks back here.
  const sandbox = env.razorpaySandbox
    ? await startRazorpaySandbox({
        accounts: [DEMO_RAZORPAY],
        host: "127.0.0.1",
        port: env.razorpaySandbox.port,
        webhookUrl: `http://127.0.0.1:${env.port}/webhooks/razorpay`,
        log: (line) => logger.info(line),
      })
    : null;
  if (sandbox) logger.info(`Razorpay sandbox (offline test payments) is running at ${sandbox.url}`);
  const link: SandboxLink | null = sandbox ? { url: sandbox.url, keyId: DEMO_RAZORPAY.keyId } : null;
  const payments = createPayments({ db: database.db, secrets, sandbox: link });
  const store = { db: database.db, outbox };
  // The job queue (mail, payment checks, refunds) is worked here unless a separate `npm run worker` does it.
  if (env.jobWorker === "inline") await startWorker(shop.jobs, { db: database.db, mailer: shop.mailer, outbox, payments });
  const app = express();
  app.disable("x-powered-by");
  // Behind a load balancer set TRUST_PROXY (for example "1" or "loopback") so req.ip is the client's.
  if (process.env.TRUST_PROXY) app.set("trust proxy", process.env.TRUST_PROXY);

  app.use(requestLog(requestLogger));
  app.use(securityHeaders({ production: env.nodeEnv === "production", development, baseUrl: env.baseUrl, payments: paymentSources(link?.url ?? null) }));
  app.use(healthRoutes(database.db));
  if (clientDir) app.use(staticFiles(clientDir));
  if (assets) app.use(assets);

  // Uploaded product images: random, never-reused names, so they may be cached for a year.
  const images = createImageStore({ dataDir: env.dataDir, s3: env.imageStorage });
  app.use(
    "/uploads/products",
    express.static(uploadsDir(env.dataDir), {
      index: false,
      dotfiles: "deny",
      immutable: true,
      maxAge: "1y",
    }),
  );
  // With object storage the shop reads its images from the private bucket and serves them here.
  if (env.imageStorage) app.get("/uploads/products/:name", storedImages(images));

  // Razorpay's webhooks: not a browser's form, so ahead of the origin check and the form body guard.
  app.post("/webhooks/razorpay", ...razorpayWebhooks(store, payments));

  // Every state-changing request must come from the shop's own pages.
  app.use((req, res, next) => {
    const refusal = crossSiteRefusal(req.method, req.headers, `${req.protocol}://${req.get("host") ?? ""}`, env.baseUrl);
    if (refusal) {
      res.status(403).type("text/plain").send(refusal);
      return;
    }
    next();
  });

  // Catalogue pages for visitors without cookies, kept until the catalogue changes (decision 015).
  const cache = createPageCache();
  const changes = followCatalogueChanges({
    database,
    databaseUrl: env.databaseUrl,
    cache,
    onError: (err, what) => logger.error({ err }, what),
  });

  const loadBuild = () => import("virtual:react-router/server-build") as unknown as Promise<ServerBuild>;
  app.use(bodyGuard());
  app.use(
    createRequestHandler({
      // Not in development: a page would outlive the edit of its component.
      pages: development
        ? undefined
        : {
            cache,
            tokens: (res) => ({ nonce: cspNonce(res), requestId: requestMeta(res).id }),
            beforeLookup: changes.beforeLookup,
          },
      // In production the build is handed over once: given a function, React Router re-derives its
      // route tables on every request (for development's hot reload).
      build: development ? loadBuild : await loadBuild(),
      getLoadContext(req, res) {
        const meta = requestMeta(res);
        meta.nonce = cspNonce(res);
        const context = new RouterContextProvider();
        context.set(requestContext, meta);
        context.set(dbContext, database.db);
        context.set(identityContext, identity);
        context.set(imageStoreContext, images);
        context.set(secretBoxContext, secrets);
        context.set(outboxContext, outbox);
        context.set(paymentsContext, payments);
        context.set(clientIpContext, req.ip ?? "unknown");
        return context;
      },
    }),
  );
  app.use(finalErrorHandler(logger));
  return {
    app,
    env,
    databaseKind: database.kind,
    logger,
    close: async () => {
      await changes.close();
      await sandbox?.close();
      await shop.close();
    },
  };
}
