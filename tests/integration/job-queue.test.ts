import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { JobQueue, RetryPolicy } from "~/modules/jobs/jobs";
import { createPgBossQueue } from "~/modules/jobs/pg-boss-queue.server";
import { createTableQueue } from "~/modules/jobs/table-queue.server";
import { deliverMail } from "~/modules/mail/delivery.server";
import type { Mailer, OutgoingMail } from "~/modules/mail/mailer.server";
import type { Outbox } from "~/modules/jobs/outbox.server";
import { queueMail } from "~/modules/mail/queue-mail.server";
import { CRASH_POLICY } from "../support/queue-policies";
import { createTestDatabase, IMPATIENT, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const content = (subject: string) => ({ subject, text: `${subject}\n`, html: `<p>${subject}</p>` });

/** A mailer that records what it sent; `fail` decides, per mail and try, whether the server refuses it. */
function recordingMailer(fail: (m: OutgoingMail, tries: number) => string | null = () => null) {
  const sent: OutgoingMail[] = [];
  const tries = new Map<string, number>();
  const mailer: Mailer = {
    async send(m) {
      const n = (tries.get(m.id) ?? 0) + 1;
      tries.set(m.id, n);
      const refusal = fail(m, n);
      if (refusal) throw new Error(refusal);
      sent.push(m);
    },
  };
  return { mailer, sent, tries };
}

async function until(check: () => Promise<boolean>, what: string, ms = 20_000, poke?: () => Promise<unknown>): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await poke?.();
    await new Promise((r) => setTimeout(r, 100));
  }
}

const statuses = async (db: Kysely<Database>) =>
  (await db.selectFrom("mail").select(["status"]).execute()).reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});

