import type { Kysely, Selectable } from "kysely";
import type { Database, PaymentSettingsTable } from "~/db/schema";
import { checkoutMethods, type PaymentMethod, type PaymentSwitches } from "./methods";
import { SecretUnreadable, type SecretBox } from "~/lib/secret-box.server";
import type { StoredSecrets } from "./settings-form.server";
import { PAYMENT_SETTINGS_MESSAGES, maskSecret, type PaymentSettingsInput, type PaymentSettingsView, type SecretState } from "./settings";

type Db = Kysely<Database>;
type Row = Selectable<PaymentSettingsTable>;

/** The one row of payment_settings. */
const SETTINGS_ID = 1;

/** Each sealed column's purpose, bound into its ciphertext: a value moved to another column won't open. */
export const PURPOSE = {
  razorpayKeySecret: "payment_settings.razorpay_key_secret",
  razorpayWebhookSecret: "payment_settings.razorpay_webhook_secret",
  stripeSecretKey: "payment_settings.stripe_secret_key",
  bankAccountNumber: "payment_settings.bank_account_number",
} as const;

/** A fresh shop's settings, for a database whose row is somehow missing: cash on delivery only. */
const DEFAULTS: Omit<Row, "updated_at"> & { updated_at: string | null } = {
  id: SETTINGS_ID,
  razorpay_enabled: 0,
  razorpay_key_id: null,
  razorpay_key_secret_sealed: null,
  razorpay_webhook_secret_sealed: null,
  cod_enabled: 1,
  stripe_enabled: 0,
  stripe_publishable_key: null,
  stripe_secret_key_sealed: null,
  bank_enabled: 0,
  bank_account_name: null,
  bank_account_number_sealed: null,
  bank_name: null,
  bank_ifsc: null,
  version: 0,
  updated_at: null,
  updated_by: null,
};

async function readRow(db: Db) {
  return (await db.selectFrom("payment_settings").selectAll().where("id", "=", SETTINGS_ID).executeTakeFirst()) ?? DEFAULTS;
}

const UNREADABLE = Symbol("unreadable");

function openOrNull(box: SecretBox, sealed: string | null, purpose: string): string | null | typeof UNREADABLE {
  if (sealed === null) return null;
  try {
    return box.open(sealed, purpose);
  } catch (e) {
    if (e instanceof SecretUnreadable) return UNREADABLE;
    throw e;
  }
}

function secretState(box: SecretBox, sealed: string | null, purpose: string): SecretState {
  const value = openOrNull(box, sealed, purpose);
  if (value === null) return { state: "none" };
  if (value === UNREADABLE) return { state: "unreadable" };
  return { state: "stored", masked: maskSecret(value) };
}

const on = (flag: number | boolean) => Number(flag) === 1;

/** The settings as the admin panel shows them: secrets masked to their last 4 characters, never in full. */
export async function loadPaymentSettings(db: Db, box: SecretBox): Promise<PaymentSettingsView> {
  const r = await readRow(db);
  return {
    razorpay: {
      enabled: on(r.razorpay_enabled),
      keyId: r.razorpay_key_id,
      keySecret: secretState(box, r.razorpay_key_secret_sealed, PURPOSE.razorpayKeySecret),
      webhookSecret: secretState(box, r.razorpay_webhook_secret_sealed, PURPOSE.razorpayWebhookSecret),
    },
    cod: { enabled: on(r.cod_enabled) },
    stripe: {
      enabled: on(r.stripe_enabled),
      publishableKey: r.stripe_publishable_key,
      secretKey: secretState(box, r.stripe_secret_key_sealed, PURPOSE.stripeSecretKey),
    },
    bank: {
      enabled: on(r.bank_enabled),
      accountName: r.bank_account_name,
      accountNumber: secretState(box, r.bank_account_number_sealed, PURPOSE.bankAccountNumber),
      bankName: r.bank_name,
      ifsc: r.bank_ifsc,
    },
    version: Number(r.version),
    updatedAt: r.updated_at,
  };
}

/** Which secrets a blank field would keep: stored and readable under the current key. */
export function storedSecrets(view: PaymentSettingsView): StoredSecrets {
  return {
    razorpayKeySecret: view.razorpay.keySecret.state === "stored",
    razorpayWebhookSecret: view.razorpay.webhookSecret.state === "stored",
    stripeSecretKey: view.stripe.secretKey.state === "stored",
    bankAccountNumber: view.bank.accountNumber.state === "stored",
  };
}

export async function paymentSwitches(db: Db): Promise<PaymentSwitches> {
  const r = await db
    .selectFrom("payment_settings")
    .select(["razorpay_enabled", "stripe_enabled", "cod_enabled", "bank_enabled"])
    .where("id", "=", SETTINGS_ID)
    .executeTakeFirst();
  const s = r ?? DEFAULTS;
  return { razorpay: on(s.razorpay_enabled), stripe: on(s.stripe_enabled), cod: on(s.cod_enabled), bankTransfer: on(s.bank_enabled) };
}

/** The methods checkout offers now, in display order (the first is the default). */
export async function enabledPaymentMethods(db: Db): Promise<PaymentMethod[]> {
  return checkoutMethods(await paymentSwitches(db));
}

