import path from "node:path";
import type { Kysely } from "kysely";
import type { Env } from "~/config/env.server";
import { migrateToLatest, oneInstanceAtATime, openDatabase, type ShopDatabase } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { DEMO_RAZORPAY, seedDemoPayments, seedDemoWebhookSecret } from "~/seed/demo-payments";
import { demoAccounts } from "~/seed/demo-accounts";
import { demoProducts } from "~/seed/demo-catalog";
import { demoPcParts } from "~/seed/demo-pc-parts";
import { seedDemoAccounts, seedDemoCatalog, seedDemoPayoutAccounts, seedDemoPinRules, seedDemoReviews, seedReferenceData } from "~/seed/seed.server";
import { logger } from "~/lib/logger.server";
import { ensureSearchIndex } from "~/modules/catalog/search-index.server";
import { indexAllProductSpecs } from "~/modules/catalog/spec-index.server";
import { createIdentity, type Identity } from "~/modules/identity/accounts.server";
import type { JobHandlers, JobQueue } from "~/modules/jobs/jobs";
import { createOutbox, type Outbox } from "~/modules/jobs/outbox.server";
import { createJobQueue } from "~/modules/jobs/queue.server";
import { deliverMail } from "~/modules/mail/delivery.server";
import { DEFAULT_MAIL_FROM, createMailer, type Mailer } from "~/modules/mail/mailer.server";
import { reconcileOrder } from "~/modules/orders/orders.server";
import { createPayments, type Payments } from "~/modules/payments/gateway.server";
import { paymentsHeld, runRefund } from "~/modules/payments/online.server";
import { sendReviewReminder } from "~/modules/reviews/reminders.server";
import { settleOrder, settleUnpostedOrders } from "~/modules/settlements/ledger.server";
import { loadPinDirectory } from "~/modules/addresses/pin-directory.server";
import { linkedAccountsKept, runRouteTransfer } from "~/modules/settlements/route-payouts.server";
import { createSecretBox, resolveSecretsKey, type SecretBox } from "~/lib/secret-box.server";
import { createImageStore, type ImageStore } from "~/modules/storage/images.server";
import { announceProductChange } from "~/modules/wishlist/alerts.server";
import { startRazorpaySandbox, type RazorpaySandbox } from "../sandbox/razorpay/sandbox";

/**
 * The shop's composition root: the one place its parts are built and joined. The web process
 * (server/app.ts), the worker (scripts/worker.ts) and the start-up tests take their parts from
 * here; nothing below builds a part of its own.
 */
export interface Shop {
  database: ShopDatabase;
  identity: Identity;
  /** Seals the payment secrets (SECRETS_KEY, or DATA_DIR/secrets.key on the embedded database). */
  secrets: SecretBox;
  /** Background work: pg-boss on PostgreSQL, the `jobs` table on SQLite (docs/decisions/013). */
  jobs: JobQueue;
  /** Where announcements start: jobs written in the transaction of their event (jobs/outbox.server.ts). */
  outbox: Outbox;
  /** How mail leaves: SMTP_URL, or the DATA_DIR/outbox folder. */
  mailer: Mailer;
  /** Razorpay as Payment Settings configure it, or the sandbox for the sandbox's own key. */
  payments: Payments;
  /** The offline Razorpay (sandbox/razorpay), when this process started it; null otherwise. */
  sandbox: RazorpaySandbox | null;
  /** Product images: DATA_DIR/uploads, or S3-compatible storage. */
  images: ImageStore;
  /** Stops the sandbox and the job queue (finishing the jobs in hand), then closes the database. */
  close(): Promise<void>;
}

export interface ShopOptions {
  /** Where start-up says what it did (the demo seed, the sandbox's address); the logger by default. */
  log?: (line: string) => void;
  /** Start the Razorpay sandbox when the environment asks for it (RAZORPAY_SANDBOX): the web process does. */
  sandbox?: boolean;
  /** Work the job queue in this process: `npm start` unless JOB_WORKER=separate, and `npm run worker`. */
  workJobs?: boolean;
}

export interface JobDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  outbox: Outbox;
  payments: Payments;
  /** Route payouts open the seller's sealed bank account. */
  secrets: SecretBox;
}

/**
 * Every background job the shop knows, and what does it: a job named in app/modules/jobs/jobs.ts
 * (with its payload and retry policy) without a handler here does not compile.
 */
