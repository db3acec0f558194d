import type { Migration, MigrationProvider } from "kysely/migration";
import * as m0001 from "./0001_catalog";
import * as m0002 from "./0002_accounts";
import * as m0003 from "./0003_orders";

/** Listed by hand so that the bundled server carries them; names sort in the order they run. */
const migrations: Record<string, Migration> = {
  "0001_catalog": m0001,
  "0002_accounts": m0002,
  "0003_orders": m0003,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
