import pino, { type DestinationStream } from "pino";
import { chooseLogFormat, formatLogLine } from "./log-format";

/**
 * The shop's one logger, on stdout: one line per request (server/request-log.ts), one per error
 * with its stack, and the start-up notices. In a terminal they read as sentences
 * (app/lib/log-format.ts); anywhere else (production, log shippers, the browser tests' log files)
 * they are pino's JSON lines. LOG_FORMAT=pretty or json overrides the choice. Nothing secret is
 * ever passed to it; the redaction below is a second line of defence for field names that must
 * never reach a log, whatever a caller does, and applies to both forms.
 */
const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info");

/**
 * Sentences are written in this process, synchronously, from pino's finished (redacted) JSON:
 * no worker thread, so the last lines before an exit are never lost, and no extra dependency.
 */
const destination: DestinationStream | undefined =
  chooseLogFormat(process.env.LOG_FORMAT, process.stdout.isTTY === true) === "pretty"
    ? { write: (line: string) => void process.stdout.write(formatLogLine(line)) }
    : undefined;

/** pino with its own stdout writer for JSON (unchanged), or the sentences above. */
function create(options: pino.LoggerOptions): pino.Logger {
  return destination ? pino(options, destination) : pino(options);
}

export const logger = create({
  level,
  base: undefined,
  redact: {
    paths: [
      "password",
      "*.password",
      "confirmPassword",
      "*.confirmPassword",
      "token",
      "*.token",
      "cookie",
      "*.cookie",
      "*.headers.cookie",
      "*.headers.authorization",
      "secret",
      "*.secret",
      "keySecret",
      "*.keySecret",
      "cardNumber",
      "*.cardNumber",
      "cvv",
      "*.cvv",
      "url",
      "*.url",
    ],
    censor: "[redacted]",
  },
});

/**
 * The request log's own logger (server/request-log.ts): its lines have fixed fields (method, path
 * without query, status, time, ids) and nothing to redact, and redaction is most of what a line
 * costs, once per request.
 */
export const requestLogger = create({ level, base: undefined });