describe.each(testDatabaseKinds)("the job queue on %s", (kind) => {
  // Each test gets its own database, so counts are its own.
  const open: TestDatabase[] = [];
  const extraQueues: JobQueue[] = [];
  async function fresh(policy: RetryPolicy = IMPATIENT): Promise<TestDatabase> {
    const t = await createTestDatabase(kind, { policies: { "mail.send": policy } });
    open.push(t);
    return t;
  }
  /** A second worker on the same database: another app instance, or `npm run worker`. */
  async function anotherQueue(t: TestDatabase, policy: RetryPolicy = IMPATIENT): Promise<JobQueue> {
    const q =
      t.kind === "postgres"
        ? await createPgBossQueue({ connectionString: process.env.TEST_DATABASE_URL!, schema: t.jobsSchema!, policies: { "mail.send": policy }, pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1 })
        : createTableQueue(t.db, { pollMs: 20, policies: { "mail.send": policy } });
    extraQueues.push(q);
    return q;
  }
  afterAll(async () => {
    for (const q of extraQueues) await q.stop();
    for (const t of open) await t.destroy();
  });

  async function queue(t: TestDatabase, outbox: Outbox, n: number, prefix: string): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      ids.push(await t.db.transaction().execute((trx) => queueMail(trx, outbox, { kind: "order-placed", to: `buyer${i}@example.in`, reference: null, content: content(`${prefix} ${i}`) })));
    }
    return ids;
  }

  it("writes a mail and its job with the event, or neither", async () => {
    const t = await fresh();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await queueMail(trx, t.outbox, { kind: "order-placed", to: "a@example.in", reference: "RC-100001", content: content("rolled back") });
        throw new Error("the order failed after its mail was queued");
      }),
    ).rejects.toThrow("the order failed");
    expect(await t.db.selectFrom("mail").select("id").execute()).toEqual([]);

    const { mailer, sent } = recordingMailer();
    const [kept] = await queue(t, t.outbox, 1, "committed");
    await t.jobs.work({ "mail.send": deliverMail(t.db, mailer) });
    await until(async () => (await statuses(t.db)).sent === 1, "the committed mail");
    await t.jobs.stop();
    // Only the committed mail had a job: the rolled-back one was never sent.
    expect(sent.map((m) => m.id)).toEqual([kept]);
  });

  it("shares 100 jobs between two workers and sends each mail exactly once", async () => {
    const t = await fresh();
    const ids = await queue(t, t.outbox, 100, "shared");
    const a = recordingMailer();
    const b = recordingMailer();
    const second = await anotherQueue(t);
    await Promise.all([t.jobs.work({ "mail.send": deliverMail(t.db, a.mailer) }, { concurrency: 4 }), second.work({ "mail.send": deliverMail(t.db, b.mailer) }, { concurrency: 4 })]);
    await until(async () => (await statuses(t.db)).sent === 100, "100 sent mails", 60_000);
    await Promise.all([t.jobs.stop(), second.stop()]);
    const sent = [...a.sent, ...b.sent].map((m) => m.id);
    expect(sent).toHaveLength(100);
    expect(new Set(sent)).toEqual(new Set(ids));
    // Both workers took part (each had four loops on a queue of 100).
    expect(a.sent.length).toBeGreaterThan(0);
    expect(b.sent.length).toBeGreaterThan(0);
  });

  it("retries a refused mail and, after the last try, marks it failed with the reason", async () => {
    const t = await fresh();
    const [flaky, hopeless] = (await queue(t, t.outbox, 2, "retry")) as [string, string];
    const { mailer, sent, tries } = recordingMailer((m, n) => {
      if (m.id === flaky && n === 1) return "421 try again later";
      if (m.id === hopeless) return "550 mailbox unavailable";
      return null;
    });
    await t.jobs.work({ "mail.send": deliverMail(t.db, mailer) });
    await until(async () => {
      const s = await statuses(t.db);
      return s.sent === 1 && s.failed === 1;
    }, "one sent and one failed mail");
    await t.jobs.stop();
    expect(sent.map((m) => m.id)).toEqual([flaky]);
    expect(tries.get(flaky)).toBe(2);
    expect(tries.get(hopeless)).toBe(IMPATIENT.attempts);
    const rows = await t.db.selectFrom("mail").select(["id", "status", "attempts", "last_error", "sent_at"]).orderBy("created_at").execute();
    expect(rows.find((r) => r.id === flaky)).toMatchObject({ status: "sent", attempts: 2, last_error: null });
    expect(rows.find((r) => r.id === hopeless)).toMatchObject({ status: "failed", attempts: IMPATIENT.attempts, last_error: "550 mailbox unavailable", sent_at: null });
  });

  for (const stall of ["before-send", "after-send"] as const) {
    it(`sends a mail once when its worker is killed ${stall === "before-send" ? "between claiming it and sending" : "after sending, before recording it"}`, async () => {
      const t = await fresh(CRASH_POLICY);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-crash-"));
      const outboxDir = path.join(dir, "outbox");
      const [id] = await queue(t, t.outbox, 1, `crash ${stall}`);
      const where: Record<string, string> =
        t.kind === "postgres"
          ? { PG_URL: process.env.TEST_DATABASE_URL!, PG_SCHEMA: await currentSchema(t), PG_JOBS_SCHEMA: t.jobsSchema! }
          : { SQLITE_FILE: await sqliteFile(t) };
      const marker = path.join(dir, "stalled");
      const doomed = startWorker({ ...where, OUTBOX_DIR: outboxDir, STALL: stall, STALL_MARKER: marker });
      await until(async () => fs.existsSync(marker), "the worker to stall", 30_000);
      const gone = new Promise((r) => doomed.once("exit", r));
      doomed.kill("SIGKILL");
      await gone;

      const survivor = startWorker({ ...where, OUTBOX_DIR: outboxDir });
      try {
        // On PostgreSQL pg-boss's supervisor hands out a job whose lease ran out; it runs every
        // minute by itself, so the test asks it now and then instead of waiting.
        const boss = t.kind === "postgres" ? (t.jobs as unknown as { boss: { supervise(name: string): Promise<void> } }).boss : null;
        await until(async () => (await statuses(t.db)).sent === 1, "the survivor to send the mail", 40_000, async () => boss?.supervise("mail.send"));
      } finally {
        survivor.kill("SIGKILL");
      }
      const files = fs.readdirSync(outboxDir).filter((f) => f.endsWith(".json"));
      expect(files).toEqual([expect.stringMatching(new RegExp(`-${id}\\.json$`))]);
      const mail = JSON.parse(fs.readFileSync(path.join(outboxDir, files[0]!), "utf8")) as { id: string; subject: string };
      expect(mail).toMatchObject({ id, subject: `crash ${stall} 0` });
      const row = await t.db.selectFrom("mail").select(["status", "attempts"]).where("id", "=", id!).executeTakeFirstOrThrow();
      expect(row.status).toBe("sent");
    }, 90_000);
  }
});

function startWorker(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("tests/support/queue-worker.ts")], {
    env: { ...process.env, ...env, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return child;
}

async function currentSchema(t: TestDatabase): Promise<string> {
  const { sql } = await import("kysely");
  const r = await sql<{ s: string }>`select current_schema() as s`.execute(t.db);
  return r.rows[0]!.s;
}

async function sqliteFile(t: TestDatabase): Promise<string> {
  const { sql } = await import("kysely");
  const r = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(t.db);
  return r.rows[0]!.file;
}
