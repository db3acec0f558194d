import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { SecretBox } from "~/modules/payments/secret-box.server";
import { savePaymentSettings } from "~/modules/payments/settings.server";

const DEMO_PAYMENTS_KEY = "demo_payments_seeded";

/**
 * Obviously fake Razorpay test keys: with them enabled, the demo checkout offers card, UPI and cash
 * on delivery. No gateway is ever called with them.
 */
export const DEMO_RAZORPAY = { keyId: "rzp_test_RCDemoNotARealKey", keySecret: "FakeDemoSecretNotReal1234" } as const;

/** Written once, like the demo catalogue: settings the admin changes later stay changed. */
export async function seedDemoPayments(db: Kysely<Database>, box: SecretBox): Promise<boolean> {
  const done = await db.selectFrom("app_meta").select("value").where("key", "=", DEMO_PAYMENTS_KEY).executeTakeFirst();
  if (done) return false;
  await savePaymentSettings(db, box, {
    razorpay: { enabled: true, keyId: DEMO_RAZORPAY.keyId, keySecret: DEMO_RAZORPAY.keySecret },
    cod: { enabled: true },
    stripe: { enabled: false, publishableKey: null },
    bank: { enabled: false, accountName: null, bankName: null, ifsc: null },
  });
  await db
    .insertInto("app_meta")
    .values({ key: DEMO_PAYMENTS_KEY, value: new Date().toISOString() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  return true;
}
