import type { Kysely } from "kysely";
import { isDone, markDone } from "~/db/meta.server";
import type { Database } from "~/db/schema";
import type { SecretBox } from "~/lib/secret-box.server";
import { PURPOSE, savePaymentSettings } from "~/modules/payments/settings.server";

const DEMO_PAYMENTS_KEY = "demo_payments_seeded";

/**
 * Obviously fake Razorpay test keys, the offline sandbox's own: with them enabled, the demo
 * checkout offers card, UPI and cash on delivery and pays through the sandbox. Razorpay itself
 * would refuse them.
 */
export const DEMO_RAZORPAY = {
  keyId: "rzp_test_RCDemoNotARealKey",
  keySecret: "FakeDemoSecretNotReal1234",
  webhookSecret: "FakeDemoWebhookSecret5678",
} as const;

/** Written once, like the demo catalogue: settings the admin changes later stay changed. */
export async function seedDemoPayments(db: Kysely<Database>, box: SecretBox): Promise<boolean> {
  if (await isDone(db, DEMO_PAYMENTS_KEY)) return false;
  await savePaymentSettings(db, box, {
    razorpay: { enabled: true, keyId: DEMO_RAZORPAY.keyId, keySecret: DEMO_RAZORPAY.keySecret, webhookSecret: DEMO_RAZORPAY.webhookSecret },
    cod: { enabled: true },
    stripe: { enabled: false, publishableKey: null },
    bank: { enabled: false, accountName: null, bankName: null, ifsc: null },
  });
  await markDone(db, DEMO_PAYMENTS_KEY);
  return true;
}

/** A demo seeded before webhooks were verified has the sandbox's keys but no webhook secret: add it. */
export async function seedDemoWebhookSecret(db: Kysely<Database>, box: SecretBox): Promise<void> {
  await db
    .updateTable("payment_settings")
    .set({ razorpay_webhook_secret_sealed: box.seal(DEMO_RAZORPAY.webhookSecret, PURPOSE.razorpayWebhookSecret) })
    .where("razorpay_key_id", "=", DEMO_RAZORPAY.keyId)
    .where("razorpay_webhook_secret_sealed", "is", null)
    .execute();
}
