import { sql, type Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { JOB_NAMES, RETRY_POLICIES, retryDelaySeconds, type Job, type JobHandlers, type JobName, type JobQueue, type RetryPolicy } from "./jobs";

export interface TableQueueOptions {
  /** How often an idle worker looks for due jobs. */
  pollMs?: number;
  /** Overrides of the retry policies (tests make them fast). */
  policies?: Partial<Record<JobName, RetryPolicy>>;
  now?: () => Date;
}

/** How soon after a job is added here the idle workers look for it. */
const WAKE_AFTER_ADD_MS = 25;

/** How long a worker waits after the database refused a claim (locked, gone, out of disk). */
const ERROR_PAUSE_MS = 5000;

interface Claimed {
  id: string;
  name: string;
  data: string;
  attempts: number;
  max_attempts: number;
}

/**
 * The embedded database's queue: the `jobs` table, worked by this process (or by `npm run worker`
 * on the same file). A worker claims a job with one UPDATE, which SQLite runs alone, so two
 * workers never hold the same job; the claim is a lease, and a job whose worker died is claimed
 * again once the lease runs out.
 */
export function createTableQueue(db: Kysely<Database>, options: TableQueueOptions = {}): JobQueue & { runDue(handlers: Partial<JobHandlers>): Promise<number> } {
  const pollMs = options.pollMs ?? 500;
  const policies = { ...RETRY_POLICIES, ...options.policies };
  const now = options.now ?? (() => new Date());
  let stopping = false;
  const loops: Promise<void>[] = [];
  const sleepers = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of [...sleepers]) wake();
  };

  async function claim(names: string[]): Promise<Claimed | undefined> {
    const at = now();
    const stamp = at.toISOString();
    // Each job's lease is its own name's (a long lease of another name would leave a dead
    // worker's job waiting that long).
    const leaseOf = (n: string) => new Date(at.getTime() + policies[n as JobName].leaseSeconds * 1000).toISOString();
    const lease = sql`CASE name ${sql.join(names.map((n) => sql`WHEN ${n} THEN ${leaseOf(n)}`), sql` `)} END`;
    const named = sql.join(names);
    // One statement, which SQLite runs alone, so the job it picks is this worker's. The two ways a
    // job is due (queued and its time has come; held by a worker whose lease ran out) are two
    // separate index lookups, each stopping at its first row: an OR of them would read and sort
    // the whole table on every claim, and a backlog would take quadratic time to clear.
    const r = await sql<Claimed>`
      UPDATE jobs SET status = 'active', attempts = attempts + 1, locked_until = ${lease}, updated_at = ${stamp}
      WHERE id = (
        SELECT id FROM (
          SELECT * FROM (SELECT id, run_after FROM jobs WHERE status = 'queued' AND run_after <= ${stamp} AND name IN (${named}) ORDER BY run_after LIMIT 1)
          UNION ALL
          SELECT * FROM (SELECT id, run_after FROM jobs WHERE status = 'active' AND locked_until <= ${stamp} AND name IN (${named}) ORDER BY run_after LIMIT 1)
        )
        ORDER BY run_after LIMIT 1
      )
      RETURNING id, name, data, attempts, max_attempts`.execute(db);
    return r.rows[0];
  }

  async function settle(job: Claimed, error: unknown): Promise<void> {
    const stamp = now().toISOString();
    // Only the holder of this attempt may settle it: a worker whose lease ran out finds the job gone to another.
    const mine = (q: ReturnType<typeof db.updateTable<"jobs">>) => q.where("id", "=", job.id).where("attempts", "=", job.attempts).where("status", "=", "active");
    if (error === undefined) {
      await db.deleteFrom("jobs").where("id", "=", job.id).where("attempts", "=", job.attempts).where("status", "=", "active").execute();
      return;
    }
    const reason = error instanceof Error ? error.message : String(error);
    if (job.attempts >= job.max_attempts) {
      await mine(db.updateTable("jobs")).set({ status: "failed", locked_until: null, last_error: reason, updated_at: stamp }).execute();
      return;
    }
    const policy = policies[job.name as JobName];
    const runAfter = new Date(now().getTime() + retryDelaySeconds(policy, job.attempts) * 1000).toISOString();
    await mine(db.updateTable("jobs")).set({ status: "queued", locked_until: null, last_error: reason, run_after: runAfter, updated_at: stamp }).execute();
  }

  async function runOne(handlers: Partial<JobHandlers>): Promise<boolean> {
    const names = JOB_NAMES.filter((n) => handlers[n]);
    if (names.length === 0) return false;
    const job = await claim(names);
    if (!job) return false;
    const name = job.name as JobName;
    const handler = handlers[name] as ((job: Job) => Promise<void>) | undefined;
    let error: unknown;
    try {
      if (!handler) throw new Error(`no handler for ${name}`);
      await handler({ id: job.id, name, data: JSON.parse(job.data) as Job["data"], attempt: job.attempts, lastAttempt: job.attempts >= job.max_attempts });
    } catch (e) {
      error = e ?? new Error("job failed");
      logger.warn({ err: e, job: { id: job.id, name, attempt: job.attempts } }, "job failed");
    }
    await settle(job, error);
    return true;
  }

  async function loop(handlers: Partial<JobHandlers>): Promise<void> {
    while (!stopping) {
      let worked = false;
      let wait = pollMs;
      try {
        worked = await runOne(handlers);
      } catch (e) {
        logger.error({ err: e }, "job queue: could not claim or settle a job");
        wait = Math.max(pollMs, ERROR_PAUSE_MS); // the database is in trouble: ask again later, not at once
      }
      if (!worked && !stopping) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            sleepers.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, wait);
          sleepers.add(wake);
        });
      }
    }
  }

  return {
    kind: "table",
    async add(trx, name, data, { afterSeconds = 0 } = {}) {
      // A job added by this process is usually committed within milliseconds: the idle workers
      // look again shortly instead of at their next poll (one that misses it still finds it then).
      setTimeout(wakeAll, WAKE_AFTER_ADD_MS).unref();
      const stamp = now().toISOString();
      await trx
        .insertInto("jobs")
        .values({
          id: crypto.randomUUID(),
          name,
          data: JSON.stringify(data),
          status: "queued",
          max_attempts: policies[name].attempts,
          run_after: afterSeconds > 0 ? new Date(now().getTime() + afterSeconds * 1000).toISOString() : stamp,
          locked_until: null,
          last_error: null,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
    },
    async work(handlers, { concurrency = 2 } = {}) {
      stopping = false;
      for (let i = 0; i < concurrency; i++) loops.push(loop(handlers));
    },
    async stop() {
      stopping = true;
      wakeAll();
      await Promise.race([Promise.all(loops), new Promise((r) => setTimeout(r, 5000).unref())]);
      loops.length = 0;
    },
    /** Works every job that is due now, one after another; for tests and the benchmark. */
    async runDue(handlers) {
      let n = 0;
      while (await runOne(handlers)) n++;
      return n;
    },
  };
}
