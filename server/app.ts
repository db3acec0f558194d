import "react-router";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { parseEnv } from "~/config/env.server";
import { clientIpContext, dbContext, identityContext, imageStoreContext, secretBoxContext } from "~/context";
import { setUpShop } from "~/db/setup.server";
import { createImageStore, uploadsDir } from "~/modules/storage/images.server";
import { storedImages } from "./images";
import { crossSiteRefusal } from "./origin";

/**
 * The shop's HTTP application: database and accounts set up once, then every request goes to
 * React Router with them in its context. server.js mounts it behind static files and compression.
 */
export async function createShopApp() {
  const env = parseEnv();
  const { database, identity, secrets } = await setUpShop(env);
  const app = express();
  app.disable("x-powered-by");
  // Behind a load balancer set TRUST_PROXY (for example "1" or "loopback") so req.ip is the client's.
  if (process.env.TRUST_PROXY) app.set("trust proxy", process.env.TRUST_PROXY);

  // Uploaded product images: random, never-reused names, so they may be cached for a year.
  const images = createImageStore({ dataDir: env.dataDir, s3: env.imageStorage });
  app.use(
    "/uploads/products",
    express.static(uploadsDir(env.dataDir), {
      index: false,
      dotfiles: "deny",
      immutable: true,
      maxAge: "1y",
      setHeaders(res) {
        res.setHeader("X-Content-Type-Options", "nosniff");
      },
    }),
  );
  // With object storage the shop reads its images from the private bucket and serves them here.
  if (env.imageStorage) app.get("/uploads/products/:name", storedImages(images));

  // Every state-changing request must come from the shop's own pages.
  app.use((req, res, next) => {
    const refusal = crossSiteRefusal(req.method, req.headers, `${req.protocol}://${req.get("host") ?? ""}`, env.baseUrl);
    if (refusal) {
      res.status(403).type("text/plain").send(refusal);
      return;
    }
    next();
  });

  app.use(
    createRequestHandler({
      build: () => import("virtual:react-router/server-build") as unknown as Promise<ServerBuild>,
      getLoadContext(req) {
        const context = new RouterContextProvider();
        context.set(dbContext, database.db);
        context.set(identityContext, identity);
        context.set(imageStoreContext, images);
        context.set(secretBoxContext, secrets);
        context.set(clientIpContext, req.ip ?? "unknown");
        return context;
      },
    }),
  );
  return {
    app,
    env,
    databaseKind: database.kind,
    close: () => database.close(),
  };
}
