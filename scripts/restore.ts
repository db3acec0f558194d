// npm run restore -- <folder>: puts a backup made by `npm run backup` back into DATA_DIR. Stop the
// shop first: the restore refuses while the database is in use. What it replaces is moved into
// DATA_DIR/before-restore-<date and time>/, never deleted. See docs/operations.md, "Backups".
import { parseArgs } from "node:util";
import path from "node:path";
import { parseEnv } from "~/config/env.server";
import { BackupError, restoreEmbedded } from "~/db/backup.server";

const { positionals } = parseArgs({ allowPositionals: true, strict: true });
const env = parseEnv();
if (env.databaseUrl) {
  console.error("DATABASE_URL is set: the shop's data is in PostgreSQL. Restore a pg_dump -Fc file with pg_restore instead:");
  console.error('  pg_restore --no-owner --dbname="$DATABASE_URL" shop-….dump');
  console.error("and start the shop with the SECRETS_KEY it had. See docs/operations.md, \"Backups\".");
  process.exit(1);
}
if (positionals.length !== 1) {
  console.error("Usage: npm run restore -- <backup folder>   (stop the shop first; DATA_DIR says where to restore)");
  process.exit(1);
}
const folder = path.resolve(positionals[0]!);
console.log(`Restoring ${folder} into ${env.dataDir} (the shop must be stopped).`);
try {
  const { manifest, keptAside } = restoreEmbedded({ folder, dataDir: env.dataDir });
  console.log(`Restored the backup of ${manifest.createdAt} (${manifest.orders} orders${manifest.uploads ? ", product images" : ""}${manifest.secretsKey ? ", secrets.key" : ""}).`);
  if (keptAside) console.log(`The files it replaced are kept in ${keptAside}; delete them once the shop runs as it should.`);
  if (!manifest.secretsKey) console.log("This backup has no secrets.key: start the shop with the SECRETS_KEY it was running with.");
  console.log("Start the shop again.");
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`restore: ${error.message}`);
  process.exit(1);
}
