/**
 * What a database error means, decided here and nowhere else (on both databases): a write that
 * clashed with a unique key, or a database that cannot be reached at all right now. Callers ask
 * these questions; no one compares codes or messages of their own.
 */

interface DriverError {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

function fieldsOf(e: unknown): DriverError {
  return typeof e === "object" && e !== null ? (e as DriverError) : {};
}

/** A write refused by a unique key: PostgreSQL's 23505, SQLite's "UNIQUE constraint failed". */
export function isUniqueViolation(e: unknown): boolean {
  const { code, message } = fieldsOf(e);
  return code === "23505" || /UNIQUE constraint failed/i.test(typeof message === "string" ? message : "");
}

/** The network said no: nothing listens, the connection was cut, or the host cannot be reached. */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

/**
 * PostgreSQL's own: the server is shutting down (57P01 admin_shutdown, as a fast restart or a
 * failover ends every session; 57P02 crash_shutdown), is starting up (57P03 cannot_connect_now),
 * or has no connection left to give (53300 too_many_connections).
 */
const SERVER_CODES = new Set(["57P01", "57P02", "57P03", "53300"]);

/**
 * pg's words for a connection that died or could not be had in time: ended by the server or the
 * network ("Connection terminated unexpectedly"), cut off while connecting ("Connection terminated
 * due to connection timeout"), no pooled connection within `connectionTimeoutMillis` ("timeout
 * exceeded when trying to connect"), or a client used after its connection failed.
 */
const DRIVER_MESSAGES = [/^Connection terminated\b/, /^timeout exceeded when trying to connect$/, /is not queryable/];

/**
 * True when the error says the database is out of reach (restarting, failing over, its
 * connections dropped, nothing listening), as opposed to a query it refused: the request may
 * succeed if asked again in a few seconds. Class 08 is SQLSTATE's "connection exception".
 */
export function isDatabaseUnavailable(e: unknown, depth = 0): boolean {
  if (depth > 3) return false;
  const { code, message, cause, errors } = fieldsOf(e);
  if (typeof code === "string" && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof message === "string" && DRIVER_MESSAGES.some((m) => m.test(message))) return true;
  // Node wraps a refused connection to every address of a host in an AggregateError; pg wraps a timeout's cause.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return cause !== undefined && isDatabaseUnavailable(cause, depth + 1);
}
