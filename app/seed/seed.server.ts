import type { Kysely } from "kysely";
import { isDone, markDone } from "~/db/meta.server";
import type { Database } from "~/db/schema";
import type { SecretBox } from "~/lib/secret-box.server";
import { PRODUCT_CATEGORIES } from "~/modules/catalog/categories";
import { seedDeliveryCalendar } from "~/modules/delivery/calendar.server";
import { saveProduct } from "~/modules/catalog/products.server";
import { demoDeclarations } from "./demo-declarations";
import { createAccountWithRole, type Identity } from "~/modules/identity/accounts.server";
import { addPinRule } from "~/modules/delivery/pin-rules.server";
import type { ReturnRule } from "~/modules/returns/rules";
import { seedSettlementRates } from "~/modules/settlements/ledger.server";
import { writePayoutAccount } from "~/modules/settlements/payout-account.server";
import { demoAccounts, demoShoppers } from "./demo-accounts";
import { seedDemoBusinessOrder } from "./demo-business";
import { demoProducts, demoVendors } from "./demo-catalog";
import { demoPcPartDeclarations, demoPcParts } from "./demo-pc-parts";
import { FIRST_HOLIDAYS, FIRST_METROS } from "./delivery-calendar";
import { seedDemoOrders } from "./demo-orders";
import { seedDemoGrievances } from "./demo-grievances";
import { seedDemoQuestions } from "./demo-questions";
import { seedDemoWishlist } from "./demo-wishlist";
import { DEMO_CUSTOMER_PHONE, seedDemoCustomerOrders, seedDemoReturns } from "./demo-returns";

export { seedDemoReviews } from "./demo-reviews";

const DEMO_CATALOG_KEY = "demo_catalog_seeded";

/**
 * Each category's return rule in a new shop, which the admin may change: components (CPUs,
 * motherboards, graphics cards) are replaced, not refunded, as Indian shops do.
 */
const FIRST_RETURN_RULES: Partial<Record<(typeof PRODUCT_CATEGORIES)[number], ReturnRule>> = { Component: "replacement_only" };

/**
 * Reference data every shop needs, demo or not: the categories, with their return rules, the first
 * commission, TCS and TDS rates, and the first delivery calendar (metros and holidays).
 */
export async function seedReferenceData(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto("categories")
    .values(PRODUCT_CATEGORIES.map((name, position) => ({ name, position, return_rule: FIRST_RETURN_RULES[name] ?? "returnable" })))
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  await seedSettlementRates(db);
  await seedDeliveryCalendar(db, FIRST_METROS, FIRST_HOLIDAYS);
}

/**
 * The demo catalogue: three vendors, sixteen products and the PC parts of demo-pc-parts.ts, with
 * stable ids. It is written once; a later start leaves it alone, so products edited or removed by
 * the shop stay that way.
 */
export async function seedDemoCatalog(db: Kysely<Database>, now = new Date()): Promise<boolean> {
  if (await isDone(db, DEMO_CATALOG_KEY)) return false;

  await db
    .insertInto("vendors")
    .values(
      demoVendors.map((v) => ({
        id: v.id,
        name: v.name,
        gstin: v.gstin,
        phone: v.phone,
        address: v.address,
        city: v.city,
        state: v.state,
        dispatch_pin: v.dispatchPin,
        status: "approved",
        created_at: now.toISOString(),
      })),
    )
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();

  // created_at follows the list's order, which is the order the home page shows products in.
  // The PC parts come after the sixteen products, so those keep their places.
  const declarations = { ...demoDeclarations, ...demoPcPartDeclarations };
  for (const [i, p] of [...demoProducts, ...demoPcParts].entries()) {
    const exists = await db.selectFrom("products").select("id").where("id", "=", p.id).executeTakeFirst();
    if (exists) continue;
    await saveProduct(db, { ...p, image: p.image, declarations: declarations[p.id] }, new Date(now.getTime() + i * 1000));
  }

  await markDone(db, DEMO_CATALOG_KEY, now);
  return true;
}

const DEMO_ACCOUNTS_KEY = "demo_accounts_seeded";

/**
 * One login per role, owning the demo vendors, and demo shoppers with four months of orders; the
 * demo customer's own orders, returns in every state (demo-returns.ts) and two complaints
 * (demo-grievances.ts), a few questions and answers on product pages (demo-questions.ts) and her
 * wishlist (demo-wishlist.ts). Written once, like the demo catalogue. `secrets` seals where seeded
 * cash-on-delivery refunds go.
 */
