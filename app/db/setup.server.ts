import path from "node:path";
import type { Env } from "~/config/env.server";
import { migrateToLatest, openDatabase, type ShopDatabase } from "./db.server";
import { seedDemoCatalog, seedReferenceData } from "./seed/seed.server";

/** Opens the configured database, migrates it and, when asked, seeds the demo data. */
export async function setUpDatabase(env: Env, log: (line: string) => void = console.log): Promise<ShopDatabase> {
  const database = openDatabase({
    databaseUrl: env.databaseUrl,
    sqliteFile: path.join(env.dataDir, "shop.db"),
  });
  await migrateToLatest(database.db);
  await seedReferenceData(database.db);
  if (env.seedDemo) {
    const seeded = await seedDemoCatalog(database.db);
    if (seeded) log("Demo catalogue seeded (3 vendors, 16 products).");
  }
  return database;
}
