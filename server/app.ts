import "react-router";
import type { RequestListener } from "node:http";
import express, { type RequestHandler } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { parseEnv } from "~/config/env.server";
import { clientIpContext, dbContext, identityContext, imageStoreContext, outboxContext, paymentsContext, requestContext, secretBoxContext } from "~/context";
import { logger, requestLogger } from "~/lib/logger.server";
import { uploadsDir } from "~/modules/storage/images.server";
import { createAdmission } from "./admission";
import { bodyGuard } from "./body-guard";
import { healthRoutes } from "./health";
import { storedImages } from "./images";
import { crossSiteRefusal } from "./origin";
import { followCatalogueChanges } from "./catalogue-changes";
import { forgetLegalDetails } from "~/modules/content/legal.server";
import { sessionUser } from "~/modules/identity/accounts.server";
import { createPageCache } from "./page-cache";
import { createRequestHandler } from "./request-handler";
import { razorpayWebhooks } from "./razorpay-webhooks";
import { staticFiles } from "./static-files";
import { visitorRoute } from "./visitor";
import { finalErrorHandler, requestLog, requestMeta } from "./request-log";
import { cspNonce, paymentSources, securityHeaders } from "./security-headers";
import { createShop } from "./shop";
import { warmUp } from "./warm-up";

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
  // The web process starts the Razorpay sandbox when asked (the demo), and works the job queue
  // (mail, payment checks, refunds) unless a separate `npm run worker` does it.
  const shop = await createShop(env, { sandbox: true, workJobs: env.jobWorker === "inline" });
  const { database, identity, secrets, outbox, payments, images, sandbox } = shop;
  const store = { db: database.db, outbox };
  const app = express();
  app.disable("x-powered-by");
  // Behind a load balancer set TRUST_PROXY (for example "1" or "loopback") so req.ip is the client's.
  if (process.env.TRUST_PROXY) app.set("trust proxy", process.env.TRUST_PROXY);

  app.use(requestLog(requestLogger));
  app.use(securityHeaders({ production: env.nodeEnv === "production", development, baseUrl: env.baseUrl, payments: paymentSources(sandbox?.url ?? null) }));
  app.use(healthRoutes(database.db, database.availability));
  if (clientDir) app.use(staticFiles(clientDir));
  if (assets) app.use(assets);

  // Uploaded product images: random, never-reused names, so they may be cached for a year.
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

  // Costly work waits its turn, a bounded time; none is let in while the database is away (decision 030).
  const admission = createAdmission({ limits: env.admission, availability: database.availability });

  // Razorpay's webhooks: not a browser's form, so ahead of the origin check and the form body guard.
  // Never turned away for the crowd; while the database is away, 503 (Razorpay sends them again).
  app.post("/webhooks/razorpay", admission.whileAway, ...razorpayWebhooks(store, payments), admission.guardFailed);

  // Every state-changing request must come from the shop's own pages.
  app.use((req, res, next) => {
    const refusal = crossSiteRefusal(req.method, req.headers, `${req.protocol}://${req.get("host") ?? ""}`, env.baseUrl);
    if (refusal) {
      res.status(403).type("text/plain").send(refusal);
      return;
    }
    next();
  });

  // What a shared page shows of its visitor: asked on every page view, so answered ahead of React Router.
  app.get("/visitor", admission.guard, visitorRoute(database.db, (request) => sessionUser(identity, request), env.baseUrl), admission.guardFailed);

  // Pages every cookieless visitor shares, kept until the catalogue changes (decision 020).
  const cache = createPageCache();
  const changes = followCatalogueChanges({
    database,
    databaseUrl: env.databaseUrl,
    cache,
    // The footer's legal details are kept in memory (content/legal.server.ts): forgotten whenever
    // the page cache is emptied, by this process's commits or another instance's.
    alsoForget: () => forgetLegalDetails(database.db),
    onError: (err, what) => logger.error({ err }, what),
  });

  const loadBuild = () => import("virtual:react-router/server-build") as unknown as Promise<ServerBuild>;
  // In production the build is handed over once: given a function, React Router re-derives its
  // route tables on every request (for development's hot reload).
  const build = development ? loadBuild : await loadBuild();
  app.use(bodyGuard(build));
  app.use(
    createRequestHandler({
      // Not in development: a page would outlive the edit of its component.
      pages: development ? undefined : { cache, beforeLookup: changes.beforeLookup },
      build,
      admit: admission.admit,
      failed: admission.failed,
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
    /** Renders the most asked pages into the cache before the first request (server/warm-up.ts); server.js listens after it. */
    warmUp: (listener: RequestListener) => warmUp(listener, env.baseUrl),
    close: async () => {
      await changes.close();
      await shop.close();
    },
  };
}
