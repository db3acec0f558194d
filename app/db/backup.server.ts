import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { SECRETS_KEY_FILE } from "~/lib/secret-box.server";

/**
 * Backups of the embedded database (`npm run backup`, `npm run restore`): a consistent copy of
 * shop.db taken while the shop runs, with what the database needs beside it (the uploaded product
 * images and the key that seals payment secrets). See docs/decisions/012-durability-and-backups.md.
 */

export const DATABASE_FILE = "shop.db";
export const UPLOADS_DIR = "uploads";
export const MANIFEST_FILE = "backup.json";
const MANIFEST_KIND = "rc-computers-backup";

export interface BackupManifest {
  kind: typeof MANIFEST_KIND;
  version: 1;
  createdAt: string;
  database: typeof DATABASE_FILE;
  orders: number;
  uploads: boolean;
  secretsKey: boolean;
}

/** Refused for a reason the person can act on; the scripts print the message, never a stack. */
export class BackupError extends Error {}

export const POSTGRES_BACKUP_ADVICE = `DATABASE_URL is set: the shop's data is in PostgreSQL, which this command does not copy.
Back it up with PostgreSQL's own tools, for example:

  pg_dump -Fc --dbname="$DATABASE_URL" --file="shop-$(date -u +%Y-%m-%dT%H-%M-%S).dump"

and restore into an empty database with:

  pg_restore --no-owner --dbname="$DATABASE_URL" shop-….dump

Keep with it: SECRETS_KEY (kept separately: without it the stored payment secrets cannot be read),
the product images (DATA_DIR/uploads, or the STORAGE_S3_BUCKET bucket), and DATA_DIR/outbox if
you keep the mail the shop wrote there. See docs/operations.md, "Backups".`;

/** "2026-11-24T10-15-00": a folder name that sorts by time and is valid on every file system. */
export function backupStamp(date: Date): string {
  return date.toISOString().slice(0, 19).replaceAll(":", "-");
}

function isDatabaseLocked(error: unknown): boolean {
  return error instanceof Error && /locked|busy/i.test(error.message);
}

function integrityOf(file: string): string {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const rows = db.prepare("PRAGMA integrity_check").all() as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).join("; ");
  } finally {
    db.close();
  }
}

function countOrders(file: string): number {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return Number((db.prepare("SELECT COUNT(*) AS n FROM orders").get() as { n: number }).n);
  } finally {
    db.close();
  }
}

/** A new folder named after the time under `root` (…-2, …-3 when two backups share a second). */
function createStampedFolder(root: string, stamp: string): string {
  fs.mkdirSync(root, { recursive: true });
  for (let i = 1; ; i++) {
    const folder = path.join(root, i === 1 ? stamp : `${stamp}-${i}`);
    try {
      fs.mkdirSync(folder, { mode: 0o700 });
      return folder;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}

function copySecretsKey(from: string, to: string): void {
  fs.copyFileSync(from, to);
  fs.chmodSync(to, 0o600);
}

export interface BackupResult {
  folder: string;
  manifest: BackupManifest;
}

/**
 * Copies the shop in `dataDir` into a new dated folder under `backupRoot`, while the shop may be
 * running. VACUUM INTO reads the database in one transaction, so the copy is the database as it
 * was at one instant, every order whole, and the shop keeps taking orders meanwhile (WAL: a reader
 * never blocks the writer). The images are copied after the database, so every image the copy
 * names is there; the manifest is written last, so a copy cut short is never taken for a backup.
 */
export function backupEmbedded({ dataDir, backupRoot, now = new Date() }: { dataDir: string; backupRoot: string; now?: Date }): BackupResult {
  const source = path.join(dataDir, DATABASE_FILE);
  if (!fs.existsSync(source)) throw new BackupError(`There is no shop database at ${source}: is DATA_DIR right?`);
  const folder = createStampedFolder(backupRoot, backupStamp(now));
  const target = path.join(folder, DATABASE_FILE);

  const db = new DatabaseSync(source);
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    db.prepare("VACUUM INTO ?").run(target);
  } finally {
    db.close();
  }
  fs.chmodSync(target, 0o600);
  const integrity = integrityOf(target);
  if (integrity !== "ok") throw new BackupError(`The copy in ${target} failed its integrity check (${integrity}); nothing was backed up.`);

  const uploads = path.join(dataDir, UPLOADS_DIR);
  const hasUploads = fs.existsSync(uploads);
  if (hasUploads) fs.cpSync(uploads, path.join(folder, UPLOADS_DIR), { recursive: true });
  const key = path.join(dataDir, SECRETS_KEY_FILE);
  const hasKey = fs.existsSync(key);
  if (hasKey) copySecretsKey(key, path.join(folder, SECRETS_KEY_FILE));

  const manifest: BackupManifest = {
    kind: MANIFEST_KIND,
    version: 1,
    createdAt: now.toISOString(),
    database: DATABASE_FILE,
    orders: countOrders(target),
    uploads: hasUploads,
    secretsKey: hasKey,
  };
  fs.writeFileSync(path.join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return { folder, manifest };
}

/** The manifest of a folder `npm run backup` wrote, or a BackupError saying why it is not one. */
export function readBackup(folder: string): BackupManifest {
  const notABackup = (why: string) =>
    new BackupError(`${folder} is not a backup made by npm run backup (${why}). Nothing was changed.`);
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) throw notABackup("no such folder");
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(folder, MANIFEST_FILE), "utf8")) as Partial<BackupManifest>;
  } catch {
    throw notABackup(`no readable ${MANIFEST_FILE}`);
  }
  if (manifest.kind !== MANIFEST_KIND || manifest.version !== 1) throw notABackup(`${MANIFEST_FILE} is not ours`);
  const database = path.join(folder, DATABASE_FILE);
  if (!fs.existsSync(database)) throw notABackup(`no ${DATABASE_FILE}`);
  let integrity: string;
  try {
    integrity = integrityOf(database);
  } catch (error) {
    integrity = error instanceof Error ? error.message : String(error);
  }
  if (integrity !== "ok") throw new BackupError(`${database} is damaged (${integrity}); nothing was changed.`);
  return manifest as BackupManifest;
}

