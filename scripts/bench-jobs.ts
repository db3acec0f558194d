// Job queue benchmark: mail through the real queue on each database. Every job is a mail queued
// with queueMail (mail row + job in one transaction, as the shop does) and delivered by the real
// "mail.send" handler (deliverMail: read the mail row, write the outbox file, mark it sent).
// Measures the enqueue rate (each mail its own transaction, 8 concurrent), the throughput of a
// backlog of BENCH_JOBS (2,000) mails with worker concurrency 2 and 8, and the latency from
// queueing to sent (mail created_at to sent_at), in the backlog and for mail trickling in one at a
// time to waiting workers, as the shop makes it. "handler ms" is the mean time inside deliverMail
// and "node CPU %" this process's share of a core, to see what holds the throughput back.
// SQLite: a fresh migrated file (synchronous = FULL as the shop runs, or BENCH_SQLITE_SYNCHRONOUS=
// NORMAL), the `jobs` table worked in-process, polling every 500 ms when idle (its default).
// PostgreSQL (BENCH_DATABASE_URL, DATABASE_URL, or the default local server when it answers): a
// fresh schema and a fresh pg-boss schema, dropped at the end; two JobQueue instances (two "app
// instances") work the same queue, polling every 0.5 s (pg-boss's least; the shop's default is 2 s).
// Run through `npm run bench`, or `npx tsx scripts/bench-jobs.ts`. Figures to read, not a test,
// but it fails loudly if a mail is lost: every mail must be 'sent' and in the outbox exactly once.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Kysely, sql } from "kysely";
import pg from "pg";
import { migrateToLatest, openDatabase } from "~/db/db.server";
import { postgresDialect } from "~/db/postgres-dialect.server";
import type { Database } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import type { JobHandlers, JobQueue } from "~/modules/jobs/jobs";
import { createPgBossQueue } from "~/modules/jobs/pg-boss-queue.server";
import { createTableQueue } from "~/modules/jobs/table-queue.server";
import { deliverMail } from "~/modules/mail/delivery.server";
import { DEFAULT_MAIL_FROM, createMailer } from "~/modules/mail/mailer.server";
import { createOutbox, type Outbox } from "~/modules/jobs/outbox.server";
import { queueMail } from "~/modules/mail/queue-mail.server";

const JOBS = Number(process.env.BENCH_JOBS ?? 2000);
// Slower than either queue's backlog rate, so this measures a waiting worker picking a mail up.
const TRICKLE = Number(process.env.BENCH_TRICKLE_JOBS ?? 30);
const TRICKLE_GAP_MS = 200;
// FULL is what the shop runs; NORMAL shows what waiting for the disk at each commit costs.
const SYNCHRONOUS = process.env.BENCH_SQLITE_SYNCHRONOUS === "NORMAL" ? "NORMAL" : "FULL";
const ENQUEUE_CONCURRENCY = 8;
const PG_POLLING_SECONDS = 0.5;
const PHASE_LIMIT_MS = 180_000;
const DEFAULT_PG_URL = "postgres://postgres@127.0.0.1:5432/test";

// One "mail written to the outbox" line per mail would drown the figures.
logger.level = "warn";

interface Row {
  database: string;
  phase: string;
  jobs: number;
  seconds: number;
  /** Not for the trickle, whose pace is set by the feed. */
  "jobs/s"?: number;
  "p50 ms"?: number;
  "p99 ms"?: number;
  "handler ms"?: number;
  /** This process's CPU time over the phase's wall time (100 = one core busy throughout). */
  "node CPU %"?: number;
}

const rows: Row[] = [];
let lost = false;

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
}

function content(i: number) {
  return { subject: `Bench mail ${i}`, text: `Bench mail ${i}.\nRC Computers`, html: `<p>Bench mail ${i}.</p><p>RC Computers</p>` };
}

/** `count` mails, each queued in its own transaction, by `concurrency` callers at once. */
async function enqueue(db: Kysely<Database>, outbox: Outbox, reference: string, count: number, concurrency: number): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        await db.transaction().execute((trx) => queueMail(trx, outbox, { kind: "order-placed", to: `buyer${i}@example.in`, reference, content: content(i) }));
      }
    }),
  );
  return (performance.now() - t0) / 1000;
}