export async function seedDemoAccounts(identity: Identity, secrets: SecretBox, now = new Date()): Promise<boolean> {
  const { db } = identity;
  if (await isDone(db, DEMO_ACCOUNTS_KEY)) return false;
  const vendorOwners: Record<string, string> = {};
  let customerId: string | null = null;
  let businessId: string | null = null;
  for (const account of demoAccounts) {
    const existing = await db.selectFrom("user").select("id").where("email", "=", account.email).executeTakeFirst();
    const userId = existing?.id ?? (await createAccountWithRole(identity, account));
    if (account.role === "customer" && !account.business) customerId = userId;
    if (account.business) businessId = userId;
    if (account.vendorId) {
      vendorOwners[account.vendorId] = userId;
      await db.updateTable("vendors").set({ owner_user_id: userId }).where("id", "=", account.vendorId).execute();
    }
    if (account.address) {
      const a = account.address;
      await db
        .insertInto("customer_profiles")
        .values({
          user_id: userId,
          street_address: a.streetAddress,
          city: a.city,
          state: a.state,
          postal_code: a.postalCode,
          gstin: account.business?.gstin ?? null,
          business_legal_name: account.business?.legalName ?? null,
          updated_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.column("user_id").doNothing())
        .execute();
    }
  }
  const shopperIds: string[] = [];
  for (const shopper of demoShoppers) {
    const existing = await db.selectFrom("user").select("id").where("email", "=", shopper.email).executeTakeFirst();
    shopperIds.push(existing?.id ?? (await createAccountWithRole(identity, shopper)));
  }
  await seedDemoOrders(db, shopperIds, now);
  const customer = demoAccounts.find((a) => a.role === "customer" && !a.business)!;
  const priya = { userId: customerId!, name: customer.name, phone: DEMO_CUSTOMER_PHONE, address: customer.address! };
  await seedDemoCustomerOrders(db, priya, now);
  await seedDemoBusinessOrder(db, businessId!, now);
  await seedDemoReturns(identity, secrets, { priya, shopperIds, vendorOwners }, now);
  await seedDemoGrievances(identity, shopperIds, now);
  await seedDemoQuestions(identity, shopperIds, now);
  await seedDemoWishlist(db, customerId!, now);
  await markDone(db, DEMO_ACCOUNTS_KEY);
  return true;
}

const DEMO_PAYOUT_ACCOUNTS_KEY = "demo_payout_accounts_seeded";

/**
 * Where the demo sellers are paid: vendor-1 and vendor-2 have bank accounts (so Route payouts can
 * be tried), vendor-3 has none (so the refusal can be seen). Sealed like any seller's, through the
 * settlements' own writer; written once, saved by each seller's owner.
 */
export const DEMO_PAYOUT_ACCOUNTS = {
  "vendor-1": { holderName: "Rohit Vardhan", accountNumber: "501001234567", ifsc: "HDFC0001234" },
  "vendor-2": { holderName: "Meera Shah", accountNumber: "602002345678", ifsc: "ICIC0002345" },
} as const;

export async function seedDemoPayoutAccounts(db: Kysely<Database>, secrets: SecretBox, now = new Date()): Promise<boolean> {
  if (await isDone(db, DEMO_PAYOUT_ACCOUNTS_KEY)) return false;
  for (const [vendorId, details] of Object.entries(DEMO_PAYOUT_ACCOUNTS)) {
    const vendor = await db.selectFrom("vendors").select("owner_user_id").where("id", "=", vendorId).executeTakeFirst();
    if (!vendor) continue;
    const has = await db.selectFrom("vendor_payout_accounts").select("vendor_id").where("vendor_id", "=", vendorId).executeTakeFirst();
    if (!has) await writePayoutAccount(db, secrets, vendorId, details, vendor.owner_user_id, now);
  }
  await markDone(db, DEMO_PAYOUT_ACCOUNTS_KEY, now);
  return true;
}

const DEMO_PIN_RULES_KEY = "demo_pin_rules_seeded";

/**
 * The demo's PIN rule: Arunachal Pradesh's PIN codes starting 792 are prepaid only, so 792001
 * shows "Cash on delivery is not available for PIN code 792001". Written once; the admin may
 * remove it on /admin/delivery and it stays removed.
 */
export async function seedDemoPinRules(db: Kysely<Database>, now = new Date()): Promise<boolean> {
  if (await isDone(db, DEMO_PIN_RULES_KEY)) return false;
  await addPinRule(db, { prefix: "792", kind: "prepaid_only" }, null, now);
  await markDone(db, DEMO_PIN_RULES_KEY, now);
  return true;
}
