import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { expectServerError, expectedServerErrors, serverErrorsIn, unexpectedServerErrors } from "./log-errors";

// Lines as the shop writes them (server/request-log.ts, app/entry.server.tsx).
const ok = `{"level":30,"method":"GET","path":"/products","status":200,"requestId":"a","msg":"request"}`;
const notFound = `{"level":30,"method":"GET","path":"/nope","status":404,"requestId":"b","msg":"request"}`;
const notReady = `{"level":30,"method":"GET","path":"/readyz","status":503,"requestId":"c","msg":"request"}`;
const thrown = `{"level":50,"err":{"type":"TypeError","message":"Headers.set: \\"/\\nenv;\\" is an invalid header value."},"requestId":"d","method":"POST","path":"/cart","msg":"request failed"}`;
const failed = `{"level":30,"method":"POST","path":"/cart","status":500,"requestId":"d","msg":"request"}`;
const caught = `{"level":50,"err":{"message":"connect ECONNREFUSED"},"msg":"razorpay: could not create an order"}`;

describe("serverErrorsIn", () => {
  it("finds a 500 and its logged error, and nothing else", () => {
    const errors = serverErrorsIn([ok, "Demo accounts:", notFound, notReady, thrown, failed, caught, "{not json"].join("\n"), "main.log");
    expect(errors.map((e) => [e.line, e.requestId])).toEqual([
      [5, "d"],
      [6, "d"],
    ]);
    expect(errors[0]!.excerpt).toContain('POST /cart: Headers.set: \\"/\\nenv;\\" is an invalid header value.');
    expect(errors[0]!.excerpt).not.toContain("\n");
    expect(errors[1]!.excerpt).toBe("POST /cart → 500");
  });
});

describe("expected server errors", () => {
  let dir: string;
  const before = process.env.E2E_LOG_DIR;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "log-errors-"));
    process.env.E2E_LOG_DIR = dir;
  });
  afterEach(() => {
    process.env.E2E_LOG_DIR = before;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("leaves out only the requests a test declared", () => {
    const log = path.join(dir, "main.log");
    fs.writeFileSync(log, [thrown, failed, failed.replace('"d"', '"e"')].join("\n"));
    expect(unexpectedServerErrors([log], expectedServerErrors(dir))).toHaveLength(3);
    expectServerError("d", "on purpose");
    expect(unexpectedServerErrors([log], expectedServerErrors(dir)).map((e) => e.requestId)).toEqual(["e"]);
  });
});
