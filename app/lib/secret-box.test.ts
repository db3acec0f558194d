import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/config/env.server";
import { SECRETS_KEY_FILE, SecretUnreadable, createSecretBox, decodeSecretsKey, resolveSecretsKey } from "./secret-box.server";

const key = () => new Uint8Array(randomBytes(32));
const PURPOSE = "payment_settings.razorpay_key_secret";

describe("sealing secrets (AES-256-GCM)", () => {
  it("opens what it sealed, and never shows the plaintext in the sealed value", () => {
    const box = createSecretBox(key());
    const sealed = box.seal("FakeDemoSecretNotReal1234", PURPOSE);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain("FakeDemoSecret");
    expect(box.open(sealed, PURPOSE)).toBe("FakeDemoSecretNotReal1234");
    // Unicode survives, and an empty secret too.
    expect(box.open(box.seal("ключ-秘密-🔑", PURPOSE), PURPOSE)).toBe("ключ-秘密-🔑");
    expect(box.open(box.seal("", PURPOSE), PURPOSE)).toBe("");
  });

  it("uses a fresh IV every time: the same secret seals differently", () => {
    const box = createSecretBox(key());
    const a = box.seal("same secret", PURPOSE);
    const b = box.seal("same secret", PURPOSE);
    expect(a).not.toBe(b);
    expect(a.split(".")[1]).not.toBe(b.split(".")[1]);
  });

  it("refuses a tampered value: ciphertext, tag or IV changed, truncated, or not a sealed value at all", () => {
    const box = createSecretBox(key());
    const sealed = box.seal("sk_test_abcdefgh12345678", PURPOSE);
    const [v, iv, tag, ct] = sealed.split(".") as [string, string, string, string];
    const flip = (part: string) => {
      const bytes = Buffer.from(part, "base64url");
      bytes[0]! ^= 0x01;
      return bytes.toString("base64url");
    };
    for (const tampered of [
      [v, iv, tag, flip(ct)].join("."),
      [v, iv, flip(tag), ct].join("."),
      [v, flip(iv), tag, ct].join("."),
      [v, iv, tag.slice(0, 10), ct].join("."),
      [v, iv, tag, ct.slice(0, -2)].join("."),
      ["v2", iv, tag, ct].join("."),
      "sk_test_abcdefgh12345678",
      "",
    ]) {
      expect(() => box.open(tampered, PURPOSE), tampered).toThrow(SecretUnreadable);
    }
  });

  it("refuses a value sealed under another key", () => {
    const sealed = createSecretBox(key()).seal("a secret", PURPOSE);
    expect(() => createSecretBox(key()).open(sealed, PURPOSE)).toThrow(SecretUnreadable);
  });

  it("refuses a value moved to another column (each is bound to its purpose)", () => {
    const box = createSecretBox(key());
    const sealed = box.seal("a secret", PURPOSE);
    expect(() => box.open(sealed, "payment_settings.stripe_secret_key")).toThrow(SecretUnreadable);
  });

  it("needs a 32-byte key", () => {
    expect(() => createSecretBox(new Uint8Array(16))).toThrow(/32 bytes/);
  });
});

describe("the secrets key", () => {
  it("reads base64 (or base64url) of exactly 32 bytes", () => {
    const bytes = randomBytes(32);
    expect(decodeSecretsKey(bytes.toString("base64"))).toEqual(new Uint8Array(bytes));
    expect(decodeSecretsKey(`${bytes.toString("base64url")}\n`)).toEqual(new Uint8Array(bytes));
    expect(decodeSecretsKey(randomBytes(16).toString("base64"))).toBeNull();
    expect(decodeSecretsKey(randomBytes(33).toString("base64"))).toBeNull();
    expect(decodeSecretsKey("not a key")).toBeNull();
  });

  it("SECRETS_KEY is checked at start-up, with a message naming it", () => {
    const good = randomBytes(32).toString("base64");
    expect(parseEnv({ SECRETS_KEY: good }).secretsKey).toEqual(new Uint8Array(Buffer.from(good, "base64")));
    expect(parseEnv({}).secretsKey).toBeUndefined();
    expect(parseEnv({ SECRETS_KEY: "" }).secretsKey).toBeUndefined();
    expect(() => parseEnv({ SECRETS_KEY: "too-short" })).toThrow(/SECRETS_KEY: SECRETS_KEY must be the base64 of exactly 32 random bytes/);
  });

  it("without SECRETS_KEY, the embedded database keeps a generated key in DATA_DIR/secrets.key (mode 0600), reused later", () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "rc-key-")), "data");
    const logged: string[] = [];
    const first = resolveSecretsKey({ secretsKey: undefined, databaseUrl: undefined, dataDir }, (l) => logged.push(l));
    const file = path.join(dataDir, SECRETS_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first).toHaveLength(32);
    expect(logged.join("\n")).toContain(file);
    const again = resolveSecretsKey({ secretsKey: undefined, databaseUrl: undefined, dataDir }, () => {});
    expect(again).toEqual(first);
    // A value sealed under the first start's key opens after a restart.
    expect(createSecretBox(again).open(createSecretBox(first).seal("kept", PURPOSE), PURPOSE)).toBe("kept");
  });

  it("a damaged key file stops the start with a message naming the file", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-key-"));
    fs.writeFileSync(path.join(dataDir, SECRETS_KEY_FILE), "garbage\n", { mode: 0o600 });
    expect(() => resolveSecretsKey({ secretsKey: undefined, databaseUrl: undefined, dataDir })).toThrow(/secrets\.key does not hold a valid key/);
  });

  it("SECRETS_KEY wins over the file; with DATABASE_URL it is required", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-key-"));
    const k = key();
    expect(resolveSecretsKey({ secretsKey: k, databaseUrl: "postgres://x@h/db", dataDir })).toBe(k);
    expect(fs.existsSync(path.join(dataDir, SECRETS_KEY_FILE))).toBe(false);
    expect(() => resolveSecretsKey({ secretsKey: undefined, databaseUrl: "postgres://x@h/db", dataDir })).toThrow(/SECRETS_KEY is required with DATABASE_URL/);
    expect(fs.existsSync(path.join(dataDir, SECRETS_KEY_FILE))).toBe(false);
  });
});