export function jobHandlers({ db, mailer, outbox, payments, secrets }: JobDeps): JobHandlers {
  const store = { db, outbox };
  return {
    "mail.send": deliverMail(db, mailer),
    "payment.reconcile": async (job) => {
      await reconcileOrder(store, payments, job.data.orderId);
    },
    "payment.refund": (job) => runRefund(store, payments, job.data.refundId),
    "ledger.settle": async (job) => {
      await settleOrder(db, job.data.orderId);
    },
    "payout.transfer": (job) => runRouteTransfer(store, payments, secrets, job.data.payoutId),
    "product.changed": async (job) => {
      await announceProductChange(store, job.data);
    },
    "review.remind": async (job) => {
      await sendReviewReminder(store, job.data);
    },
  };
}

function createShopMailer(env: Env): Mailer {
  return createMailer({
    smtpUrl: env.smtpUrl,
    from: env.mailFrom ?? DEFAULT_MAIL_FROM,
    outboxDir: path.join(env.dataDir, "outbox"),
    messageIdHost: new URL(env.baseUrl).hostname,
  });
}

/**
 * Builds the shop: opens the configured database, migrates it and, when asked, seeds the demo
 * data; then the job queue, mail, accounts, payments (with the sandbox, when asked) and image
 * storage, and starts working jobs when asked.
 */
export async function createShop(env: Env, { log = (line) => logger.info(line), sandbox: withSandbox = false, workJobs = false }: ShopOptions = {}): Promise<Shop> {
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
      if (await seedDemoCatalog(database.db)) log(`Demo catalogue seeded (3 vendors, ${demoProducts.length + demoPcParts.length} products).`);
      if (await seedDemoPayments(database.db, secrets)) log("Demo payment settings seeded (the Razorpay sandbox's test keys, cash on delivery).");
      await seedDemoWebhookSecret(database.db, secrets);
      await seedDemoAccounts(identity, secrets);
      if (await seedDemoReviews(identity)) log("Demo reviews seeded (demo shoppers' delivered items, some with photos and sellers' answers).");
      if (await seedDemoPayoutAccounts(database.db, secrets)) log("Demo payout bank accounts seeded (vendor-1 and vendor-2; vendor-3 has none).");
      if (await seedDemoPinRules(database.db)) log("Demo PIN rule seeded (PIN codes starting 792 are prepaid only).");
    }
    // Delivered parts the sellers' ledger has not seen: the demo's, and a shop's from before it.
    const posted = await settleUnpostedOrders(database.db);
    if (posted > 0) log(`Sellers' ledger: ${posted} orders with delivered parts posted.`);
    return { jobs, outbox, identity };
  });
  if (env.seedDemo) {
    log("Demo accounts (see README, \"Demo accounts\"):");
    for (const a of demoAccounts) log(`  ${a.role.padEnd(8)} ${a.email}`);
  }
  // Read now, not on the first customer's address check: about a second (docs/benchmarks.md, PIN codes).
  loadPinDirectory();
  const mailer = createShopMailer(env);
  // The demo pays through the shop's own Razorpay sandbox, which sends its webhooks back to the web process.
  const sandbox =
    withSandbox && env.razorpaySandbox
      ? await startRazorpaySandbox({
          accounts: [{ ...DEMO_RAZORPAY, payments: await paymentsHeld(database.db), linkedAccounts: await linkedAccountsKept(database.db, secrets) }],
          host: "127.0.0.1",
          port: env.razorpaySandbox.port,
          webhookUrl: `http://127.0.0.1:${env.port}/webhooks/razorpay`,
          log,
        })
      : null;
  if (sandbox) log(`Razorpay sandbox (offline test payments) is running at ${sandbox.url}`);
  const payments = createPayments({ db: database.db, secrets, sandbox: sandbox ? { url: sandbox.url, keyId: DEMO_RAZORPAY.keyId } : null });
  if (workJobs) await jobs.work(jobHandlers({ db: database.db, mailer, outbox, payments, secrets }));
  return {
    database,
    identity,
    secrets,
    jobs,
    outbox,
    mailer,
    payments,
    sandbox,
    images: createImageStore({ dataDir: env.dataDir, s3: env.imageStorage }),
    async close() {
      try {
        await sandbox?.close();
        await jobs.stop();
      } finally {
        await database.close();
      }
    },
  };
}
