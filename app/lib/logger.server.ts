import pino from "pino";

/**
 * The shop's one logger: JSON lines on stdout (one per request, see server/request-log.ts, and
 * one per error with its stack). Nothing secret is ever passed to it; the redaction below is a
 * second line of defence for field names that must never reach a log, whatever a caller does.
 */
const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info");

export const logger = pino({
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
export const requestLogger = pino({ level, base: undefined });
