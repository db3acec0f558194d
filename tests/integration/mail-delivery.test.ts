import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "~/db/db.server";
import { createTableQueue } from "~/modules/jobs/table-queue.server";
import { deliverMail } from "~/modules/mail/delivery.server";
import { createMailer } from "~/modules/mail/mailer.server";
import { createOutbox } from "~/modules/jobs/outbox.server";
import { queueMail } from "~/modules/mail/queue-mail.server";
import { createTestDatabase, IMPATIENT, TEST_BASE_URL, type TestDatabase } from "../support/test-db";

const content = (subject: string) => ({ subject, text: `Hello,\n${subject}\n`, html: `<p>Hello, <strong>${subject}</strong></p>` });

/** A local SMTP server that keeps what it accepts and refuses any recipient at refused.example.in. */
function smtpServer() {
  const received: { from: string; to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith("@refused.example.in")) {
        callback(Object.assign(new Error("5.1.1 mailbox unavailable"), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  return { server, received };
}

describe("mail over SMTP", () => {
  let t: TestDatabase;
  const { server, received } = smtpServer();
  let port = 0;

  beforeAll(async () => {
    t = await createTestDatabase("sqlite", { policies: { "mail.send": IMPATIENT } });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await t?.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("sends a text and an HTML part with a Message-ID made of the mail's id, and records a refusal's reason", async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "RC Computers <support@rccomputers.in>", outboxDir: "/nonexistent", messageIdHost: "shop.test" });
    const [good, bad] = await t.db.transaction().execute(async (trx) => [
      await queueMail(trx, t.outbox, { kind: "order-placed", to: "priya@example.in", reference: "RC-123456", content: content("Order RC-123456 placed") }),
      await queueMail(trx, t.outbox, { kind: "order-placed", to: "nobody@refused.example.in", reference: "RC-123457", content: content("Order RC-123457 placed") }),
    ]);
    const queue = t.jobs as ReturnType<typeof createTableQueue>;
    await queue.runDue({ "mail.send": deliverMail(t.db, mailer) });

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.to).toEqual(["priya@example.in"]);
    expect(mail!.from).toBe("support@rccomputers.in");
    expect(mail!.raw).toContain(`Message-ID: <${good}@shop.test>`);
    expect(mail!.raw).toMatch(/Subject: Order RC-123456 placed/);
    expect(mail!.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail!.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail!.raw).toMatch(/Content-Type: text\/html/);

    const rows = await t.db.selectFrom("mail").select(["id", "status", "attempts", "last_error"]).execute();
    expect(rows.find((r) => r.id === good)).toMatchObject({ status: "sent", attempts: 1, last_error: null });
    // The server's refusal is what the admin reads on the Mail page, after the last try.
    const refused = rows.find((r) => r.id === bad)!;
    expect(refused).toMatchObject({ status: "failed", attempts: IMPATIENT.attempts });
    expect(refused.last_error).toMatch(/550/);
    expect(refused.last_error).toMatch(/mailbox unavailable/);
  });
});

describe("npm run worker", () => {
  it("sends the mail the shop queued, as a process of its own, and stops cleanly on SIGTERM", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-worker-"));
    const database = openDatabase({ sqliteFile: path.join(dataDir, "shop.db") });
    await migrateToLatest(database.db);
    const outbox = createOutbox(createTableQueue(database.db), TEST_BASE_URL);
    const id = await database.db.transaction().execute((trx) => queueMail(trx, outbox, { kind: "order-placed", to: "worker@example.in", reference: null, content: content("From the worker") }));
    await database.close();

    const worker = spawn(process.execPath, ["--import", "tsx", path.resolve("scripts/worker.ts")], {
      // (Vitest sets BASE_URL to "/" for Vite; the shop wants an address.)
      env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production", SEED_DEMO: "0", DATABASE_URL: "", BASE_URL: "http://127.0.0.1:3999", LOG_LEVEL: "warn" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const exited = new Promise<number | null>((resolve) => worker.once("exit", (code) => resolve(code)));
    try {
      const file = path.join(dataDir, "outbox");
      const deadline = Date.now() + 30_000;
      while (!(fs.existsSync(file) && fs.readdirSync(file).some((f) => f.endsWith(`-${id}.json`)))) {
        if (Date.now() > deadline) throw new Error("the worker sent nothing within 30 s");
        await new Promise((r) => setTimeout(r, 100));
      }
      const sent = JSON.parse(fs.readFileSync(path.join(file, fs.readdirSync(file).find((f) => f.endsWith(`-${id}.json`))!), "utf8")) as Record<string, string>;
      expect(sent).toMatchObject({ id, to: "worker@example.in", subject: "From the worker", from: "RC Computers <support@rccomputers.in>" });
      expect(sent.html).toContain("<strong>From the worker</strong>");
    } finally {
      worker.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
  }, 60_000);
});
