import { CompiledQuery, type Kysely } from "kysely";
import { PgBoss } from "pg-boss";
import type { Database } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { JOB_NAMES, RETRY_POLICIES, type Job, type JobName, type JobQueue, type RetryPolicy } from "./jobs";

export interface PgBossQueueOptions {
  connectionString: string;
  /** The schema pg-boss keeps its tables in; one per shop database. */
  schema?: string;
  policies?: Partial<Record<JobName, RetryPolicy>>;
  /** How often an idle worker polls (pg-boss also wakes it by NOTIFY when a job is added). */
  pollingIntervalSeconds?: number;
}

/** pg-boss's view of a transaction: its statements run on the caller's connection, inside it. */
function inTransaction(trx: Kysely<Database>) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const result = await trx.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as unknown[] };
    },
  };
}

/**
 * PostgreSQL's queue: pg-boss, in its own schema of the shop's database. Every instance of the
 * shop may add and work jobs; pg-boss hands each job to one worker (SKIP LOCKED), retries it with
 * backoff, and hands out again a job whose worker stopped answering (its expiry).
 */
export async function createPgBossQueue(options: PgBossQueueOptions): Promise<JobQueue & { boss: PgBoss }> {
  const policies = { ...RETRY_POLICIES, ...options.policies };
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: options.schema ?? "pgboss",
    application_name: "rc-computers-jobs",
    max: 4,
  });
  // pg-boss reports trouble it recovers from (a dropped connection) as events; one line each.
  boss.on("error", (e) => logger.error({ err: { message: e.message, code: (e as { code?: string }).code } }, "job queue (pg-boss) error"));
  await boss.start();
  for (const name of JOB_NAMES) {
    const p = policies[name];
    const settings = {
      retryLimit: p.attempts - 1,
      retryDelay: p.delaySeconds,
      retryBackoff: true,
      retryDelayMax: p.maxDelaySeconds,
      expireInSeconds: p.leaseSeconds,
    };
    if (await boss.getQueue(name)) await boss.updateQueue(name, settings);
    else await boss.createQueue(name, settings).catch(async (e: unknown) => {
      // Another instance created it at the same moment.
      if (!(await boss.getQueue(name))) throw e;
    });
  }

  return {
    kind: "pg-boss",
    boss,
    async add(trx, name, data) {
      await boss.send(name, data, { db: inTransaction(trx) });
    },
    async work(handlers, { concurrency = 2 } = {}) {
      for (const name of JOB_NAMES) {
        const handler = handlers[name] as ((job: Job) => Promise<void>) | undefined;
        if (!handler) continue;
        await boss.work(
          name,
          { batchSize: 1, localConcurrency: concurrency, includeMetadata: true, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
          async ([job]) => {
            if (!job) return;
            const attempt = job.retryCount + 1;
            try {
              await handler({ id: job.id, name, data: job.data as Job["data"], attempt, lastAttempt: attempt > job.retryLimit });
            } catch (e) {
              logger.warn({ err: e, job: { id: job.id, name, attempt } }, "job failed");
              throw e;
            }
          },
        );
      }
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000, close: true });
    },
  };
}
