import { CompiledQuery, type Kysely } from "kysely";
import { PgBoss, type JobResult } from "pg-boss";
import { isDatabaseUnavailable } from "~/db/errors.server";
import type { Database } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { JOB_NAMES, RETRY_POLICIES, type Job, type JobName, type JobQueue, type RetryPolicy } from "./jobs";

export interface PgBossQueueOptions {
  connectionString: string;
  /** The schema pg-boss keeps its tables in; one per shop database. */
  schema?: string;
  policies?: Partial<Record<JobName, RetryPolicy>>;
  /** How often an idle worker polls; a job added wakes the workers at once by NOTIFY as well. */
  pollingIntervalSeconds?: number;
  /**
   * How often pg-boss looks for jobs whose worker died (lease run out) and hands them out again.
   * A dead worker's job waits its lease plus up to this long.
   */
  superviseIntervalSeconds?: number;
}

/** pg-boss's default is a minute; a mail whose worker died should not wait that long on top of its lease. */
const SUPERVISE_SECONDS = 15;

/** While the database is away, how often the job queue says so. */
const UNREACHABLE_LOG_EVERY_MS = 5_000;

/** Jobs a worker takes per fetch (it works them one after another). */
const BATCH_SIZE = 5;

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
    // One connection listens, so a job added anywhere wakes the workers at once (polling stays as a floor).
    useListenNotify: true,
    superviseIntervalSeconds: options.superviseIntervalSeconds ?? SUPERVISE_SECONDS,
    monitorIntervalSeconds: options.superviseIntervalSeconds ?? SUPERVISE_SECONDS,
  });
  // pg-boss reports trouble it recovers from (a dropped connection) as events; one line each. While
  // the database is away every worker's every poll fails alike: one warning every few seconds says
  // it (the shop's own database pool says when it is back: app/db/db.server.ts).
  let quietUntil = 0;
  boss.on("error", (e) => {
    const err = { message: e.message, code: (e as { code?: string }).code };
    if (!isDatabaseUnavailable(e)) {
      logger.error({ err }, "job queue (pg-boss) error");
      return;
    }
    if (Date.now() < quietUntil) return;
    quietUntil = Date.now() + UNREACHABLE_LOG_EVERY_MS;
    logger.warn({ err }, "job queue (pg-boss): database unreachable; its workers keep trying");
  });
  await boss.start();
  for (const name of JOB_NAMES) {
    const p = policies[name];
    // pg-boss treats a backoff from 0 as from 1 s and doubles from there; no delay means none.
    const backoff = p.delaySeconds > 0 ? { retryBackoff: true, retryDelayMax: p.maxDelaySeconds } : { retryBackoff: false };
    const settings = { retryLimit: p.attempts - 1, retryDelay: p.delaySeconds, ...backoff, expireInSeconds: p.leaseSeconds, notify: true };
    if (await boss.getQueue(name)) await boss.updateQueue(name, settings);
    else await boss.createQueue(name, settings).catch(async (e: unknown) => {
      // Another instance created it at the same moment.
      if (!(await boss.getQueue(name))) throw e;
    });
  }

  return {
    kind: "pg-boss",
    boss,
    async add(trx, name, data, { afterSeconds = 0 } = {}) {
      await boss.send(name, data, { db: inTransaction(trx), ...(afterSeconds > 0 ? { startAfter: afterSeconds } : {}) });
    },
    async work(handlers, { concurrency = 2 } = {}) {
      for (const name of JOB_NAMES) {
        const handler = handlers[name] as ((job: Job) => Promise<void>) | undefined;
        if (!handler) continue;
        // A few jobs per fetch, fetching again at once while fetches come back full, so a backlog
        // drains without waiting a polling interval per job; each job still succeeds or fails alone.
        await boss.work(
          name,
          {
            batchSize: BATCH_SIZE,
            burstWhenBatchFull: true,
            perJobResults: true,
            localConcurrency: concurrency,
            includeMetadata: true,
            // Retries are not announced by NOTIFY, so the backstop poll is as frequent as the plain one.
            pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
            notifyPollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
          },
          async (batch) => {
            const results: JobResult[] = [];
            for (const job of batch) {
              const attempt = job.retryCount + 1;
              try {
                await handler({ id: job.id, name, data: job.data as Job["data"], attempt, lastAttempt: attempt > job.retryLimit });
                results.push({ id: job.id, status: "completed" });
              } catch (e) {
                logger.warn({ err: e, job: { id: job.id, name, attempt } }, "job failed");
                results.push({ id: job.id, status: "failed", output: { message: e instanceof Error ? e.message : String(e) } });
              }
            }
            return results;
          },
        );
      }
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000, close: true });
    },
  };
}
