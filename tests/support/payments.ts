import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";

/**
 * Switches every checkout method on (Razorpay and Stripe without keys, which the admin form would
 * refuse): for integration tests whose subject is not the payment settings, on a fresh database
 * where only cash on delivery is on.
 */
export async function enableEveryPaymentMethod(db: Kysely<Database>): Promise<void> {
  await db.updateTable("payment_settings").set({ razorpay_enabled: 1, stripe_enabled: 1, cod_enabled: 1, bank_enabled: 1 }).where("id", "=", 1).execute();
}
