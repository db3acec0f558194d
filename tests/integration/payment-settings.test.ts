import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "~/db/db.server";
import { DEMO_RAZORPAY, seedDemoPayments, seedDemoWebhookSecret } from "~/seed/demo-payments";
import { seedDemoCatalog } from "~/seed/seed.server";
import { placeOrder } from "~/modules/orders/orders.server";
import { createSecretBox } from "~/lib/secret-box.server";
import {
  bankTransferDetails,
  enabledPaymentMethods,
  loadPaymentSettings,
  providerCredentials,
  savePaymentSettings,
} from "~/modules/payments/settings.server";
import type { PaymentSettingsInput } from "~/modules/payments/settings";
import { insertUsers, shippingAddress as address } from "../support/fixtures";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const box = createSecretBox(new Uint8Array(randomBytes(32)));

const RAZORPAY_SECRET = "RazorSecretPlainText9876";
const WEBHOOK_SECRET = "RazorWebhookPlainText2468";
const STRIPE_SECRET = "sk_test_StripeSecretPlain5432";
const ACCOUNT_NUMBER = "50100123456789";

const EVERYTHING: PaymentSettingsInput = {
  razorpay: { enabled: true, keyId: "rzp_test_1DP5mmOlF5G5ag", keySecret: RAZORPAY_SECRET, webhookSecret: WEBHOOK_SECRET },
  cod: { enabled: true },
  stripe: { enabled: true, publishableKey: "pk_test_51Habcdef", secretKey: STRIPE_SECRET },
  bank: { enabled: true, accountName: "RC Computers Pvt Ltd", accountNumber: ACCOUNT_NUMBER, bankName: "HDFC Bank", ifsc: "HDFC0001234" },
};

const OFF: PaymentSettingsInput = {
  razorpay: { enabled: false, keyId: null },
  cod: { enabled: false },
  stripe: { enabled: false, publishableKey: null },
  bank: { enabled: false, accountName: null, bankName: null, ifsc: null },
};

const KEYBOARD = "product-logitech-g213-prodigy";

