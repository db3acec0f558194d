import "react-router";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { parseEnv } from "~/config/env.server";
import { dbContext } from "~/context";
import { setUpDatabase } from "~/db/setup.server";

/**
 * The shop's HTTP application: database set up once, then every request goes to React Router
 * with the database in its context. server.js mounts it behind static files and compression.
 */
export async function createShopApp() {
  const env = parseEnv();
  const database = await setUpDatabase(env);
  const app = express();
  app.disable("x-powered-by");
  app.use(
    createRequestHandler({
      build: () => import("virtual:react-router/server-build") as unknown as Promise<ServerBuild>,
      getLoadContext() {
        const context = new RouterContextProvider();
        context.set(dbContext, database.db);
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