/** The real handlers, counting the distinct mails handled; `done` settles once all `count` have been. */
function countingHandlers(db: Kysely<Database>, outboxDir: string, count: number) {
  const mailer = createMailer({ from: DEFAULT_MAIL_FROM, outboxDir, messageIdHost: "bench.test" });
  const real = deliverMail(db, mailer);
  const handled = new Set<string>();
  let calls = 0;
  let handlerMs = 0;
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const handlers: Partial<JobHandlers> = {
    "mail.send": async (job) => {
      const t0 = performance.now();
      await real(job);
      handlerMs += performance.now() - t0;
      calls++;
      handled.add(job.data.mailId);
      if (handled.size >= count) finish();
    },
  };
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`only ${handled.size} of ${count} mails handled in ${PHASE_LIMIT_MS / 1000} s`)), PHASE_LIMIT_MS).unref());
  return { handlers, done: Promise.race([done, timeout]), duplicates: () => calls - handled.size, meanHandlerMs: () => handlerMs / Math.max(1, calls) };
}

/** Every mail of `reference` is sent and in the outbox once; the latencies from queueing to sent. */
async function check(label: string, db: Kysely<Database>, reference: string, outboxDir: string, count: number): Promise<number[]> {
  const mails = await db.selectFrom("mail").select(["status", "created_at", "sent_at"]).where("reference", "=", reference).execute();
  const sent = mails.filter((m) => m.status === "sent" && m.sent_at);
  const files = fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir).filter((f) => f.endsWith(".json")).length : 0;
  if (mails.length !== count || sent.length !== count || files !== count) {
    lost = true;
    console.error(
      `\n!!!!!!!! ${label}, ${reference}: expected ${count} mails sent and ${count} outbox files; found ${mails.length} mails, ${sent.length} sent, ${files} files !!!!!!!!\n`,
    );
  }
  return sent.map((m) => Date.parse(m.sent_at!) - Date.parse(m.created_at)).sort((a, b) => a - b);
}

function record(database: string, phase: string, jobs: number, seconds: number, work?: { latencies: number[]; handlerMs: number; cpu: number }, rate = true) {
  const row: Row = { database, phase, jobs, seconds: Number(seconds.toFixed(2)) };
  if (rate) row["jobs/s"] = Math.round(jobs / seconds);
  if (work?.latencies.length) {
    row["p50 ms"] = Math.round(percentile(work.latencies, 0.5));
    row["p99 ms"] = Math.round(percentile(work.latencies, 0.99));
  }
  if (work) {
    row["handler ms"] = Number(work.handlerMs.toFixed(1));
    row["node CPU %"] = Math.round(work.cpu);
  }
  rows.push(row);
}

interface Target {
  label: string;
  db: Kysely<Database>;
  jobs: number;
  /** The queue mail is added through: on PostgreSQL an instance that works nothing, on SQLite the one queue. */
  producer: JobQueue;
  /** The queues that work a phase ("app instances"); opened for each phase, stopped after it. */
  workers(): Promise<JobQueue[]>;
  instances: number;
  dir: string;
}

async function workPhase(t: Target, reference: string, count: number, concurrency: number, feed?: (outbox: Outbox) => Promise<void>) {
  const outboxDir = path.join(t.dir, `outbox-${reference}`);
  const { handlers, done, duplicates, meanHandlerMs } = countingHandlers(t.db, outboxDir, count);
  const queues = await t.workers();
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  for (const q of queues) await q.work(handlers, { concurrency });
  let seconds: number;
  let cpu: number;
  try {
    if (feed) await feed(createOutbox(t.producer, "http://localhost:3000"));
    await done;
    seconds = (performance.now() - t0) / 1000;
    const used = process.cpuUsage(cpu0);
    cpu = (used.user + used.system) / 1e6 / seconds * 100;
  } finally {
    for (const q of queues) await q.stop();
  }
  if (duplicates() > 0) console.log(`${t.label}, ${reference}: ${duplicates()} jobs were handed out twice (the mail was not sent twice).`);
  return { seconds, latencies: await check(t.label, t.db, reference, outboxDir, count), handlerMs: meanHandlerMs(), cpu };
}

