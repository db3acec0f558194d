/**
 * The log as a person reads it in a terminal: one sentence per line, led by the local time.
 * A request reads "09:41:02 GET /products 200 4 ms"; a notice reads as its message; warnings and
 * errors are marked, and an error's stack follows on its own lines. Log shippers get pino's JSON
 * lines instead (app/lib/logger.server.ts chooses), so nothing here needs to be machine-readable.
 */

const LEVELS: Record<number, string> = { 10: "trace ", 20: "debug ", 40: "WARN ", 50: "ERROR ", 60: "FATAL " };
const HIDDEN = new Set(["level", "time", "msg", "pid", "hostname"]);

function clock(time: unknown): string {
  const at = typeof time === "number" ? new Date(time) : new Date();
  return [at.getHours(), at.getMinutes(), at.getSeconds()].map((n) => String(n).padStart(2, "0")).join(":");
}

function request(line: Record<string, unknown>): string {
  const ms = typeof line.ms === "number" ? ` ${Math.round(line.ms)} ms` : "";
  const user = typeof line.userId === "string" ? ` (user ${line.userId})` : "";
  const aborted = line.aborted ? " (closed before the response was sent)" : "";
  const id = typeof line.status === "number" && line.status >= 500 ? ` (request ${String(line.requestId)})` : "";
  return `${String(line.method)} ${String(line.path)} ${String(line.status)}${ms}${user}${aborted}${id}`;
}

/** Other fields as `key=value`, nested objects by dotted keys, so nothing a line carries is lost. */
function fields(value: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(value).flatMap(([key, v]) => {
    if (v === undefined) return [];
    if (v !== null && typeof v === "object" && !Array.isArray(v)) return fields(v as Record<string, unknown>, `${prefix}${key}.`);
    return [`${prefix}${key}=${typeof v === "string" ? v : JSON.stringify(v)}`];
  });
}

function hasStack(err: unknown): err is { stack: string } {
  return typeof err === "object" && err !== null && typeof (err as { stack?: unknown }).stack === "string";
}

/** One pino JSON line (with or without its newline) as a sentence, ending in a newline. */
export function formatLogLine(json: string): string {
  let line: Record<string, unknown>;
  try {
    line = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith("\n") ? json : `${json}\n`;
  }
  const level = LEVELS[line.level as number] ?? "";
  const isRequest = line.msg === "request" && typeof line.method === "string";
  const rest = Object.fromEntries(
    Object.entries(line).filter(([k]) => !HIDDEN.has(k) && !(k === "err" && hasStack(line.err)) && !(isRequest && ["method", "path", "status", "ms", "requestId", "userId", "aborted"].includes(k))),
  );
  const text = isRequest ? request(line) : String(line.msg ?? "");
  const extra = fields(rest);
  let out = `${clock(line.time)} ${level}${text}${extra.length ? `  ${extra.join(" ")}` : ""}\n`;
  if (hasStack(line.err)) out += `${line.err.stack.replace(/^/gm, "    ")}\n`;
  return out;
}

/** Which form the log takes: LOG_FORMAT when set, else sentences in a terminal and JSON elsewhere. */
export function chooseLogFormat(setting: string | undefined, isTerminal: boolean): "pretty" | "json" {
  if (setting === "pretty" || setting === "json") return setting;
  if (setting !== undefined && setting !== "") throw new Error(`LOG_FORMAT must be pretty or json (unset: pretty in a terminal, json otherwise), not "${setting}"`);
  return isTerminal ? "pretty" : "json";
}
