// npm run admin:create -- --email admin@example.in --password 'a long secret' --name 'Asha Rao'
// Creates an administrator on the configured database (DATABASE_URL, or the embedded one in DATA_DIR).
import { parseArgs } from "node:util";
import { parseEnv } from "~/config/env.server";
import { migrateToLatest, openDatabase } from "~/db/db.server";
import { createJobQueue } from "~/modules/jobs/queue.server";
import { createOutbox } from "~/modules/jobs/outbox.server";
import { createAccountWithRole, createIdentity } from "~/modules/identity/accounts.server";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/modules/identity/auth.server";
import path from "node:path";

function fail(message: string): never {
  console.error(`admin:create: ${message}`);
  console.error("Usage: npm run admin:create -- --email EMAIL --password PASSWORD --name NAME");
  process.exit(1);
}

const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
  strict: true,
});
const email = values.email?.trim().toLowerCase();
const password = values.password;
const name = values.name?.trim();
if (!email || !password || !name) fail("--email, --password and --name are all required");
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail("--email is not a valid email address");
if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
  fail(`--password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`);
}

const env = parseEnv();
const database = openDatabase({ databaseUrl: env.databaseUrl, sqliteFile: path.join(env.dataDir, "shop.db") });
try {
  await migrateToLatest(database.db);
  const existing = await database.db.selectFrom("user").select(["id", "role"]).where("email", "=", email).executeTakeFirst();
  if (existing) fail(`an account with ${email} already exists (role ${existing.role ?? "customer"})`);
  const jobs = await createJobQueue(database, env);
  try {
    const identity = await createIdentity(database.db, database.kind, env, createOutbox(jobs, env.baseUrl));
    const id = await createAccountWithRole(identity, { name, email, password, role: "admin" });
    console.log(`Administrator ${name} <${email}> created (id ${id}). Sign in at /admin/login.`);
  } finally {
    await jobs.stop();
  }
} finally {
  await database.close();
}
