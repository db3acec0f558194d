// A worker process for the job queue's crash tests (tests/integration/job-queue.test.ts): it works
// "mail.send" jobs with the real delivery handler and the outbox mailer, like `npm run worker`, on
// the database the test names. With STALL=before-send or STALL=after-send it writes STALL_MARKER when
// it reaches that point of its first mail and then hangs, so the test can kill it there (SIGKILL).
import fs from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { NodeSqliteDialect } from "@better-auth/kysely-adapter/node-sqlite-dialect";
import { Kysely } from "kysely";
import pg from "pg";
import { writingFromTheStart } from "~/db/db.server";
import { postgresDialect } from "~/db/postgres-dialect.server";
import type { Database } from "~/db/schema";
import type { JobQueue } from "~/modules/jobs/jobs";
import { createPgBossQueue } from "~/modules/jobs/pg-boss-queue.server";
import { createTableQueue } from "~/modules/jobs/table-queue.server";
import { deliverMail } from "~/modules/mail/delivery.server";
import { createMailer, type Mailer } from "~/modules/mail/mailer.server";
import { CRASH_POLICY } from "./queue-policies";

const env = process.env;
const outboxDir = env.OUTBOX_DIR!;
let db: Kysely<Database>;
let jobs: JobQueue;
if (env.PG_URL) {
  const pool = new pg.Pool({ connectionString: env.PG_URL, max: 4, options: `-c search_path="${env.PG_SCHEMA}"` });
  db = new Kysely<Database>({ dialect: postgresDialect(pool) });
  jobs = await createPgBossQueue({ connectionString: env.PG_URL, schema: env.PG_JOBS_SCHEMA!, policies: { "mail.send": CRASH_POLICY }, pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1 });
} else {
  const sqlite = new DatabaseSync(env.SQLITE_FILE!);
  sqlite.exec("PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000;");
  db = new Kysely<Database>({ dialect: writingFromTheStart(new NodeSqliteDialect({ database: sqlite })) });
  jobs = createTableQueue(db, { pollMs: 50, policies: { "mail.send": CRASH_POLICY } });
}

const outbox = createMailer({ from: "RC Computers <support@rccomputers.in>", outboxDir, messageIdHost: "shop.test" });
const stall = () => {
  fs.writeFileSync(env.STALL_MARKER!, "stalled");
  // Hang like a stuck process: alive (a timer keeps it so) and never finishing this mail.
  setInterval(() => {}, 60_000);
  return new Promise<never>(() => {});
};
const mailer: Mailer = {
  async send(m) {
    if (env.STALL === "before-send") await stall();
    await outbox.send(m);
    if (env.STALL === "after-send") await stall();
  },
};
await jobs.work({ "mail.send": deliverMail(db, mailer) }, { concurrency: 1 });
fs.writeFileSync(`${outboxDir}.ready-${process.pid}`, "ready");
