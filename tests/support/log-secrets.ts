import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expectedServerErrors, formatServerErrors, unexpectedServerErrors } from "./log-errors";
import { SEEDED_RAZORPAY } from "./payment-settings";

/**
 * Playwright's global teardown: reads the server logs of the whole browser run (every file in
 * E2E_LOG_DIR) and fails the run, listing what it found, when a line holds a password, a session
 * cookie, a reset token, a card number or CVV field, a payment secret or the keys of the shop, or
 * when a request failed with a 500 that no test declared on purpose (log-errors.ts, issue 27).
 */

export interface Finding {
  file: string;
  line: number;
  what: string;
  excerpt: string;
}

interface Needle {
  what: string;
  test: (line: string) => boolean;
}

const literal = (what: string, value: string): Needle => ({ what, test: (line) => line.includes(value) });
const pattern = (what: string, re: RegExp): Needle => ({ what, test: (line) => re.test(line) });

/** Every line of every log that holds one of the needles. */
export function scanLogs(files: string[], needles: Needle[]): Finding[] {
  const findings: Finding[] = [];
  for (const file of files) {
    const lines = fs.readFileSync(file, "utf8").split("\n");
    lines.forEach((text, i) => {
      for (const n of needles) {
        if (n.test(text)) findings.push({ file, line: i + 1, what: n.what, excerpt: text.slice(0, 300) });
      }
    });
  }
  return findings;
}

/** Passwords typed by the browser tests: string literals beside "password" in their sources. */
export function passwordsInTestSources(dirs: string[]): string[] {
  const found = new Set<string>();
  const assigned = /password\w*["']?\s*[:=]\s*["'`]([^"'`$\s]{6,})["'`]/gi;
  const filled = /Password["'][^\n]*\.fill\(\s*["'`]([^"'`$\s]{6,})["'`]/g;
  // The shape of the shop's demo and test passwords ("Renewed@123"), wherever they are passed.
  const shaped = /["'`]([A-Z][A-Za-z]+@\d{3,})["'`]/g;
  for (const dir of dirs) {
    for (const entry of fs.readdirSync(dir, { recursive: true, encoding: "utf8" })) {
      if (!entry.endsWith(".ts")) continue;
      const source = fs.readFileSync(path.join(dir, entry), "utf8");
      for (const re of [assigned, filled, shaped]) for (const m of source.matchAll(re)) found.add(m[1]!);
    }
  }
  return [...found];
}

function readIfExists(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/** Values only the run's data directories know: reset tokens (outbox), session tokens, the keys. */
export function secretsInDataDirs(dataDirs: string[]): { what: string; value: string }[] {
  const out: { what: string; value: string }[] = [];
  for (const dir of dataDirs) {
    const outbox = path.join(dir, "outbox");
    for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
      const text = readIfExists(path.join(outbox, file)) ?? "";
      for (const m of text.matchAll(/token=([A-Za-z0-9_-]+)/g)) out.push({ what: `reset token (${file})`, value: m[1]! });
    }
    const key = readIfExists(path.join(dir, "secrets.key"))?.trim();
    if (key) out.push({ what: "SECRETS_KEY file", value: key });
    const dbFile = path.join(dir, "shop.db");
    if (!fs.existsSync(dbFile)) continue;
    const db = new DatabaseSync(dbFile, { readOnly: true });
    try {
      for (const row of db.prepare("SELECT token FROM session").all() as { token: string }[]) out.push({ what: "session token", value: row.token });
      for (const row of db.prepare("SELECT value FROM app_meta WHERE key = 'auth_secret'").all() as { value: string }[]) {
        out.push({ what: "auth secret", value: row.value });
      }
    } finally {
      db.close();
    }
  }
  return out.filter((s) => s.value.length >= 8);
}

export function needlesFor({ testDirs, dataDirs }: { testDirs: string[]; dataDirs: string[] }): Needle[] {
  const passwords = new Set(["Customer@123", "Admin@123", "Vendor@123", ...passwordsInTestSources(testDirs)]);
  return [
    ...[...passwords].map((p) => literal(`password "${p}"`, p)),
    ...secretsInDataDirs(dataDirs).map((s) => literal(s.what, s.value)),
    literal("demo Razorpay key secret", SEEDED_RAZORPAY.keySecret),
    literal("demo Razorpay webhook secret", SEEDED_RAZORPAY.webhookSecret),
    pattern("Stripe secret key", /\b[sr]k_(test|live)_[A-Za-z0-9]+/),
    pattern("session cookie", /session_token/i),
    pattern("cookie header", /set-cookie|"cookie"\s*:|\bcookie:\s/i),
    pattern("card number", /4111[ -]?1111[ -]?1111[ -]?\d{4}/),
    pattern("declined test card number", /4000[ -]?0000[ -]?0000[ -]?0002/),
    // The word, as a field would be logged ("cvv":, card[cvv], cvv=), not three letters inside a random id (evt_YPFJRcVvEd…).
    pattern("card field", /(?<![A-Za-z0-9])cvv(?![A-Za-z0-9])/i),
    pattern("token in a query", /token=/i),
  ];
}

export function formatFindings(findings: Finding[]): string {
  return findings.map((f) => `  ${f.what}: ${f.file}:${f.line}\n    ${f.excerpt}`).join("\n");
}

export default function globalTeardown() {
  const logDir = process.env.E2E_LOG_DIR;
  if (!logDir) throw new Error("E2E_LOG_DIR is not set: run browser tests through playwright.config.ts");
  const files = fs.existsSync(logDir) ? fs.readdirSync(logDir).filter((f) => f.endsWith(".log")).map((f) => path.join(logDir, f)) : [];
  if (files.length === 0) throw new Error(`No server log in ${logDir}: the log check cannot run.`);
  const root = path.resolve(import.meta.dirname, "../..");
  const dataDirs = [process.env.E2E_DATA_DIR, process.env.E2E_ISOLATED_DATA_DIR].filter((d): d is string => Boolean(d));
  const findings = scanLogs(files, needlesFor({ testDirs: [path.join(root, "tests/e2e"), path.join(root, "tests/support")], dataDirs }));
  const errors = unexpectedServerErrors(files, expectedServerErrors(logDir));
  const problems = [
    ...(findings.length > 0 ? [`Secrets found in the server logs of this browser run (${findings.length}):\n${formatFindings(findings)}`] : []),
    ...(errors.length > 0
      ? [
          `Requests failed with a 500 in this browser run (${errors.length}): bad input must get a clear answer, and a test that ` +
            `provokes a 500 on purpose declares it with expectServerError (tests/support/log-errors.ts):\n${formatServerErrors(errors)}`,
        ]
      : []),
  ];
  if (problems.length > 0) throw new Error(problems.join("\n\n"));
}