describe.each(testDatabaseKinds)("payment settings on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await insertUsers(t, [{ id: "shopper", name: "Shopper" }]);
  });
  afterAll(async () => t?.destroy());

  /** The row as stored, every column as text. */
  const rawRow = async () => JSON.stringify(await t.db.selectFrom("payment_settings").selectAll().execute());
  const version = async () => (await loadPaymentSettings(t.db, box)).version;

  describe("a fresh shop", () => {
    it("has cash on delivery on and everything else off, with nothing stored", async () => {
      const s = await loadPaymentSettings(t.db, box);
      expect(s).toMatchObject({
        razorpay: { enabled: false, keyId: null, keySecret: { state: "none" }, webhookSecret: { state: "none" } },
        cod: { enabled: true },
        stripe: { enabled: false, publishableKey: null, secretKey: { state: "none" } },
        bank: { enabled: false, accountName: null, accountNumber: { state: "none" }, bankName: null, ifsc: null },
        version: 1,
      });
      expect(await enabledPaymentMethods(t.db)).toEqual(["cod"]);
      expect(await bankTransferDetails(t.db, box)).toBeNull();
      expect(await providerCredentials(t.db, box)).toEqual({ razorpay: null, stripe: null });
    });

    it("refuses card and UPI orders, places cash on delivery", async () => {
      for (const paymentMethod of ["card", "upi", "bank_transfer"] as const) {
        const r = await placeOrder(t, { userId: "shopper", lines: [{ productId: KEYBOARD, quantity: 1 }], address, paymentMethod, idempotencyKey: `fresh-${paymentMethod}` });
        expect(r).toMatchObject({ ok: false, reason: "payment_method" });
      }
      const cod = await placeOrder(t, { userId: "shopper", lines: [{ productId: KEYBOARD, quantity: 1 }], address, paymentMethod: "cod", idempotencyKey: "fresh-cod" });
      expect(cod.ok).toBe(true);
    });
  });

  describe("saving", () => {
    beforeEach(async () => {
      expect(await savePaymentSettings(t.db, box, EVERYTHING, { expectedVersion: await version(), actorUserId: "admin-1" })).toMatchObject({ ok: true });
    });

    it("saves and loads every field; secrets come back masked to their last 4 characters", async () => {
      const s = await loadPaymentSettings(t.db, box);
      expect(s).toMatchObject({
        razorpay: {
          enabled: true,
          keyId: "rzp_test_1DP5mmOlF5G5ag",
          keySecret: { state: "stored", masked: "••••••••9876" },
          webhookSecret: { state: "stored", masked: "••••••••2468" },
        },
        cod: { enabled: true },
        stripe: { enabled: true, publishableKey: "pk_test_51Habcdef", secretKey: { state: "stored", masked: "••••••••5432" } },
        bank: { enabled: true, accountName: "RC Computers Pvt Ltd", accountNumber: { state: "stored", masked: "••••••••6789" }, bankName: "HDFC Bank", ifsc: "HDFC0001234" },
      });
      expect(JSON.stringify(s)).not.toContain(RAZORPAY_SECRET);
      expect(JSON.stringify(s)).not.toContain(WEBHOOK_SECRET);
      expect(JSON.stringify(s)).not.toContain(STRIPE_SECRET);
      expect(JSON.stringify(s)).not.toContain(ACCOUNT_NUMBER);
      // The server itself can still read them in full (for a gateway call, and the customer's bank details).
      expect(await providerCredentials(t.db, box)).toEqual({
        razorpay: { keyId: "rzp_test_1DP5mmOlF5G5ag", keySecret: RAZORPAY_SECRET, webhookSecret: WEBHOOK_SECRET },
        stripe: { publishableKey: "pk_test_51Habcdef", secretKey: STRIPE_SECRET },
      });
      expect(await bankTransferDetails(t.db, box)).toEqual({ accountName: "RC Computers Pvt Ltd", accountNumber: ACCOUNT_NUMBER, bankName: "HDFC Bank", ifsc: "HDFC0001234" });
      const row = await t.db.selectFrom("payment_settings").select(["updated_by", "version"]).executeTakeFirstOrThrow();
      expect(row.updated_by).toBe("admin-1");
    });

    it("never stores a secret in plain text", async () => {
      const raw = await rawRow();
      expect(raw).not.toContain(RAZORPAY_SECRET);
      expect(raw).not.toContain(WEBHOOK_SECRET);
      expect(raw).not.toContain(STRIPE_SECRET);
      expect(raw).not.toContain(ACCOUNT_NUMBER);
      expect(raw).toMatch(/"razorpay_key_secret_sealed":"v1\./);
      expect(raw).toMatch(/"razorpay_webhook_secret_sealed":"v1\./);
    });

    it("keeps the stored secrets when a save leaves them blank", async () => {
      const before = await t.db.selectFrom("payment_settings").select(["razorpay_key_secret_sealed", "razorpay_webhook_secret_sealed", "stripe_secret_key_sealed", "bank_account_number_sealed"]).executeTakeFirstOrThrow();
      const blank: PaymentSettingsInput = {
        razorpay: { enabled: true, keyId: "rzp_test_1DP5mmOlF5G5ag" },
        cod: { enabled: false },
        stripe: { enabled: false, publishableKey: "pk_test_51Habcdef" },
        bank: { enabled: true, accountName: "RC Computers Pvt Ltd", bankName: "HDFC Bank", ifsc: "HDFC0001234" },
      };
      expect(await savePaymentSettings(t.db, box, blank, { expectedVersion: await version() })).toMatchObject({ ok: true });
      const after = await t.db.selectFrom("payment_settings").select(["razorpay_key_secret_sealed", "razorpay_webhook_secret_sealed", "stripe_secret_key_sealed", "bank_account_number_sealed"]).executeTakeFirstOrThrow();
      expect(after).toEqual(before);
      expect(await providerCredentials(t.db, box)).toMatchObject({ razorpay: { keySecret: RAZORPAY_SECRET, webhookSecret: WEBHOOK_SECRET }, stripe: { secretKey: STRIPE_SECRET } });
      expect((await loadPaymentSettings(t.db, box)).cod.enabled).toBe(false);
      // A new secret replaces the old one.
      await savePaymentSettings(t.db, box, { ...blank, razorpay: { ...blank.razorpay, keySecret: "ANewSecretValue0000" } }, { expectedVersion: await version() });
      expect((await providerCredentials(t.db, box)).razorpay?.keySecret).toBe("ANewSecretValue0000");
    });

    it("refuses a save from an outdated form, writing nothing", async () => {
      const v = await version();
      expect(await savePaymentSettings(t.db, box, { ...EVERYTHING, cod: { enabled: false } }, { expectedVersion: v })).toEqual({ ok: true, version: v + 1 });
      const raw = await rawRow();
      const stale = await savePaymentSettings(t.db, box, OFF, { expectedVersion: v });
      expect(stale).toMatchObject({ ok: false, reason: "conflict" });
      expect(await rawRow()).toBe(raw);
    });

    it("shows a secret sealed under another key as unreadable, never as garbage", async () => {
      const other = createSecretBox(new Uint8Array(randomBytes(32)));
      const s = await loadPaymentSettings(t.db, other);
      expect(s.razorpay.keySecret).toEqual({ state: "unreadable" });
      expect(s.razorpay.webhookSecret).toEqual({ state: "unreadable" });
      expect(s.bank.accountNumber).toEqual({ state: "unreadable" });
      expect(await bankTransferDetails(t.db, other)).toBeNull();
      expect(await providerCredentials(t.db, other)).toEqual({ razorpay: null, stripe: null });
    });
  });

  describe("checkout methods follow the settings", () => {
    const cases: [string, Partial<PaymentSettingsInput>, string[]][] = [
      ["everything on", {}, ["card", "upi", "cod", "bank_transfer"]],
      ["Razorpay and cash on delivery", { stripe: { enabled: false, publishableKey: null }, bank: { ...OFF.bank } }, ["card", "upi", "cod"]],
      // Card and UPI are paid through Razorpay; Stripe's keys are kept but offer nothing at checkout (decision 014).
      ["Stripe only", { razorpay: { enabled: false, keyId: null }, cod: { enabled: false }, bank: { ...OFF.bank } }, []],
      ["bank transfer only", { razorpay: { enabled: false, keyId: null }, cod: { enabled: false }, stripe: { enabled: false, publishableKey: null } }, ["bank_transfer"]],
      ["nothing", OFF, []],
    ];
    it.each(cases)("%s", async (_name, change, methods) => {
      await savePaymentSettings(t.db, box, { ...EVERYTHING, ...change }, { expectedVersion: await version() });
      expect(await enabledPaymentMethods(t.db)).toEqual(methods);
    });

    it("placing an order with a disabled method is refused, whatever the caller sends, and takes no stock", async () => {
      await savePaymentSettings(t.db, box, { ...EVERYTHING, cod: { enabled: false } }, { expectedVersion: await version() });
      const stock = async () => Number((await t.db.selectFrom("products").select("stock").where("id", "=", KEYBOARD).executeTakeFirstOrThrow()).stock);
      const orders = async () => Number((await t.db.selectFrom("orders").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
      const [stockBefore, ordersBefore] = [await stock(), await orders()];
      const refused = await placeOrder(t, { userId: "shopper", lines: [{ productId: KEYBOARD, quantity: 1 }], address, paymentMethod: "cod", idempotencyKey: "cod-off" });
      expect(refused).toEqual({ ok: false, reason: "payment_method", message: "Cash on Delivery is not available. Please choose another payment method." });
      expect(await stock()).toBe(stockBefore);
      expect(await orders()).toBe(ordersBefore);
      const card = await placeOrder(t, { userId: "shopper", lines: [{ productId: KEYBOARD, quantity: 1 }], address, paymentMethod: "card", idempotencyKey: "card-on" });
      expect(card.ok).toBe(true);
      expect(await stock()).toBe(stockBefore - 1);

      // Nothing enabled: nothing can be placed at all.
      await savePaymentSettings(t.db, box, OFF, { expectedVersion: await version() });
      for (const paymentMethod of ["card", "upi", "cod", "bank_transfer"] as const) {
        const r = await placeOrder(t, { userId: "shopper", lines: [{ productId: KEYBOARD, quantity: 1 }], address, paymentMethod, idempotencyKey: `off-${paymentMethod}` });
        expect(r).toMatchObject({ ok: false, reason: "payment_method" });
      }
      // The same request repeated after its order was placed still answers with that order.
      const again = await placeOrder(t, { userId: "shopper", lines: [{ productId: KEYBOARD, quantity: 1 }], address, paymentMethod: "card", idempotencyKey: "card-on" });
      expect(again).toMatchObject({ ok: true, existing: true });
    });
  });

  it("the demo seed enables Razorpay with fake test keys and cash on delivery, once", async () => {
    await savePaymentSettings(t.db, box, OFF, { expectedVersion: await version() });
    expect(await seedDemoPayments(t.db, box)).toBe(true);
    expect(await enabledPaymentMethods(t.db)).toEqual(["card", "upi", "cod"]);
    const s = await loadPaymentSettings(t.db, box);
    expect(s.razorpay).toEqual({
      enabled: true,
      keyId: DEMO_RAZORPAY.keyId,
      keySecret: { state: "stored", masked: "••••••••1234" },
      webhookSecret: { state: "stored", masked: "••••••••5678" },
    });
    expect(await rawRow()).not.toContain(DEMO_RAZORPAY.keySecret);
    expect(await rawRow()).not.toContain(DEMO_RAZORPAY.webhookSecret);
    // A second start leaves what the admin changed since.
    await savePaymentSettings(t.db, box, OFF, { expectedVersion: s.version });
    expect(await seedDemoPayments(t.db, box)).toBe(false);
    expect(await enabledPaymentMethods(t.db)).toEqual([]);
  });

  it("gives a demo seeded before webhooks were verified the sandbox's webhook secret, and real keys nothing", async () => {
    const webhookSecret = async () => (await providerCredentials(t.db, box)).razorpay?.webhookSecret;
    const forget = () => t.db.updateTable("payment_settings").set({ razorpay_webhook_secret_sealed: null }).execute();
    await savePaymentSettings(t.db, box, { ...OFF, razorpay: { enabled: true, keyId: DEMO_RAZORPAY.keyId, keySecret: DEMO_RAZORPAY.keySecret } }, { expectedVersion: await version() });
    await forget();
    await seedDemoWebhookSecret(t.db, box);
    expect(await webhookSecret()).toBe(DEMO_RAZORPAY.webhookSecret);
    expect(await rawRow()).not.toContain(DEMO_RAZORPAY.webhookSecret);

    await savePaymentSettings(t.db, box, EVERYTHING, { expectedVersion: await version() });
    await forget();
    await seedDemoWebhookSecret(t.db, box);
    expect(await webhookSecret()).toBeNull();
  });
});

describe("the embedded database file", () => {
  it("never holds a secret in plain text, even after a WAL checkpoint", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-pay-"));
    const file = path.join(dir, "shop.db");
    const database = openDatabase({ sqliteFile: file });
    try {
      await migrateToLatest(database.db);
      const secret = `PlainSecret${randomBytes(6).toString("hex")}`;
      const accountNumber = "918273645501928";
      await savePaymentSettings(database.db, box, {
        ...EVERYTHING,
        razorpay: { enabled: true, keyId: "rzp_test_abcdef", keySecret: secret },
        bank: { ...EVERYTHING.bank, accountNumber },
      });
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(database.db);
      const bytes = [file, `${file}-wal`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f));
      const all = Buffer.concat(bytes);
      expect(all.length).toBeGreaterThan(0);
      // The sealed value is there (so the test looks in the right place), the plaintext is not.
      expect(all.includes(Buffer.from("rzp_test_abcdef"))).toBe(true);
      expect(all.includes(Buffer.from(secret))).toBe(false);
      expect(all.includes(Buffer.from(accountNumber))).toBe(false);
      expect(all.includes(Buffer.from(STRIPE_SECRET))).toBe(false);
      expect(all.includes(Buffer.from(WEBHOOK_SECRET))).toBe(false);
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