export type SavePaymentSettingsResult = { ok: true; version: number } | { ok: false; reason: "conflict"; message: string };

/**
 * Saves the settings. Secrets are sealed before they reach the database; a secret left undefined
 * keeps the stored one. `expectedVersion` is the version the admin's form was loaded at: when the
 * settings changed since, nothing is written and the admin is asked to review them.
 */
export async function savePaymentSettings(
  db: Db,
  box: SecretBox,
  input: PaymentSettingsInput,
  { expectedVersion, actorUserId = null, now = new Date() }: { expectedVersion?: number | undefined; actorUserId?: string | null; now?: Date } = {},
): Promise<SavePaymentSettingsResult> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom("payment_settings").selectAll().where("id", "=", SETTINGS_ID).executeTakeFirst();
    const version = Number(current?.version ?? 0);
    if (expectedVersion !== undefined && expectedVersion !== version) {
      return { ok: false as const, reason: "conflict" as const, message: PAYMENT_SETTINGS_MESSAGES.conflict };
    }
    const seal = (value: string | undefined, stored: string | null | undefined, purpose: string) =>
      value === undefined ? (stored ?? null) : box.seal(value, purpose);
    const values = {
      razorpay_enabled: input.razorpay.enabled ? 1 : 0,
      razorpay_key_id: input.razorpay.keyId,
      razorpay_key_secret_sealed: seal(input.razorpay.keySecret, current?.razorpay_key_secret_sealed, PURPOSE.razorpayKeySecret),
      razorpay_webhook_secret_sealed: seal(input.razorpay.webhookSecret, current?.razorpay_webhook_secret_sealed, PURPOSE.razorpayWebhookSecret),
      cod_enabled: input.cod.enabled ? 1 : 0,
      stripe_enabled: input.stripe.enabled ? 1 : 0,
      stripe_publishable_key: input.stripe.publishableKey,
      stripe_secret_key_sealed: seal(input.stripe.secretKey, current?.stripe_secret_key_sealed, PURPOSE.stripeSecretKey),
      bank_enabled: input.bank.enabled ? 1 : 0,
      bank_account_name: input.bank.accountName,
      bank_account_number_sealed: seal(input.bank.accountNumber, current?.bank_account_number_sealed, PURPOSE.bankAccountNumber),
      bank_name: input.bank.bankName,
      bank_ifsc: input.bank.ifsc,
      version: version + 1,
      updated_at: now.toISOString(),
      updated_by: actorUserId,
    };
    if (!current) {
      await trx
        .insertInto("payment_settings")
        .values({ id: SETTINGS_ID, ...values })
        .execute();
      return { ok: true as const, version: values.version };
    }
    // The version condition makes two saves from the same form unable to both succeed.
    const r = await trx.updateTable("payment_settings").set(values).where("id", "=", SETTINGS_ID).where("version", "=", version).executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return { ok: false as const, reason: "conflict" as const, message: PAYMENT_SETTINGS_MESSAGES.conflict };
    return { ok: true as const, version: values.version };
  });
}

export interface BankTransferDetails {
  accountName: string;
  accountNumber: string;
  bankName: string;
  ifsc: string;
}

/**
 * The shop's bank account, for a customer paying their own bank-transfer order: the one place
 * the account number is shown in full. Null when it is not configured or cannot be read.
 */
export async function bankTransferDetails(db: Db, box: SecretBox): Promise<BankTransferDetails | null> {
  const r = await readRow(db);
  const accountNumber = openOrNull(box, r.bank_account_number_sealed, PURPOSE.bankAccountNumber);
  if (typeof accountNumber !== "string" || !r.bank_account_name || !r.bank_name || !r.bank_ifsc) return null;
  return { accountName: r.bank_account_name, accountNumber, bankName: r.bank_name, ifsc: r.bank_ifsc };
}

export interface ProviderCredentials {
  /** webhookSecret is null until the admin sets it: webhooks are then refused, and the 30-minute check still settles every order. */
  razorpay: { keyId: string; keySecret: string; webhookSecret: string | null } | null;
  stripe: { publishableKey: string; secretKey: string } | null;
}

/**
 * The providers' keys in full, for server-side calls to a payment gateway only: never put these
 * in loader data. A provider is null when it is not configured (or its secret cannot be read).
 */
export async function providerCredentials(db: Db, box: SecretBox): Promise<ProviderCredentials> {
  const r = await readRow(db);
  const razorpaySecret = openOrNull(box, r.razorpay_key_secret_sealed, PURPOSE.razorpayKeySecret);
  const webhookSecret = openOrNull(box, r.razorpay_webhook_secret_sealed, PURPOSE.razorpayWebhookSecret);
  const stripeSecret = openOrNull(box, r.stripe_secret_key_sealed, PURPOSE.stripeSecretKey);
  return {
    razorpay:
      r.razorpay_key_id && typeof razorpaySecret === "string"
        ? { keyId: r.razorpay_key_id, keySecret: razorpaySecret, webhookSecret: typeof webhookSecret === "string" ? webhookSecret : null }
        : null,
    stripe: r.stripe_publishable_key && typeof stripeSecret === "string" ? { publishableKey: r.stripe_publishable_key, secretKey: stripeSecret } : null,
  };
}
