// npm run backup [-- <folder>]: copies the running shop's embedded database, product images and
// secrets key into <folder>/<date and time>/ (default ./backups, or BACKUP_DIR). Honours DATA_DIR.
// With DATABASE_URL it explains the PostgreSQL way instead (pg_dump). See docs/operations.md, "Backups".
import path from "node:path";
import { parseArgs } from "node:util";
import { parseEnv } from "~/config/env.server";
import { BackupError, POSTGRES_BACKUP_ADVICE, backupEmbedded } from "~/db/backup.server";

const { positionals } = parseArgs({ allowPositionals: true, strict: true });
const env = parseEnv();
if (env.databaseUrl) {
  console.error(POSTGRES_BACKUP_ADVICE);
  process.exit(1);
}
const backupRoot = path.resolve(positionals[0] ?? process.env.BACKUP_DIR ?? "backups");
try {
  const { folder, manifest } = backupEmbedded({ dataDir: env.dataDir, backupRoot });
  const parts = [`the database (${manifest.orders} orders)`, manifest.uploads ? "the product images" : null, manifest.secretsKey ? "secrets.key" : null];
  console.log(`Backed up ${parts.filter(Boolean).join(", ")} from ${env.dataDir}`);
  console.log(`to ${folder}`);
  if (!manifest.secretsKey) console.log("No secrets.key in DATA_DIR: the payment secrets are sealed with SECRETS_KEY; keep that value safe separately.");
  console.log(`The folder holds customer data${manifest.secretsKey ? " and the key to the payment secrets" : ""}: keep it as private as DATA_DIR.`);
  console.log(`Put it back with: npm run restore -- ${folder}`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`backup: ${error.message}`);
  process.exit(1);
}