async function bench(t: Target) {
  const outbox = createOutbox(t.producer, "http://localhost:3000");
  // Opens the pool's connections first, so the first enqueue does not pay for them.
  await Promise.all(Array.from({ length: ENQUEUE_CONCURRENCY }, () => t.db.transaction().execute((trx) => sql`select 1`.execute(trx))));
  const instances = t.instances;
  for (const concurrency of [2, 8]) {
    const reference = `backlog-c${concurrency}`;
    const enqueueSeconds = await enqueue(t.db, outbox, reference, t.jobs, ENQUEUE_CONCURRENCY);
    record(t.label, `enqueue (${ENQUEUE_CONCURRENCY} concurrent)`, t.jobs, enqueueSeconds);
    const work = await workPhase(t, reference, t.jobs, concurrency);
    record(t.label, `work backlog, ${instances > 1 ? `${instances}×` : ""}concurrency ${concurrency}`, t.jobs, work.seconds, work);
  }
  // Mail as the shop makes it: one at a time, to workers that are waiting for it.
  const work = await workPhase(t, "trickle", TRICKLE, 2, async (trickleOutbox) => {
    for (let i = 0; i < TRICKLE; i++) {
      await t.db.transaction().execute((trx) => queueMail(trx, trickleOutbox, { kind: "order-placed", to: `buyer${i}@example.in`, reference: "trickle", content: content(i) }));
      await new Promise((r) => setTimeout(r, TRICKLE_GAP_MS));
    }
  });
  record(t.label, `trickle, 1 per ${TRICKLE_GAP_MS} ms, ${instances > 1 ? `${instances}×` : ""}concurrency 2`, TRICKLE, work.seconds, work, false);
}

async function benchSqlite() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-bench-jobs-"));
  const database = openDatabase({ sqliteFile: path.join(dir, "shop.db"), synchronous: SYNCHRONOUS });
  try {
    await migrateToLatest(database.db);
    const queue = createTableQueue(database.db);
    await bench({ label: `SQLite (${SYNCHRONOUS})`, db: database.db, jobs: JOBS, producer: queue, workers: async () => [queue], instances: 1, dir });
    const left = await database.db.selectFrom("jobs").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    if (Number(left.n) !== 0) {
      lost = true;
      console.error(`\n!!!!!!!! SQLite: ${left.n} jobs left in the jobs table after every mail was sent !!!!!!!!\n`);
    }
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The PostgreSQL to run on, or undefined (with the reason printed) when there is none. */
async function postgresUrl(): Promise<string | undefined> {
  const given = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (given) return given;
  const client = new pg.Client({ connectionString: DEFAULT_PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return DEFAULT_PG_URL;
  } catch {
    console.log(`PostgreSQL: skipped (no BENCH_DATABASE_URL or DATABASE_URL, and nothing answers at ${DEFAULT_PG_URL}).`);
    return undefined;
  }
}

async function benchPostgres(url: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-bench-jobs-pg-"));
  const schema = `bench_jobs_${process.pid}`;
  const jobsSchema = `${schema}_jobs`;
  const admin = new pg.Pool({ connectionString: url, max: 1 });
  await admin.query(`CREATE SCHEMA "${schema}"`);
  const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c search_path="${schema}"` });
  const db = new Kysely<Database>({ dialect: postgresDialect(pool) });
  const open = (): ReturnType<typeof createPgBossQueue> => createPgBossQueue({ connectionString: url, schema: jobsSchema, pollingIntervalSeconds: PG_POLLING_SECONDS });
  let producer: JobQueue | undefined;
  try {
    await migrateToLatest(db);
    producer = await open();
    await bench({ label: "PostgreSQL", db, jobs: JOBS, producer, workers: async () => [await open(), await open()], instances: 2, dir });
  } finally {
    await producer?.stop();
    await db.destroy();
    await admin.query(`DROP SCHEMA IF EXISTS "${jobsSchema}" CASCADE`);
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await benchSqlite();
const url = await postgresUrl();
if (url) await benchPostgres(url);

console.log(
  `\nJob queue: "mail.send" through queueMail and deliverMail to an outbox folder; SQLite table queue polls every 500 ms when idle, pg-boss every ${PG_POLLING_SECONDS} s (two instances); Node ${process.version}, ${os.cpus().length} cores`,
);
console.table(rows);
if (lost) {
  console.error("\n!!!!!!!! MAIL WAS LOST OR LEFT UNSENT: see above !!!!!!!!");
  process.exit(1);
}