/**
 * Refuses when another process has the database open (the shop is running): an exclusive lock
 * cannot be taken while any other connection holds the file, even an idle one.
 */
export function assertShopStopped(dataDir: string): void {
  const file = path.join(dataDir, DATABASE_FILE);
  if (!fs.existsSync(file)) return;
  const db = new DatabaseSync(file);
  try {
    db.exec("PRAGMA busy_timeout = 0");
    db.exec("PRAGMA locking_mode = EXCLUSIVE");
    db.exec("BEGIN EXCLUSIVE");
    db.exec("COMMIT");
  } catch (error) {
    if (isDatabaseLocked(error)) {
      throw new BackupError(`The shop is running on ${dataDir} (its database is in use). Stop the shop first, then run the restore again. Nothing was changed.`);
    }
    throw error;
  } finally {
    db.close();
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the files the restore replaced were moved, or null when DATA_DIR held none. */
  keptAside: string | null;
}

/**
 * Puts a backup back into `dataDir` (the shop must be stopped). What it replaces is moved into
 * DATA_DIR/before-restore-<time>/, never deleted: the database with any -wal and -shm beside it
 * (a WAL left next to the restored file would be replayed into it), the images and the key.
 */
export function restoreEmbedded({ folder, dataDir, now = new Date() }: { folder: string; dataDir: string; now?: Date }): RestoreResult {
  const manifest = readBackup(folder);
  assertShopStopped(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });

  const replaced = [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`, `${DATABASE_FILE}-journal`, UPLOADS_DIR, SECRETS_KEY_FILE].filter((name) =>
    fs.existsSync(path.join(dataDir, name)),
  );
  let keptAside: string | null = null;
  if (replaced.length > 0) {
    keptAside = createStampedFolder(dataDir, `before-restore-${backupStamp(now)}`);
    for (const name of replaced) fs.renameSync(path.join(dataDir, name), path.join(keptAside, name));
  }

  const incoming = path.join(dataDir, `${DATABASE_FILE}.restoring`);
  fs.copyFileSync(path.join(folder, DATABASE_FILE), incoming);
  fs.chmodSync(incoming, 0o600);
  fs.renameSync(incoming, path.join(dataDir, DATABASE_FILE));
  if (manifest.uploads && fs.existsSync(path.join(folder, UPLOADS_DIR))) {
    fs.cpSync(path.join(folder, UPLOADS_DIR), path.join(dataDir, UPLOADS_DIR), { recursive: true });
  }
  if (manifest.secretsKey) copySecretsKey(path.join(folder, SECRETS_KEY_FILE), path.join(dataDir, SECRETS_KEY_FILE));
  return { manifest, keptAside };
}
