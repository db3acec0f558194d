import path from "node:path";
import { sql, type Kysely } from "kysely";
import type { Env } from "~/config/env.server";
import { logger } from "~/lib/logger.server";
import { createAccountWithRole, type Identity } from "~/modules/identity/accounts.server";
import { createAuth } from "~/modules/identity/auth.server";
import type { JobQueue } from "~/modules/jobs/jobs";
import { createJobQueue } from "~/modules/jobs/queue.server";
import { DEFAULT_MAIL_FROM, createMailer, type Mailer } from "~/modules/mail/mailer.server";
import { createOutbox, type Outbox } from "~/modules/mail/outbox.server";
import { createPayments, type Payments } from "~/modules/payments/gateway.server";
import { createSecretBox, resolveSecretsKey, type SecretBox } from "~/modules/payments/secret-box.server";
import { migrateToLatest, openDatabase, type ShopDatabase } from "./db.server";
import type { Database } from "./schema";
import { demoAccounts, demoShoppers } from "./seed/demo-accounts";
import { seedDemoOrders } from "./seed/demo-orders";
import { seedDemoPayments, seedDemoWebhookSecret } from "./seed/demo-payments";
import { seedDemoCatalog, seedReferenceData } from "./seed/seed.server";
import { indexAllProductSpecs } from "~/modules/catalog/spec-index.server";
import { ensureSearchIndex } from "~/modules/catalog/search-index.server";

export interface Shop {
  database: ShopDatabase;
  identity: Identity;
  /** Seals the payment secrets (SECRETS_KEY, or DATA_DIR/secrets.key on the embedded database). */
  secrets: SecretBox;
  /** Background work: pg-boss on PostgreSQL, the `jobs` table on SQLite (docs/decisions/013). */
  jobs: JobQueue;
  /** Where mail starts: written with its event, delivered by a job. */
  outbox: Outbox;
  /** How mail leaves: SMTP_URL, or the DATA_DIR/outbox folder. */
  mailer: Mailer;
  /** Razorpay as Payment Settings configure it; the web process adds its sandbox (server/app.ts). */
  payments: Payments;
  /** Stops the job queue (finishing the jobs in hand), then closes the database. */
  close(): Promise<void>;
}

/**
 * The signing secret for sessions: AUTH_SECRET when set, otherwise one generated on first start
 * and kept in the database, so every instance sharing the database agrees on it.
 */
async function authSecret(db: Kysely<Database>, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const generated = Buffer.from(bytes).toString("base64url");
  await db
    .insertInto("app_meta")
    .values({ key: "auth_secret", value: generated })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db.selectFrom("app_meta").select("value").where("key", "=", "auth_secret").executeTakeFirstOrThrow();
  return row.value;
}

export async function createIdentity(db: Kysely<Database>, kind: ShopDatabase["kind"], env: Env, outbox: Outbox): Promise<Identity> {
  const auth = createAuth({
    db,
    kind,
    secret: await authSecret(db, env.authSecret),
    baseURL: env.baseUrl,
    secureCookies: env.secureCookies,
    outbox,
  });
  return { auth, db, outbox };
}

export function createShopMailer(env: Env): Mailer {
  return createMailer({
    smtpUrl: env.smtpUrl,
    from: env.mailFrom ?? DEFAULT_MAIL_FROM,
    outboxDir: path.join(env.dataDir, "outbox"),
    messageIdHost: new URL(env.baseUrl).hostname,
  });
}

const DEMO_ACCOUNTS_KEY = "demo_accounts_seeded";

