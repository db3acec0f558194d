import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { logger } from "~/lib/logger.server";

/**
 * Seals and opens the shop's stored secrets (payment provider keys, the bank account number) with
 * AES-256-GCM under one 32-byte key (SECRETS_KEY, see docs/decisions/005-payment-secrets.md).
 *
 * A sealed value is "v1.<iv>.<tag>.<ciphertext>" (base64url parts, random 96-bit IV per value).
 * Each value is bound to its purpose (the additional authenticated data, e.g. the column name), so
 * a sealed value copied into another column does not open there either.
 */
export interface SecretBox {
  seal(plaintext: string, purpose: string): string;
  /** Throws SecretUnreadable when the value was altered, belongs elsewhere or was sealed under another key. */
  open(sealed: string, purpose: string): string;
}

export class SecretUnreadable extends Error {
  constructor() {
    super("The stored secret cannot be read with the current SECRETS_KEY (altered, or sealed under another key).");
    this.name = "SecretUnreadable";
  }
}

const FORMAT = "v1";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createSecretBox(key: Uint8Array): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`The secrets key must be ${KEY_BYTES} bytes, not ${key.length}`);
  const k = Buffer.from(key);
  return {
    seal(plaintext, purpose) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", k, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(purpose, "utf8"));
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return [FORMAT, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(".");
    },
    open(sealed, purpose) {
      const parts = sealed.split(".");
      if (parts.length !== 4 || parts[0] !== FORMAT) throw new SecretUnreadable();
      const [iv, tag, ciphertext] = parts.slice(1).map((p) => Buffer.from(p, "base64url"));
      if (iv!.length !== IV_BYTES || tag!.length !== TAG_BYTES) throw new SecretUnreadable();
      try {
        const decipher = createDecipheriv("aes-256-gcm", k, iv!, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(purpose, "utf8"));
        decipher.setAuthTag(tag!);
        return Buffer.concat([decipher.update(ciphertext!), decipher.final()]).toString("utf8");
      } catch {
        throw new SecretUnreadable();
      }
    },
  };
}

/** A key as SECRETS_KEY and the key file hold it: base64 (or base64url) of exactly 32 bytes. */
export function decodeSecretsKey(text: string): Uint8Array | null {
  const t = text.trim();
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(t)) return null;
  const bytes = Buffer.from(t, t.includes("-") || t.includes("_") ? "base64url" : "base64");
  return bytes.length === KEY_BYTES ? new Uint8Array(bytes) : null;
}

export const SECRETS_KEY_FILE = "secrets.key";

export const SECRETS_KEY_REQUIRED =
  "SECRETS_KEY is required with DATABASE_URL: every app instance sharing the database must seal payment secrets under the same key. " +
  "Generate one with `openssl rand -base64 32` and give every instance the same value.";

/**
 * The key that seals the shop's secrets: SECRETS_KEY when set. Without it, the embedded database
 * keeps a key generated on first start in DATA_DIR/secrets.key (mode 0600), beside but apart from
 * the database file. With PostgreSQL (DATABASE_URL) there is no safe local fallback, so the shop
 * refuses to start: see docs/decisions/005-payment-secrets.md.
 */
export function resolveSecretsKey(
  env: { secretsKey: Uint8Array | undefined; databaseUrl: string | undefined; dataDir: string },
  log: (line: string) => void = (line) => logger.info(line),
): Uint8Array {
  if (env.secretsKey) return env.secretsKey;
  if (env.databaseUrl) throw new Error(`Invalid environment configuration:\n  SECRETS_KEY: ${SECRETS_KEY_REQUIRED}`);
  const file = path.join(env.dataDir, SECRETS_KEY_FILE);
  fs.mkdirSync(env.dataDir, { recursive: true });
  try {
    // "wx": two processes starting at once on the same DATA_DIR cannot both create a key.
    fs.writeFileSync(file, `${randomBytes(KEY_BYTES).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
    log(`Generated the key that seals payment secrets: ${file} (back it up; without it stored secrets must be entered again).`);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  }
  const key = decodeSecretsKey(fs.readFileSync(file, "utf8"));
  if (!key) throw new Error(`${file} does not hold a valid key (the base64 of 32 bytes). Restore it from a backup, or set SECRETS_KEY.`);
  if (process.platform !== "win32" && (fs.statSync(file).mode & 0o077) !== 0) {
    log(`Warning: ${file} can be read by other users of this machine; run: chmod 600 ${file}`);
  }
  return key;
}
