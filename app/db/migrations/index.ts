import type { Migration, MigrationProvider } from "kysely/migration";
import * as m0001 from "./0001_catalog";

/** Listed by hand so that the bundled server carries them; names sort in the order they run. */
const migrations: Record<string, Migration> = {
  "0001_catalog": m0001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