/** One login per role, owning the demo vendors, and demo shoppers with four months of orders; written once, like the demo catalogue. */
export async function seedDemoAccounts(identity: Identity): Promise<boolean> {
  const { db } = identity;
  const done = await db.selectFrom("app_meta").select("value").where("key", "=", DEMO_ACCOUNTS_KEY).executeTakeFirst();
  if (done) return false;
  for (const account of demoAccounts) {
    const existing = await db.selectFrom("user").select("id").where("email", "=", account.email).executeTakeFirst();
    const userId = existing?.id ?? (await createAccountWithRole(identity, account));
    if (account.vendorId) {
      await db.updateTable("vendors").set({ owner_user_id: userId }).where("id", "=", account.vendorId).execute();
    }
    if (account.address) {
      const a = account.address;
      await db
        .insertInto("customer_profiles")
        .values({ user_id: userId, street_address: a.streetAddress, city: a.city, state: a.state, postal_code: a.postalCode, updated_at: new Date().toISOString() })
        .onConflict((oc) => oc.column("user_id").doNothing())
        .execute();
    }
  }
  const shopperIds: string[] = [];
  for (const shopper of demoShoppers) {
    const existing = await db.selectFrom("user").select("id").where("email", "=", shopper.email).executeTakeFirst();
    shopperIds.push(existing?.id ?? (await createAccountWithRole(identity, shopper)));
  }
  await seedDemoOrders(db, shopperIds);
  await db
    .insertInto("app_meta")
    .values({ key: DEMO_ACCOUNTS_KEY, value: new Date().toISOString() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  return true;
}

/** PostgreSQL advisory lock key held while an instance sets the shop up (any fixed number of our own). */
const SETUP_LOCK_ID = 7_203_551_390_210_001n;

/**
 * Instances sharing one PostgreSQL database may start at the same moment (a deploy, a restart of
 * all of them). Setting up checks before it writes (is the demo seeded? does this account exist?),
 * so they take turns: the lock is held by one connection while the work runs on the pool, and is
 * released when that connection ends, even if the process dies.
 */
async function oneInstanceAtATime<T>(database: ShopDatabase, work: () => Promise<T>): Promise<T> {
  if (database.kind !== "postgres") return work();
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${sql.lit(SETUP_LOCK_ID)})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(SETUP_LOCK_ID)})`.execute(connection);
    }
  });
}

/** Opens the configured database, migrates it and, when asked, seeds the demo data. */
export async function setUpShop(env: Env, log: (line: string) => void = (line) => logger.info(line)): Promise<Shop> {
  // First: without a usable key (SECRETS_KEY is required with DATABASE_URL) the shop does not start.
  const secrets = createSecretBox(resolveSecretsKey(env, log));
  const database = openDatabase({
    databaseUrl: env.databaseUrl,
    sqliteFile: path.join(env.dataDir, "shop.db"),
  });
  const { jobs, outbox, identity } = await oneInstanceAtATime(database, async () => {
    await migrateToLatest(database.db);
    await indexAllProductSpecs(database.db);
    await ensureSearchIndex(database.db);
    await seedReferenceData(database.db);
    const jobs = await createJobQueue(database, env);
    const outbox = createOutbox(jobs, env.baseUrl);
    const identity = await createIdentity(database.db, database.kind, env, outbox);
    if (env.seedDemo) {
      if (await seedDemoCatalog(database.db)) log("Demo catalogue seeded (3 vendors, 16 products).");
      if (await seedDemoPayments(database.db, secrets)) log("Demo payment settings seeded (the Razorpay sandbox's test keys, cash on delivery).");
      await seedDemoWebhookSecret(database.db, secrets);
      await seedDemoAccounts(identity);
    }
    return { jobs, outbox, identity };
  });
  if (env.seedDemo) {
    log("Demo accounts (see README, \"Demo accounts\"):");
    for (const a of demoAccounts) log(`  ${a.role.padEnd(8)} ${a.email}`);
  }
  return {
    database,
    identity,
    secrets,
    jobs,
    outbox,
    mailer: createShopMailer(env),
    payments: createPayments({ db: database.db, secrets, sandbox: null }),
    async close() {
      try {
        await jobs.stop();
      } finally {
        await database.close();
      }
    },
  };
}
