import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { finalErrorHandler, logPath, requestLog, requestMeta } from "./request-log";

function memoryLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ level: "info", base: undefined }, stream), lines };
}

const servers: { close(): void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function serve(app: express.Express): Promise<string> {
  const server = app.listen(0);
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function until<T>(read: () => T | undefined): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("timed out");
}

describe("request log", () => {
  it("writes one line per request with method, path without its query, status, duration, id and user", async () => {
    const { log, lines } = memoryLogger();
    const app = express();
    app.use(requestLog(log));
    app.get("/reset-password", (_req, res) => {
      requestMeta(res).userId = "user-42";
      res.status(200).send("page");
    });
    const base = await serve(app);
    const response = await fetch(`${base}/reset-password?token=SECRET-RESET-TOKEN`);
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = await until(() => lines.find((l) => l.msg === "request"));
    expect(line).toMatchObject({ method: "GET", path: "/reset-password", status: 200, requestId: id, userId: "user-42" });
    expect(typeof line.ms).toBe("number");
    expect(JSON.stringify(lines)).not.toContain("SECRET-RESET-TOKEN");
    expect(lines.filter((l) => l.msg === "request")).toHaveLength(1);
  });

  it("gives every request its own id and leaves out the user when signed out", async () => {
    const { log, lines } = memoryLogger();
    const app = express();
    app.use(requestLog(log));
    app.get("/", (_req, res) => {
      res.send("ok");
    });
    const base = await serve(app);
    const ids = [(await fetch(base)).headers.get("x-request-id"), (await fetch(base)).headers.get("x-request-id")];
    expect(ids[0]).not.toBe(ids[1]);
    await until(() => (lines.length === 2 ? true : undefined));
    expect(lines.map((l) => l.requestId)).toEqual(ids);
    expect(lines[0]).not.toHaveProperty("userId");
  });

  it("logs passing health checks at debug level only", async () => {
    const { log, lines } = memoryLogger();
    const app = express();
    app.use(requestLog(log));
    app.get("/healthz", (_req, res) => {
      res.send("ok");
    });
    app.get("/x", (_req, res) => {
      res.send("x");
    });
    const base = await serve(app);
    await fetch(`${base}/healthz`);
    await fetch(`${base}/x`);
    await until(() => lines.find((l) => l.path === "/x"));
    expect(lines.map((l) => l.path)).toEqual(["/x"]);
  });

  it("the final error handler logs the stack once with the request id and answers with the id, not the stack", async () => {
    const { log, lines } = memoryLogger();
    const app = express();
    app.use(requestLog(log));
    app.get("/boom", () => {
      throw new Error("kaboom in a handler");
    });
    app.use(finalErrorHandler(log));
    const base = await serve(app);
    const response = await fetch(`${base}/boom?token=abc`);
    const id = response.headers.get("x-request-id");
    const body = await response.text();
    expect(response.status).toBe(500);
    expect(body).toBe(`Something went wrong. Reference: ${id}`);
    expect(body).not.toContain("kaboom");
    await until(() => lines.find((l) => l.msg === "request"));
    const errors = lines.filter((l) => (l.level as number) >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ requestId: id, path: "/boom" });
    expect((errors[0]!.err as { stack: string }).stack).toContain("kaboom in a handler");
  });

  it("a client error keeps its 4xx status and is not logged as an error", async () => {
    const { log, lines } = memoryLogger();
    const app = express();
    app.use(requestLog(log));
    app.get("/bad", () => {
      throw Object.assign(new Error("bad input"), { status: 400 });
    });
    app.use(finalErrorHandler(log));
    const base = await serve(app);
    const response = await fetch(`${base}/bad`);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("Bad Request");
    await until(() => lines.find((l) => l.msg === "request"));
    expect(lines.filter((l) => (l.level as number) >= 50)).toHaveLength(0);
  });
});

describe("logPath", () => {
  it("drops the query string", () => {
    expect(logPath("/reset-password?token=abc")).toBe("/reset-password");
    expect(logPath("/products")).toBe("/products");
  });
});
