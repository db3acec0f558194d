import fs from "node:fs";
import path from "node:path";

/**
 * Server errors caused by requests, read from the shop's JSON log (decision 009): a request line
 * answered 500, or the error logged for it ("request failed", with its stack). Playwright's global
 * teardown (tests/support/log-checks.ts) fails the browser run on any that no test declared with
 * expectServerError; `npm run scan` (scripts/scan.ts) fails on any at all. Errors the shop catches
 * and answers with a message (a payment gateway down, a mail not sent) are not request failures.
 */

export interface ServerError {
  file: string;
  line: number;
  requestId: string | null;
  excerpt: string;
}

interface LogLine {
  level?: number;
  msg?: string;
  status?: number;
  requestId?: string;
  method?: string;
  path?: string;
  err?: { message?: string };
}

const EXPECTED_FILE = "expected-server-errors.jsonl";

/** Every request that failed with a 500 in `text` (one JSON object a line; other lines are skipped). */
export function serverErrorsIn(text: string, file = "log"): ServerError[] {
  const found: ServerError[] = [];
  text.split("\n").forEach((raw, i) => {
    if (!raw.startsWith("{")) return;
    let line: LogLine;
    try {
      line = JSON.parse(raw) as LogLine;
    } catch {
      return;
    }
    const failedRequest = line.msg === "request" && line.status === 500;
    const loggedFailure = line.msg === "request failed" && (line.level ?? 0) >= 50;
    if (!failedRequest && !loggedFailure) return;
    // An error's message may hold the very control characters that caused it: shown escaped, on one line.
    const message = JSON.stringify(line.err?.message ?? "request failed").slice(1, -1);
    const what = failedRequest ? `${line.method} ${line.path} → 500` : `${line.method ?? ""} ${line.path ?? ""}: ${message}`;
    found.push({ file, line: i + 1, requestId: line.requestId ?? null, excerpt: what.trim().slice(0, 300) });
  });
  return found;
}

/**
 * Declares that the request `requestId` fails with a 500 on purpose (a test that breaks the
 * database to see the error page, tests/e2e/error-reference.isolated.spec.ts): the check of the
 * run's logs then leaves it out. Recorded in the run's log folder, which every worker shares.
 */
export function expectServerError(requestId: string, reason: string): void {
  const dir = process.env.E2E_LOG_DIR;
  if (!dir) throw new Error("E2E_LOG_DIR is not set: run browser tests through playwright.config.ts");
  fs.appendFileSync(path.join(dir, EXPECTED_FILE), `${JSON.stringify({ requestId, reason })}\n`);
}

/** The request ids declared with expectServerError in the log folder `dir`. */
export function expectedServerErrors(dir: string): Set<string> {
  const file = path.join(dir, EXPECTED_FILE);
  if (!fs.existsSync(file)) return new Set();
  const ids = fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { requestId: string }).requestId);
  return new Set(ids);
}

/** The server errors in `files` that no test expected. */
export function unexpectedServerErrors(files: string[], expected: Set<string>): ServerError[] {
  return files.flatMap((file) => serverErrorsIn(fs.readFileSync(file, "utf8"), file)).filter((e) => !e.requestId || !expected.has(e.requestId));
}

export function formatServerErrors(errors: ServerError[]): string {
  return errors.map((e) => `  ${e.excerpt} (request ${e.requestId ?? "without an id"})\n    ${e.file}:${e.line}`).join("\n");
}
